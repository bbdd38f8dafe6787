//===- FindingsTest.cpp - gpurd's findings as LSP diagnostics -------------===//

#include "gpurd/LSP/Findings.h"

#include "gtest/gtest.h"

using namespace gpurd::lsp;
using namespace llvm;

namespace {

/// A report of one finding on line 3, column 3 (`tile[x][y]`) of
/// /p/k.cu, as `gpurd-advise --format=json` writes it (paths relative to
/// the directory it ran in), with a note whose fix-it pads line 2.
json::Value report() {
  auto location = [](int64_t line, int64_t column) {
    return json::Object{{"file", "k.cu"}, {"line", line}, {"column", column}};
  };
  json::Object note{
      {"location", location(2, 16)},
      {"message", "padding the rows"},
      {"fix_its",
       json::Array{json::Value(json::Object{{"begin", location(2, 16)},
                                            {"end", location(2, 20)},
                                            {"replacement", "TILE + 1"}})}}};
  json::Object finding{{"check", "gpurd-shared-bank-conflict"},
                       {"severity", "warning"},
                       {"message", "32-way bank conflict"},
                       {"location", location(3, 3)},
                       {"fix_its", json::Array()},
                       {"notes", json::Array{json::Value(std::move(note))}}};
  json::Array once, twice;
  once.push_back(json::Object(finding));
  // The same kernel launched twice: one diagnostic.
  twice.push_back(std::move(finding));
  json::Object launch{{"findings", std::move(once)}};
  json::Object again{{"findings", std::move(twice)}};
  return json::Object{
      {"files",
       json::Array{json::Value(json::Object{
           {"file", "k.cu"},
           {"launches", json::Array{json::Value(std::move(launch)),
                                    json::Value(std::move(again))}}})}}};
}

FindingsContext context() {
  FindingsContext c;
  c.file = "/p/k.cu";
  c.directory = "/p";
  c.text = "#define TILE 32\n__shared__ float t[TILE][TILE];\n  "
           "tile[x][y] + 1;\n";
  c.docsBase = "file:///docs/checks/";
  return c;
}

TEST(FindingsTest, AFindingIsADiagnosticWithItsNotesAndLink) {
  FileFindings findings = findingsOf(report(), context());
  ASSERT_EQ(findings.diagnostics.size(), 1u);
  const json::Object &d = *findings.diagnostics[0].getAsObject();
  EXPECT_EQ(d.getString("source"), "gpurd");
  EXPECT_EQ(d.getString("code"), "gpurd-shared-bank-conflict");
  EXPECT_EQ(d.getInteger("severity"), 2); // Warning.
  EXPECT_EQ(d.getObject("codeDescription")->getString("href"),
            "file:///docs/checks/gpurd-shared-bank-conflict.md");
  // Line 3 column 3, 1-based, is (2, 2); the range covers `tile[x][y]`.
  const json::Object *range = d.getObject("range");
  EXPECT_EQ(range->getObject("start")->getInteger("line"), 2);
  EXPECT_EQ(range->getObject("start")->getInteger("character"), 2);
  EXPECT_EQ(range->getObject("end")->getInteger("character"), 12);
  const json::Array *related = d.getArray("relatedInformation");
  ASSERT_EQ(related->size(), 1u);
  EXPECT_EQ((*related)[0].getAsObject()->getString("message"),
            "padding the rows");
  EXPECT_EQ(
      (*related)[0].getAsObject()->getObject("location")->getString("uri"),
      "file:///p/k.cu");
}

TEST(FindingsTest, AFixItIsAQuickFixAtItsDiagnostic) {
  FileFindings findings = findingsOf(report(), context());
  json::Object at{{"start", json::Object{{"line", 2}, {"character", 5}}},
                  {"end", json::Object{{"line", 2}, {"character", 5}}}};
  json::Array fixes = quickFixesAt(findings, json::Value(std::move(at)));
  ASSERT_EQ(fixes.size(), 1u);
  const json::Object &fix = *fixes[0].getAsObject();
  EXPECT_EQ(fix.getString("kind"), "quickfix");
  EXPECT_EQ(fix.getString("title"), "gpurd: replace with 'TILE + 1'");
  const json::Array *edits =
      fix.getObject("edit")->getObject("changes")->getArray("file:///p/k.cu");
  ASSERT_EQ(edits->size(), 1u);
  const json::Object &edit = *(*edits)[0].getAsObject();
  EXPECT_EQ(edit.getString("newText"), "TILE + 1");
  // Columns 16 to 20 of line 2, 1-based: characters 15 to 19 of line 1.
  EXPECT_EQ(
      edit.getObject("range")->getObject("start")->getInteger("character"), 15);
  EXPECT_EQ(edit.getObject("range")->getObject("end")->getInteger("character"),
            19);
  // Elsewhere: nothing.
  json::Object away{{"start", json::Object{{"line", 0}, {"character", 0}}},
                    {"end", json::Object{{"line", 0}, {"character", 3}}}};
  EXPECT_TRUE(quickFixesAt(findings, json::Value(std::move(away))).empty());
}

TEST(FindingsTest, FindingsOfOtherFilesAreLeftOut) {
  FindingsContext other = context();
  other.file = "/p/other.cu";
  EXPECT_TRUE(findingsOf(report(), other).diagnostics.empty());
}

TEST(FindingsTest, UrisEscapeAndUnescape) {
  EXPECT_EQ(uriOf("/a b/k#1.cu"), "file:///a%20b/k%231.cu");
  EXPECT_EQ(pathOf("file:///a%20b/k%231.cu"),
            std::optional<std::string>("/a b/k#1.cu"));
  EXPECT_EQ(pathOf("untitled:1"), std::nullopt);
}

} // namespace
