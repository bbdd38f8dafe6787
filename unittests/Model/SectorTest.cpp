//===- SectorTest.cpp - Sectored caches on hand-worked warps --------------===//
//
// A sectored cache (128-byte lines of four 32-byte sectors, as in Volta and
// later) allocates lines but fetches and validates sectors. Every expected
// value below is worked out by hand from the addresses, with the arithmetic
// in the comments: sector s of a line holds its bytes [32 s, 32 s + 32).
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

namespace gpurd::model::test {
namespace {

/// One SM, one warp scheduler; a fully associative sectored L1 of 16 lines
/// (128-byte lines, 32-byte sectors), loads cached, misses filled after
/// \p missLatency, hits at once; and a sectored L2 of 64 lines whose misses
/// fill at once.
arch::ArchDescription sectoredArch(double missLatency) {
  arch::ArchDescription arch = oneSmArch("sectored");
  arch.sm.warpSchedulers = 1;
  arch.l1 = cache(16, 128, 0);
  arch.l1->sectorSize = 32;
  arch.l1->latencyModel = conditionalLatency(0, missLatency);
  arch.l1->mshr = mshrs(64);
  arch.l2 = cache(64, 128, 0);
  arch.l2->sectorSize = 32;
  return arch;
}

/// Lanes [first, first + count) active, lane l at base + (l - first) * 4.
trace::WarpInstruction lanes(unsigned first, unsigned count, uint64_t base,
                             uint32_t size = 4) {
  trace::WarpInstruction in;
  in.size = size;
  for (unsigned l = first; l < first + count; ++l) {
    in.activeMask |= 1u << l;
    in.addresses[l] = base + (l - first) * size;
  }
  return in;
}

CacheModelResults runWith(const arch::ArchDescription &arch,
                          const HandKernel &kernel, Recorder *recorder,
                          ExecutionEngine engine = ExecutionEngine::WarpQueue) {
  CacheModelOptions options;
  options.engine = engine;
  options.observer = recorder;
  options.l2 = L2Mode::On;
  return run(arch, kernel, options);
}

// The first half-warp's floats [0, 64) allocate line 0 with sectors 0 and
// 1; the second half-warp's [64, 128) find the line but not sectors 2 and 3:
// a sector miss that fetches just those two. A full warp then hits all four.
TEST(SectorTest, HalfWarpAllocatesTheOtherHalfSectorMisses) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {lanes(0, 16, 0), lanes(16, 16, 64),
                                    fullWarp(0, 4)};
  for (ExecutionEngine engine :
       {ExecutionEngine::WarpQueue, ExecutionEngine::ParallelSteps}) {
    Recorder recorder;
    CacheModelResults r = runWith(sectoredArch(0), kernel, &recorder, engine);
    const CacheCounters &l1 = r.l1;
    // Line requests: 3 (one line each); 1 hit, 1 compulsory line miss, 1
    // sector miss.
    EXPECT_EQ(l1.readAccesses, 3u);
    EXPECT_EQ(l1.readHits, 1u);
    EXPECT_EQ(l1.readMissCount(MissClass::Compulsory), 1u);
    EXPECT_EQ(l1.readMissCount(MissClass::Sector), 1u);
    // Sectors: 2 + 2 + 4 = 8 requested; 2 + 2 fetched; the last 4 hit.
    EXPECT_EQ(l1.sectorReadAccesses, 8u);
    EXPECT_EQ(l1.sectorReadMisses, 4u);
    EXPECT_EQ(l1.sectorReadHits, 4u);
    EXPECT_EQ(l1.sectorPendingHits, 0u);
    ASSERT_EQ(recorder.requests.size(), 3u);
    EXPECT_EQ(recorder.requests[0].missingSectors, 0b0011);
    EXPECT_EQ(recorder.requests[1].missingSectors, 0b1100);
    EXPECT_EQ(recorder.requests[1].missClass, MissClass::Sector);
    EXPECT_EQ(recorder.requests[2].hitSectors, 0b1111);
    // Two L2 requests of two sectors each, both compulsory there: the
    // second finds line 0 allocated without sectors 2 and 3 (a sector miss).
    EXPECT_EQ(r.transactions.l2Reads, 2u);
    EXPECT_EQ(r.l2.sectorReadAccesses, 4u);
    EXPECT_EQ(r.l2.sectorReadMisses, 4u);
    EXPECT_EQ(r.l2.readMissCount(MissClass::Compulsory), 1u);
    EXPECT_EQ(r.l2.readMissCount(MissClass::Sector), 1u);
    EXPECT_EQ(r.transactions.dramReads, 2u);
    EXPECT_EQ(r.transactions.dramReadSectors, 4u);
  }
}

// A broadcast (32 lanes, one float at byte 4) is one line request of one
// sector (sector 0). Lane 0 then reads byte 100, sector 3 (100 / 32 = 3): a
// sector miss. The broadcast again hits. With an unsectored L1 the second
// read would have hit.
TEST(SectorTest, Broadcast) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {fullWarp(4, 0), lane0(100), fullWarp(4, 0)};
  Recorder recorder;
  CacheModelResults r = runWith(sectoredArch(0), kernel, &recorder);
  EXPECT_EQ(r.l1.readAccesses, 3u);
  EXPECT_EQ(r.l1.sectorReadAccesses, 3u);
  EXPECT_EQ(r.l1.sectorReadMisses, 2u);
  EXPECT_EQ(r.l1.sectorReadHits, 1u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Sector), 1u);
  ASSERT_EQ(recorder.requests.size(), 3u);
  EXPECT_EQ(recorder.requests[0].sectorMask, 0b0001);
  EXPECT_EQ(recorder.requests[1].sectorMask, 0b1000);
  EXPECT_EQ(recorder.requests[2].status, RequestStatus::Hit);
}

// A float4 walk: lane l reads 16 bytes at 16 l, 512 bytes in all: lines 0
// to 3 with all four sectors each (16 sectors). The walk at 512 takes lines
// 4 to 7. Reading the first walk again hits its 4 lines, 16 sectors.
TEST(SectorTest, Float4Walk) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {lanes(0, 32, 0, 16), lanes(0, 32, 512, 16),
                                    lanes(0, 32, 0, 16)};
  Recorder recorder;
  CacheModelResults r = runWith(sectoredArch(0), kernel, &recorder);
  EXPECT_EQ(r.l1.readAccesses, 12u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Compulsory), 8u);
  EXPECT_EQ(r.l1.readHits, 4u);
  EXPECT_EQ(r.l1.sectorReadAccesses, 48u);
  EXPECT_EQ(r.l1.sectorReadMisses, 32u);
  EXPECT_EQ(r.l1.sectorReadHits, 16u);
  // The L2 sees the 8 line misses, 32 sectors, all fetched from DRAM.
  EXPECT_EQ(r.transactions.l2Reads, 8u);
  EXPECT_EQ(r.transactions.dramReadSectors, 32u);
}

// Pending hits. With a miss latency of 10, warp 0 (issued at time 0) asks
// for sectors 0 and 1 of line 0, and warp 1 (time 1) for all four while the
// fill is in flight: sectors 0 and 1 are pending hits, sectors 2 and 3 join
// the entry and are fetched at once. At line granularity warp 1's request
// is a latency miss (it merges), and the L2 gets two requests of two
// sectors.
TEST(SectorTest, PendingHitsAndSectorsJoiningAnEntry) {
  HandKernel kernel;
  kernel.launch.block = {64, 1, 1};
  kernel.warp(0, 0).instructions = {lanes(0, 16, 0)};
  kernel.warp(0, 1).instructions = {fullWarp(0, 4)};
  Recorder recorder;
  CacheModelResults r = runWith(sectoredArch(10), kernel, &recorder);
  EXPECT_EQ(r.l1.readAccesses, 2u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Compulsory), 1u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Latency), 1u);
  EXPECT_EQ(r.l1.mshrAllocations, 1u);
  EXPECT_EQ(r.l1.mshrMerges, 1u);
  // Sectors: 2 + 4 = 6; misses 2 (warp 0) + 2 (warp 1); pending 2.
  EXPECT_EQ(r.l1.sectorReadAccesses, 6u);
  EXPECT_EQ(r.l1.sectorReadMisses, 4u);
  EXPECT_EQ(r.l1.sectorPendingHits, 2u);
  EXPECT_EQ(r.l1.sectorReadHits, 0u);
  ASSERT_EQ(recorder.requests.size(), 2u);
  EXPECT_EQ(recorder.requests[1].pendingSectors, 0b0011);
  EXPECT_EQ(recorder.requests[1].missingSectors, 0b1100);
  EXPECT_EQ(r.transactions.l2Reads, 2u);
  EXPECT_EQ(r.l2.sectorReadAccesses, 4u);
}

// A line that leaves the cache takes its valid sectors with it: 16 lines
// fill the fully associative L1 after line 0, which is evicted; reading
// sector 3 of line 0 again is a line miss (capacity), not a sector miss, and
// its sectors 0..2 are not valid when it comes back.
TEST(SectorTest, AnEvictedLineComesBackWithoutItsSectors) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  std::vector<trace::WarpInstruction> &in = kernel.warp(0, 0).instructions;
  in.push_back(fullWarp(0, 4));
  for (unsigned line = 1; line <= 16; ++line)
    in.push_back(lane0(line * 128));
  in.push_back(lane0(96));      // sector 3 of line 0: a capacity miss
  in.push_back(fullWarp(0, 4)); // sectors 0..2 missing, 3 valid
  Recorder recorder;
  CacheModelResults r = runWith(sectoredArch(0), kernel, &recorder);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Compulsory), 17u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Capacity), 1u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Sector), 1u);
  ASSERT_EQ(recorder.requests.size(), 19u);
  EXPECT_EQ(recorder.requests[18].hitSectors, 0b1000);
  EXPECT_EQ(recorder.requests[18].missingSectors, 0b0111);
}

// A write (write-through with write-allocate, the Volta/Ampere L1 policy)
// makes the sectors it writes valid: a half-warp writes sectors 0 and 1 of
// line 0, then a full warp reads the line: sectors 0 and 1 hit, 2 and 3 are
// a sector miss.
TEST(SectorTest, WritesValidateTheirSectors) {
  arch::ArchDescription arch = sectoredArch(0);
  arch.l1->writePolicy = arch::WritePolicy::WriteThrough;
  arch.l1->writeAllocate = true;
  arch.l1->bypass = arch::BypassPolicy::Off;
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  trace::WarpInstruction write = lanes(0, 16, 0);
  write.kind = trace::AccessKind::Write;
  kernel.warp(0, 0).instructions = {write, fullWarp(0, 4)};
  Recorder recorder;
  CacheModelResults r = runWith(arch, kernel, &recorder);
  EXPECT_EQ(r.l1.sectorWriteAccesses, 2u);
  EXPECT_EQ(r.l1.readMissCount(MissClass::Sector), 1u);
  EXPECT_EQ(r.l1.sectorReadHits, 2u);
  EXPECT_EQ(r.l1.sectorReadMisses, 2u);
}

// An unsectored cache counts one sector per line request, so its sector
// counters are its line counters.
TEST(SectorTest, UnsectoredSectorsAreLines) {
  arch::ArchDescription arch = sectoredArch(10);
  arch.l1->sectorSize.reset();
  arch.l2->sectorSize.reset();
  HandKernel kernel;
  kernel.launch.block = {64, 1, 1};
  kernel.warp(0, 0).instructions = {lanes(0, 16, 0), fullWarp(256, 8)};
  kernel.warp(0, 1).instructions = {fullWarp(0, 4), fullWarp(256, 8)};
  CacheModelResults r = runWith(arch, kernel, nullptr);
  for (const CacheCounters *c : {&r.l1, &r.l2}) {
    EXPECT_EQ(c->sectorReadAccesses, c->readAccesses);
    EXPECT_EQ(c->sectorReadHits, c->readHits);
    EXPECT_EQ(c->sectorPendingHits, c->readMissCount(MissClass::Latency));
    EXPECT_EQ(c->sectorReadMisses, c->readLineMisses());
    EXPECT_EQ(c->readMissCount(MissClass::Sector), 0u);
  }
}

// The warp-queue engine keeps a request in one word of its stream (line
// state and sectors packed) unless the line states could pass 2^24; then in
// two (CacheModelOptions::packedLineStates). With the limit at 0 every warp
// takes the wide form: every request and every counter must be the same.
TEST(SectorTest, WideRequestsAreThePackedOnes) {
  arch::ArchDescription arch = sectoredArch(10);
  HandKernel kernel;
  kernel.launch.block = {64, 1, 1};
  trace::WarpInstruction write = lanes(0, 8, 512);
  write.kind = trace::AccessKind::Write;
  kernel.warp(0, 0).instructions = {lanes(0, 16, 0), write, fullWarp(256, 8),
                                    fullWarp(0, 4)};
  kernel.warp(0, 1).instructions = {lanes(16, 16, 64), fullWarp(256, 8),
                                    lanes(0, 8, 512)};
  Recorder packed, wide;
  CacheModelOptions options;
  options.engine = ExecutionEngine::WarpQueue;
  options.l2 = L2Mode::On;
  options.observer = &packed;
  CacheModelResults a = run(arch, kernel, options);
  options.observer = &wide;
  options.packedLineStates = 0;
  CacheModelResults b = run(arch, kernel, options);
  ASSERT_EQ(packed.requests.size(), wide.requests.size());
  ASSERT_GT(packed.requests.size(), 6u);
  for (size_t i = 0; i < packed.requests.size(); ++i) {
    const RequestEvent &p = packed.requests[i], &w = wide.requests[i];
    EXPECT_EQ(p.time, w.time) << "request " << i;
    EXPECT_EQ(p.status, w.status) << "request " << i;
    EXPECT_EQ(p.lineAddress, w.lineAddress) << "request " << i;
    EXPECT_EQ(p.sectorMask, w.sectorMask) << "request " << i;
    EXPECT_EQ(p.hitSectors, w.hitSectors) << "request " << i;
    EXPECT_EQ(p.missingSectors, w.missingSectors) << "request " << i;
  }
  EXPECT_EQ(a.l1.sectorReadHits, b.l1.sectorReadHits);
  EXPECT_EQ(a.l1.sectorReadMisses, b.l1.sectorReadMisses);
  EXPECT_EQ(a.l1.sectorWriteAccesses, b.l1.sectorWriteAccesses);
  EXPECT_EQ(a.l2.sectorReadAccesses, b.l2.sectorReadAccesses);
  // The writes' sectors: 8 floats = 32 bytes, one sector each.
  EXPECT_EQ(a.l1.sectorWriteAccesses, 1u);
}

} // namespace
} // namespace gpurd::model::test
