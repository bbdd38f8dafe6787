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

/// A gpurd diagnostic of \p check at line \p line, and its quick fixes.
void addFinding(FileFindings &findings, llvm::StringRef check, int64_t line,
                unsigned quickFixes) {
  findings.diagnostics.push_back(Object{
      {"code", check}, {"message", check}, {"range", range(line, 0, line, 1)}});
  Array fixes;
  for (unsigned i = 0; i < quickFixes; ++i)
    fixes.push_back(Object{{"title", "fix"}, {"kind", "quickfix"}});
  findings.fixes.push_back(std::move(fixes));
}

TEST(DocumentsTest, AnEarlyAnalysisKeepsTheDeferredChecksFindingsWithoutFixes) {
  Documents documents;
  const char *uri = "file:///p/k.cu";
  documents.open(uri, "a\nb\nc\n");
  // The whole analysis of the text before: a tile size (line 0) and an
  // uncoalesced access (line 1), a quick fix each.
  FileFindings whole;
  addFinding(whole, "gpurd-tile-size", 0, 1);
  addFinding(whole, "gpurd-uncoalesced-access", 1, 1);
  documents.setGpurd(uri, std::move(whole), std::nullopt);
  // The early analysis of the edited text finds a bank conflict (line 2);
  // the tile size stays, without its fix; the uncoalesced access, a check
  // the early analysis ran, is gone.
  FileFindings early;
  addFinding(early, "gpurd-shared-bank-conflict", 2, 1);
  const llvm::StringRef keep[] = {"gpurd-tile-size"};
  documents.setGpurd(uri, std::move(early), std::nullopt, keep);
  std::optional<Object> params = documents.diagnosticsParams(uri);
  ASSERT_TRUE(params);
  const Array *diagnostics = params->getArray("diagnostics");
  ASSERT_EQ(diagnostics->size(), 2u);
  EXPECT_EQ((*diagnostics)[0].getAsObject()->getString("code"),
            "gpurd-shared-bank-conflict");
  EXPECT_EQ((*diagnostics)[1].getAsObject()->getString("code"),
            "gpurd-tile-size");
  EXPECT_EQ(documents.quickFixes(uri, range(2, 0, 2, 1)).size(), 1u);
  EXPECT_EQ(documents.quickFixes(uri, range(0, 0, 0, 1)).size(), 0u);
  // The next whole analysis replaces all of them.
  FileFindings next;
  addFinding(next, "gpurd-tile-size", 1, 1);
  documents.setGpurd(uri, std::move(next), std::nullopt);
  EXPECT_EQ(documents.diagnosticsParams(uri)->getArray("diagnostics")->size(),
            1u);
  EXPECT_EQ(documents.quickFixes(uri, range(1, 0, 1, 1)).size(), 1u);
}

} // namespace
