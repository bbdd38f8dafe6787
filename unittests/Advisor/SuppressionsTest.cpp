//===- SuppressionsTest.cpp - Findings silenced in the source -------------===//

#include "gpurd/Advisor/Suppressions.h"

#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

using namespace gpurd::advisor;

namespace {

constexpr const char *Bank = "gpurd-shared-bank-conflict";
constexpr const char *Coalescing = "gpurd-uncoalesced-access";

std::optional<std::string> at(const std::vector<llvm::StringRef> &lines,
                              unsigned line, const char *check) {
  return suppressionAt(lines, line, check);
}

TEST(Suppressions, NolintOnTheLineWithOrWithoutChecks) {
  std::vector<llvm::StringRef> lines = {
      "a = t[x][y]; // NOLINT",
      "b = t[x][y]; // NOLINT(gpurd-shared-*, gpurd-placement)",
      "c = t[x][y]; /* NOLINT(gpurd-uncoalesced-access) */",
      "d = t[x][y]; // NOLINT(gpurd-shared-bank-conflict",
      "e = \"NOLINT\";",
      "f = t[x][y]; // NOLINTED",
  };
  EXPECT_EQ(at(lines, 1, Bank), "NOLINT");
  EXPECT_EQ(at(lines, 1, Coalescing), "NOLINT");
  EXPECT_EQ(at(lines, 2, Bank), "NOLINT(gpurd-shared-*, gpurd-placement)");
  EXPECT_EQ(at(lines, 2, Coalescing), std::nullopt);
  EXPECT_EQ(at(lines, 3, Bank), std::nullopt);
  EXPECT_EQ(at(lines, 3, Coalescing), "NOLINT(gpurd-uncoalesced-access)");
  // An unclosed list silences nothing (clang-tidy ignores it), nor does
  // the word outside a comment or run on into a longer one.
  EXPECT_EQ(at(lines, 4, Bank), std::nullopt);
  EXPECT_EQ(at(lines, 5, Bank), std::nullopt);
  EXPECT_EQ(at(lines, 6, Bank), std::nullopt);
  // Out of range: nothing.
  EXPECT_EQ(at(lines, 0, Bank), std::nullopt);
  EXPECT_EQ(at(lines, 7, Bank), std::nullopt);
}

TEST(Suppressions, NolintNextLineSilencesTheLineAfterOnly) {
  std::vector<llvm::StringRef> lines = {
      "// NOLINTNEXTLINE(gpurd-*)",
      "a = t[x][y];",
      "b = t[x][y];",
      "c = t[x][y]; // NOLINTNEXTLINE",
  };
  EXPECT_EQ(at(lines, 2, Bank), "NOLINTNEXTLINE(gpurd-*)");
  EXPECT_EQ(at(lines, 3, Bank), std::nullopt);
  EXPECT_EQ(at(lines, 4, Bank), std::nullopt); // Not its own line.
}

TEST(Suppressions, BeginEndBlocksNest) {
  std::vector<llvm::StringRef> lines = {
      "// NOLINTBEGIN(gpurd-shared-bank-conflict)", // 1
      "a = t[x][y];",                               // 2
      "// NOLINTBEGIN(gpurd-uncoalesced-access)",   // 3
      "b = t[x][y];",                               // 4
      "// NOLINTEND(gpurd-uncoalesced-access)",     // 5
      "c = t[x][y];",                               // 6
      "// NOLINTEND(gpurd-shared-bank-conflict)",   // 7
      "d = t[x][y];",                               // 8
  };
  EXPECT_EQ(at(lines, 2, Bank), "NOLINTBEGIN(gpurd-shared-bank-conflict)");
  EXPECT_EQ(at(lines, 2, Coalescing), std::nullopt);
  EXPECT_EQ(at(lines, 4, Coalescing), "NOLINTBEGIN(gpurd-uncoalesced-access)");
  EXPECT_EQ(at(lines, 4, Bank), "NOLINTBEGIN(gpurd-shared-bank-conflict)");
  EXPECT_EQ(at(lines, 6, Coalescing), std::nullopt);
  EXPECT_EQ(at(lines, 6, Bank), "NOLINTBEGIN(gpurd-shared-bank-conflict)");
  EXPECT_EQ(at(lines, 8, Bank), std::nullopt);
}

} // namespace
