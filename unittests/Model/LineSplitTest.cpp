//===- LineSplitTest.cpp - Warp accesses to lines and sectors -------------===//
//
// gpurd's coalescer (model::splitIntoLines) on hand-made warp accesses: the
// seed tables, strides, misaligned and straddling accesses, partial masks.
// Each case runs through both the fast paths and the lane-by-lane splitter.

#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/WarpRequests.h"

#include <gtest/gtest.h>

using namespace gpurd::model;
using gpurd::trace::AccessKind;
using gpurd::trace::WarpInstruction;
using gpurd::trace::WarpSize;

namespace {

constexpr uint64_t Base = 0x7f0000000000ull; // 128-byte aligned
/// A line size and a sector size (0: unsectored).
struct Granularity {
  unsigned lineSize = 128;
  unsigned sectorSize = 0;
};
const Granularity Unsectored{128, 0};
const Granularity Sectored{128, 32};

/// A line request as the tests state it: the line's byte address and its
/// sector mask.
struct LineRequest {
  uint64_t lineAddress = 0;
  uint32_t sectorMask = 0;
};

WarpInstruction warpAccess(uint32_t size, uint32_t mask,
                           uint64_t (*address)(unsigned lane)) {
  WarpInstruction instruction;
  instruction.size = size;
  instruction.activeMask = mask;
  for (unsigned lane = 0; lane < WarpSize; ++lane)
    instruction.addresses[lane] = address(lane);
  return instruction;
}

/// The line requests of \p instruction, from splitIntoLines; the
/// lane-by-lane splitter must give the same.
std::vector<LineRequest> requests(const WarpInstruction &instruction,
                                  const Granularity &config) {
  std::vector<LineRequestRef> fast, perLane;
  splitIntoLines(instruction, config.lineSize, config.sectorSize, fast);
  splitIntoLinesPerLane(instruction, config.lineSize, config.sectorSize,
                        perLane);
  EXPECT_EQ(fast.size(), perLane.size());
  std::vector<LineRequest> out;
  for (size_t i = 0; i < fast.size(); ++i) {
    if (i < perLane.size()) {
      EXPECT_EQ(fast[i].lineNumber, perLane[i].lineNumber);
      EXPECT_EQ(fast[i].sectorMask, perLane[i].sectorMask);
    }
    out.push_back({fast[i].lineNumber * config.lineSize, fast[i].sectorMask});
  }
  return out;
}

/// \p lanes: the lanes the request serves (what the hardware's coalescer
/// groups; documented here, not part of a line request).
void expectRequest(const LineRequest &request, uint64_t line, uint32_t sectors,
                   uint32_t lanes) {
  (void)lanes;
  EXPECT_EQ(request.lineAddress, line);
  EXPECT_EQ(request.sectorMask, sectors);
}

/// Seed 000 Table 1: accesses x[0] x[5] x[3] x[9] x[3] x[3] x[5] with a
/// cache line of 4 elements fall in lines 0 1 0 2 0 0 1.
TEST(LineSplit, Seed000Table1AddressToLine) {
  const uint64_t elements[] = {0, 5, 3, 9, 3, 3, 5};
  const uint64_t lines[] = {0, 1, 0, 2, 0, 0, 1};
  const unsigned elementSize = 4;
  Granularity fourElements{4 * elementSize, 0};
  for (size_t i = 0; i < std::size(elements); ++i) {
    WarpInstruction access;
    access.size = elementSize;
    access.activeMask = 1; // the table's trace is one thread
    access.addresses[0] = elements[i] * elementSize;
    std::vector<LineRequest> out = requests(access, fourElements);
    ASSERT_EQ(out.size(), 1u) << "access " << i;
    EXPECT_EQ(out[0].lineAddress / fourElements.lineSize, lines[i])
        << "access x[" << elements[i] << "]";
    EXPECT_EQ(out[0].sectorMask, 1u);
  }
}

/// Seed 000 Table 2: 4 threads (one per warp) load x[2*tid] then
/// x[2*tid+1]; with 4-element lines the lines are 0 0 1 1 0 0 1 1.
TEST(LineSplit, Seed000Table2AddressToLine) {
  const uint64_t lines[] = {0, 0, 1, 1, 0, 0, 1, 1};
  Granularity fourElements{16, 0};
  size_t column = 0;
  for (unsigned instruction = 0; instruction < 2; ++instruction)
    for (unsigned tid = 0; tid < 4; ++tid, ++column) {
      WarpInstruction access;
      access.size = 4;
      access.activeMask = 1;
      access.addresses[0] = (2 * tid + instruction) * 4;
      std::vector<LineRequest> out = requests(access, fourElements);
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(out[0].lineAddress / 16, lines[column]) << "column " << column;
    }
}

TEST(LineSplit, UnitStrideFloatsAreOneLine) {
  WarpInstruction access = warpAccess(
      4, ~0u, [](unsigned lane) { return Base + 4 * uint64_t(lane); });
  std::vector<LineRequest> sectored = requests(access, Sectored);
  ASSERT_EQ(sectored.size(), 1u);
  expectRequest(sectored[0], Base, 0xf, ~0u); // 4 sectors of 32 B

  std::vector<LineRequest> whole = requests(access, Unsectored);
  ASSERT_EQ(whole.size(), 1u);
  expectRequest(whole[0], Base, 0x1, ~0u); // unsectored: one bit
}

TEST(LineSplit, UnitStrideDoublesAreTwoLines) {
  WarpInstruction access = warpAccess(
      8, ~0u, [](unsigned lane) { return Base + 8 * uint64_t(lane); });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 2u);
  expectRequest(out[0], Base, 0xf, 0x0000ffff);
  expectRequest(out[1], Base + 128, 0xf, 0xffff0000);
}

TEST(LineSplit, StrideTwoFloatsTouchEverySectorOfTwoLines) {
  WarpInstruction access = warpAccess(
      4, ~0u, [](unsigned lane) { return Base + 8 * uint64_t(lane); });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 2u);
  expectRequest(out[0], Base, 0xf, 0x0000ffff);
  expectRequest(out[1], Base + 128, 0xf, 0xffff0000);
  // With 256-byte lines of 64-byte sectors the warp fits in one line.
  std::vector<LineRequest> wide = requests(access, {256, 64});
  ASSERT_EQ(wide.size(), 1u);
  expectRequest(wide[0], Base, 0xf, ~0u);
}

TEST(LineSplit, MisalignedStartSpillsIntoTheNextLine) {
  WarpInstruction access = warpAccess(
      4, ~0u, [](unsigned lane) { return Base + 4 + 4 * uint64_t(lane); });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 2u);
  expectRequest(out[0], Base, 0xf, 0x7fffffff);
  expectRequest(out[1], Base + 128, 0x1, 0x80000000);
}

TEST(LineSplit, AnAccessStraddlingTwoLinesTouchesBoth) {
  WarpInstruction access =
      warpAccess(8, 0x1, [](unsigned) { return Base + 124; });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 2u);
  expectRequest(out[0], Base, 0x8, 0x1);       // last sector of line 0
  expectRequest(out[1], Base + 128, 0x1, 0x1); // first sector of line 1
  std::vector<LineRequest> whole = requests(access, Unsectored);
  ASSERT_EQ(whole.size(), 2u);
  expectRequest(whole[0], Base, 0x1, 0x1);
  expectRequest(whole[1], Base + 128, 0x1, 0x1);
  // A 16-byte access crossing a sector boundary inside one line.
  WarpInstruction vector =
      warpAccess(16, 0x1, [](unsigned) { return Base + 24; });
  std::vector<LineRequest> inside = requests(vector, Sectored);
  ASSERT_EQ(inside.size(), 1u);
  expectRequest(inside[0], Base, 0x3, 0x1);
}

TEST(LineSplit, ScatteredLanesGetOneLineEach) {
  WarpInstruction access = warpAccess(
      4, ~0u, [](unsigned lane) { return Base + 4096 * uint64_t(lane) + 36; });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 32u);
  for (unsigned lane = 0; lane < WarpSize; ++lane)
    expectRequest(out[lane], Base + 4096 * uint64_t(lane), 0x2, 1u << lane);
}

TEST(LineSplit, RequestsAreInOrderOfFirstLane) {
  // Descending addresses: lane 0 touches the highest line, so it comes first.
  WarpInstruction access = warpAccess(4, ~0u, [](unsigned lane) {
    return Base + 4096 * uint64_t(WarpSize - 1 - lane);
  });
  std::vector<LineRequest> out = requests(access, Unsectored);
  ASSERT_EQ(out.size(), 32u);
  EXPECT_EQ(out.front().lineAddress, Base + 4096 * 31);
  EXPECT_EQ(out.back().lineAddress, Base);
  // Interleaved: lanes alternate between two lines; the line of lane 0 first.
  WarpInstruction interleaved = warpAccess(4, ~0u, [](unsigned lane) {
    return Base + (lane % 2 ? 0 : 128) + 4 * uint64_t(lane / 2);
  });
  std::vector<LineRequest> two = requests(interleaved, Sectored);
  ASSERT_EQ(two.size(), 2u);
  expectRequest(two[0], Base + 128, 0x3, 0x55555555);
  expectRequest(two[1], Base, 0x3, 0xaaaaaaaa);
}

TEST(LineSplit, BroadcastIsOneRequestForOneSector) {
  WarpInstruction access =
      warpAccess(4, ~0u, [](unsigned) { return Base + 40; });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 1u);
  expectRequest(out[0], Base, 0x2, ~0u);
}

TEST(LineSplit, OnlyActiveLanesCount) {
  // Unit stride, lanes 0-3 and 8-15 active: bytes 0..15 and 32..63.
  WarpInstruction access = warpAccess(
      4, 0x0000ff0f, [](unsigned lane) { return Base + 4 * uint64_t(lane); });
  std::vector<LineRequest> out = requests(access, Sectored);
  ASSERT_EQ(out.size(), 1u);
  expectRequest(out[0], Base, 0x3, 0x0000ff0f);
  // Doubles, lanes 0-3 and 16-19: one sector in each of two lines.
  WarpInstruction doubles = warpAccess(
      8, 0x000f000f, [](unsigned lane) { return Base + 8 * uint64_t(lane); });
  std::vector<LineRequest> two = requests(doubles, Sectored);
  ASSERT_EQ(two.size(), 2u);
  expectRequest(two[0], Base, 0x1, 0x0000000f);
  expectRequest(two[1], Base + 128, 0x1, 0x000f0000);
  // Inactive lanes' addresses are ignored even when they are garbage.
  WarpInstruction one = warpAccess(4, 0x4, [](unsigned lane) {
    return lane == 2 ? Base : ~uint64_t(0) - 3;
  });
  std::vector<LineRequest> single = requests(one, Sectored);
  ASSERT_EQ(single.size(), 1u);
  expectRequest(single[0], Base, 0x1, 0x4);
}

TEST(LineSplit, BarriersAndEmptyMasksGiveNothing) {
  std::vector<LineRequestRef> out{{1, 1}}; // cleared by splitIntoLines
  WarpInstruction barrier;
  barrier.kind = AccessKind::Barrier;
  barrier.activeMask = ~0u;
  splitIntoLines(barrier, Sectored.lineSize, Sectored.sectorSize, out);
  EXPECT_TRUE(out.empty());
  WarpInstruction none = warpAccess(4, 0, [](unsigned) { return Base; });
  splitIntoLines(none, Sectored.lineSize, Sectored.sectorSize, out);
  EXPECT_TRUE(out.empty());
}

TEST(LineSplit, FineSectorsAreCappedAtThirtyTwo) {
  // 128-byte lines of 2-byte sectors would need 64 bits: merged to 32 sectors
  // of 4 bytes.
  WarpInstruction access =
      warpAccess(2, 0x1, [](unsigned) { return Base + 6; });
  std::vector<LineRequest> out = requests(access, {128, 2});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].sectorMask, 0x2u);
  // Sectors as large as the line: unsectored.
  EXPECT_EQ(requests(access, {128, 128})[0].sectorMask, 0x1u);
}

} // namespace

namespace {

/// The L1 an arch describes decides how loads are split.
TEST(LineSplit, ArchDecidesTheGranularity) {
  auto fermi = gpurd::arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(static_cast<bool>(fermi)) << llvm::toString(fermi.takeError());
  auto fermiL1 = resolveL1(*fermi);
  ASSERT_TRUE(static_cast<bool>(fermiL1))
      << llvm::toString(fermiL1.takeError());
  EXPECT_EQ(fermiL1->lineSize, 128u); // seed 000: 128-byte lines, no sectors
  EXPECT_EQ(fermiL1->sectorSize, 0u);
  auto volta = gpurd::arch::loadPreset("volta-v100");
  ASSERT_TRUE(static_cast<bool>(volta));
  auto voltaL1 = resolveL1(*volta);
  ASSERT_TRUE(static_cast<bool>(voltaL1))
      << llvm::toString(voltaL1.takeError());
  EXPECT_EQ(voltaL1->lineSize, 128u);
  EXPECT_EQ(voltaL1->sectorSize, 32u);
}

} // namespace
