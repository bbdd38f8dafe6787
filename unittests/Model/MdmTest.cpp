//===- MdmTest.cpp - Seed 004's equations against hand-computed values ----===//
//
// The machine is seed 004 Table 1's: f = 1.4 GHz, 28 SMs, 128 L1 MSHRs,
// 128-byte blocks, NoC 1050 GB/s, DRAM 480 GB/s, minimum L2 hit latency 120
// cycles, minimum DRAM latency 220 cycles (the whole round trip, so Eq. 6's
// DRAM part is 220 - 120 = 100), 4 schedulers issuing 2 warp instructions a
// cycle.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/Divergence/Mdm.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/Divergence/IntervalProfile.h"

#include "gtest/gtest.h"

using namespace gpurd;
using namespace gpurd::model::divergence;

namespace {

MdmMachine table1() {
  MdmMachine m;
  m.clockGHz = 1.4;
  m.sms = 28;
  m.mshrs = 128;
  m.blockBytes = 128;
  m.nocGBps = 1050;
  m.dramGBps = 480;
  m.minLlcLatency = 120;
  m.minDramLatency = 100;
  m.smIssueRate = 8;
  m.warpIssueRate = 2;
  return m;
}

Interval interval(double instructions, double reads, double writes,
                  double llc) {
  Interval i;
  i.instructions = instructions;
  i.readMisses = reads;
  i.writeMisses = writes;
  i.llcMissRatio = llc;
  return i;
}

TEST(MdmTest, ServiceLatencies) {
  // Eq. 2: 1.4 x 128 / 1050 = 179.2 / 1050 = 0.170667 cycles.
  EXPECT_NEAR(nocServiceLatency(table1()), 179.2 / 1050, 1e-12);
  // Eq. 3 with half the requests missing the LLC: 1.4 x 0.5 x 128 / 480 =
  // 89.6 / 480 = 0.186667 cycles; none missing: no DRAM service.
  EXPECT_NEAR(dramServiceLatency(table1(), 0.5), 89.6 / 480, 1e-12);
  EXPECT_EQ(dramServiceLatency(table1(), 0), 0);
}

TEST(MdmTest, ConcurrentMissesAreBoundByTheMshrs) {
  // Eq. 4, W = 64: 4 reads a warp are 256 > 128 MSHRs, so 128, plus the
  // 64 writes that bypass them: 192. One read a warp: 64 + 64 = 128.
  EXPECT_EQ(concurrentMisses(interval(20, 4, 1, 0.5), 64, 128), 192);
  EXPECT_EQ(concurrentMisses(interval(20, 1, 1, 0.5), 64, 128), 128);
  EXPECT_TRUE(exceedsMshrs(interval(20, 4, 1, 0.5), 64, 128));
  // Exactly the MSHRs is not beyond them.
  EXPECT_FALSE(exceedsMshrs(interval(20, 2, 0, 0.5), 64, 128));
}

TEST(MdmTest, QueuesWaitForAllOrHalfTheRequests) {
  // Eq. 5: 28 SMs x 192 concurrent misses x 0.170667 = 5376 x 0.170667 =
  // 917.504 cycles when saturated, 458.752 otherwise.
  double service = nocServiceLatency(table1());
  EXPECT_NEAR(queueStall(28, 192, service, true), 917.504, 1e-9);
  EXPECT_NEAR(queueStall(28, 192, service, false), 458.752, 1e-9);
}

TEST(MdmTest, MshrBatches) {
  // Eq. 6 with an LLC miss ratio of 0.5: 120 + 0.5 x 100 = 170.
  EXPECT_EQ(noContentionLatency(table1(), 0.5), 170);
  // Eq. 8: 256 read misses over 128 MSHRs are 2 batches, the first of
  // which waits S_Mem: 1 x 1000 = 1000. 640 misses: 5 batches, 4 x 1000.
  // At most the MSHRs: no batching.
  EXPECT_EQ(mshrStall(interval(20, 4, 0, 0.5), 64, 128, 1000), 1000);
  EXPECT_EQ(mshrStall(interval(20, 10, 0, 0.5), 64, 128, 1000), 4000);
  EXPECT_EQ(mshrStall(interval(20, 2, 0, 0.5), 64, 128, 1000), 0);
}

TEST(MdmTest, UncontendedCyclesTakeTheLongerBound) {
  // 20 instructions, W = 64: the SM issues 20 x 64 / 8 = 160 cycles; the
  // warp issues 20 / 2 = 10 and waits 170 for its miss (Eq. 6): 180.
  EXPECT_EQ(uncontendedCycles(interval(20, 4, 0, 0.5), table1(), 64), 180);
  // 40 instructions: 320 against 20 + 170 = 190.
  EXPECT_EQ(uncontendedCycles(interval(40, 4, 0, 0.5), table1(), 64), 320);
  // No miss: 20 / 2 = 10 against 160.
  EXPECT_EQ(uncontendedCycles(interval(20, 0, 0, 0), table1(), 64), 160);
  // A load that misses a quarter of the time, 8 instructions, W = 8: the SM
  // issues 8 x 8 / 8 = 8 cycles; the warp 8 / 2 = 4 and waits 170 a quarter
  // of the time: 4 + 42.5 = 46.5.
  Interval sometimes = interval(8, 0.25, 0, 0.5);
  sometimes.missProbability = 0.25;
  EXPECT_EQ(uncontendedCycles(sometimes, table1(), 8), 46.5);
}

TEST(MdmTest, OneDivergentIntervalEndToEnd) {
  // 20 instructions, 4 read misses and 1 write a warp, LLC miss ratio 0.5,
  // W = 64:
  //   C = 180 (above); M = 192 (Eq. 4), saturated (256 > 128);
  //   S_NoC = 28 x 192 x 179.2 / 1050 = 917.504;
  //   S_DRAM = 28 x 192 x 89.6 / 480 = 5376 x 0.186667 = 1003.52;
  //   S_Mem = 170 + 917.504 + 1003.52 = 2091.024 (Eq. 7);
  //   S_MSHR = (ceil(256 / 128) - 1) x 2091.024 = 2091.024 (Eq. 8);
  //   IPC_SM = 64 x 20 / (180 + 2091.024 + 917.504 + 1003.52)
  //          = 1280 / 4192.048 = 0.305340 (Eq. 1); IPC = 28 x IPC_SM.
  IntervalProfile profile;
  profile.warpsPerSm = 64;
  profile.intervals = {interval(20, 4, 1, 0.5)};
  MdmPrediction p = predict(profile, table1());
  ASSERT_EQ(p.intervals.size(), 1u);
  EXPECT_TRUE(p.intervals[0].divergent);
  EXPECT_NEAR(p.nocStall, 917.504, 1e-9);
  EXPECT_NEAR(p.dramStall, 1003.52, 1e-9);
  EXPECT_NEAR(p.mshrStall, 2091.024, 1e-9);
  EXPECT_NEAR(p.ipcSm, 1280 / 4192.048, 1e-12);
  EXPECT_NEAR(p.ipcGpu, 28 * 1280 / 4192.048, 1e-9);
  EXPECT_TRUE(p.memoryDivergent);

  // GPUMech: no NoC queue, no batching, half the DRAM queue: 501.76;
  // IPC_SM = 1280 / (180 + 501.76) = 1.877494.
  MdmPrediction g = predict(profile, table1(), DivergenceModel::GpuMech);
  EXPECT_EQ(g.nocStall, 0);
  EXPECT_EQ(g.mshrStall, 0);
  EXPECT_NEAR(g.dramStall, 501.76, 1e-9);
  EXPECT_NEAR(g.ipcSm, 1280 / 681.76, 1e-12);
}

TEST(MdmTest, Figure2BatchesOnlyTheDivergentWarps) {
  // Seed 004 §2.2 / Fig. 2: two warps on an SM whose L1 has two MSHRs; one
  // SM, every miss an LLC hit (Eq. 6: 120 cycles). Each warp runs a few
  // instructions, then a load.
  MdmMachine m = table1();
  m.sms = 1;
  m.mshrs = 2;
  // NMD, one miss a warp: M_Read x W = 2, not beyond the MSHRs: M = 2, a
  // request waits for half of them, S_NoC = 1/2 x 1 x 2 x 0.170667 =
  // 0.170667, and no batching.
  IntervalProfile nmd;
  nmd.warpsPerSm = 2;
  nmd.intervals = {interval(4, 1, 0, 0)};
  MdmPrediction n = predict(nmd, m);
  EXPECT_EQ(n.mshrStall, 0);
  EXPECT_NEAR(n.nocStall, 179.2 / 1050, 1e-12);
  EXPECT_FALSE(n.memoryDivergent);
  // MD, four misses a warp: 8 > 2 MSHRs: M = 2, saturated: S_NoC = 1 x 2 x
  // 0.170667 = 0.341333; S_Mem = 120 + 0.341333; four batches of two, the
  // last covered by the queue model: S_MSHR = 3 x 120.341333 = 361.024.
  IntervalProfile md;
  md.warpsPerSm = 2;
  md.intervals = {interval(4, 4, 0, 0)};
  MdmPrediction d = predict(md, m);
  EXPECT_NEAR(d.nocStall, 2 * 179.2 / 1050, 1e-12);
  EXPECT_NEAR(d.mshrStall, 3 * (120 + 2 * 179.2 / 1050), 1e-9);
  EXPECT_TRUE(d.memoryDivergent);
}

TEST(MdmTest, Table1PresetGivesTheMachine) {
  auto arch = arch::loadPreset("mdm-pascal");
  ASSERT_TRUE(static_cast<bool>(arch)) << llvm::toString(arch.takeError());
  auto machine = mdmMachine(*arch, 0);
  ASSERT_TRUE(static_cast<bool>(machine))
      << llvm::toString(machine.takeError());
  EXPECT_EQ(machine->clockGHz, 1.4);
  EXPECT_EQ(machine->sms, 28u);
  EXPECT_EQ(machine->mshrs, 128u);
  EXPECT_EQ(machine->blockBytes, 128);
  EXPECT_EQ(machine->nocGBps, 1050);
  EXPECT_EQ(machine->dramGBps, 480);
  EXPECT_EQ(machine->minLlcLatency, 120);
  EXPECT_EQ(machine->minDramLatency, 100);
  EXPECT_EQ(machine->smIssueRate, 8);
  EXPECT_EQ(machine->warpIssueRate, 2);
}

TEST(MdmTest, MissingFiguresAreNamed) {
  arch::ArchDescription arch;
  arch.name = "bare";
  auto machine = mdmMachine(arch, 1);
  ASSERT_FALSE(static_cast<bool>(machine));
  EXPECT_EQ(llvm::toString(machine.takeError()),
            "the memory-divergence model (seed 004) needs clockMHz, "
            "l1.mshr.entries, l1.lineSize, noc.bandwidthGBps, "
            "dram.bandwidthGBps, l2.hitLatency, dram.minLatency, which arch "
            "'bare' does not give; give them with --set or in an --arch-file "
            "(docs/arch-format.md)");
}

trace::WarpInstruction access(uint32_t site, AccessKind kind, uint32_t before,
                              uint64_t base, uint64_t stride) {
  trace::WarpInstruction i;
  i.site = site;
  i.kind = kind;
  i.space = MemorySpace::Global;
  i.size = 4;
  i.activeMask = ~0u;
  i.instructionsBefore = before;
  for (unsigned l = 0; l < trace::WarpSize; ++l)
    i.addresses[l] = base + l * stride;
  return i;
}

TEST(IntervalProfileTest, LoadsThatMissEndIntervals) {
  // A warp: 5 instructions, a coalesced load (site 0: 1 line of 128 bytes),
  // 3 instructions, a fully divergent load (site 1: 32 lines), 2
  // instructions, a coalesced store (site 2: 1 line), 4 more.
  trace::WarpTrace warp;
  warp.instructions = {access(0, AccessKind::Read, 5, 0, 4),
                       access(1, AccessKind::Read, 3, 4096, 128),
                       access(2, AccessKind::Write, 2, 65536, 4)};
  warp.trailingInstructions = 4;
  IntervalRecorder recorder(128);
  recorder.add(warp);
  const RecordedWarp *rep = recorder.representative();
  ASSERT_NE(rep, nullptr);
  // 5 + 1 + 3 + 1 + 2 + 1 + 4 = 17 instructions, 1 + 32 + 1 lines.
  EXPECT_EQ(rep->instructions, 17u);
  EXPECT_EQ(rep->lines, 34u);
  // Site 0 misses half its line requests (LLC: all hit), site 1 all of
  // them (LLC: a quarter miss).
  std::map<uint32_t, SiteMissRatios> ratios;
  ratios[0] = {0.5, 0};
  ratios[1] = {1, 0.25};
  IntervalProfile p = buildIntervalProfile(*rep, ratios, 8);
  ASSERT_EQ(p.intervals.size(), 3u);
  // [5 + load]: 6 instructions, 1 x 0.5 misses; the warp waits when its
  // one line misses: 1 - (1 - 0.5)^1 = 0.5.
  EXPECT_EQ(p.intervals[0].instructions, 6);
  EXPECT_EQ(p.intervals[0].readMisses, 0.5);
  EXPECT_EQ(p.intervals[0].llcMissRatio, 0);
  EXPECT_EQ(p.intervals[0].missProbability, 0.5);
  // [3 + load]: 4 instructions, 32 misses, a quarter of them LLC misses.
  EXPECT_EQ(p.intervals[1].instructions, 4);
  EXPECT_EQ(p.intervals[1].readMisses, 32);
  EXPECT_EQ(p.intervals[1].llcMissRatio, 0.25);
  EXPECT_EQ(p.intervals[1].missProbability, 1);
  // [2 + store + 4]: 7 instructions and one write request.
  EXPECT_EQ(p.intervals[2].instructions, 7);
  EXPECT_EQ(p.intervals[2].writeMisses, 1);
  EXPECT_EQ(p.warpsPerSm, 8);
}

TEST(IntervalProfileTest, TheRepresentativeIsNearestTheMean) {
  // Three warps of 3, 11 and 13 instructions (1 load each): the mean is 9,
  // and the warp of 11 is nearest it.
  IntervalRecorder recorder(128);
  for (uint32_t before : {2u, 10u, 12u}) {
    trace::WarpTrace warp;
    warp.warp = before;
    warp.instructions = {access(0, AccessKind::Read, before, 0, 4)};
    recorder.add(warp);
  }
  ASSERT_NE(recorder.representative(), nullptr);
  EXPECT_EQ(recorder.representative()->warp, 10u);
  EXPECT_EQ(recorder.meanInstructions(), 9);
}

} // namespace
