//===- CarveoutTest.cpp - The L1 a kernel gets of the unified storage -----===//
//
// Volta and later split 128-256 KB per SM between the L1 and shared memory,
// per kernel: the smallest carve-out that holds the resident blocks' shared
// memory, the rest L1 (sets kept, ways scaled). Values worked out by hand
// from the presets: A100 192 KB of storage, carve-outs 0, 8, 16, 32, 64,
// 100, 132, 164 KB, an L1 of 4 sets of 128-byte lines.
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

TEST(CarveoutTest, NoSharedMemoryLeavesEverythingToTheL1) {
  std::optional<L1Carveout> c = chooseL1Carveout(preset("ampere-a100"), 0, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->needed, 0u);
  EXPECT_EQ(c->sharedBytes, 0u);
  EXPECT_EQ(c->l1Bytes, 192u * 1024);
  EXPECT_EQ(c->sets, 4u);
  EXPECT_EQ(c->assoc, 384u); // 192 KB / (4 x 128 B)
}

TEST(CarveoutTest, TheSmallestCarveoutThatHoldsTheResidentBlocks) {
  arch::ArchDescription a100 = preset("ampere-a100");
  // 8 blocks x 12 KB = 96 KB: 100 KB, leaving 92 KB = 4 x 184 x 128 B.
  std::optional<L1Carveout> c = chooseL1Carveout(a100, 12 * 1024, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->needed, 96u * 1024);
  EXPECT_EQ(c->sharedBytes, 100u * 1024);
  EXPECT_EQ(c->l1Bytes, 92u * 1024);
  EXPECT_EQ(c->assoc, 184u);
  // Exactly a carve-out: 8 blocks x 2 KB = 16 KB.
  c = chooseL1Carveout(a100, 2048, 8);
  EXPECT_EQ(c->sharedBytes, 16u * 1024);
  EXPECT_EQ(c->l1Bytes, 176u * 1024);
  // 3 x 48 KB = 144 KB: the largest, 164 KB, and the preset's l1.size.
  c = chooseL1Carveout(a100, 48 * 1024, 3);
  EXPECT_EQ(c->sharedBytes, 164u * 1024);
  EXPECT_EQ(c->l1Bytes, 28u * 1024);
  EXPECT_EQ(c->l1Bytes, *a100.l1->size);
  EXPECT_EQ(c->assoc, *a100.l1->assoc);
}

TEST(CarveoutTest, OtherGenerations) {
  // V100: 128 KB, carve-outs up to 96 KB.
  std::optional<L1Carveout> c = chooseL1Carveout(preset("volta-v100"), 0, 8);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->l1Bytes, 128u * 1024);
  EXPECT_EQ(c->assoc, 256u);
  // H100: 256 KB; 2 blocks x 90 KB = 180 KB: 196 KB, leaving 60 KB.
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
