//===- CheckFilterTest.cpp - clang-tidy's check globs ---------------------===//

#include "gpurd/Advisor/Advisor.h"

#include <gtest/gtest.h>

using namespace gpurd::advisor;

namespace {

std::vector<std::string> enabledBy(const char *globs) {
  auto advisor = Advisor::create({globs, {}});
  EXPECT_TRUE(static_cast<bool>(advisor)) << toString(advisor.takeError());
  std::vector<std::string> names;
  if (advisor)
    for (const auto &check : advisor->checks())
      names.push_back(check->name().str());
  return names;
}

TEST(CheckFilterTest, TheLastMatchingGlobDecides) {
  const std::vector<std::string> all = {
      "gpurd-cache-capacity",     "gpurd-constant-divergence",
      "gpurd-global-accumulator", "gpurd-memory-divergence",
      "gpurd-placement",          "gpurd-readonly-path",
      "gpurd-redundant-threads",  "gpurd-shared-bank-conflict",
      "gpurd-shared-tiling",      "gpurd-small-grid",
      "gpurd-tile-size",          "gpurd-uncoalesced-access"};
  EXPECT_EQ(enabledBy("*"), all);
  EXPECT_EQ(enabledBy("-*,gpurd-uncoalesced-access"),
            std::vector<std::string>{"gpurd-uncoalesced-access"});
  EXPECT_EQ(
      enabledBy("*,-gpurd-shared-*"),
      (std::vector<std::string>{
          "gpurd-cache-capacity", "gpurd-constant-divergence",
          "gpurd-global-accumulator", "gpurd-memory-divergence",
          "gpurd-placement", "gpurd-readonly-path", "gpurd-redundant-threads",
          "gpurd-small-grid", "gpurd-tile-size", "gpurd-uncoalesced-access"}));
  EXPECT_EQ(enabledBy("gpurd-*-access, -*, gpurd-c*"),
            (std::vector<std::string>{"gpurd-cache-capacity",
                                      "gpurd-constant-divergence"}));
  EXPECT_TRUE(enabledBy("-*").empty());
  EXPECT_TRUE(enabledBy("").empty());
}

TEST(CheckFilterTest, AGlobThatMatchesNothingIsAnError) {
  auto advisor = Advisor::create({"-*,gpurd-uncoalesced", {}});
  ASSERT_FALSE(static_cast<bool>(advisor));
  EXPECT_NE(toString(advisor.takeError())
                .find("check glob 'gpurd-uncoalesced' matches no check"),
            std::string::npos);
}

TEST(CheckFilterTest, AnOptionTheCheckDoesNotHaveIsAnError) {
  auto typo = Advisor::create(
      {"*", {{"gpurd-uncoalesced-access.MinExessiveShare", "0.5"}}});
  ASSERT_FALSE(static_cast<bool>(typo));
  EXPECT_NE(toString(typo.takeError()).find("has no option"),
            std::string::npos);
  auto fine = Advisor::create(
      {"*", {{"gpurd-uncoalesced-access.MinExcessiveShare", "0.5"}}});
  EXPECT_TRUE(static_cast<bool>(fine)) << toString(fine.takeError());
}

TEST(CheckFilterTest, AnOptionOfNoCheckIsAnError) {
  auto advisor =
      Advisor::create({"*", {{"gpurd-uncoalesced.MinExcessiveShare", "1"}}});
  ASSERT_FALSE(static_cast<bool>(advisor));
  EXPECT_NE(toString(advisor.takeError()).find("names no check"),
            std::string::npos);
}

// One place declares each option and its default: the check's options(),
// in name order, each once, with a meaning; checkOptionDefault answers
// from them, and nothing for an option no check has.
TEST(CheckFilterTest, EveryOptionIsDeclaredOnceWithItsDefault) {
  for (const std::unique_ptr<Check> &check : allChecks()) {
    std::vector<CheckOption> options = check->options();
    for (size_t i = 0; i < options.size(); ++i) {
      SCOPED_TRACE(check->name().str() + "." + options[i].name.str());
      if (i > 0) {
        EXPECT_LT(options[i - 1].name, options[i].name);
      }
      EXPECT_FALSE(options[i].meaning.empty());
      EXPECT_GE(options[i].defaultValue, 0);
      EXPECT_EQ(checkOptionDefault(check->name(), options[i].name),
                options[i].defaultValue);
    }
  }
  // As the check pages document them.
  EXPECT_EQ(checkOptionDefault("gpurd-shared-tiling", "MinGain"), 0.05);
  EXPECT_EQ(checkOptionDefault("gpurd-placement", "MinGain"), 0.1);
  EXPECT_EQ(checkOptionDefault("gpurd-small-grid", "MinCycles"), 20000);
  EXPECT_EQ(checkOptionDefault("gpurd-small-grid", "MinGain"), std::nullopt);
  EXPECT_EQ(checkOptionDefault("gpurd-no-such-check", "MinGain"),
            std::nullopt);
}

} // namespace
