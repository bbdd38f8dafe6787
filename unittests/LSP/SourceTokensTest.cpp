//===- SourceTokensTest.cpp - Edits that change no token of a file --------===//

#include "gpurd/LSP/SourceTokens.h"

#include "gtest/gtest.h"

using namespace gpurd::lsp;
using namespace llvm;

namespace {

// Line 1 `__global__ void k(float *a) {`, line 2 `  a[threadIdx.x] = 0;`,
// line 3 `}`.
const char *Before = "__global__ void k(float *a) {\n"
                     "  a[threadIdx.x] = 0;\n"
                     "}\n";

TEST(SourceTokensTest, CommentsBlankLinesAndIndentationAreNoTokens) {
  // A comment line above, a blank line, a trailing comment, 4 spaces.
  const char *after = "// scale\n"
                      "__global__ void k(float *a) {\n"
                      "\n"
                      "    a[threadIdx.x] = 0; /* zero */\n"
                      "}\n";
  std::optional<TokenMap> map = TokenMap::between(Before, after);
  ASSERT_TRUE(map);
  // `a` of line 2 column 3 is on line 4 column 5 (two lines down, two
  // more spaces).
  EXPECT_EQ(map->map({2, 3}), SourcePosition(4, 5));
  // The end of `threadIdx` (column 5 + 9 = 14, exclusive) moves with it:
  // 14 + 2 = 16.
  EXPECT_EQ(map->map({2, 14}), SourcePosition(4, 16));
  EXPECT_EQ(map->mapLine(1), 2);
  EXPECT_EQ(map->mapLine(2), 4);
  // Inside the indentation: no token to move with.
  EXPECT_FALSE(map->map({2, 1}));
  EXPECT_FALSE(map->map({9, 1}));
}

TEST(SourceTokensTest, ACodeChangeOrANolintIsAnotherText) {
  EXPECT_FALSE(TokenMap::between(Before, "__global__ void k(float *a) {\n"
                                         "  a[threadIdx.y] = 0;\n"
                                         "}\n"));
  // A NOLINT comment silences findings: it counts as a token.
  EXPECT_FALSE(TokenMap::between(
      Before, "__global__ void k(float *a) {\n"
              "  a[threadIdx.x] = 0; // NOLINT(gpurd-uncoalesced-access)\n"
              "}\n"));
  EXPECT_TRUE(TokenMap::between(Before, Before));
}

TEST(SourceTokensTest, AReportMovesWithItsTokens) {
  const char *after = "// scale\n"
                      "// by zero\n"
                      "__global__ void k(float *a) {\n"
                      "  a[threadIdx.x] = 0;\n"
                      "}\n";
  std::optional<TokenMap> map = TokenMap::between(Before, after);
  ASSERT_TRUE(map);
  json::Value report = json::Object{
      {"findings",
       json::Array{json::Object{
           {"location",
            json::Object{{"file", "k.cu"}, {"line", 2}, {"column", 3}}},
           {"message", "the store at line 2 of the kernel at line 1"},
           {"notes", json::Array{json::Object{
                         {"location", json::Object{{"file", "other.cu"},
                                                   {"line", 2},
                                                   {"column", 3}}},
                         {"message", "a pipeline 2 at line 2"}}}}}}}};
  ASSERT_TRUE(moveReport(report, *map, "/p/k.cu", "/p"));
  const json::Object &finding =
      *report.getAsObject()->getArray("findings")->front().getAsObject();
  // Two comment lines above: every line of k.cu two down.
  EXPECT_EQ(finding.getObject("location")->getInteger("line"), 4);
  EXPECT_EQ(finding.getObject("location")->getInteger("column"), 3);
  EXPECT_EQ(finding.getString("message"),
            "the store at line 4 of the kernel at line 3");
  // Another file's note stays as it is.
  const json::Object &note = *finding.getArray("notes")->front().getAsObject();
  EXPECT_EQ(note.getObject("location")->getInteger("line"), 2);
  EXPECT_EQ(note.getString("message"), "a pipeline 2 at line 2");
}

TEST(SourceTokensTest, APositionOutsideTheTokensKeepsTheReport) {
  std::optional<TokenMap> map =
      TokenMap::between(Before, std::string("\n") + Before);
  ASSERT_TRUE(map);
  json::Value report = json::Object{
      {"location", json::Object{{"file", "k.cu"}, {"line", 2}, {"column", 1}}}};
  EXPECT_FALSE(moveReport(report, *map, "/p/k.cu", "/p"));
}

} // namespace
