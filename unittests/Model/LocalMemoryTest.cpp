//===- LocalMemoryTest.cpp - Local memory where the device keeps it -------===//
//
// The traces give local accesses as offsets in each thread's own local
// memory; the models place them as the device interleaves them (CUDA C++
// Programming Guide, Device Memory Accesses, Local Memory: consecutive
// 32-bit words by consecutive thread IDs), word D of thread t at
// base + 4 (D N + t).
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Model/LocalMemory.h"
#include "gpurd/Model/WarpRequests.h"

using namespace gpurd;
using namespace gpurd::model;
using namespace gpurd::model::test;

namespace {

/// Warp 1 of block 1, its 32 lanes reading local offsets \p stride apart.
trace::WarpTrace localWarp(uint64_t stride) {
  trace::WarpTrace warp;
  warp.block = 1;
  warp.warp = 1;
  trace::WarpInstruction read = fullWarp(0, stride);
  read.space = trace::MemorySpace::Local;
  warp.instructions.push_back(read);
  return warp;
}

// 2 blocks of 2 warps: N = 2 x 64 = 128 threads. Thread 70 is block 1's
// lane 6 of warp 0 (64 + 6).
TEST(LocalMemoryTest, WordsInterleaveByThread) {
  LocalMemoryLayout layout = localMemoryLayout(2, 2);
  EXPECT_EQ(layout.threadsPerBlock, 64u);
  EXPECT_EQ(layout.threads, 128u);
  // Offset 8, a word: word 2, at 4 (2 x 128 + 70) = 1304.
  EXPECT_EQ(localDeviceAddress(8, 4, 70, layout), LocalMemoryBase + 1304);
  // Offset 10, two bytes: word 2, byte 2 of it.
  EXPECT_EQ(localDeviceAddress(10, 2, 70, layout), LocalMemoryBase + 1306);
  // Offset 16, eight bytes: unit 2 of 8 bytes, at 8 (2 x 128 + 70) = 2608.
  EXPECT_EQ(localDeviceAddress(16, 8, 70, layout), LocalMemoryBase + 2608);
}

// A warp whose 32 lanes read offset 0: at the offsets as given, they share
// one word (one sector of one line); where the device keeps them, warp 1 of
// block 1 (threads 96..127 of N = 128) reads words 96..127 of word 0's
// row, bytes 384..511: one 128-byte line, all 4 of its 32-byte sectors.
TEST(LocalMemoryTest, AWarpAtOneOffsetReadsALineOfItsOwn) {
  trace::WarpTrace warp = localWarp(0);
  std::vector<LineRequestRef> lines;
  splitIntoLines(warp.instructions[0], 128, 32, lines);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].sectorMask, 0x1u);

  trace::WarpTrace placed;
  const trace::WarpTrace &out =
      placeLocalMemory(warp, localMemoryLayout(2, 2), placed);
  ASSERT_EQ(&out, &placed);
  splitIntoLines(out.instructions[0], 128, 32, lines);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].lineNumber, (LocalMemoryBase + 384) / 128);
  EXPECT_EQ(lines[0].sectorMask, 0xFu);
}

// Lanes at different offsets (a local array indexed by the lane): lane l
// reads word l, at 4 (l x 128 + 96 + l), one line each: 32 requests.
TEST(LocalMemoryTest, LanesAtDifferentWordsAreDifferentLines) {
  trace::WarpTrace warp = localWarp(4);
  trace::WarpTrace placed;
  const trace::WarpTrace &out =
      placeLocalMemory(warp, localMemoryLayout(2, 2), placed);
  std::vector<LineRequestRef> lines;
  splitIntoLines(out.instructions[0], 128, 32, lines);
  EXPECT_EQ(lines.size(), 32u);
}

// Other spaces, and no launch, keep the trace as it is.
TEST(LocalMemoryTest, OtherSpacesStayAsTheyAre) {
  trace::WarpTrace warp;
  warp.instructions.push_back(fullWarp(0, 4));
  trace::WarpTrace placed;
  EXPECT_EQ(&placeLocalMemory(warp, localMemoryLayout(2, 2), placed), &warp);
  warp.instructions[0].space = trace::MemorySpace::Local;
  EXPECT_EQ(&placeLocalMemory(warp, LocalMemoryLayout{}, placed), &warp);
}

// The cache model end to end: one SM, two blocks of one warp, each reading
// offset 0 of its local memory (a spilled register, say). Each block's
// threads have local memory of their own, so the second block's read is a
// miss of its own, as the first's: neither a hit nor a merge into the
// first's miss. At the offsets as given, the second read merged into the
// first's miss in the MSHRs (1 merge), as if the blocks shared a word.
TEST(LocalMemoryTest, BlocksDoNotShareTheirLocalMemoryInTheCache) {
  HandKernel kernel;
  kernel.launch.grid = {2, 1, 1};
  kernel.launch.block = {32, 1, 1};
  for (uint64_t block = 0; block < 2; ++block) {
    trace::WarpInstruction read = fullWarp(0, 0);
    read.space = trace::MemorySpace::Local;
    kernel.warp(block, 0).instructions.push_back(read);
  }
  arch::ArchDescription arch = oneSmArch("local");
  arch.l1 = cache(64, 128, 0);
  arch.l1->latencyModel = conditionalLatency(0, 10);
  arch.l1->mshr = mshrs(64);
  CacheModelResults results = run(arch, kernel);
  EXPECT_EQ(results.l1.readAccesses, 2u);
  EXPECT_EQ(results.l1.readHits, 0u);
  EXPECT_EQ(results.l1.mshrMerges, 0u);
}

} // namespace
