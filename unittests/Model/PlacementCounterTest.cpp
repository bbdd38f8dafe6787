//===- PlacementCounterTest.cpp - Replays of kinds (1)-(4) (seed 002) -----===//
//
// model::placement::PlacementCounter on hand-made warps; every expected
// value is counted by hand in the comment beside it.

#include "gpurd/Model/Placement/PlacementCounter.h"

#include <gtest/gtest.h>

using namespace gpurd::model::placement;
using gpurd::AccessKind;
using gpurd::MemorySpace;
using gpurd::trace::WarpInstruction;
using gpurd::trace::WarpSize;
using gpurd::trace::WarpTrace;

namespace {

constexpr uint64_t Base = 0x7f0000000000ull; // 128-byte aligned
constexpr uint32_t AllLanes = 0xffffffffu;

template <typename AddressOf>
WarpInstruction access(MemorySpace space, AddressOf address,
                       uint32_t instructionsBefore = 0) {
  WarpInstruction instruction;
  instruction.space = space;
  instruction.size = 4;
  instruction.activeMask = AllLanes;
  instruction.instructionsBefore = instructionsBefore;
  for (unsigned lane = 0; lane < WarpSize; ++lane)
    instruction.addresses[lane] = address(lane);
  return instruction;
}

/// The counts of one warp of block \p block holding \p instructions.
PlacementCounts countOne(std::vector<WarpInstruction> instructions,
                         PlacementCounterConfig config = {},
                         uint64_t trailing = 0) {
  PlacementCounter counter(config);
  WarpTrace warp;
  warp.instructions = std::move(instructions);
  warp.trailingInstructions = trailing;
  counter.add(warp);
  return counter.results();
}

// Kind (1): a coalesced float load touches one 128-byte transaction (no
// replay); one float per 128 bytes (fully divergent) touches 32: 31
// replays.
TEST(PlacementCounterTest, GlobalAddressDivergence) {
  PlacementCounts coalesced = countOne(
      {access(MemorySpace::Global, [](unsigned l) { return Base + 4 * l; })});
  EXPECT_EQ(coalesced.sites[0].divergenceReplays, 0u);
  PlacementCounts divergent = countOne(
      {access(MemorySpace::Global, [](unsigned l) { return Base + 128 * l; })});
  EXPECT_EQ(divergent.sites[0].divergenceReplays, 31u);
  // The read-only path counts the same way.
  PlacementCounts readOnly = countOne({access(
      MemorySpace::GlobalReadOnly, [](unsigned l) { return Base + 256 * l; })});
  EXPECT_EQ(readOnly.sites[0].divergenceReplays, 31u);
}

// Kind (4): 4-byte words with a stride of 2 words put two lanes in each of
// 16 banks: 2 wavefronts where 1 would do, 1 replay; a stride of 32 words
// puts all 32 lanes in bank 0: 32 wavefronts, 31 replays; lanes reading
// one word are a broadcast: none.
TEST(PlacementCounterTest, SharedBankConflicts) {
  auto sharedAt = [](uint64_t stride) {
    return access(MemorySpace::Shared,
                  [stride](unsigned l) { return 4 * stride * l; });
  };
  EXPECT_EQ(countOne({sharedAt(2)}).sites[0].bankConflictReplays, 1u);
  EXPECT_EQ(countOne({sharedAt(32)}).sites[0].bankConflictReplays, 31u);
  EXPECT_EQ(countOne({sharedAt(0)}).sites[0].bankConflictReplays, 0u);
}

// Kinds (2) and (3): a constant load whose lanes read 8 distinct words of
// one 64-byte line (lane l reads word l % 8) serialises into 8 reads, 7
// replays, and misses the cold constant cache once; the same load again
// hits: 7 more replays, no miss. Without a constant cache every line
// misses.
TEST(PlacementCounterTest, ConstantDivergenceAndMisses) {
  auto divergent = access(MemorySpace::Constant,
                          [](unsigned l) { return Base + 4 * (l % 8); });
  PlacementCounterConfig config;
  config.constantLines = 128; // 8 KB of 64-byte lines.
  PlacementCounts counts = countOne({divergent, divergent}, config);
  EXPECT_EQ(counts.sites.size(), 1u);
  EXPECT_EQ(counts.sites[0].constantReplays, 14u);
  EXPECT_EQ(counts.sites[0].constantMisses, 1u);
  EXPECT_EQ(counts.sites[0].replays(), 15u);
  PlacementCounts uncached = countOne({divergent, divergent});
  EXPECT_EQ(uncached.sites[0].constantMisses, 2u);
}

// The constant cache is LRU over its lines: with 2 lines, reading lines
// A, B, C, A misses all four (A was evicted by C); A, B, A, C misses 3.
TEST(PlacementCounterTest, ConstantCacheIsLru) {
  auto line = [](uint64_t n) {
    return access(MemorySpace::Constant,
                  [n](unsigned) { return Base + 64 * n; });
  };
  PlacementCounterConfig config;
  config.constantLines = 2;
  auto missesOf = [&](std::vector<uint64_t> lines) {
    std::vector<WarpInstruction> instructions;
    for (uint64_t n : lines) {
      instructions.push_back(line(n));
      instructions.back().site = 0;
    }
    return countOne(instructions, config).sites[0].constantMisses;
  };
  EXPECT_EQ(missesOf({0, 1, 2, 0}), 4u);
  EXPECT_EQ(missesOf({0, 1, 0, 2}), 3u);
}

// Executed instructions: the memory instructions, the others before them
// and those after the last: 1 + 5 + 1 + 3 + 2 = 12.
TEST(PlacementCounterTest, ExecutedInstructions) {
  auto load = [](uint32_t before, uint32_t site) {
    auto i = access(
        MemorySpace::Global, [](unsigned l) { return Base + 4 * l; }, before);
    i.site = site;
    return i;
  };
  PlacementCounts counts = countOne({load(5, 0), load(3, 1)}, {}, 2);
  EXPECT_EQ(counts.warps, 1u);
  EXPECT_EQ(counts.instructions, 12u);
  EXPECT_EQ(counts.sites.size(), 2u);
}

} // namespace
