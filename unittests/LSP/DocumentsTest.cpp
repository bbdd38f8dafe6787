//===- DocumentsTest.cpp - Open files, clangd's and gpurd's diagnostics ---===//

#include "gpurd/LSP/Documents.h"

#include "gtest/gtest.h"

using namespace gpurd::lsp;
using llvm::json::Array;
using llvm::json::Object;

namespace {

Object range(int64_t l0, int64_t c0, int64_t l1, int64_t c1) {
  return Object{{"start", Object{{"line", l0}, {"character", c0}}},
                {"end", Object{{"line", l1}, {"character", c1}}}};
}

TEST(DocumentsTest, ContentChangesAsWholeTextsAndRanges) {
  EXPECT_EQ(applyContentChange("abc", Object{{"text", "xyz"}}), "xyz");
  // Replace "b\nc" (line 0 char 1 to line 1 char 1) with "-".
  EXPECT_EQ(applyContentChange(
                "ab\ncd", Object{{"range", range(0, 1, 1, 1)}, {"text", "-"}}),
            "a-d");
  // An insertion at the end of a line; positions past it are clamped.
  EXPECT_EQ(applyContentChange(
                "ab\ncd", Object{{"range", range(0, 9, 0, 9)}, {"text", "!"}}),
            "ab!\ncd");
}

TEST(DocumentsTest, OnlyCudaFilesAreGpurds) {
  EXPECT_TRUE(Documents::isCuda("file:///p/k.cu"));
  EXPECT_TRUE(Documents::isCuda("file:///p/k.cuh"));
  EXPECT_FALSE(Documents::isCuda("file:///p/k.cpp"));
  EXPECT_FALSE(Documents::isCuda("file:///p/k.cu.txt"));
}

TEST(DocumentsTest, ClangdsDiagnosticsAndGpurdsArePublishedTogether) {
  Documents documents;
  const char *uri = "file:///p/k.cu";
  documents.open(uri, "int x;\n");
  documents.setClangd(uri,
                      Array{llvm::json::Value(Object{{"message", "clang's"}})});
  FileFindings findings;
  findings.diagnostics.push_back(Object{{"message", "gpurd's"}});
  findings.fixes.emplace_back();
  documents.setGpurd(uri, std::move(findings), std::string("a note"));
  std::optional<Object> params = documents.diagnosticsParams(uri);
  ASSERT_TRUE(params);
  const Array *diagnostics = params->getArray("diagnostics");
  ASSERT_TRUE(diagnostics);
  ASSERT_EQ(diagnostics->size(), 3u);
  EXPECT_EQ((*diagnostics)[0].getAsObject()->getString("message"), "clang's");
  EXPECT_EQ((*diagnostics)[1].getAsObject()->getString("message"), "gpurd's");
  EXPECT_EQ((*diagnostics)[2].getAsObject()->getString("message"), "a note");
  // Closed: clangd's (its own empty publish follows), no more gpurd's.
  documents.close(uri);
  params = documents.diagnosticsParams(uri);
  ASSERT_TRUE(params);
  EXPECT_EQ(params->getArray("diagnostics")->size(), 1u);
  // An analysis that ends after the close changes nothing.
  FileFindings late;
  late.diagnostics.push_back(Object{{"message", "late"}});
  late.fixes.emplace_back();
  documents.setGpurd(uri, std::move(late), std::nullopt);
  EXPECT_EQ(documents.diagnosticsParams(uri)->getArray("diagnostics")->size(),
            1u);
}

} // namespace
