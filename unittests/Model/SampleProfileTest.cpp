//===- SampleProfileTest.cpp - Measured events of the sample placement ----===//

#include "gpurd/Model/Placement/SampleProfile.h"

#include "ModelTestSupport.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace gpurd::model::placement;

namespace {

using gpurd::model::test::errorText;

/// The modelled placement as written: of its memory instructions 10% go to
/// constant and 30% to shared memory, so 60% are off-chip; the L1 serves
/// 20% and DRAM 30% (the L2 the other 10%).
KernelEvents written() {
  KernelEvents e;
  e.totalWarps = 100;
  e.instructions = 50;
  e.memoryInstructions = 10;
  e.constantRatio = 0.1;
  e.sharedRatio = 0.3;
  e.l1Ratio = 0.2;
  e.missRatio = 0.3;
  return e;
}

MeasuredEvents profile() {
  MeasuredEvents m;
  m.kernel = "k";
  m.source = "profile.csv";
  m.instructionsIssued = 6000;
  m.warpsLaunched = 100;
  m.l1HitRate = 0.5;
  m.l2HitRate = 0.75;
  return m;
}

TEST(SampleProfileTest, CorrectionFromMeasuredEvents) {
  auto correction = profileCorrection(profile(), written());
  ASSERT_TRUE(static_cast<bool>(correction))
      << errorText(std::move(correction));
  // 6000 instructions / 100 warps = 60 a warp, 10 more than modelled.
  EXPECT_DOUBLE_EQ(correction->instructions, 10);
  // The L1 serves 50% of the 0.6 off-chip: 0.3, 0.1 more than modelled.
  EXPECT_NEAR(correction->l1Ratio, 0.1, 1e-12);
  // DRAM serves (1 - 0.75) of the 0.3 left: 0.075, 0.225 less.
  EXPECT_NEAR(correction->missRatio, -0.225, 1e-12);
  // The placement as written, corrected, has the measured figures.
  KernelEvents e = corrected(written(), *correction);
  EXPECT_DOUBLE_EQ(e.instructions, 60);
  EXPECT_NEAR(e.l1Ratio, 0.3, 1e-12);
  EXPECT_NEAR(e.missRatio, 0.075, 1e-12);
}

TEST(SampleProfileTest, OtherPlacementsMoveByTheSameCorrection) {
  ProfileCorrection correction{10, 0.1, -0.225};
  // A placement with 30% more in constant memory: 0.3 off-chip, 40
  // instructions a warp modelled, L1 0.1, DRAM 0.2.
  KernelEvents candidate = written();
  candidate.instructions = 40;
  candidate.constantRatio = 0.4;
  candidate.l1Ratio = 0.1;
  candidate.missRatio = 0.2;
  KernelEvents e = corrected(candidate, correction);
  EXPECT_DOUBLE_EQ(e.instructions, 50); // 40 + 10
  EXPECT_NEAR(e.l1Ratio, 0.2, 1e-12);   // 0.1 + 0.1, within 0.3
  EXPECT_NEAR(e.missRatio, 0.0, 1e-12); // 0.2 - 0.225, clamped at 0
  // Never below the memory instructions, never beyond the off-chip share.
  e = corrected(candidate, {-100, 0.5, 0.5});
  EXPECT_DOUBLE_EQ(e.instructions, 10);
  EXPECT_NEAR(e.l1Ratio, 0.3, 1e-12);
  EXPECT_NEAR(e.missRatio, 0.0, 1e-12);
}

TEST(SampleProfileTest, OneRateKeepsTheModelsSplitOfTheOther) {
  MeasuredEvents m = profile();
  m.l2HitRate.reset();
  m.instructionsIssued.reset();
  auto correction = profileCorrection(m, written());
  ASSERT_TRUE(static_cast<bool>(correction));
  EXPECT_DOUBLE_EQ(correction->instructions, 0);
  // L1 0.3 as before; beyond it 0.3, of which the model sends 0.3 / 0.4 to
  // DRAM: 0.225, 0.075 less than modelled.
  EXPECT_NEAR(correction->l1Ratio, 0.1, 1e-12);
  EXPECT_NEAR(correction->missRatio, -0.075, 1e-12);
}

TEST(SampleProfileTest, AnotherLaunchOrABadRateIsAnError) {
  MeasuredEvents m = profile();
  m.warpsLaunched = 120;
  EXPECT_THAT(errorText(profileCorrection(m, written())),
              testing::HasSubstr("profile.csv: kernel 'k': the profile's "
                                 "launch has 120 warps, the launch analysed "
                                 "100"));
  m = profile();
  m.l2HitRate = 1.5;
  EXPECT_THAT(errorText(profileCorrection(m, written())),
              testing::HasSubstr("the L2 hit rate is 150.0%"));
  // Within 1% the warps are the same launch's.
  m = profile();
  m.warpsLaunched = 100.5;
  EXPECT_TRUE(static_cast<bool>(profileCorrection(m, written())));
}

} // namespace
