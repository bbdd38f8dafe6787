//===- ArchOverrideTest.cpp - `--set key=value` ---------------------------===//

#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"

#include "gtest/gtest.h"

using namespace gpurd::arch;

namespace {

ArchDescription fermi() {
  llvm::Expected<ArchDescription> arch = loadPreset("fermi-gtx470");
  EXPECT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  return arch ? std::move(*arch) : ArchDescription();
}

std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "";
}

TEST(ArchOverrideTest, SetsAValidatedField) {
  llvm::Expected<ArchDescription> volta = loadPreset("volta-v100");
  ASSERT_TRUE(bool(volta)) << llvm::toString(volta.takeError());
  ASSERT_EQ(volta->l1->assoc, 64u);
  ASSERT_EQ(errorOf(applyOverride(*volta, "l1.assoc", "8")), "");
  EXPECT_EQ(volta->l1->assoc, 8u);
  EXPECT_EQ(volta->l1->setsPerBank(), 32u);
}

TEST(ArchOverrideTest, InvalidValueLeavesDescriptionUnchanged) {
  ArchDescription arch = fermi();
  std::string before = printArchJson(arch);
  EXPECT_EQ(
      errorOf(applyOverride(arch, "l1.assoc", "3")),
      "{{input:set l1.assoc=3}}: /l1/assoc: expected a positive integer that "
      "divides the number of lines (128), got 3");
  EXPECT_EQ(printArchJson(arch), before);
}

TEST(ArchOverrideTest, RulesSeeTheWholeDescription) {
  ArchDescription arch = fermi();
  // 8 ways leave 16 sets, but the Fermi hash produces 5 set-index bits.
  EXPECT_EQ(
      errorOf(applyOverride(arch, "l1.assoc=8")),
      "{{input:set l1.assoc=8}}: /l1/index/bits: expected 4 groups (one per "
      "set-index bit of 16 sets), got 5");
  EXPECT_EQ(
      errorOf(applyOverride(arch, "l1.size", "8KiB")),
      "{{input:set l1.size=8KiB}}: /l1/index/bits: expected 4 groups (one per "
      "set-index bit of 16 sets), got 5");
}

TEST(ArchOverrideTest, UnknownKeySuggests) {
  ArchDescription arch = fermi();
  EXPECT_EQ(errorOf(applyOverride(arch, "l1.asoc", "8")),
            "{{input:set l1.asoc=8}}: /l1/asoc: unknown key; did you mean "
            "\"assoc\"?");
}

TEST(ArchOverrideTest, BareStringsAndJsonValues) {
  ArchDescription arch = fermi();
  ASSERT_EQ(errorOf(applyOverride(arch, "l1.replacement=fifo")), "");
  EXPECT_EQ(arch.l1->replacement, ReplacementPolicy::Fifo);
  ASSERT_EQ(errorOf(applyOverride(arch, "l1.cachesGlobalLoads", "false")), "");
  EXPECT_EQ(arch.l1->cachesGlobalLoads, false);
  // A block may not have more registers than its SM: the order of
  // overrides matters.
  EXPECT_NE(errorOf(applyOverride(arch, "sm.maxRegistersPerBlock", "65536")),
            "");
  ASSERT_EQ(errorOf(applyOverride(arch, "sm.registersPerSm", "65536")), "");
  ASSERT_EQ(errorOf(applyOverride(arch, "sm.maxRegistersPerBlock", "65536")),
            "");
  ASSERT_EQ(
      errorOf(applyOverride(arch, "l1.index.bits", "[[7],[8],[9],[10],[11]]")),
      "");
  EXPECT_EQ(arch.l1->index->bits[4], std::vector<unsigned>{11});
  ASSERT_EQ(errorOf(applyOverride(arch, "clockMHz", "1400.5")), "");
  EXPECT_EQ(arch.clockMHz, 1400.5);
}

TEST(ArchOverrideTest, CreatesAndRemovesFields) {
  ArchDescription arch = fermi();
  ASSERT_FALSE(arch.noc.has_value());
  ASSERT_EQ(errorOf(applyOverride(arch, "noc.bandwidthGBps", "1050")), "");
  ASSERT_TRUE(arch.noc.has_value());
  EXPECT_EQ(arch.noc->bandwidthGBps, 1050.0);
  ASSERT_EQ(errorOf(applyOverride(arch, "l1.latencyModel", "null")), "");
  EXPECT_FALSE(arch.l1->latencyModel.has_value());
  EXPECT_EQ(errorOf(applyOverride(arch, "sm.count", "null")),
            "{{input:set sm.count=null}}: /sm: missing required key \"count\"");
}

TEST(ArchOverrideTest, MalformedOverrides) {
  ArchDescription arch = fermi();
  EXPECT_EQ(
      errorOf(applyOverride(arch, "l1..assoc", "8")),
      "{{input:set l1..assoc=8}}: expected a key of dot-separated field names, "
      "such as l1.assoc");
  EXPECT_EQ(errorOf(applyOverride(arch, "l1.assoc")),
            "{{input:set l1.assoc}}: expected key=value, such as l1.assoc=8");
  EXPECT_EQ(
      errorOf(applyOverride(arch, "name.first", "x")),
      "{{input:set name.first=x}}: /name is \"fermi-gtx470\", not an object "
      "with fields");
}

} // namespace
