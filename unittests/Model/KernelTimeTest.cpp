//===- KernelTimeTest.cpp - T = Tcomp + Tmem - Toverlap (seed 002) --------===//

#include "gpurd/Model/Placement/KernelTime.h"
#include "gpurd/Model/Placement/Calibration.h"

#include "ModelTestSupport.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace gpurd::model::placement;

namespace {

using gpurd::model::test::errorText;

MachineFigures machine() {
  MachineFigures m;
  m.warpSize = 32;
  m.simdWidth = 32;
  m.instructionLatency = 4;
  m.l2HitLatency = 200;
  m.sharedLatency = 30;
  m.dramBytesPerCycle = 64;
  return m;
}

KernelEvents events() {
  KernelEvents e;
  e.totalWarps = 1000;
  e.activeSms = 10;
  e.warpsPerSm = 8;
  e.instructions = 100;
  e.memoryInstructions = 10;
  e.missRatio = 0.5;
  e.sharedRatio = 0.2;
  e.bytesPerMemoryInstruction = 128;
  return e;
}

// By hand, DRAM_lat = 400:
//   Eq. 15: ITILP_max = 4 / (32 / 32) = 4; Eq. 14: ITILP = min(1 * 8, 4) = 4
//   Eq. 13: throughput = 4 / 4 = 1 cycle per instruction
//   Eq. 2:  Tcomp = 100 * 1000 / 10 * 1 = 10000
//   Eq. 5:  AMAT = 400 * 0.5 + 200 * 0.8 + 30 * 0.2 = 366
//   MWP_peak_bw = 64 / (128 / AMAT * 10) = 64 * 366 / 1280 = 18.3 (BW_per_warp
//   over AMAT, gpurd's deviation); MWP = min(18.3, 8) = 8
//   CWP_full = (10 * 366 + 100) / 100 = 37.6; CWP = min(37.6, 8) = 8
//   Eq. 19: MWP_cp = min(max(1, 7), 8) = 7; Eq. 18: ITMLP = min(7, 18.3) = 7
//   Eq. 4:  Tmem = 10 * 1000 / (10 * 7) * 366 = 52285.714...
//   CWP <= MWP: zeta = 1, F_overlap = 7/8; Toverlap = min(8750, Tmem)
//   Eq. 1:  T = 10000 + 52285.714 - 8750
TEST(KernelTimeTest, UncalibratedByHand) {
  KernelTime t = predictKernelTime(events(), machine(), 400);
  EXPECT_DOUBLE_EQ(t.itilp, 4.0);
  EXPECT_DOUBLE_EQ(t.instructionThroughput, 1.0);
  EXPECT_DOUBLE_EQ(t.tcomp, 10000.0);
  EXPECT_DOUBLE_EQ(t.amat, 366.0);
  EXPECT_DOUBLE_EQ(t.mwpPeakBandwidth, 64.0 * 366 / 1280);
  EXPECT_DOUBLE_EQ(t.mwp, 8.0);
  EXPECT_DOUBLE_EQ(t.cwp, 8.0);
  EXPECT_DOUBLE_EQ(t.itmlp, 7.0);
  EXPECT_NEAR(t.tmem, 10.0 * 1000 / 70 * 366, 1e-9);
  EXPECT_DOUBLE_EQ(t.toverlap, 8750.0);
  EXPECT_NEAR(t.total, 10000 + 10.0 * 1000 / 70 * 366 - 8750, 1e-9);
  EXPECT_FALSE(t.calibratedOverlap);
}

// The same events on an SM of 4 schedulers: the 8 warps are 2 for each, and
// a warp's waits hide behind the other of its scheduler only. Tcomp, Tmem,
// CWP and MWP are the SM's as above (ITILP and MWP take every warp of the
// SM); F_overlap = (N - zeta) / N with N = 8 / 4 = 2: 1/2, Toverlap =
// min(10000 / 2, 52285.714) = 5000, T = 10000 + 52285.714 - 5000. With one
// warp a scheduler (4 warps on 4 schedulers) nothing overlaps: F_overlap =
// (1 - 1) / 1 = 0 and T = Tcomp + Tmem.
TEST(KernelTimeTest, OverlapWithinAScheduler) {
  MachineFigures m = machine();
  m.schedulers = 4;
  KernelTime t = predictKernelTime(events(), m, 400);
  EXPECT_DOUBLE_EQ(t.tcomp, 10000.0);
  EXPECT_NEAR(t.tmem, 10.0 * 1000 / 70 * 366, 1e-9);
  EXPECT_DOUBLE_EQ(t.toverlap, 5000.0);
  EXPECT_NEAR(t.total, 10000 + 10.0 * 1000 / 70 * 366 - 5000, 1e-9);

  KernelEvents e = events();
  e.warpsPerSm = 4;
  KernelTime alone = predictKernelTime(e, m, 400);
  EXPECT_DOUBLE_EQ(alone.toverlap, 0.0);
  EXPECT_DOUBLE_EQ(alone.total, alone.tcomp + alone.tmem);
}

// A compute-bound variant (one memory instruction, all hits in shared):
// AMAT = 30, CWP_full = (30 + 100) / 100 = 1.3 < MWP = 8 -> zeta = 1;
// MWP_cp = max(1, 0.3) = 1, ITMLP = 1, Tmem = 1 * 1000 / 10 * 30 = 3000,
// Toverlap = min(10000 * 7/8, 3000) = 3000: all of Tmem hides, T = Tcomp.
TEST(KernelTimeTest, MemoryHidesUnderComputation) {
  KernelEvents e = events();
  e.memoryInstructions = 1;
  e.missRatio = 0;
  e.sharedRatio = 1;
  e.bytesPerMemoryInstruction = 0;
  KernelTime t = predictKernelTime(e, machine(), 400);
  EXPECT_DOUBLE_EQ(t.amat, 30.0);
  EXPECT_DOUBLE_EQ(t.cwp, 1.3);
  EXPECT_DOUBLE_EQ(t.itmlp, 1.0);
  EXPECT_DOUBLE_EQ(t.tmem, 3000.0);
  EXPECT_DOUBLE_EQ(t.toverlap, 3000.0);
  EXPECT_DOUBLE_EQ(t.total, 10000.0);
}

// Eq. 5 with a cache per level: of 10 instructions, 5 served by DRAM, 1 by
// the L2, 1 by the L1 (latency 30), 1 by the constant cache (latency 10)
// and 2 by shared memory (30): AMAT = 400 * 0.5 + 200 * (0.5 + 0.1) +
// 30 * 0.1 + 10 * 0.1 + 30 * 0.2 = 200 + 120 + 3 + 1 + 6 = 330. Without the
// L1's and the constant cache's latencies both take the L2's: 200 + 120 +
// 20 + 20 + 6 = 366, Eq. 5 as the seed gives it.
TEST(KernelTimeTest, AmatPerCacheLevel) {
  KernelEvents e = events();
  e.l1Ratio = 0.1;
  e.constantRatio = 0.1;
  MachineFigures m = machine();
  EXPECT_DOUBLE_EQ(amat(e, m, 400), 366.0);
  m.l1HitLatency = 30;
  m.constantHitLatency = 10;
  EXPECT_DOUBLE_EQ(amat(e, m, 400), 330.0);
}

// The same events with a DRAM latency that is a load's whole round trip
// (dram.minLatency): the 5 of 10 instructions DRAM serves pay 400 alone, not
// 400 + 200, so the L2's hit latency weighs only the 1 it serves:
// AMAT = 400 * 0.5 + 200 * 0.1 + 30 * 0.1 + 10 * 0.1 + 30 * 0.2
//      = 200 + 20 + 3 + 1 + 6 = 230.
TEST(KernelTimeTest, AmatWithRoundTripDramLatency) {
  KernelEvents e = events();
  e.l1Ratio = 0.1;
  e.constantRatio = 0.1;
  e.dramRoundTrip = true;
  MachineFigures m = machine();
  m.l1HitLatency = 30;
  m.constantHitLatency = 10;
  EXPECT_DOUBLE_EQ(amat(e, m, 400), 230.0);
}

// Eq. 11-12 with given coefficients: ratio = 0.1 * 2 + 0.05 * 8 + 0.1 = 0.7
// of Tmem; and a ratio beyond Tcomp / Tmem is clamped there.
// No off-chip traffic (all 100 memory instructions to shared memory) and
// MLP 4: no bandwidth bound on Eq. 18, so ITMLP may exceed N.
//   AMAT = 30; CWP_full = (100 * 30 / 4 + 100) / 100 = 8.5, CWP = 8
//   MWP = min(inf, 8) = 8; MWP_cp = min(max(1, 7), 8) = 7
//   Eq. 18: ITMLP = min(4 * 7, inf) = 28 (not N = 8)
//   Eq. 4: Tmem = 100 * 1000 / (10 * 28) * 30 = 10714.29
TEST(KernelTimeTest, NoOffChipTrafficNoBandwidthBound) {
  KernelEvents e = events();
  e.memoryInstructions = 100;
  e.missRatio = 0;
  e.sharedRatio = 1;
  e.bytesPerMemoryInstruction = 0;
  e.mlp = 4;
  KernelTime t = predictKernelTime(e, machine(), 400);
  EXPECT_DOUBLE_EQ(t.amat, 30.0);
  EXPECT_DOUBLE_EQ(t.cwp, 8.0);
  EXPECT_DOUBLE_EQ(t.mwp, 8.0);
  EXPECT_DOUBLE_EQ(t.itmlp, 28.0);
  EXPECT_NEAR(t.tmem, 100.0 * 1000 / 280 * 30, 1e-9);
}

// One warp in 8 accesses memory (memoryWarpShare 1/8, a `tid == 0`
// kernel): of N = 8 resident warps, 1 waits for memory and none hides its
// wait. The events of UncalibratedByHand (AMAT = 366):
//   CWP_full = (10 / (1/8) * 366 + 100) / 100 = 293.8, CWP = min(., 1) = 1
//   MWP = min(18.3, 1) = 1; MWP_cp = min(max(1, 0), 1) = 1; ITMLP = 1
//   Eq. 4: Tmem = 10 * 1000 / (10 * 1) * 366 = 366000 (7 times the
//   52285.7 with every warp taken to wait in parallel: ITMLP 7)
TEST(KernelTimeTest, OnlyTheWarpsThatAccessMemoryWait) {
  KernelEvents e = events();
  e.memoryWarpShare = 0.125;
  KernelTime t = predictKernelTime(e, machine(), 400);
  EXPECT_DOUBLE_EQ(t.amat, 366.0);
  EXPECT_DOUBLE_EQ(t.cwp, 1.0);
  EXPECT_DOUBLE_EQ(t.mwp, 1.0);
  EXPECT_DOUBLE_EQ(t.itmlp, 1.0);
  EXPECT_NEAR(t.tmem, 366000.0, 1e-9);
  EXPECT_NEAR(t.total, 10000 + 366000.0 - 8750, 1e-9);
}

TEST(KernelTimeTest, CalibratedOverlap) {
  OverlapCoefficients c;
  c.weights = {0.1, 0, 0, 0, 0, 0, 0.05};
  c.constant = 0.1;
  OverlapEvents oe;
  oe.global = 2;
  oe.warpsPerSm = 8;
  EXPECT_DOUBLE_EQ(c.ratio(oe), 0.7);
  KernelEvents e = events();
  KernelTime t = predictKernelTime(e, machine(), 400, &c, &oe);
  EXPECT_TRUE(t.calibratedOverlap);
  // 0.7 > Tcomp / Tmem = 10000 / 52285.7: clamped to Toverlap = Tcomp.
  EXPECT_TRUE(t.overlapClamped);
  EXPECT_NEAR(t.toverlap, 10000.0, 1e-9);
  EXPECT_NEAR(t.total, t.tmem, 1e-9);
  // A small ratio stays: 0.1 * 0 + 0.05 * 0 + 0.1 = 0.1 of Tmem.
  OverlapEvents none;
  KernelTime u = predictKernelTime(e, machine(), 400, &c, &none);
  EXPECT_FALSE(u.overlapClamped);
  EXPECT_NEAR(u.toverlap, 0.1 * u.tmem, 1e-9);
}

// Calibration recovers known coefficients from synthetic measurements made
// with them (exact ratios, more samples than unknowns).
TEST(CalibrationTest, RecoversKnownCoefficients) {
  OverlapCoefficients truth;
  truth.weights = {0.02, -0.01, 0.03, 0.005, 0.04, 0.06, 0.01};
  truth.constant = 0.15;
  std::vector<CalibrationSample> samples;
  for (unsigned i = 0; i < 12; ++i) {
    CalibrationSample s;
    s.events.global = 1 + i;
    s.events.constant = (i * 7) % 5;
    s.events.texture = (i * i) % 7;
    s.events.shared = (i % 3) * 2.5;
    s.events.rowMisses = (i * 3) % 4;
    s.events.rowConflicts = (i * 5) % 6 * 0.5;
    s.events.warpsPerSm = 8 + (i % 4) * 8;
    s.ratio = truth.ratio(s.events);
    samples.push_back(s);
  }
  auto fit = fitOverlap(samples);
  ASSERT_TRUE(static_cast<bool>(fit)) << llvm::toString(fit.takeError());
  for (unsigned i = 0; i < OverlapEvents::Count; ++i)
    EXPECT_NEAR(fit->coefficients.weights[i], truth.weights[i], 1e-9) << i;
  EXPECT_NEAR(fit->coefficients.constant, truth.constant, 1e-9);
  EXPECT_NEAR(fit->rmsError, 0.0, 1e-12);
  EXPECT_EQ(fit->rank, OverlapEvents::Count + 1);
}

// An event no sample has (no texture use) cannot be fitted: its weight is 0
// and the rank says one coefficient is undetermined.
TEST(CalibrationTest, UnusedEventGetsNoWeight) {
  std::vector<CalibrationSample> samples;
  for (unsigned i = 0; i < 10; ++i) {
    CalibrationSample s;
    s.events.global = i;
    s.events.shared = (i * 3) % 5;
    s.events.constant = (i * i) % 3;
    s.events.rowMisses = (i % 2);
    s.events.rowConflicts = (i * 7) % 4;
    s.events.warpsPerSm = 16 + (i % 3) * 4;
    s.ratio = 0.3 + 0.01 * s.events.global;
    samples.push_back(s);
  }
  auto fit = fitOverlap(samples);
  ASSERT_TRUE(static_cast<bool>(fit)) << llvm::toString(fit.takeError());
  EXPECT_EQ(fit->rank, OverlapEvents::Count);
  EXPECT_EQ(fit->coefficients.weights[2], 0.0);
  EXPECT_NEAR(fit->coefficients.weights[0], 0.01, 1e-9);
}

TEST(CalibrationTest, TooFewSamples) {
  EXPECT_THAT(errorText(fitOverlap({CalibrationSample{}})),
              testing::HasSubstr("at least 2 placements"));
}

} // namespace
