//===- WarpReplayTest.cpp - The warp-level timing model -------------------===//
//
// Small streams whose cycles follow by hand from the replay's rules
// (docs/timing-model.md): a line issues when its sources are ready and its
// unit's interval has passed; an ALU result is ready aluLatency later; a
// load's when its last sector is back; the kernel ends the cycle after the
// last EXIT.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/Timing/WarpReplay.h"

#include "gpurd/Arch/Presets.h"

#include "gtest/gtest.h"

using namespace gpurd::model::timing;

namespace {

/// One SM, one scheduler, latencies that are easy to add up.
ReplayParameters smallGpu() {
  ReplayParameters p;
  p.sms = 1;
  p.schedulers = 1;
  p.blocksPerSm = 1;
  p.warpsPerBlock = 1;
  p.interval.fill(1);
  p.aluLatency = 4;
  p.sharedLatency = 19;
  p.l1HitLatency = 28;
  p.l2HitLatency = 193;
  p.dramLatency = 375;
  p.l1Bytes = 4096;
  p.l1Assoc = 4;
  p.l1RequestsPerCycle = 4;
  p.l2Bytes = 65536;
  p.l2Assoc = 4;
  p.l2Slices = 64;
  p.sliceSectorsPerCycle = 1;
  p.dramChannels = 8;
  p.channelSectorsPerCycle = 1;
  p.smPort = false; // the tests that want the port set it
  return p;
}

ReplayLine alu(uint8_t dest, std::initializer_list<uint8_t> sources,
               ReplayUnit unit = ReplayUnit::Fp32) {
  ReplayLine line;
  line.unit = unit;
  line.dest = dest;
  for (uint8_t s : sources)
    line.sources[line.sourceCount++] = s;
  return line;
}

ReplayLine control(ReplayUnit unit) {
  ReplayLine line;
  line.unit = unit;
  return line;
}

/// A global load into \p dest of \p lines (one sector each, sector 0).
ReplayLine load(ReplayWarp &warp, uint8_t dest,
                std::initializer_list<uint64_t> lines) {
  ReplayLine line;
  line.unit = ReplayUnit::Global;
  line.dest = dest;
  line.firstRequest = uint32_t(warp.requests.size());
  for (uint64_t l : lines)
    warp.requests.push_back({l, 1});
  line.requestCount = uint16_t(lines.size());
  return line;
}

/// A warp that loads \p lines into R16, reads R16 with an FADD and exits.
ReplayWarp loadAndRead(std::initializer_list<uint64_t> lines) {
  ReplayWarp warp;
  warp.lines.push_back(load(warp, 16, lines));
  warp.lines.push_back(alu(18, {16}));
  warp.lines.push_back(control(ReplayUnit::Exit));
  return warp;
}

ReplayResult replay(const ReplayParameters &p,
                    std::vector<std::vector<ReplayWarp>> blocks) {
  auto result = replayKernel(
      p, blocks.size(),
      [&](uint64_t block, std::vector<ReplayWarp> &warps) -> llvm::Error {
        warps = blocks[block];
        return llvm::Error::success();
      });
  EXPECT_TRUE(bool(result)) << llvm::toString(result.takeError());
  return *result;
}

TEST(WarpReplay, ALoadsReaderWaitsForTheDram) {
  ReplayWarp warp = loadAndRead({0});
  ReplayResult r = replay(smallGpu(), {{warp}});
  // LDG issues at 0, its sector misses the L1 and the L2: the slice takes it
  // at 0, the channel at 0, the data is back at 0 + 375. FADD issues at
  // 375, EXIT at 376: the kernel takes 377 cycles.
  EXPECT_EQ(r.cycles, 377u);
  EXPECT_EQ(r.l1Misses, 1u);
  EXPECT_EQ(r.l2Misses, 1u);
  EXPECT_EQ(r.warpInstructions, 3u);
  // The scheduler issued 3 cycles and waited on the register 374 (1-374).
  EXPECT_EQ(r.issueCycles, 3u);
  EXPECT_EQ(r.registerWaitCycles, 374u);
}

TEST(WarpReplay, LoadsInFlightOverlap) {
  // Two loads before the first reader: both are in flight at once, on
  // different slices (lines 0 and 1) and channels: the first is back at
  // 375, the second (issued at 1) at 376; FADD reads both at 376, EXIT 377.
  ReplayWarp warp;
  warp.lines.push_back(load(warp, 16, {0}));
  warp.lines.push_back(load(warp, 20, {1}));
  warp.lines.push_back(alu(18, {16, 20}));
  warp.lines.push_back(control(ReplayUnit::Exit));
  EXPECT_EQ(replay(smallGpu(), {{warp}}).cycles, 378u);
}

TEST(WarpReplay, ASecondLoadHitsTheL1) {
  // The first load is back at 375 (above); FADD at 375; the second load of
  // the same sector at 376 hits: its data at 376 + 28 = 404; FADD 404,
  // EXIT 405, 406 cycles.
  ReplayWarp warp;
  warp.lines.push_back(load(warp, 16, {0}));
  warp.lines.push_back(alu(18, {16}));
  warp.lines.push_back(load(warp, 20, {0}));
  warp.lines.push_back(alu(22, {20}));
  warp.lines.push_back(control(ReplayUnit::Exit));
  ReplayResult r = replay(smallGpu(), {{warp}});
  EXPECT_EQ(r.cycles, 406u);
  EXPECT_EQ(r.l1Hits, 1u);
  EXPECT_EQ(r.l1Misses, 1u);
}

TEST(WarpReplay, RequestsToOneSliceQueue) {
  // Lines 0, 65, 130 and 195 fall on slice 0 of 64: their six-bit parts
  // XORed are 0, 1 ^ 1, 2 ^ 2, 3 ^ 3. Slice 0 is in front of channel 0 (64
  // slices over 8 channels, 8 each); both serve a sector a cycle. The L1
  // looks all four up at 0 (four a cycle); the slice takes them at 0, 1,
  // 2, 3 and so does the channel: the last is back at 3 + 375 = 378. FADD
  // 378, EXIT 379: 380 cycles.
  ReplayWarp warp = loadAndRead({0, 65, 130, 195});
  EXPECT_EQ(replay(smallGpu(), {{warp}}).cycles, 380u);
}

TEST(WarpReplay, TheSmsPortTakesARequestACycle) {
  // As RequestsOnDifferentSlicesDoNot (four lines, sets, slices and
  // channels of their own, all looked up at 0), but through the SM's port:
  // the requests leave at 0, 1, 2 and 3, the replies are back at 375 to
  // 378, one a cycle. FADD 378, EXIT 379: 380 cycles.
  ReplayWarp warp = loadAndRead({0, 1, 2, 3});
  ReplayParameters p = smallGpu();
  p.dramChannels = 64;
  p.smPort = true;
  EXPECT_EQ(replay(p, {{warp}}).cycles, 380u);
}

TEST(WarpReplay, RepliesThatArriveTogetherTakeTheirTurns) {
  // Two sectors of line 0 (one slice, one channel): the slice takes them at
  // 0 and 1 after they leave the port at 0 and 1, the channel at 0 and 1:
  // back at 375 and 376, each in a free cycle of the port. A third load of
  // line 1's sector 0 (issued at 1, looked up at 1, out at 2): slice 1 at
  // 2, channel 0 at 2, back at 377. FADD reads all three at 377, EXIT 378:
  // 379 cycles.
  ReplayWarp warp;
  ReplayLine first;
  first.unit = ReplayUnit::Global;
  first.dest = 16;
  warp.requests.push_back({0, 3});
  first.requestCount = 1;
  warp.lines.push_back(first);
  warp.lines.push_back(load(warp, 20, {1}));
  warp.lines.push_back(alu(18, {16, 20}));
  warp.lines.push_back(control(ReplayUnit::Exit));
  ReplayParameters p = smallGpu();
  p.smPort = true;
  EXPECT_EQ(replay(p, {{warp}}).cycles, 379u);
}

TEST(WarpReplay, BankConflictsTakeWavefronts) {
  // An LDS of 4 wavefronts at 0: done at 0 + 4 - 1 + 19 = 22. FADD 22,
  // EXIT 23: 24 cycles.
  ReplayWarp warp;
  ReplayLine lds = control(ReplayUnit::Shared);
  lds.dest = 16;
  lds.serial = 4;
  warp.lines.push_back(lds);
  warp.lines.push_back(alu(18, {16}));
  warp.lines.push_back(control(ReplayUnit::Exit));
  EXPECT_EQ(replay(smallGpu(), {{warp}}).cycles, 24u);
}

TEST(WarpReplay, ABarrierWaitsForTheBlocksSlowestWarp) {
  // Two warps on one scheduler. Warp 0: BAR, EXIT. Warp 1: LDG, FADD on
  // it, BAR, EXIT. Cycle 0: warp 0's BAR (oldest); 1: warp 1's LDG (back at
  // 1 + 375 = 376); FADD 376, BAR 377, which releases the barrier: both
  // wake at 378; warp 1 issued last, so greedy-then-oldest issues its EXIT
  // at 378 and warp 0's at 379: 380 cycles.
  ReplayParameters p = smallGpu();
  p.warpsPerBlock = 2;
  ReplayWarp first, second;
  first.lines = {control(ReplayUnit::Barrier), control(ReplayUnit::Exit)};
  second.lines.push_back(load(second, 16, {0}));
  second.lines.push_back(alu(18, {16}));
  second.lines.push_back(control(ReplayUnit::Barrier));
  second.lines.push_back(control(ReplayUnit::Exit));
  ReplayResult r = replay(p, {{first, second}});
  EXPECT_EQ(r.cycles, 380u);
  EXPECT_EQ(r.barriers, 1u);
}

TEST(WarpReplay, AUnitsIntervalSpacesItsInstructions) {
  // Three independent FADDs on a unit of interval 2: at 0, 2 and 4; EXIT
  // at 5 (its own unit): 6 cycles.
  ReplayParameters p = smallGpu();
  p.interval[unsigned(ReplayUnit::Fp32)] = 2;
  ReplayWarp warp;
  warp.lines = {alu(8, {}), alu(9, {}), alu(10, {}), control(ReplayUnit::Exit)};
  EXPECT_EQ(replay(p, {{warp}}).cycles, 6u);
}

TEST(WarpReplay, BlocksWaitForAFreeSlot) {
  // One block an SM: the second block starts the cycle after the first's
  // EXIT. Each block: FADD, FADD on it, EXIT (0, 4, 5). The first ends at
  // 5, the second starts at 6 and exits at 11: 12 cycles.
  ReplayWarp warp;
  warp.lines = {alu(8, {}), alu(9, {8}), control(ReplayUnit::Exit)};
  EXPECT_EQ(replay(smallGpu(), {{warp}, {warp}}).cycles, 12u);
}

TEST(WarpReplay, RequestsOnDifferentSlicesDoNot) {
  // Lines 0 to 3: sets 0 to 3 of the L1's 8 (4096 bytes of 4-way 128-byte
  // lines), all looked up at 0; slices 0 to 3, each in front of a channel
  // of its own (64 channels): every sector is back at 375. FADD 375, EXIT
  // 376: 377 cycles.
  ReplayWarp warp = loadAndRead({0, 1, 2, 3});
  ReplayParameters p = smallGpu();
  p.dramChannels = 64;
  EXPECT_EQ(replay(p, {{warp}}).cycles, 377u);
}

TEST(WarpReplay, LinesOfOneSetTakeACycleEach) {
  // Lines 0, 64, 128 and 192 are all in set 0 of the L1's 8: the tag stage
  // resolves one line of a set a cycle, at 0, 1, 2 and 3. They fold to
  // slices 0, 1, 2, 3 (64 >> 6 = 1, ...), each with a channel of its own:
  // back at 375 to 378. FADD 378, EXIT 379: 380 cycles.
  ReplayWarp warp = loadAndRead({0, 64, 128, 192});
  ReplayParameters p = smallGpu();
  p.dramChannels = 64;
  EXPECT_EQ(replay(p, {{warp}}).cycles, 380u);
}

TEST(WarpReplay, AWarpEndsWhenItsStoresAreAcknowledged) {
  // An STG at 0: the slice takes its sector at 0 and acknowledges it 193
  // later; EXIT issues at 1, but the warp ends at 193: 194 cycles.
  ReplayWarp warp;
  ReplayLine store = load(warp, NoRegister, {0});
  store.store = true;
  warp.lines.push_back(store);
  warp.lines.push_back(control(ReplayUnit::Exit));
  EXPECT_EQ(replay(smallGpu(), {{warp}}).cycles, 194u);
}

TEST(WarpReplay, OpcodesRunOnTheirUnits) {
  EXPECT_EQ(unitOfOpcode("FFMA"), ReplayUnit::Fp32);
  EXPECT_EQ(unitOfOpcode("HFMA2"), ReplayUnit::Fp32);
  EXPECT_EQ(unitOfOpcode("IMAD"), ReplayUnit::Int);
  EXPECT_EQ(unitOfOpcode("DFMA"), ReplayUnit::Fp64);
  EXPECT_EQ(unitOfOpcode("MUFU"), ReplayUnit::Quarter);
  EXPECT_EQ(unitOfOpcode("LDG.E.64"), ReplayUnit::Global);
  EXPECT_EQ(unitOfOpcode("STL"), ReplayUnit::Global);
  EXPECT_EQ(unitOfOpcode("ATOMG.E.ADD"), ReplayUnit::Atomic);
  EXPECT_EQ(unitOfOpcode("ATOMS.ADD"), ReplayUnit::Shared);
  EXPECT_EQ(unitOfOpcode("LDC"), ReplayUnit::Constant);
  EXPECT_EQ(unitOfOpcode("BAR.SYNC"), ReplayUnit::Barrier);
  EXPECT_EQ(unitOfOpcode("EXIT"), ReplayUnit::Exit);
  EXPECT_EQ(unitOfOpcode("SHFL"), ReplayUnit::Warp);
}

// The V100's slices from its preset: noc.bandwidthGBps 3133 at 1530 MHz is
// 3133 / 1.53 = 2047.7 bytes a cycle, 63.99 sectors of 32 bytes over 64
// slices (l2.partitions is not given) = 0.99987 a slice; a switch of FIFO
// inputs feeds each 2 - sqrt(2) = 0.585786 of it: 0.58571 sectors a cycle.
TEST(WarpReplay, SlicesTakeWhatASwitchOfFifoInputsFeedsThem) {
  llvm::Expected<gpurd::arch::ArchDescription> arch =
      gpurd::arch::loadPreset("volta-v100");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  llvm::Expected<ReplayParameters> p = replayParameters(*arch, 256, 0);
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->l2Slices, 64u);
  EXPECT_NEAR(p->sliceSectorsPerCycle, 0.58571, 1e-5);
}

} // namespace
