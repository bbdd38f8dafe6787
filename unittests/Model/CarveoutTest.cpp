//===- CarveoutTest.cpp - The L1 a kernel gets of the unified storage -----===//
//
// Volta and later split 128-256 KB per SM between the L1 and shared memory,
// per kernel: the smallest carve-out that holds the resident blocks' shared
// memory, the rest L1 (sets kept, ways scaled). Values worked out by hand
// from the presets: A100 192 KB of storage, carve-outs 0, 8, 16, 32, 64,
// 100, 132, 164 KB, an L1 of 4 sets of 128-byte lines; every block takes
// its shared memory in 128-byte units and the 1 KB CUDA reserves for itself
// (allocatedSharedBytes).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/ExecutionModel.h"

#include <gtest/gtest.h>

namespace gpurd::model {
namespace {

arch::ArchDescription preset(const char *name) {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset(name);
  EXPECT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  return arch ? std::move(*arch) : arch::ArchDescription();
}

TEST(CarveoutTest, WithoutSharedMemoryTheBlocksStillTakeWhatCudaReserves) {
  // 8 blocks x (0 + 1 KB reserved) = 8 KB: the 8 KB carve-out, leaving
  // 184 KB = 4 sets x 368 ways x 128 B.
  std::optional<L1Carveout> c = chooseL1Carveout(preset("ampere-a100"), 0, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->needed, 8u * 1024);
  EXPECT_EQ(c->sharedBytes, 8u * 1024);
  EXPECT_EQ(c->l1Bytes, 184u * 1024);
  EXPECT_EQ(c->sets, 4u);
  EXPECT_EQ(c->assoc, 368u);
  // Without the reservation (an arch that has none) all 192 KB are L1.
  arch::ArchDescription bare = preset("ampere-a100");
  bare.sm.reservedSharedMemoryPerBlock.reset();
  c = chooseL1Carveout(bare, 0, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->needed, 0u);
  EXPECT_EQ(c->l1Bytes, 192u * 1024);
  EXPECT_EQ(c->assoc, 384u); // 192 KB / (4 x 128 B)
}

TEST(CarveoutTest, TheSmallestCarveoutThatHoldsTheResidentBlocks) {
  arch::ArchDescription a100 = preset("ampere-a100");
  // 8 blocks x (12 + 1) KB = 104 KB: 132 KB, leaving 60 KB = 4 x 120 x
  // 128 B. Without the reserved 1 KB, 96 KB would fit the 100 KB one.
  std::optional<L1Carveout> c = chooseL1Carveout(a100, 12 * 1024, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->needed, 104u * 1024);
  EXPECT_EQ(c->sharedBytes, 132u * 1024);
  EXPECT_EQ(c->l1Bytes, 60u * 1024);
  EXPECT_EQ(c->assoc, 120u);
  // 8 blocks x (2 + 1) KB = 24 KB: 32 KB, leaving 160 KB.
  c = chooseL1Carveout(a100, 2048, 8);
  EXPECT_EQ(c->needed, 24u * 1024);
  EXPECT_EQ(c->sharedBytes, 32u * 1024);
  EXPECT_EQ(c->l1Bytes, 160u * 1024);
  // 8 x 1 B rounds up to 8 x 128 B, + 8 x 1 KB: 9 KB, the 16 KB one.
  c = chooseL1Carveout(a100, 1, 8);
  EXPECT_EQ(c->needed, 9u * 1024);
  EXPECT_EQ(c->sharedBytes, 16u * 1024);
  // 3 x (48 + 1) KB = 147 KB: the largest, 164 KB, and the preset's l1.size.
  c = chooseL1Carveout(a100, 48 * 1024, 3);
  EXPECT_EQ(c->sharedBytes, 164u * 1024);
  EXPECT_EQ(c->l1Bytes, 28u * 1024);
  EXPECT_EQ(c->l1Bytes, *a100.l1->size);
  EXPECT_EQ(c->assoc, *a100.l1->assoc);
}

TEST(CarveoutTest, OtherGenerations) {
  // V100: 128 KB, carve-outs up to 96 KB; CUDA reserves nothing there.
  std::optional<L1Carveout> c = chooseL1Carveout(preset("volta-v100"), 0, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->l1Bytes, 128u * 1024);
  EXPECT_EQ(c->assoc, 256u);
  // H100: 256 KB; 2 blocks x (90 + 1) KB = 182 KB: 196 KB, leaving 60 KB.
  c = chooseL1Carveout(preset("hopper-h100"), 90 * 1024, 2);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->sharedBytes, 196u * 1024);
  EXPECT_EQ(c->l1Bytes, 60u * 1024);
  EXPECT_EQ(c->assoc, 120u);
}

TEST(CarveoutTest, FixedSplitsAreLeftAlone) {
  // Fermi's split is the programmer's (two presets), not per kernel.
  EXPECT_FALSE(chooseL1Carveout(preset("fermi-gtx470"), 0, 8).has_value());
  // Without carve-outs, or without the L1 geometry, nothing is chosen.
  arch::ArchDescription a100 = preset("ampere-a100");
  a100.sm.sharedMemoryCarveouts.clear();
  EXPECT_FALSE(chooseL1Carveout(a100, 0, 8).has_value());
  a100 = preset("ampere-a100");
  a100.l1->assoc.reset();
  EXPECT_FALSE(chooseL1Carveout(a100, 0, 8).has_value());
}

} // namespace
} // namespace gpurd::model
