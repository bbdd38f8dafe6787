//===- ThroughputBoundTest.cpp - The busiest resource's time --------------===//

#include "gpurd/Model/Placement/ThroughputBound.h"

#include "gtest/gtest.h"

using namespace gpurd::model::placement;

namespace {

/// The V100's rates: one shared wavefront and 4 L1 line requests a cycle;
/// 3133 GB/s of L2 bandwidth and 900 GB/s of DRAM at 1530 MHz are
/// 3133000 / 1530 = 2047.7 and 900000 / 1530 = 588.2 bytes a cycle.
ThroughputRates v100() {
  ThroughputRates r;
  r.wavefrontsPerCycle = 1;
  r.lineRequestsPerCycle = 4;
  r.nocBytesPerCycle = 3133000.0 / 1530;
  r.dramBytesPerCycle = 900000.0 / 1530;
  return r;
}

TEST(ThroughputBoundTest, AConflictedTransposeIsBoundByItsSharedWavefronts) {
  // A 32 x 32 tile transposed through shared memory by blocks of 32 x 8
  // threads, 1024 blocks: the busiest of 80 SMs runs ceil(1024 / 80) = 13
  // blocks of 8 warps, 104 warps. Each warp makes 4 shared stores and 4
  // shared loads, and each column read of the tile is 32-way conflicted:
  // 8 + 4 x 31 = 132 wavefronts; its 4 global loads and 4 global stores
  // are a line each, 8 line requests at 4 a cycle.
  ThroughputDemand d;
  d.warpsOnBusiestSm = 104;
  d.sharedWavefrontsPerWarp = 8 + 124;
  d.lineRequestsPerWarp = 8;
  d.l2Bytes = 8 << 20;   // 4 MB read, 4 MB written.
  d.dramBytes = 4 << 20; // The reads; the writes stay in the L2.
  ThroughputBound b = throughputBound(d, v100());
  EXPECT_DOUBLE_EQ(b.loadStore, 104.0 * 132 + 104.0 * 8 / 4); // 13936
  EXPECT_NEAR(b.noc, 8388608 / (3133000.0 / 1530), 1e-6);     // 4096.6
  EXPECT_NEAR(b.dram, 4194304 / (900000.0 / 1530), 1e-6);     // 7130.3
  EXPECT_DOUBLE_EQ(b.cycles(), 13936);
  EXPECT_EQ(b.resource(), "the SM's load-store pipeline");
}

TEST(ThroughputBoundTest, ACopyIsBoundByDram) {
  // 1 M floats copied: 4 MB read and 4 MB written back to DRAM; the L2
  // serves 8 MB. One line per warp load and store, 4096 blocks of 8
  // warps: 52 blocks on the busiest SM, 416 warps, 416 x 2 / 4 = 208
  // cycles.
  ThroughputDemand d;
  d.warpsOnBusiestSm = 416;
  d.lineRequestsPerWarp = 2;
  d.l2Bytes = 8 << 20;
  d.dramBytes = 8 << 20;
  ThroughputBound b = throughputBound(d, v100());
  EXPECT_NEAR(b.cycles(), 8388608 / (900000.0 / 1530), 1e-6); // 14260.6
  EXPECT_DOUBLE_EQ(b.loadStore, 208);
  EXPECT_EQ(b.resource(), "DRAM bandwidth");
}

TEST(ThroughputBoundTest, AnUncoalescedRowWalkIsBoundByItsLineRequests) {
  // A thread per row, 4096 rows of 4096 floats, 16 warps on the busiest
  // SM: each of a warp's 4096 loads touches 32 lines, 131072 line requests
  // a warp at 4 a cycle: 16 x 131072 / 4 = 524288 cycles. Its 64 MB pass
  // DRAM once (114k cycles at 588.2 bytes a cycle).
  ThroughputDemand d;
  d.warpsOnBusiestSm = 16;
  d.lineRequestsPerWarp = 4096 * 32;
  d.dramBytes = 64 << 20;
  ThroughputBound b = throughputBound(d, v100());
  EXPECT_DOUBLE_EQ(b.loadStore, 524288);
  EXPECT_EQ(b.resource(), "the SM's load-store pipeline");
}

TEST(ThroughputBoundTest, AnUnknownRateBoundsNothing) {
  // An arch without noc.bandwidthGBps: the L2's traffic bounds nothing.
  ThroughputRates r = v100();
  r.nocBytesPerCycle = 0;
  ThroughputDemand d;
  d.l2Bytes = 1 << 30;
  ThroughputBound b = throughputBound(d, r);
  EXPECT_EQ(b.noc, 0);
  EXPECT_EQ(b.cycles(), 0);
  EXPECT_EQ(b.resource(), "");
}

TEST(ThroughputBoundTest, TheL2BindsWhenItCarriesMoreThanDram) {
  // An uncoalesced store of 1 M words, each a 32-byte sector: 32 MB to the
  // L2 (16384 cycles at 2047.7 bytes a cycle) where DRAM sees 4 MB.
  ThroughputDemand d;
  d.warpsOnBusiestSm = 1;
  d.lineRequestsPerWarp = 32;
  d.l2Bytes = 32 << 20;
  d.dramBytes = 4 << 20;
  ThroughputBound b = throughputBound(d, v100());
  EXPECT_NEAR(b.noc, 33554432 / (3133000.0 / 1530), 1e-6); // 16386.6
  EXPECT_EQ(b.resource(), "the L2's bandwidth");
}

} // namespace
