//===- WriteBackTest.cpp - DRAM writes of a write-back L2 -----------------===//
//
// A write-back L2 writes a dirty line to DRAM when it evicts it. The model
// counts the write-back when the line is found gone (next request, or the
// end of the launch) and reports dirty lines still present at the end apart.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

namespace gpurd::model::test {
namespace {

/// One SM; a large fully associative L1 (loads cached, writes bypass it: the
/// default WON) and an L2 of \p l2Lines lines, fully associative LRU.
arch::ArchDescription twoLevels(unsigned l2Lines, arch::WritePolicy policy) {
  arch::ArchDescription arch = oneSmArch("write-back");
  arch.l1 = cache(64, 128, 0);
  arch.l1->latencyModel = conditionalLatency(0, 10);
  arch.l1->mshr = mshrs(64);
  arch.l2 = cache(l2Lines, 128, 0);
  arch.l2->writePolicy = policy;
  return arch;
}

/// One warp: write line 0, read lines 1 and 2, read line 0, write line 3
/// (each a full warp of 32 floats: one 128-byte line).
HandKernel writeReadKernel() {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {fullWarp(0, 4, trace::AccessKind::Write),
                                    fullWarp(128, 4), fullWarp(256, 4),
                                    fullWarp(0, 4),
                                    fullWarp(384, 4, trace::AccessKind::Write)};
  return kernel;
}

CacheModelResults runBothLevels(const arch::ArchDescription &arch,
                                const HandKernel &kernel) {
  CacheModelOptions options;
  options.l2 = L2Mode::On;
  llvm::Expected<CacheModelResults> results =
      runCacheModel(arch, kernel.input(), options);
  EXPECT_TRUE(bool(results)) << llvm::toString(results.takeError());
  return std::move(*results);
}

// The L2 sees W0 R1 R2 R0 W3. With two lines: W0 allocates line 0 dirty; R1
// and R2 push it out; R0 finds it gone: one write-back, then a miss; W3
// leaves line 3 dirty and present at the end.
TEST(WriteBackTest, EvictedDirtyLinesAreWrittenBack) {
  CacheModelResults results = runBothLevels(
      twoLevels(2, arch::WritePolicy::WriteBack), writeReadKernel());
  EXPECT_EQ(results.transactions.l2Writes, 2u);
  EXPECT_EQ(results.transactions.l2Reads, 3u);
  EXPECT_EQ(results.transactions.dramReads, 3u);
  EXPECT_EQ(results.transactions.dramWrites, 1u);
  EXPECT_EQ(results.transactions.l2DirtyAtEnd, 1u);
}

// With room for every line nothing is evicted: both dirty lines stay.
TEST(WriteBackTest, DirtyLinesThatStayAreReportedApart) {
  CacheModelResults results = runBothLevels(
      twoLevels(8, arch::WritePolicy::WriteBack), writeReadKernel());
  EXPECT_EQ(results.transactions.dramWrites, 0u);
  EXPECT_EQ(results.transactions.l2DirtyAtEnd, 2u);
  // R0 hits the line W0 allocated.
  EXPECT_EQ(results.transactions.dramReads, 2u);
}

// A dirty line evicted and never asked for again is written back at the end.
TEST(WriteBackTest, EvictedAndNeverSeenAgain) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {fullWarp(0, 4, trace::AccessKind::Write),
                                    fullWarp(128, 4), fullWarp(256, 4)};
  CacheModelResults results =
      runBothLevels(twoLevels(2, arch::WritePolicy::WriteBack), kernel);
  EXPECT_EQ(results.transactions.dramWrites, 1u);
  EXPECT_EQ(results.transactions.l2DirtyAtEnd, 0u);
}

// Write-through passes every write on and keeps nothing dirty.
TEST(WriteBackTest, WriteThroughHasNoDirtyLines) {
  CacheModelResults results = runBothLevels(
      twoLevels(2, arch::WritePolicy::WriteThrough), writeReadKernel());
  EXPECT_EQ(results.transactions.dramWrites, 2u);
  EXPECT_EQ(results.transactions.l2DirtyAtEnd, 0u);
}

// A sectored L2 writes back the sectors a line had written, not the line: a
// lane-0 store dirties one 32-byte sector of line 0, R1 and R2 evict it
// (two lines), and its write-back moves that sector alone; W3's full warp
// dirties line 3's four sectors, which stay at the end. Unsectored, the
// same write-back is the line's one "sector".
TEST(WriteBackTest, AWriteBackMovesTheDirtySectorsOnly) {
  HandKernel kernel;
  kernel.launch.block = {32, 1, 1};
  kernel.warp(0, 0).instructions = {lane0(0, trace::AccessKind::Write),
                                    fullWarp(128, 4), fullWarp(256, 4),
                                    fullWarp(384, 4, trace::AccessKind::Write)};
  arch::ArchDescription arch = twoLevels(2, arch::WritePolicy::WriteBack);
  arch.l2->sectorSize = 32;
  CacheModelResults results = runBothLevels(arch, kernel);
  EXPECT_EQ(results.transactions.dramWrites, 1u);
  EXPECT_EQ(results.transactions.dramWriteSectors, 1u);
  EXPECT_EQ(results.transactions.l2DirtyAtEnd, 1u);

  arch.l2->sectorSize.reset();
  results = runBothLevels(arch, kernel);
  EXPECT_EQ(results.transactions.dramWriteSectors, 1u);
}

// Write-through moves each write's own sectors: two full-warp stores of
// four 32-byte sectors each.
TEST(WriteBackTest, WriteThroughMovesEachWritesSectors) {
  arch::ArchDescription arch = twoLevels(2, arch::WritePolicy::WriteThrough);
  arch.l2->sectorSize = 32;
  CacheModelResults results = runBothLevels(arch, writeReadKernel());
  EXPECT_EQ(results.transactions.dramWrites, 2u);
  EXPECT_EQ(results.transactions.dramWriteSectors, 8u);
}

} // namespace
} // namespace gpurd::model::test
