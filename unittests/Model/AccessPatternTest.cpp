//===- AccessPatternTest.cpp - Sectors, wavefronts and constant addresses -===//
//
// model::AccessPatternCounter on hand-made warp accesses; every expected
// value is counted by hand in the comment beside it.

#include "gpurd/Model/AccessPattern.h"

#include <gtest/gtest.h>

using namespace gpurd::model;
using gpurd::AccessKind;
using gpurd::MemorySpace;
using gpurd::trace::WarpInstruction;
using gpurd::trace::WarpSize;

namespace {

constexpr uint64_t Base = 0x7f0000000000ull; // 128-byte aligned
constexpr uint32_t AllLanes = 0xffffffffu;

template <typename AddressOf>
WarpInstruction access(MemorySpace space, uint32_t size, uint32_t mask,
                       AddressOf address) {
  WarpInstruction instruction;
  instruction.space = space;
  instruction.size = size;
  instruction.activeMask = mask;
  for (unsigned lane = 0; lane < WarpSize; ++lane)
    instruction.addresses[lane] = address(lane);
  return instruction;
}

InstructionPattern sectorsOf(const WarpInstruction &instruction) {
  InstructionPattern out;
  countSectors(instruction, AccessPatternConfig(), out);
  return out;
}

InstructionPattern wavefrontsOf(const WarpInstruction &instruction,
                                AccessPatternConfig config = {}) {
  InstructionPattern out;
  countWavefronts(instruction, config, out);
  return out;
}

TEST(AccessPatternTest, CoalescedFloatsTouchFourSectors) {
  // 32 lanes x 4 bytes = 128 contiguous, aligned bytes: 4 sectors, ideal 4.
  auto p = sectorsOf(access(MemorySpace::Global, 4, AllLanes,
                            [](unsigned l) { return Base + 4 * l; }));
  EXPECT_EQ(p.sectors, 4u);
  EXPECT_EQ(p.idealSectors, 4u);
}

TEST(AccessPatternTest, OneRowPerThreadTouchesASectorPerLane) {
  // a[tid * 256 + j] with floats: lanes 1024 bytes apart, 32 sectors; the
  // 128 distinct bytes fit in 4: 28 excessive.
  auto p = sectorsOf(access(MemorySpace::Global, 4, AllLanes,
                            [](unsigned l) { return Base + 1024 * l; }));
  EXPECT_EQ(p.sectors, 32u);
  EXPECT_EQ(p.idealSectors, 4u);
}

TEST(AccessPatternTest, BroadcastIsOneSector) {
  // Every lane reads the same 4 bytes: 1 sector, and 4 bytes need 1.
  auto p = sectorsOf(access(MemorySpace::Global, 4, AllLanes,
                            [](unsigned) { return Base + 64; }));
  EXPECT_EQ(p.sectors, 1u);
  EXPECT_EQ(p.idealSectors, 1u);
}

TEST(AccessPatternTest, MisalignedRunStraddlesAFifthSector) {
  // 128 bytes from Base + 4: bytes 4..131 lie in sectors 0..4 (5), ideal 4.
  auto p = sectorsOf(access(MemorySpace::Global, 4, AllLanes,
                            [](unsigned l) { return Base + 4 + 4 * l; }));
  EXPECT_EQ(p.sectors, 5u);
  EXPECT_EQ(p.idealSectors, 4u);
}

TEST(AccessPatternTest, Float4RunIsSixteenSectors) {
  // 32 x 16 bytes = 512 contiguous bytes: 16 sectors, ideal 16.
  auto p = sectorsOf(access(MemorySpace::Global, 16, AllLanes,
                            [](unsigned l) { return Base + 16 * l; }));
  EXPECT_EQ(p.sectors, 16u);
  EXPECT_EQ(p.idealSectors, 16u);
}

TEST(AccessPatternTest, StrideTwoOnHalfAWarp) {
  // Lanes 0..15 read 4 bytes every 8: bytes 0..123 span sectors 0..3 (4);
  // their 64 distinct bytes fit in 2.
  auto p = sectorsOf(access(MemorySpace::Global, 4, 0xffffu,
                            [](unsigned l) { return Base + 8 * l; }));
  EXPECT_EQ(p.sectors, 4u);
  EXPECT_EQ(p.idealSectors, 2u);
}

TEST(AccessPatternTest, OverlappingLanesCountTheirBytesOnce) {
  // 8-byte reads 4 bytes apart: lanes cover bytes 0..131 (132 distinct
  // bytes: ideal ceil(132 / 32) = 5), sectors 0..4 (5).
  auto p = sectorsOf(access(MemorySpace::Global, 8, AllLanes,
                            [](unsigned l) { return Base + 4 * l; }));
  EXPECT_EQ(p.sectors, 5u);
  EXPECT_EQ(p.idealSectors, 5u);
}

TEST(AccessPatternTest, SharedRowIsConflictFree) {
  // tile[ty][tx], 4-byte words 0..31 in banks 0..31: 1 wavefront.
  auto p = wavefrontsOf(access(MemorySpace::Shared, 4, AllLanes,
                               [](unsigned l) { return 4 * l; }));
  EXPECT_EQ(p.wavefronts, 1u);
  EXPECT_EQ(p.idealWavefronts, 1u);
  EXPECT_EQ(p.maxWaysPerPhase, 1u);
}

TEST(AccessPatternTest, SharedColumnOfA32WideTileIs32Way) {
  // tile[tx][0] with rows of 32 floats: word 32 * l, all in bank 0.
  auto p = wavefrontsOf(access(MemorySpace::Shared, 4, AllLanes,
                               [](unsigned l) { return 128 * l; }));
  EXPECT_EQ(p.wavefronts, 32u);
  EXPECT_EQ(p.idealWavefronts, 1u);
  EXPECT_EQ(p.maxWaysPerPhase, 32u);
}

TEST(AccessPatternTest, PaddedColumnIsConflictFree) {
  // Rows of 33 floats: word 33 * l is in bank l mod 32.
  auto p = wavefrontsOf(access(MemorySpace::Shared, 4, AllLanes,
                               [](unsigned l) { return 132 * l; }));
  EXPECT_EQ(p.wavefronts, 1u);
}

TEST(AccessPatternTest, SharedBroadcastIsOneWavefront) {
  auto p = wavefrontsOf(
      access(MemorySpace::Shared, 4, AllLanes, [](unsigned) { return 40; }));
  EXPECT_EQ(p.wavefronts, 1u);
}

TEST(AccessPatternTest, SixteenByteBroadcastTakesItsPhasesOnly) {
  // A float4 every lane reads (nbody's sharedPos[counter]): 16-byte
  // accesses go in phases of 128 / 16 = 8 lanes; each phase reads the one
  // element's 4 words, in 4 banks: one pass each, 4 wavefronts, ideal 4.
  auto p = wavefrontsOf(
      access(MemorySpace::Shared, 16, AllLanes, [](unsigned) { return 48; }));
  EXPECT_EQ(p.wavefronts, 4u);
  EXPECT_EQ(p.idealWavefronts, 4u);
  EXPECT_EQ(p.maxWaysPerPhase, 1u);
  // Only lanes 8 to 15 active: one phase.
  auto q = wavefrontsOf(
      access(MemorySpace::Shared, 16, 0xff00u, [](unsigned) { return 48; }));
  EXPECT_EQ(q.wavefronts, 1u);
  EXPECT_EQ(q.idealWavefronts, 1u);
  // Half the lanes on one element, half on another 128 bytes on (the
  // same banks, other words): each phase has one address, so one pass,
  // whichever it is; lanes 0 to 15 and 16 to 31 are two phases each.
  auto r = wavefrontsOf(access(MemorySpace::Shared, 16, AllLanes,
                               [](unsigned l) { return l < 16 ? 48 : 176; }));
  EXPECT_EQ(r.wavefronts, 4u);
  // Lanes alternating between the two elements (lane l at 48 or 176 by
  // l % 2): each phase reads two words in each of 4 banks, two passes.
  auto t = wavefrontsOf(access(MemorySpace::Shared, 16, AllLanes,
                               [](unsigned l) { return l % 2 ? 176 : 48; }));
  EXPECT_EQ(t.wavefronts, 8u);
  EXPECT_EQ(t.maxWaysPerPhase, 2u);
}

TEST(AccessPatternTest, StrideTwoWordsIsTwoWay) {
  // Word 2l is in bank 2l mod 32: lanes l and l + 16 share a bank.
  auto p = wavefrontsOf(access(MemorySpace::Shared, 4, AllLanes,
                               [](unsigned l) { return 8 * l; }));
  EXPECT_EQ(p.wavefronts, 2u);
  EXPECT_EQ(p.maxWaysPerPhase, 2u);
}

TEST(AccessPatternTest, DoublesGoInTwoHalfWarps) {
  // 8-byte accesses on 32 x 4-byte banks: 16 lanes a phase; each phase's
  // 32 words are in distinct banks: 2 wavefronts, ideal 2.
  auto p = wavefrontsOf(access(MemorySpace::Shared, 8, AllLanes,
                               [](unsigned l) { return 8 * l; }));
  EXPECT_EQ(p.wavefronts, 2u);
  EXPECT_EQ(p.idealWavefronts, 2u);
  // With 8-byte banks (Kepler's mode) the warp is one phase of 32 words.
  AccessPatternConfig wide;
  wide.sharedBankWidth = 8;
  auto q = wavefrontsOf(access(MemorySpace::Shared, 8, AllLanes,
                               [](unsigned l) { return 8 * l; }),
                        wide);
  EXPECT_EQ(q.wavefronts, 1u);
  EXPECT_EQ(q.idealWavefronts, 1u);
}

TEST(AccessPatternTest, CounterSumsPerSite) {
  AccessPatternCounter counter;
  WarpInstruction row = access(MemorySpace::Global, 4, AllLanes,
                               [](unsigned l) { return Base + 1024 * l; });
  row.site = 3;
  WarpInstruction constant = access(MemorySpace::Constant, 4, 0xff,
                                    [](unsigned l) { return Base + 4 * l; });
  constant.site = 1;
  WarpInstruction barrier;
  barrier.kind = AccessKind::Barrier;
  barrier.site = 2;
  barrier.activeMask = AllLanes;
  counter.add(row);
  counter.add(row);
  counter.add(constant);
  counter.add(barrier);
  std::vector<SiteAccessPattern> sites = counter.results();
  ASSERT_EQ(sites.size(), 2u); // the barrier is left out
  EXPECT_EQ(sites[0].site, 1u);
  EXPECT_EQ(sites[0].constantAddresses, 8u); // 8 lanes, 8 addresses
  EXPECT_EQ(sites[0].maxConstantAddresses, 8u);
  EXPECT_EQ(sites[1].site, 3u);
  EXPECT_EQ(sites[1].warpInstructions, 2u);
  EXPECT_EQ(sites[1].activeLanes, 64u);
  EXPECT_EQ(sites[1].sectors, 64u);     // 2 x 32
  EXPECT_EQ(sites[1].idealSectors, 8u); // 2 x 4
  EXPECT_EQ(sites[1].excessiveSectors(), 56u);
  EXPECT_TRUE(sites[1].stepKnown); // 1024 bytes between lanes, both times
  EXPECT_EQ(sites[1].laneStep, 1024);
}

TEST(AccessPatternTest, LaneStepIsKnownWhileInstructionsAgree) {
  AccessPatternCounter counter;
  counter.add(access(MemorySpace::Global, 4, AllLanes,
                     [](unsigned l) { return Base + 4 * l; }));
  std::vector<SiteAccessPattern> sites = counter.results();
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_TRUE(sites[0].stepKnown);
  EXPECT_EQ(sites[0].laneStep, 4);
  // A 16 x 16 block's warp spans two rows: the step is not one number.
  counter.add(access(MemorySpace::Global, 4, AllLanes, [](unsigned l) {
    return Base + 4 * (l % 16) + 4096 * (l / 16);
  }));
  EXPECT_FALSE(counter.results()[0].stepKnown);
}

} // namespace

namespace {

TEST(AccessPatternTest, RepeatedShapesKeepTheirFiguresOnlyForWholeSectors) {
  // One site, the same 128-byte run three times: at Base (4 sectors), at
  // Base + 4 (bytes 4..131: 5 sectors; a shift of less than a sector is a
  // new shape) and at Base + 32 (4 again): 13 sectors, ideal 3 x 4 = 12.
  AccessPatternCounter counter;
  for (uint64_t shift : {0, 4, 32})
    counter.add(access(MemorySpace::Global, 4, AllLanes,
                       [shift](unsigned l) { return Base + shift + 4 * l; }));
  std::vector<SiteAccessPattern> sites = counter.results();
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].sectors, 13u);
  EXPECT_EQ(sites[0].idealSectors, 12u);
}

} // namespace

namespace {

TEST(AccessPatternTest, ThreadsWalkingTheirRowsAreLaneWalks) {
  // A row of 64 floats (256 bytes) per lane, walked one float an
  // instruction (a[i * 64 + j] over j): 8 instructions, each one after the
  // first moves every lane by 4 bytes with the lanes' relative addresses
  // unchanged: 7 walks of 8, a walk per lane.
  AccessPatternCounter counter;
  for (uint64_t j = 0; j < 8; ++j)
    counter.add(access(MemorySpace::Global, 4, AllLanes,
                       [j](unsigned l) { return Base + 256 * l + 4 * j; }));
  std::vector<SiteAccessPattern> sites = counter.results();
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].laneWalks, 7u);
  EXPECT_TRUE(sites[0].walksPerLane());
}

TEST(AccessPatternTest, ColumnWalksRepeatsAndRegatheredLanesAreNotLaneWalks) {
  // A column walk (a[j * 4096 + i] over j): the lanes are neighbours and
  // move together by a row of 4096 bytes, more than a sector: no walk.
  AccessPatternCounter columns;
  for (uint64_t j = 0; j < 4; ++j)
    columns.add(access(MemorySpace::Global, 4, AllLanes,
                       [j](unsigned l) { return Base + 4096 * j + 4 * l; }));
  EXPECT_EQ(columns.results()[0].laneWalks, 0u);
  EXPECT_FALSE(columns.results()[0].walksPerLane());
  // Lanes whose addresses change relative to each other between two
  // instructions (an index read again, x[idx[i]]) are no walk, though the
  // first lane moves by 4 bytes.
  AccessPatternCounter gathers;
  gathers.add(access(MemorySpace::Global, 4, AllLanes,
                     [](unsigned l) { return Base + 512 * l; }));
  gathers.add(access(MemorySpace::Global, 4, AllLanes,
                     [](unsigned l) { return Base + 4 + 1024 * l; }));
  EXPECT_EQ(gathers.results()[0].laneWalks, 0u);
  // The same elements again (c[i * n + j] in every iteration over k): 3
  // repeats of 4 instructions, no walk.
  AccessPatternCounter repeats;
  for (int k = 0; k < 4; ++k)
    repeats.add(access(MemorySpace::Global, 4, AllLanes,
                       [](unsigned l) { return Base + 4 * l; }));
  EXPECT_EQ(repeats.results()[0].laneRepeats, 3u);
  EXPECT_EQ(repeats.results()[0].laneWalks, 0u);
  // One instruction is no walk either.
  AccessPatternCounter once;
  once.add(access(MemorySpace::Global, 4, AllLanes,
                  [](unsigned l) { return Base + 256 * l; }));
  EXPECT_FALSE(once.results()[0].walksPerLane());
}

} // namespace
