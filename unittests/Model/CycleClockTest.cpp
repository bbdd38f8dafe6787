//===- CycleClockTest.cpp - The model's time in core cycles ---------------===//
//
// Clock::Cycles on hand-worked timelines: a warp instruction's line requests
// at the L1's requestsPerCycle, the instructions before a memory instruction
// at the schedulers' issue rate, hits after l1.hitLatency, misses after the
// L2's or DRAM's latency. Every expected time is worked out in the comments.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "CacheLevel.h"
#include "Engines.h"

namespace gpurd::model::test {
namespace {

/// One SM with \p schedulers schedulers issuing one instruction a cycle; a
/// fully associative L1 of 16 lines taking 2 line requests a cycle, hits in
/// 10 cycles; L2 hits 50 cycles, DRAM 100 (no L2 is modelled here, so every
/// L1 miss takes DRAM's 100); a fixed latency model (no spread).
arch::ArchDescription cycleArch(unsigned schedulers) {
  arch::ArchDescription arch = oneSmArch("cycles");
  arch.sm.warpSchedulers = schedulers;
  arch.sm.issueWidth = 1;
  arch.l1 = cache(16, 128, 0);
  arch.l1->latencyModel = fixedLatency(0);
  arch.l1->mshr = mshrs(64);
  arch.l1->hitLatency = 10;
  arch.l1->requestsPerCycle = 2;
  arch.l2 = cache(64, 128, 0);
  arch.l2->hitLatency = 50;
  arch.dram.emplace();
  arch.dram->minLatency = 100;
  return arch;
}

CacheModelOptions cycleOptions(Recorder &recorder) {
  CacheModelOptions options;
  options.engine = ExecutionEngine::WarpQueue;
  options.clock = Clock::Cycles;
  options.l2 = L2Mode::Off;
  options.observer = &recorder;
  return options;
}

// One warp: 3 instructions, a load of 4 lines (32 lanes x 16 bytes = 512
// bytes), 5 instructions, the same load again.
//  - The 3 instructions issue at cycles 0, 1, 2: the load starts at 3; its
//    4 requests go 2 a cycle: cycles 3, 3, 4, 4. All miss: effects at
//    3 + 100 = 103, 103, 104, 104.
//  - The warp waits for its data (104), then issues 5 instructions: 104 to
//    108; the second load at 109, 109, 110, 110. All hit (the fills landed
//    at 103 and 104): effects at 119, 119, 120, 120.
TEST(CycleClockTest, RequestsPerCycleInstructionsAndLatencies) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  trace::WarpInstruction load = fullWarp(0, 16, trace::AccessKind::Read, 0, 16);
  load.instructionsBefore = 3;
  trace::WarpInstruction again = load;
  again.instructionsBefore = 5;
  kernel.warp(0, 0).instructions = {load, again};
  Recorder recorder;
  CacheModelResults r = run(cycleArch(1), kernel, cycleOptions(recorder));
  EXPECT_EQ(r.execution.clock, "cycles");
  ASSERT_EQ(recorder.requests.size(), 8u);
  const uint64_t times[] = {3, 3, 4, 4, 109, 109, 110, 110};
  const uint64_t effects[] = {103, 103, 104, 104, 119, 119, 120, 120};
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(recorder.requests[i].time, times[i]) << "request " << i;
    EXPECT_EQ(recorder.requests[i].effectTime, effects[i]) << "request " << i;
    EXPECT_EQ(recorder.requests[i].status,
              i < 4 ? RequestStatus::Miss : RequestStatus::Hit);
  }
}

// Two warps, 4 instructions each before a one-line load. On one scheduler
// warp 0's issue at cycles 0-3 and warp 1's at 4-7: the loads at 4 and 8.
// On two schedulers both are ready at 4; the L1 takes one instruction at a
// time, a new one each cycle: warp 0's load at 4, warp 1's at 5.
TEST(CycleClockTest, SchedulersShareTheirIssueSlots) {
  HandKernel kernel;
  kernel.launch.block = {64, 1, 1};
  for (unsigned w = 0; w < 2; ++w) {
    trace::WarpInstruction load = lane0(w * 128);
    load.instructionsBefore = 4;
    kernel.warp(0, w).instructions = {load};
  }
  for (auto [schedulers, second] : {std::pair{1u, 8u}, std::pair{2u, 5u}}) {
    Recorder recorder;
    run(cycleArch(schedulers), kernel, cycleOptions(recorder));
    ASSERT_EQ(recorder.requests.size(), 2u);
    EXPECT_EQ(recorder.requests[0].time, 4u) << schedulers;
    EXPECT_EQ(recorder.requests[1].time, second) << schedulers;
  }
}

// Clock::Requests on the same kernel: one stamp per request, non-memory
// instructions not counted, the latency model's units (fixed 0 here).
TEST(CycleClockTest, RequestsClockIgnoresCycleFigures) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  trace::WarpInstruction load = fullWarp(0, 16, trace::AccessKind::Read, 0, 16);
  load.instructionsBefore = 3;
  kernel.warp(0, 0).instructions = {load};
  Recorder recorder;
  CacheModelOptions options = cycleOptions(recorder);
  options.clock = Clock::Requests;
  CacheModelResults r = run(cycleArch(1), kernel, options);
  EXPECT_EQ(r.execution.clock, "requests");
  ASSERT_EQ(recorder.requests.size(), 4u);
  for (size_t i = 0; i < 4; ++i)
    EXPECT_EQ(recorder.requests[i].time, i);
}

// Clock::Auto takes cycles only when the arch gives every figure; without
// l1.requestsPerCycle it keeps requests and says why; Clock::Cycles then is
// an error naming the field.
TEST(CycleClockTest, AutoNeedsEveryFigure) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {lane0(0)};
  arch::ArchDescription arch = cycleArch(1);
  arch.l1->requestsPerCycle.reset();
  Recorder recorder;
  CacheModelOptions options = cycleOptions(recorder);
  options.clock = Clock::Auto;
  CacheModelResults r = run(arch, kernel, options);
  EXPECT_EQ(r.execution.clock, "requests");
  bool noted = false;
  for (const std::string &note : r.notes)
    noted |= note.find("l1.requestsPerCycle") != std::string::npos;
  EXPECT_TRUE(noted);
  options.clock = Clock::Cycles;
  llvm::Expected<CacheModelResults> failed =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_FALSE(bool(failed));
  EXPECT_NE(llvm::toString(failed.takeError()).find("l1.requestsPerCycle"),
            std::string::npos);
}

// An L1 miss's latency in cycles: the L2 serves the share h of its hit rate
// so far at its hit latency, DRAM the rest: with 50 and 100 cycles and
// h = 0.25, 0.25 * 50 + 0.75 * 100 = 87.5, rounded to 88; h = 1 gives 50;
// without an L2, 100. A half-normal model adds its spread on top (>= base).
TEST(CycleClockTest, MissLatencyFollowsTheL2HitRate) {
  CacheLevelConfig config;
  config.lineSize = 128;
  config.assoc = 4;
  CacheLevel level(config, 1, 0, ProfileSettings{}, 0, nullptr);
  double h = 0.25;
  LatencyConfig latency;
  latency.kind = arch::LatencyModelKind::Fixed;
  latency.cyclesFromL2 = true;
  latency.l2HitCycles = 50;
  latency.dramCycles = 100;
  latency.l2HitRate = &h;
  LatencySampler sampler(latency);
  EXPECT_EQ(sampler.miss(level), 88u);
  h = 1;
  EXPECT_EQ(sampler.miss(level), 50u);
  latency.l2HitRate = nullptr;
  EXPECT_EQ(LatencySampler(latency).miss(level), 100u);
  latency.kind = arch::LatencyModelKind::HalfNormal;
  latency.sigma = 5;
  LatencySampler spread(latency);
  for (int i = 0; i < 100; ++i)
    EXPECT_GE(spread.miss(level), 100u);
}

} // namespace
} // namespace gpurd::model::test
