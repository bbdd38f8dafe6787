//===- CacheModelTest.cpp - Features of the GPU cache model ---------------===//
//
// MSHR limits and reservation-failure policies, warp delays, latency models,
// write-evict and bypass policies, miss classification, the L2 behind the
// L1s, block mappings and occupancy, sampling, reuse profiles, errors and
// determinism.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Model/WarpRequests.h"

#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/ExecutionModel.h"

#include <cmath>
#include <random>
#include <set>

using namespace gpurd;
using namespace gpurd::model;
using namespace gpurd::model::test;

namespace {

arch::ArchDescription smallArch(unsigned lines = 64, unsigned assoc = 0,
                                unsigned mshrEntries = 64) {
  arch::ArchDescription arch = oneSmArch("small");
  arch.l1 = cache(lines, 128, assoc);
  arch.l1->latencyModel = conditionalLatency(0, 10);
  arch.l1->mshr = mshrs(mshrEntries);
  return arch;
}

/// One warp whose instruction touches \p lines distinct lines.
trace::WarpInstruction spread(unsigned lines, uint64_t base = 0) {
  trace::WarpInstruction in;
  in.size = 4;
  for (unsigned l = 0; l < lines; ++l) {
    in.activeMask |= 1u << l;
    in.addresses[l] = base + l * 128;
  }
  return in;
}

std::string errorOf(const arch::ArchDescription &arch, const HandKernel &kernel,
                    const CacheModelOptions &options = {}) {
  llvm::Expected<CacheModelResults> r =
      runCacheModel(arch, kernel.input(), options);
  if (r)
    return "";
  return llvm::toString(r.takeError());
}

HandKernel oneLoad() {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions.push_back(lane0(0));
  return kernel;
}

TEST(CacheModelTest, MissingFieldsAreNamed) {
  arch::ArchDescription arch = smallArch();
  arch.name = "volta-v100";
  arch.l1->mshr->entries.reset();
  EXPECT_EQ(errorOf(arch, oneLoad()),
            "arch 'volta-v100' has no l1.mshr.entries; the cache model needs "
            "it (set it with {{input:set l1.mshr.entries=N}})");
  arch = smallArch();
  arch.l1->latencyModel.reset();
  EXPECT_NE(errorOf(arch, oneLoad()).find("has no l1.latencyModel"),
            std::string::npos);
  arch = smallArch();
  arch.l1->latencyModel = arch::LatencyModel{};
  arch.l1->latencyModel->kind = arch::LatencyModelKind::HalfNormal;
  arch.l1->latencyModel->lambdaMin = 100;
  EXPECT_EQ(errorOf(arch, oneLoad()),
            "arch 'small' has no l1.latencyModel.sigma; the cache model needs "
            "it (set it with {{input:set l1.latencyModel.sigma=N}})");
  // The presets without a complete L1.
  llvm::Expected<arch::ArchDescription> fermi =
      arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(fermi));
  fermi->l1->assoc.reset();
  EXPECT_EQ(errorOf(*fermi, oneLoad()),
            "arch 'fermi-gtx470' has no l1.assoc; the cache model needs it "
            "(set it with {{input:set l1.assoc=WAYS}})");
  llvm::Expected<arch::ArchDescription> kepler = arch::loadPreset("kepler-k80");
  ASSERT_TRUE(bool(kepler));
  EXPECT_NE(errorOf(*kepler, oneLoad()).find("has no l1.size"),
            std::string::npos);
}

TEST(CacheModelTest, IncompleteL2IsANoteOrAnError) {
  arch::ArchDescription arch = smallArch();
  arch.l2 = arch::CacheDescription{};
  arch.l2->size = 1 << 20;
  CacheModelResults results = run(arch, oneLoad());
  EXPECT_FALSE(results.l2Modelled);
  bool noted = false;
  for (const std::string &note : results.notes)
    noted |= note.find("the L2 is not modelled: arch 'small' has no "
                       "l2.lineSize") != std::string::npos;
  EXPECT_TRUE(noted);
  CacheModelOptions options;
  options.l2 = L2Mode::On;
  EXPECT_NE(errorOf(arch, oneLoad(), options).find("has no l2.lineSize"),
            std::string::npos);
}

// seed 000 §5.2: a warp may hold at most 6 entries.
TEST(CacheModelTest, PerWarpMshrLimit) {
  arch::ArchDescription arch = smallArch();
  arch.l1->mshr->perWarp = 6;
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions.push_back(spread(10));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  CacheModelResults results = run(arch, kernel, options);
  unsigned most = 0;
  for (const RequestEvent &e : recorder.requests)
    most = std::max(most, e.mshrsUsedAfter);
  EXPECT_EQ(most, 6u);
  EXPECT_EQ(results.l1.mshrAllocations, 10u);
  EXPECT_EQ(results.l1.readAccesses, 10u);
  EXPECT_GE(results.l1.reservationFailures, 4u);
}

TEST(CacheModelTest, MaxMergesPerEntry) {
  arch::ArchDescription arch = smallArch();
  arch.l1->mshr->maxMerges = 1;
  HandKernel kernel;
  kernel.launch.block = {96, 1, 1};
  for (unsigned w = 0; w < 3; ++w)
    kernel.warp(0, w).instructions.push_back(lane0(256));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  options.delayWarpsByLatency = false;
  CacheModelResults results = run(arch, kernel, options);
  ASSERT_GE(recorder.requests.size(), 3u);
  EXPECT_EQ(recorder.requests[0].status, RequestStatus::Miss);
  EXPECT_EQ(recorder.requests[1].status, RequestStatus::LatencyMiss);
  EXPECT_EQ(recorder.requests[2].status, RequestStatus::ReservationFailure);
  EXPECT_EQ(results.l1.mshrMerges, 1u);
  EXPECT_DOUBLE_EQ(results.l1.mshrMergeRate(), 0.5);
}

// Seed 000 reissues a failed request (every turn of the warp), seed 001 stalls
// the warp until its outstanding requests are served.
TEST(CacheModelTest, ReissueAndStallPolicies) {
  for (auto policy : {arch::ReservationFailurePolicy::Reissue,
                      arch::ReservationFailurePolicy::StallWarp}) {
    arch::ArchDescription arch = smallArch(64, 0, 1);
    arch.l1->mshr->reservationFailure = policy;
    HandKernel kernel;
    kernel.launch.block = {32, 1, 1};
    kernel.warp(0, 0).instructions.push_back(spread(2));
    Recorder recorder;
    CacheModelOptions options;
    options.observer = &recorder;
    CacheModelResults results = run(arch, kernel, options);
    // The first line misses at 0 and fills at 10 (end of time stamp 10).
    ASSERT_EQ(recorder.requests.front().effectTime, 10u);
    const RequestEvent &last = recorder.requests.back();
    EXPECT_EQ(last.status, RequestStatus::Miss);
    if (policy == arch::ReservationFailurePolicy::Reissue) {
      // Retried at every time stamp 1..10, served at 11.
      EXPECT_EQ(results.l1.reservationFailures, 10u);
      EXPECT_EQ(last.time, 11u);
    } else {
      // Fails once at 1, then waits for its entry to be served.
      EXPECT_EQ(results.l1.reservationFailures, 1u);
      EXPECT_EQ(last.time, 11u);
    }
  }
}

// seed 000 §4.5: a warp returns to the queue after its request's latency.
TEST(CacheModelTest, WarpDelays) {
  arch::ArchDescription arch = smallArch();
  HandKernel kernel;
  kernel.launch.block = {64, 1, 1};
  // Warp 0: a miss, then the same line again. Warp 1: a miss on another line,
  // then that line four more times.
  kernel.warp(0, 0).instructions = {lane0(0), lane0(4)};
  for (int i = 0; i < 5; ++i)
    kernel.warp(0, 1).instructions.push_back(lane0(4096 + 4 * i));
  for (bool delay : {false, true}) {
    Recorder recorder;
    CacheModelOptions options;
    options.observer = &recorder;
    options.delayWarpsByLatency = delay;
    run(arch, kernel, options);
    std::vector<uint64_t> warps, times;
    std::vector<RequestStatus> statuses;
    for (const RequestEvent &e : recorder.requests) {
      warps.push_back(e.warp);
      times.push_back(e.time);
      statuses.push_back(e.status);
    }
    EXPECT_EQ(warps, (std::vector<uint64_t>{0, 1, 0, 1, 1, 1, 1}));
    if (!delay) {
      // Round robin: the second requests find their lines in flight.
      EXPECT_EQ(times, (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6}));
      EXPECT_EQ(statuses[2], RequestStatus::LatencyMiss);
      EXPECT_EQ(statuses[3], RequestStatus::LatencyMiss);
    } else {
      // Each warp waits for its miss (10 steps); the fills have landed.
      EXPECT_EQ(times, (std::vector<uint64_t>{0, 1, 10, 11, 12, 13, 14}));
      EXPECT_EQ(statuses[2], RequestStatus::Hit);
      EXPECT_EQ(statuses[3], RequestStatus::Hit);
    }
  }
}

// seed 000 §4.2: misses take lambda_min + |N(0, sigma^2)|.
TEST(CacheModelTest, HalfNormalLatencies) {
  arch::ArchDescription arch = smallArch(4096, 4, 1 << 16);
  arch.l1->latencyModel = arch::LatencyModel{};
  arch.l1->latencyModel->kind = arch::LatencyModelKind::HalfNormal;
  arch.l1->latencyModel->hit = 0;
  arch.l1->latencyModel->lambdaMin = 100;
  arch.l1->latencyModel->sigma = 20;
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  for (unsigned i = 0; i < 4000; ++i)
    kernel.warp(0, 0).instructions.push_back(lane0(uint64_t(i) * 128));
  auto latencies = [&](uint64_t seed) {
    Recorder recorder;
    CacheModelOptions options;
    options.observer = &recorder;
    options.seed = seed;
    run(arch, kernel, options);
    std::vector<uint64_t> out;
    for (const RequestEvent &e : recorder.requests)
      out.push_back(*e.latency);
    return out;
  };
  std::vector<uint64_t> a = latencies(1), b = latencies(1), c = latencies(2);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  double sum = 0;
  for (uint64_t l : a) {
    EXPECT_GE(l, 100u);
    sum += double(l);
  }
  // E|N(0, s^2)| = s sqrt(2 / pi) = 15.96; the standard error of the mean
  // of 4000 samples is below 0.2.
  EXPECT_NEAR(sum / a.size(), 100 + 20 * std::sqrt(2 / M_PI), 1.0);
}

// seed 001 §4.4.1: K1 + K2 * #MSHR_busy * #active_SMs / L2P.
TEST(CacheModelTest, AdaptiveLatency) {
  arch::ArchDescription arch = smallArch();
  arch.sm.count = 8;
  arch.l1->latencyModel = arch::LatencyModel{};
  arch.l1->latencyModel->kind = arch::LatencyModelKind::Adaptive;
  arch.l1->latencyModel->k1 = 2;
  arch.l1->latencyModel->k2 = 0.25;
  arch.l2 = cache(1024, 128, 8);
  arch.l2->partitions = 2;
  arch.l2->banks = 2;
  HandKernel kernel;
  kernel.launch.grid = {8, 1, 1}; // one block per SM: 8 active SMs
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions.push_back(spread(12));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  options.sms = {0};
  options.engine = ExecutionEngine::WarpQueue;
  CacheModelResults results = run(arch, kernel, options);
  EXPECT_EQ(results.sampling.activeSms, 8u);
  unsigned checked = 0;
  bool sawBusy = false;
  for (const RequestEvent &e : recorder.requests) {
    if (e.status != RequestStatus::Miss)
      continue;
    double expected = 2 + 0.25 * e.mshrsUsedBefore * 8 / 4.0;
    EXPECT_EQ(*e.latency, uint64_t(std::llround(expected)));
    sawBusy |= e.mshrsUsedBefore > 1;
    ++checked;
  }
  EXPECT_EQ(checked, 12u);
  EXPECT_TRUE(sawBusy);
}

// seed 001 §3.1: a write hit evicts; the next read misses (invalidation).
TEST(CacheModelTest, WriteEvict) {
  arch::ArchDescription arch = smallArch();
  arch.l2 = cache(1024, 32, 8);
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {fullWarp(0, 4), fullWarp(0, 4),
                                    fullWarp(0, 4, trace::AccessKind::Write),
                                    fullWarp(0, 4)};
  CacheModelResults results = run(arch, kernel);
  EXPECT_EQ(results.l1.readAccesses, 3u);
  EXPECT_EQ(results.l1.readHits, 1u);
  EXPECT_EQ(results.l1.writeAccesses, 1u);
  EXPECT_EQ(results.l1.writeHits, 1u);
  EXPECT_EQ(results.l1.readMissCount(MissClass::Compulsory), 1u);
  EXPECT_EQ(results.l1.readMissCount(MissClass::Invalidation), 1u);
  // The L2 (32-byte lines) gets the two 128-byte fills and the write.
  EXPECT_EQ(results.transactions.l2Reads, 8u);
  EXPECT_EQ(results.transactions.l2Writes, 4u);
  EXPECT_EQ(results.l2.writeAccesses, 4u);
  // The second fill hits in the L2.
  EXPECT_EQ(results.l2.readHits, 4u);
  EXPECT_EQ(results.transactions.dramReads, 4u);
}

// seed 001 Table 2 bypass policies.
TEST(CacheModelTest, BypassPolicies) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {fullWarp(0, 4, trace::AccessKind::Write),
                                    fullWarp(0, 4), fullWarp(0, 4)};
  {
    // RWON: the L1 is off; everything goes to the L2.
    arch::ArchDescription arch = smallArch();
    arch.l1->bypass = arch::BypassPolicy::ReadsAndWrites;
    arch.l2 = cache(1024, 128, 8);
    CacheModelResults results = run(arch, kernel);
    EXPECT_EQ(results.l1.readAccesses, 0u);
    EXPECT_EQ(results.l1.bypassed, 3u);
    EXPECT_EQ(results.transactions.l2Reads, 2u);
    EXPECT_EQ(results.transactions.l2Writes, 1u);
    EXPECT_EQ(results.l2.readHits, 2u); // the write allocated (write-back)
  }
  {
    // OFF with a write-back, write-allocate L1: the write allocates, both
    // reads hit, nothing reaches the L2.
    arch::ArchDescription arch = smallArch();
    arch.l1->bypass = arch::BypassPolicy::Off;
    arch.l1->writePolicy = arch::WritePolicy::WriteBack;
    arch.l1->writeAllocate = true;
    arch.l2 = cache(1024, 128, 8);
    CacheModelResults results = run(arch, kernel);
    EXPECT_EQ(results.l1.readHits, 2u);
    EXPECT_EQ(results.transactions.l2Writes, 0u);
    EXPECT_EQ(results.transactions.l2Reads, 0u);
  }
  {
    // WON (the default): the write goes past; the first read misses.
    arch::ArchDescription arch = smallArch();
    CacheModelResults results = run(arch, kernel);
    EXPECT_EQ(results.l1.readHits, 1u);
    EXPECT_EQ(results.l1.readMissCount(MissClass::Compulsory), 1u);
  }
}

// An L1 that does not cache plain global loads (-dlcm=cg) still caches the
// read-only path's: two reads of one 128-byte line (32 lanes x 4 bytes)
// through each path. Global: both go to the L2 (2 L2 read requests, 0 L1
// accesses); read-only: a compulsory miss, then a hit (1 L2 request).
TEST(CacheModelTest, ReadOnlyPathWhereGlobalLoadsBypass) {
  auto twoReads = [](trace::MemorySpace space) {
    HandKernel kernel;
    kernel.launch.block = {32, 1, 1};
    for (int i = 0; i < 2; ++i) {
      trace::WarpInstruction read = fullWarp(0, 4);
      read.space = space;
      kernel.warp(0, 0).instructions.push_back(read);
    }
    return kernel;
  };
  arch::ArchDescription arch = smallArch();
  arch.l1->cachesGlobalLoads = false;
  arch.l2 = cache(1024, 128, 8);
  CacheModelResults global = run(arch, twoReads(trace::MemorySpace::Global));
  EXPECT_EQ(global.l1.readAccesses, 0u);
  EXPECT_EQ(global.l1.bypassed, 2u);
  EXPECT_EQ(global.transactions.l2Reads, 2u);
  CacheModelResults readOnly =
      run(arch, twoReads(trace::MemorySpace::GlobalReadOnly));
  EXPECT_EQ(readOnly.l1.readAccesses, 2u);
  EXPECT_EQ(readOnly.l1.readHits, 1u);
  EXPECT_EQ(readOnly.transactions.l2Reads, 1u);
  // An L1 that caches global loads treats both paths alike.
  arch.l1->cachesGlobalLoads = true;
  EXPECT_EQ(run(arch, twoReads(trace::MemorySpace::Global)).l1.readHits, 1u);
}

// Seed 001's steps: a warp's reads that bypass the L1 (RWON) issue one
// step apart, as its cached reads do, so the L2 sees the four lanes-0 reads
// at steps 0, 1, 2 and 3, not all at once.
TEST(CacheModelTest, BypassedReadsTakeTheirSteps) {
  arch::ArchDescription arch = smallArch();
  arch.l1->bypass = arch::BypassPolicy::ReadsAndWrites;
  arch.l2 = cache(4096, 128, 8);
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  for (uint64_t line = 0; line < 4; ++line)
    kernel.warp(0, 0).instructions.push_back(lane0(line * 128));
  Recorder recorder;
  CacheModelOptions options;
  options.engine = ExecutionEngine::ParallelSteps;
  options.observer = &recorder;
  options.l2 = L2Mode::On;
  CacheModelResults results = run(arch, kernel, options);
  EXPECT_EQ(results.l1.bypassed, 4u);
  ASSERT_EQ(recorder.l2Requests.size(), 4u);
  for (uint64_t i = 0; i < 4; ++i)
    EXPECT_EQ(recorder.l2Requests[i].time, i);
}

// The 3C split: a 2-way... a direct-mapped cache of 2 lines misses on lines 0
// and 2 (same set) where a fully associative one would hit: associativity;
// three lines cycling through 2 fully associative lines: capacity.
TEST(CacheModelTest, MissClasses) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  for (int i = 0; i < 4; ++i)
    for (uint64_t line : {0, 2})
      kernel.warp(0, 0).instructions.push_back(lane0(line * 128));
  arch::ArchDescription direct = smallArch(2, 1);
  direct.l1->latencyModel = fixedLatency(0);
  CacheModelResults a = run(direct, kernel);
  EXPECT_EQ(a.l1.readMissCount(MissClass::Compulsory), 2u);
  EXPECT_EQ(a.l1.readMissCount(MissClass::Associativity), 6u);
  EXPECT_EQ(a.l1.readMissCount(MissClass::Capacity), 0u);
  // Each repeat finds the other line used since: per-set distance 1, not
  // below the 1 way, below 2: a cache with twice the ways would hit.
  EXPECT_EQ(a.l1.nearCapacityMisses, 6u);
  CacheModelOptions steps;
  steps.engine = ExecutionEngine::ParallelSteps;
  EXPECT_EQ(run(direct, kernel, steps).l1.nearCapacityMisses, 6u);

  HandKernel cycle;
  cycle.launch.block = {32, 1, 1};
  for (int i = 0; i < 3; ++i)
    for (uint64_t line : {0, 1, 2})
      cycle.warp(0, 0).instructions.push_back(lane0(line * 128));
  arch::ArchDescription fa = smallArch(2, 0);
  fa.l1->latencyModel = fixedLatency(0);
  CacheModelResults b = run(fa, cycle);
  EXPECT_EQ(b.l1.readMissCount(MissClass::Compulsory), 3u);
  EXPECT_EQ(b.l1.readMissCount(MissClass::Capacity), 6u);
  EXPECT_EQ(b.l1.readMissCount(MissClass::Associativity), 0u);
  // Distance 2 (the two other lines): below 4 = 2 x 2 ways.
  EXPECT_EQ(b.l1.nearCapacityMisses, 6u);

  // Five lines cycling through the 2 lines: distance 4, not below 4.
  HandKernel wide;
  wide.launch.block = {32, 1, 1};
  for (int i = 0; i < 2; ++i)
    for (uint64_t line : {0, 1, 2, 3, 4})
      wide.warp(0, 0).instructions.push_back(lane0(line * 128));
  CacheModelResults c = run(fa, wide);
  EXPECT_EQ(c.l1.readMissCount(MissClass::Capacity), 5u);
  EXPECT_EQ(c.l1.nearCapacityMisses, 0u);
}

// seed 001 Algorithm 1: the L2 is shared; the second SM's misses on the same
// lines hit in it, in the order the requests leave the L1s.
TEST(CacheModelTest, SharedL2) {
  arch::ArchDescription arch = smallArch();
  arch.sm.count = 2;
  arch.l2 = cache(1024, 128, 8);
  arch.l2->latencyModel = conditionalLatency(0, 20);
  HandKernel kernel;
  kernel.launch.grid = {2, 1, 1};
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions.push_back(fullWarp(0, 4));
  kernel.warp(1, 0).instructions.push_back(lane0(4096));
  kernel.warp(1, 0).instructions.push_back(fullWarp(0, 4));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  CacheModelResults results = run(arch, kernel, options);
  ASSERT_TRUE(results.l2Modelled);
  EXPECT_EQ(results.transactions.l2Reads, 3u);
  // SM 0's miss leaves at 0, SM 1's at 0 (line 32) and at 10 (line 0, after
  // its first load's latency): the last is a latency miss at the L2 (the
  // L2 fill for SM 0 comes at 19).
  ASSERT_EQ(recorder.l2Requests.size(), 3u);
  EXPECT_EQ(recorder.l2Requests[0].lineAddress, 0u);
  EXPECT_EQ(recorder.l2Requests[1].lineAddress, 4096u);
  EXPECT_EQ(recorder.l2Requests[2].lineAddress, 0u);
  EXPECT_EQ(recorder.l2Requests[2].status, RequestStatus::LatencyMiss);
  EXPECT_EQ(results.transactions.dramReads, 2u);
}

TEST(CacheModelTest, BlockMappings) {
  using arch::BlockMapping;
  EXPECT_EQ(blocksOfSm(BlockMapping::RoundRobin, 10, 4, 1, 0),
            (std::vector<uint64_t>{1, 5, 9}));
  EXPECT_EQ(blocksOfSm(BlockMapping::Partition4, 20, 2, 1, 0),
            (std::vector<uint64_t>{4, 5, 6, 7, 12, 13, 14, 15}));
  EXPECT_EQ(blocksOfSm(BlockMapping::Partition8, 20, 2, 0, 0),
            (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19}));
  std::multiset<uint64_t> all;
  for (unsigned sm = 0; sm < 3; ++sm) {
    std::vector<uint64_t> blocks =
        blocksOfSm(BlockMapping::Random, 50, 3, sm, 9);
    EXPECT_EQ(blocks, blocksOfSm(BlockMapping::Random, 50, 3, sm, 9));
    all.insert(blocks.begin(), blocks.end());
  }
  EXPECT_EQ(all.size(), 50u);
  EXPECT_EQ(std::set<uint64_t>(all.begin(), all.end()).size(), 50u);
  EXPECT_NE(blocksOfSm(BlockMapping::Random, 50, 3, 0, 9),
            blocksOfSm(BlockMapping::Random, 50, 3, 0, 10));
}

// seed 001 Algorithm 3 (MAXCB, MAXCW) and the thread and shared-memory
// limits (seed 000 §4.1).
TEST(CacheModelTest, Occupancy) {
  llvm::Expected<arch::ArchDescription> fermi =
      arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(fermi));
  auto blocks = [&](uint64_t threads, uint64_t shared) {
    llvm::Expected<unsigned> n = activeBlocksPerSm(*fermi, threads, shared);
    EXPECT_TRUE(bool(n));
    return n ? *n : 0u;
  };
  EXPECT_EQ(blocks(64, 0), 8u);      // maxBlocksPerSm
  EXPECT_EQ(blocks(256, 0), 6u);     // 1536 threads, 48 warps
  EXPECT_EQ(blocks(256, 16384), 3u); // 48 KB shared
  EXPECT_EQ(blocks(1024, 0), 1u);
  // Shared memory in 128-byte units (CUDA Occupancy Calculator, compute
  // capability 2.0): 9800 B takes 77 x 128 = 9856 B, and 5 x 9856 = 49280 B
  // pass the 49152 B an SM has (5 x 9800 = 49000 B would not).
  EXPECT_EQ(blocks(64, 9800), 4u);
  llvm::Expected<unsigned> none = activeBlocksPerSm(*fermi, 2048, 0);
  ASSERT_FALSE(bool(none));
  EXPECT_EQ(llvm::toString(none.takeError()),
            "a block does not fit on an SM of arch 'fermi-gtx470': it needs "
            "64 against sm.maxWarpsPerSm = 48");
}

// Compute capability 8.0: CUDA reserves 1 KB of each block's shared memory
// (NVIDIA Ampere GPU Architecture Tuning Guide), which counts against the
// SM's 164 KB.
TEST(CacheModelTest, OccupancyCountsTheSharedMemoryCudaReserves) {
  llvm::Expected<arch::ArchDescription> a100 = arch::loadPreset("ampere-a100");
  ASSERT_TRUE(bool(a100));
  EXPECT_EQ(allocatedSharedBytes(*a100, 0), 1024u);
  EXPECT_EQ(allocatedSharedBytes(*a100, 1), 128u + 1024);
  EXPECT_EQ(allocatedSharedBytes(*a100, 32768), 33792u);
  // 167936 / 33792 = 4.97: 4 blocks of 32 KB, where 167936 / 32768 = 5.1
  // would give 5.
  llvm::Expected<unsigned> n = activeBlocksPerSm(*a100, 64, 32768);
  ASSERT_TRUE(bool(n));
  EXPECT_EQ(*n, 4u);
}

TEST(CacheModelTest, SamplingScalesTheL2) {
  llvm::Expected<arch::ArchDescription> maxwell =
      arch::loadPreset("maxwell-gtx970");
  ASSERT_TRUE(bool(maxwell));
  HandKernel kernel;
  kernel.launch.grid = {26, 1, 1};
  kernel.launch.block = {32, 1, 1};
  for (uint64_t b = 0; b < 26; ++b)
    kernel.warp(b, 0).instructions.push_back(fullWarp(b * 4096, 4));
  CacheModelOptions options;
  options.modelledSms = 2;
  CacheModelResults results = run(*maxwell, kernel, options);
  EXPECT_EQ(results.sampling.totalSms, 13u);
  EXPECT_EQ(results.sampling.activeSms, 13u);
  EXPECT_EQ(results.sampling.modelledSms, (std::vector<unsigned>{0, 6}));
  EXPECT_EQ(results.sampling.modelledBlocks, 4u);
  EXPECT_DOUBLE_EQ(results.sampling.scale, 26.0 / 4.0);
  // 1792 KB / 32 B / 14 banks / 8 ways = 512 sets per bank; 2/13 of them is
  // 78.8, rounded to a power of two for the XOR index: 64.
  EXPECT_EQ(results.sampling.l2SetsPerBankFull, 512u);
  EXPECT_EQ(results.sampling.l2SetsPerBank, 64u);
  EXPECT_EQ(results.sampling.l2MshrEntriesFull, 32u);
  EXPECT_EQ(results.sampling.l2MshrEntries, 5u);
  EXPECT_NE(results.sampling.description.find("2 of 13 SMs (0, 6), 4 of 26 "
                                              "blocks"),
            std::string::npos);
  EXPECT_EQ(results.execution.engine, "parallel-steps");
  EXPECT_EQ(results.l1.readAccesses, 4u * 4); // 128 bytes = 4 lines of 32
}

// seed 003 §IV-B: whole-kernel and interval profiles; with one warp and no
// latency the fully associative profile is the stack distances of the line
// stream in program order.
TEST(CacheModelTest, ReuseProfiles) {
  arch::ArchDescription arch = smallArch(4, 2, 64);
  arch.l1->latencyModel = fixedLatency(0);
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  std::mt19937_64 rng(3);
  std::vector<uint64_t> lines;
  for (int i = 0; i < 500; ++i) {
    uint64_t line = rng() % 40;
    lines.push_back(line);
    kernel.warp(0, 0).instructions.push_back(lane0(line * 128));
  }
  CacheModelOptions options;
  options.fullyAssociativeProfiles = true;
  options.profileInterval = 100;
  options.profileExactLimit = 8;
  CacheModelResults results = run(arch, kernel, options);
  ReuseProfile expected(8);
  for (uint64_t d : stackDistances(lines))
    expected.add(d);
  ASSERT_TRUE(results.l1Profiles.fullyAssociative.has_value());
  EXPECT_EQ(*results.l1Profiles.fullyAssociative, expected);
  EXPECT_EQ(results.l1Profiles.perSet.total(), 500u);
  ASSERT_EQ(results.l1Profiles.perSetIntervals.size(), 5u);
  ASSERT_EQ(results.l1Profiles.fullyAssociativeIntervals.size(), 5u);
  for (const ReuseProfile &p : results.l1Profiles.perSetIntervals)
    EXPECT_EQ(p.total(), 100u);
  // Per set (2 sets of 2 ways): a hit iff the per-set distance < 2.
  EXPECT_EQ(results.l1Profiles.perSet.countBelow(2), results.l1.readHits);
}

// seed 000 §4.4 Fig. 3, first row: 32 threads copying a 1024-wide matrix
// row by row (each thread a row, uncoalesced): round robin and the GPU both
// give 1/32 = 3.13% misses; the model, with its 64 MSHRs of which a warp
// may hold 6, must too (latency misses aside, which the profiler does not
// count).
TEST(CacheModelTest, Figure3FirstRow) {
  llvm::Expected<arch::ArchDescription> fermi =
      arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(fermi));
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  for (uint64_t j = 0; j < 1024; ++j)
    kernel.warp(0, 0).instructions.push_back(fullWarp(j * 4, 1024 * 4));
  CacheModelResults results = run(*fermi, kernel);
  EXPECT_EQ(results.l1.readAccesses, 32u * 1024);
  EXPECT_DOUBLE_EQ(results.l1.readMissRateWithoutLatencyMisses(), 1.0 / 32);
  EXPECT_GT(results.l1.reservationFailures, 0u);
}

TEST(CacheModelTest, Deterministic) {
  llvm::Expected<arch::ArchDescription> fermi =
      arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(fermi));
  fermi->l1->replacement = arch::ReplacementPolicy::Random;
  HandKernel kernel;
  kernel.launch.grid = {28, 1, 1};
  kernel.launch.block = {64, 1, 1};
  std::mt19937_64 rng(5);
  for (uint64_t b = 0; b < 28; ++b)
    for (unsigned w = 0; w < 2; ++w)
      for (int i = 0; i < 50; ++i)
        kernel.warp(b, w).instructions.push_back(
            fullWarp(rng() % (1 << 20) * 4, 4 * (1 + rng() % 64)));
  auto once = [&](uint64_t seed) {
    CacheModelOptions options;
    options.seed = seed;
    return run(*fermi, kernel, options);
  };
  CacheModelResults a = once(1), b = once(1), c = once(2);
  EXPECT_EQ(a.l1.readHits, b.l1.readHits);
  EXPECT_EQ(a.l1.readMisses, b.l1.readMisses);
  EXPECT_EQ(a.l1.reservationFailures, b.l1.reservationFailures);
  EXPECT_EQ(a.execution.timeSteps, b.execution.timeSteps);
  EXPECT_EQ(a.l1Profiles.perSet, b.l1Profiles.perSet);
  EXPECT_TRUE(a.l1.readHits != c.l1.readHits ||
              a.execution.timeSteps != c.execution.timeSteps);
}

// The engines' splitter (with its fast paths) gives the lines of the
// lane-by-lane reference.
TEST(CacheModelTest, LineSplittingMatchesTheCoalescer) {
  std::mt19937_64 rng(11);
  std::vector<LineRequestRef> mine;
  std::vector<LineRequestRef> theirs;
  for (int i = 0; i < 4000; ++i) {
    trace::WarpInstruction in;
    in.size = 1u << (rng() % 5);
    // Half of them coalesced or broadcast (all lanes in one or two lines),
    // with all lanes or some active.
    in.activeMask = i % 3 ? static_cast<uint32_t>(rng()) : ~0u;
    uint64_t base = rng() % (1 << 16);
    uint64_t stride = i % 2 ? rng() % 300 : rng() % 5;
    for (unsigned l = 0; l < trace::WarpSize; ++l)
      in.addresses[l] = rng() % 4 ? base + l * stride : rng() % (1 << 16);
    for (auto [line, sector] : {std::pair{128u, 0u}, {128u, 32u}, {32u, 0u}}) {
      splitIntoLines(in, line, sector, mine);
      splitIntoLinesPerLane(in, line, sector, theirs);
      ASSERT_EQ(mine.size(), theirs.size());
      for (size_t r = 0; r < mine.size(); ++r) {
        EXPECT_EQ(mine[r].lineNumber, theirs[r].lineNumber);
        EXPECT_EQ(mine[r].sectorMask, theirs[r].sectorMask);
      }
    }
  }
}

// The one-line fast paths of a sectored L1: broadcasts and full-warp
// unit-stride accesses get their sector masks from one range.
TEST(CacheModelTest, SectorMasksOfBroadcastsAndUnitStrides) {
  std::mt19937_64 rng(12);
  std::vector<LineRequestRef> mine;
  std::vector<LineRequestRef> theirs;
  for (int i = 0; i < 2000; ++i) {
    trace::WarpInstruction in;
    in.size = 1u << (rng() % 3); // 1, 2 or 4 bytes: 32 lanes fit a line
    in.activeMask = i % 5 ? ~0u : static_cast<uint32_t>(rng()) | 1u;
    uint64_t base = (rng() % 512) * in.size;
    bool broadcast = i % 2;
    for (unsigned l = 0; l < trace::WarpSize; ++l)
      in.addresses[l] = broadcast ? base : base + l * in.size;
    for (auto [line, sector] : {std::pair{128u, 32u}, {128u, 16u}}) {
      splitIntoLines(in, line, sector, mine);
      splitIntoLinesPerLane(in, line, sector, theirs);
      ASSERT_EQ(mine.size(), theirs.size()) << i;
      for (size_t r = 0; r < mine.size(); ++r) {
        EXPECT_EQ(mine[r].lineNumber, theirs[r].lineNumber) << i;
        EXPECT_EQ(mine[r].sectorMask, theirs[r].sectorMask) << i;
      }
    }
  }
}

// The fast paths of the splitter: lanes whose addresses ascend (strides
// below, at and above the line size, accesses straddling two lines, partial
// masks, the top of the address space) still give the coalescer's lines,
// order and sectors.
TEST(CacheModelTest, AscendingLanesSplitLikeTheCoalescer) {
  std::mt19937_64 rng(17);
  std::vector<LineRequestRef> mine;
  std::vector<LineRequestRef> theirs;
  const uint64_t strides[] = {0,  1,  4,   8,   12,  16,  32,
                              60, 64, 100, 128, 132, 256, 4096};
  for (int i = 0; i < 3000; ++i) {
    trace::WarpInstruction in;
    in.size = 1u << (rng() % 5);
    in.activeMask = i % 2 ? static_cast<uint32_t>(rng()) | 1u : ~0u;
    uint64_t stride = strides[rng() % std::size(strides)];
    uint64_t base =
        i % 50 ? rng() % (1 << 20) : ~uint64_t(0) - 40 * stride - 64;
    for (unsigned l = 0; l < trace::WarpSize; ++l)
      in.addresses[l] = base + l * stride + (i % 4 == 1 ? rng() % 3 : 0);
    for (auto [line, sector] :
         {std::pair{128u, 0u}, {128u, 32u}, {32u, 0u}, {64u, 16u}}) {
      splitIntoLines(in, line, sector, mine);
      splitIntoLinesPerLane(in, line, sector, theirs);
      ASSERT_EQ(mine.size(), theirs.size()) << i;
      for (size_t r = 0; r < mine.size(); ++r) {
        EXPECT_EQ(mine[r].lineNumber, theirs[r].lineNumber) << i;
        EXPECT_EQ(mine[r].sectorMask, theirs[r].sectorMask) << i;
      }
    }
  }
}

// With the L2 line size equal to the L1's, a write's L2 lines are its L1
// lines (prepareWarpRequests takes them from the L1 split); with another
// size they are split again. Both are what splitIntoLines gives.
TEST(CacheModelTest, WriteL2LinesAreSplitAtTheL2LineSize) {
  std::mt19937_64 rng(23);
  trace::WarpTrace warp;
  for (int i = 0; i < 200; ++i) {
    trace::WarpInstruction in =
        fullWarp(rng() % 4096 * 4, 4 * (rng() % 40), trace::AccessKind::Write);
    in.activeMask = i % 3 ? ~0u : static_cast<uint32_t>(rng()) | 1u;
    warp.instructions.push_back(in);
  }
  CacheLevelConfig l1;
  l1.lineSize = 128;
  l1.sectorSize = 32;
  l1.bypass = arch::BypassPolicy::Off;
  for (unsigned l2Line : {128u, 32u, 256u}) {
    WarpRequests out;
    RequestCounts counts;
    prepareWarpRequests(warp, l1, l2Line, out, counts);
    ASSERT_EQ(out.ops.size(), warp.instructions.size());
    std::vector<LineRequestRef> expected;
    for (size_t i = 0; i < out.ops.size(); ++i) {
      splitIntoLines(warp.instructions[i], l2Line, 0, expected);
      ASSERT_EQ(out.ops[i].l2Count, expected.size()) << l2Line << " " << i;
      for (size_t r = 0; r < expected.size(); ++r)
        EXPECT_EQ(out.l2Lines[out.ops[i].l2Begin + r], expected[r].lineNumber);
    }
  }
}

// A producer that hands the model one warp at a time (traceWarps) gives
// the same results as whole blocks (traceBlock), in both engines.
TEST(CacheModelTest, WarpByWarpTracesGiveTheSameResults) {
  std::mt19937_64 rng(29);
  HandKernel kernel;
  kernel.launch.grid = {20, 1, 1};
  kernel.launch.block = {96, 1, 1};
  for (uint64_t b = 0; b < 20; ++b)
    for (unsigned w = 0; w < 3; ++w)
      for (int i = 0; i < 30 + int(rng() % 20); ++i)
        kernel.warp(b, w).instructions.push_back(fullWarp(
            rng() % 2048 * 32, 4 << (rng() % 5),
            rng() % 6 ? trace::AccessKind::Read : trace::AccessKind::Write,
            static_cast<uint32_t>(rng() % 3)));
  for (const char *preset : {"fermi-gtx470", "maxwell-gtx970"}) {
    llvm::Expected<arch::ArchDescription> arch = arch::loadPreset(preset);
    ASSERT_TRUE(bool(arch));
    arch->sm.count = 3;
    KernelTraceInput blocks = kernel.input();
    KernelTraceInput warps = kernel.input();
    warps.traceWarps =
        [&](uint64_t block,
            llvm::function_ref<llvm::Error(const trace::WarpTrace &)> onWarp)
        -> llvm::Error {
      std::vector<trace::WarpTrace> traces;
      if (llvm::Error e = kernel.input().traceBlock(block, traces))
        return e;
      for (const trace::WarpTrace &trace : traces)
        if (llvm::Error e = onWarp(trace))
          return e;
      return llvm::Error::success();
    };
    llvm::Expected<CacheModelResults> a = runCacheModel(*arch, blocks, {});
    llvm::Expected<CacheModelResults> b = runCacheModel(*arch, warps, {});
    ASSERT_TRUE(bool(a) && bool(b));
    EXPECT_EQ(a->l1.readHits, b->l1.readHits) << preset;
    EXPECT_EQ(a->l1.readMisses, b->l1.readMisses) << preset;
    EXPECT_EQ(a->l1.writeAccesses, b->l1.writeAccesses) << preset;
    EXPECT_EQ(a->l2.readHits, b->l2.readHits) << preset;
    EXPECT_EQ(a->transactions.l2Writes, b->transactions.l2Writes) << preset;
    EXPECT_EQ(a->execution.timeSteps, b->execution.timeSteps) << preset;
    EXPECT_EQ(a->l1Profiles.perSet, b->l1Profiles.perSet) << preset;
    EXPECT_GT(a->l1.readAccesses, 0u);
  }
}

TEST(CacheModelTest, SkipsUnmodelledSpacesAndBarriers) {
  arch::ArchDescription arch = smallArch();
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  trace::WarpInstruction shared = fullWarp(0, 4);
  shared.space = trace::MemorySpace::Shared;
  trace::WarpInstruction barrier;
  barrier.kind = trace::AccessKind::Barrier;
  kernel.warp(0, 0).instructions = {shared, barrier, fullWarp(0, 4)};
  CacheModelResults results = run(arch, kernel);
  EXPECT_EQ(results.execution.warpInstructions, 1u);
  EXPECT_EQ(results.execution.skippedInstructions, 2u);
  EXPECT_EQ(results.l1.readAccesses, 1u);
}

} // namespace

namespace {

// seed 001 Algorithms 2 and 3: CB = min(BSM, MAXCB, floor(MAXCW / WpB))
// blocks per iteration; within an iteration, access number j, then block k,
// then groups l of n_scheduler warps, each group resolved before the next.
TEST(CacheModelTest, Algorithm2Order) {
  arch::ArchDescription arch = smallArch(1024, 0, 1 << 10);
  arch.sm.maxBlocksPerSm = 8;
  arch.sm.maxWarpsPerSm = 8; // WpB = 4: CB = floor(8 / 4) = 2
  arch.sm.warpSchedulers = 2;
  arch.l1->ports = 64;
  arch.l1->latencyModel = conditionalLatency(0, 2);
  HandKernel kernel;
  kernel.launch.grid = {3, 1, 1};
  kernel.launch.block = {128, 1, 1};
  for (uint64_t b = 0; b < 3; ++b)
    for (unsigned w = 0; w < 4; ++w)
      for (unsigned j = 0; j < 2; ++j)
        kernel.warp(b, w).instructions.push_back(
            lane0(((b * 4 + w) * 2 + j) * 128));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  CacheModelResults results = run(arch, kernel, options);
  EXPECT_EQ(results.execution.engine, "parallel-steps");
  EXPECT_EQ(results.execution.activeBlocksPerSm, 2u);
  // (step, block, warp, j) of every request.
  std::vector<std::tuple<uint64_t, uint64_t, unsigned, uint64_t>> order;
  for (const RequestEvent &e : recorder.requests)
    order.push_back({e.time, e.block, e.warp, e.lineAddress / 128 % 2});
  std::vector<std::tuple<uint64_t, uint64_t, unsigned, uint64_t>> expected;
  uint64_t step = 0;
  // Iteration 1: blocks 0 and 1; iteration 2: block 2 (Nitr = ceil(3 / 2)).
  for (std::vector<uint64_t> wave : {std::vector<uint64_t>{0, 1}, {2}})
    for (uint64_t j = 0; j < 2; ++j)
      for (uint64_t b : wave)
        for (unsigned l = 0; l < 2; ++l, ++step)
          for (unsigned w = 2 * l; w < 2 * l + 2; ++w)
            expected.push_back({step, b, w, j});
  EXPECT_EQ(order, expected);
}

// Observing the engines must not change what they compute.
TEST(CacheModelTest, ObserverDoesNotChangeResults) {
  std::mt19937_64 rng(21);
  HandKernel kernel;
  kernel.launch.grid = {12, 1, 1};
  kernel.launch.block = {128, 1, 1};
  for (uint64_t b = 0; b < 12; ++b)
    for (unsigned w = 0; w < 4; ++w)
      for (int i = 0; i < 40; ++i) {
        trace::WarpInstruction in = fullWarp(
            rng() % 4096 * 64, 4 << (rng() % 6),
            rng() % 5 ? trace::AccessKind::Read : trace::AccessKind::Write,
            static_cast<uint32_t>(rng() % 3));
        kernel.warp(b, w).instructions.push_back(in);
      }
  for (const char *preset : {"fermi-gtx470", "maxwell-gtx970"}) {
    llvm::Expected<arch::ArchDescription> arch = arch::loadPreset(preset);
    ASSERT_TRUE(bool(arch));
    arch->sm.count = 3;
    CacheModelOptions plain;
    plain.profileInterval = 64;
    CacheModelResults a = run(*arch, kernel, plain);
    Recorder recorder;
    CacheModelOptions observed = plain;
    observed.observer = &recorder;
    CacheModelResults b = run(*arch, kernel, observed);
    EXPECT_EQ(a.l1.readHits, b.l1.readHits) << preset;
    EXPECT_EQ(a.l1.readMisses, b.l1.readMisses) << preset;
    EXPECT_EQ(a.l1.reservationFailures, b.l1.reservationFailures) << preset;
    EXPECT_EQ(a.l2.readHits, b.l2.readHits) << preset;
    EXPECT_EQ(a.l2.readMisses, b.l2.readMisses) << preset;
    EXPECT_EQ(a.execution.timeSteps, b.execution.timeSteps) << preset;
    EXPECT_EQ(a.l1Profiles.perSet, b.l1Profiles.perSet) << preset;
    EXPECT_EQ(a.l1Profiles.perSetIntervals.size(),
              b.l1Profiles.perSetIntervals.size());
    EXPECT_GT(recorder.requests.size(), 0u);
    // Every access is reported once when it succeeds (both presets cache
    // global loads, so nothing bypasses the L1).
    uint64_t successful = 0;
    for (const RequestEvent &e : recorder.requests)
      successful += e.status != RequestStatus::ReservationFailure;
    EXPECT_EQ(a.l1.bypassed, 0u);
    EXPECT_EQ(successful, a.l1.readAccesses + a.l1.writeAccesses) << preset;
  }
}

// seed 001 §4.4.2: L2 partitions interleave lines, each bank has its own
// sets, and each partition's MSHR table is the one setOfPartition names.
TEST(CacheModelTest, L2PartitionsBanksAndMshrTables) {
  arch::ArchDescription arch = smallArch();
  arch.l2 = cache(7 * 2 * 64, 32, 8);
  arch.l2->partitions = 7;
  arch.l2->banks = 2;
  arch.l2->latencyModel = conditionalLatency(0, 50);
  arch.l2->mshr = mshrs(2);
  arch.l2->mshr->sets = 4;
  arch.l2->mshr->setOfPartition = {0, 0, 1, 1, 2, 2, 3};
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  // One warp reads 32 consecutive L2 lines (32 B) at once: 128-byte L1
  // lines, so 8 L1 misses of 4 L2 lines each.
  for (unsigned i = 0; i < 8; ++i)
    kernel.warp(0, 0).instructions.push_back(fullWarp(i * 128, 4));
  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  options.delayWarpsByLatency = false;
  CacheModelResults results = run(arch, kernel, options);
  ASSERT_EQ(results.transactions.l2Reads, 32u);
  for (const RequestEvent &e : recorder.l2Requests) {
    uint64_t line = e.lineAddress / 32;
    unsigned partition = line % 7;
    unsigned bank = (line / 7) % 2;
    EXPECT_EQ(e.bank, partition * 2 + bank) << line;
  }
  // Partitions 0 and 1 share table 0 with 2 entries: lines 0, 1, 7, 8, 14,
  // 15, ... compete for it, so some reservations fail; the single-partition
  // table 3 (partition 6: lines 6, 13, 20, 27) fails too with 4 lines.
  EXPECT_GT(results.l2.reservationFailures, 0u);
  EXPECT_EQ(results.l2.readAccesses, 32u);
  EXPECT_EQ(results.transactions.dramReads, 32u);
}

} // namespace

namespace {

// Random architectures, policies and kernels through both engines: every
// request is accounted exactly once at each level, and the runs end.
TEST(CacheModelTest, RandomConfigurationsConserveRequests) {
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 60; ++trial) {
    arch::ArchDescription arch = oneSmArch("random");
    arch.sm.count = 1 + rng() % 3;
    arch.sm.maxBlocksPerSm = 1 + rng() % 3;
    arch.sm.warpSchedulers = 1 + rng() % 4;
    unsigned lineSize = 32u << (rng() % 3);
    unsigned assoc = 1 + rng() % 4;
    unsigned sets = 1u << (rng() % 4);
    arch.l1 = cache(uint64_t(sets) * assoc, lineSize, assoc);
    if (rng() % 4 == 0) {
      arch.l1->banks = 2;
      arch.l1->size = *arch.l1->size * 2;
    }
    if (rng() % 2)
      arch.l1->ports = 1 + rng() % 3;
    if (rng() % 4 == 0) {
      arch.l1->partitions = 2;
      arch.l1->size = *arch.l1->size * 2;
    }
    arch.l1->replacement = static_cast<arch::ReplacementPolicy>(rng() % 4);
    arch.l1->writePolicy = static_cast<arch::WritePolicy>(rng() % 3);
    arch.l1->bypass = static_cast<arch::BypassPolicy>(rng() % 3);
    arch.l1->writeAllocate = rng() % 2;
    arch.l1->latencyModel = rng() % 2
                                ? conditionalLatency(rng() % 2, 1 + rng() % 20)
                                : fixedLatency(rng() % 5);
    arch.l1->mshr = mshrs(
        1 + rng() % 8, rng() % 2 ? arch::ReservationFailurePolicy::Reissue
                                 : arch::ReservationFailurePolicy::StallWarp);
    if (rng() % 2)
      arch.l1->mshr->perWarp = 1 + rng() % 3;
    if (rng() % 2)
      arch.l1->mshr->maxMerges = 1 + rng() % 3;
    arch.l2 = cache(256, 32u << (rng() % 3), 4);
    arch.l2->partitions = 1 + rng() % 2;
    arch.l2->size = *arch.l2->size * *arch.l2->partitions;
    if (rng() % 2)
      arch.l2->ports = 1 + rng() % 2;
    arch.l2->latencyModel = conditionalLatency(0, rng() % 30);
    arch.l2->mshr = mshrs(1 + rng() % 4);

    HandKernel kernel;
    kernel.launch.grid = {1 + rng() % 5, 1, 1};
    kernel.launch.block = {64, 1, 1};
    uint64_t l1Reads = 0, l1Writes = 0;
    const unsigned l1Line = lineSize;
    for (uint64_t b = 0; b < kernel.launch.grid[0]; ++b)
      for (unsigned w = 0; w < 2; ++w)
        for (int i = 0; i < 20; ++i) {
          trace::AccessKind kind =
              rng() % 4 ? trace::AccessKind::Read
                        : (rng() % 3 ? trace::AccessKind::Write
                                     : trace::AccessKind::ReadModifyWrite);
          trace::WarpInstruction in =
              fullWarp(rng() % 64 * 32, 4u << (rng() % 5), kind, rng() % 3);
          in.activeMask = rng() % 2 ? ~0u : static_cast<uint32_t>(rng()) | 1;
          kernel.warp(b, w).instructions.push_back(in);
          std::vector<LineRequestRef> lines;
          splitIntoLines(in, l1Line, 0, lines);
          (kind == trace::AccessKind::Read ? l1Reads : l1Writes) +=
              lines.size();
        }
    CacheModelOptions options;
    options.engine =
        rng() % 2 ? ExecutionEngine::WarpQueue : ExecutionEngine::ParallelSteps;
    options.seed = trial;
    options.clipLatencyMisses = rng() % 2;
    options.l2 = L2Mode::On;
    CacheModelResults r = run(arch, kernel, options);
    SCOPED_TRACE(trial);
    const CacheCounters &l1 = r.l1;
    bool readsBypass = *arch.l1->bypass == arch::BypassPolicy::ReadsAndWrites;
    EXPECT_EQ(l1.readAccesses, readsBypass ? 0 : l1Reads);
    EXPECT_EQ(l1.readHits + l1.readMissCount(), l1.readAccesses);
    EXPECT_EQ(l1.mshrMerges, l1.readMissCount(MissClass::Latency));
    EXPECT_EQ(l1.mshrAllocations,
              l1.readMissCount() - l1.readMissCount(MissClass::Latency));
    EXPECT_EQ(l1.writeAccesses, l1Writes);
    EXPECT_EQ(l1.bypassed, readsBypass ? l1Reads + l1Writes : uint64_t(0));
    const CacheCounters &l2 = r.l2;
    EXPECT_EQ(l2.readAccesses + l2.bypassed, r.transactions.l2Reads);
    EXPECT_EQ(l2.writeAccesses, r.transactions.l2Writes);
    EXPECT_EQ(l2.readHits + l2.readMissCount(), l2.readAccesses);
    EXPECT_EQ(r.transactions.dramReads, l2.mshrAllocations);
  }
}

} // namespace
