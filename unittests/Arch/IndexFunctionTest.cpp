//===- IndexFunctionTest.cpp - Address-to-set mappings --------------------===//

#include "gpurd/Arch/IndexFunction.h"
#include "gpurd/Arch/Presets.h"

#include "gtest/gtest.h"

using namespace gpurd::arch;

namespace {

IndexFunction fermiHash() {
  IndexFunction index;
  index.kind = IndexFunctionKind::Xor;
  index.bits = {{7, 13}, {8, 14}, {9, 15}, {10, 17}, {11, 19}};
  return index;
}

// seed 000 §5.1, Fig. 6: set bit i = address bit 7+i XOR bit 13/14/15/17/19.
TEST(IndexFunctionTest, FermiHashFollowsFigure6) {
  IndexFunction index = fermiHash();
  auto set = [&](uint64_t address) { return index.setIndex(address, 128, 32); };
  EXPECT_EQ(set(0), 0u);
  EXPECT_EQ(set(127), 0u); // offset within the line
  EXPECT_EQ(set(1 << 7), 1u);
  EXPECT_EQ(set(1 << 11), 16u);
  EXPECT_EQ(set(1 << 13), 1u);
  EXPECT_EQ(set(1 << 14), 2u);
  EXPECT_EQ(set(1 << 15), 4u);
  EXPECT_EQ(set(1 << 16), 0u); // bit 16 is not an input
  EXPECT_EQ(set(1 << 17), 8u);
  EXPECT_EQ(set(1 << 18), 0u);
  EXPECT_EQ(set(1 << 19), 16u);
  EXPECT_EQ(set((1 << 7) | (1 << 13)), 0u); // the two inputs cancel
  EXPECT_EQ(set(1 << 12), 0u);              // the 32-set cache skips bit 12
  // Stride 2^12 with 128 loads varies bits 12-18, of which only 13, 14, 15
  // and 17 reach the index (seed 000 §5.1): 16 distinct sets.
  std::vector<bool> seen(32);
  unsigned distinct = 0;
  for (uint64_t i = 0; i < 128; ++i) {
    unsigned s = set(i << 12);
    if (!seen[s]) {
      seen[s] = true;
      ++distinct;
    }
  }
  EXPECT_EQ(distinct, 16u);
}

TEST(IndexFunctionTest, Fermi48kPrefixesBit12) {
  IndexFunction index = fermiHash();
  index.bits.push_back({12});
  EXPECT_EQ(index.setIndex(1 << 12, 128, 64), 32u);
  EXPECT_EQ(index.setIndex((1 << 12) | (1 << 7), 128, 64), 33u);
  EXPECT_EQ(index.setIndex(1 << 13, 128, 64), 1u);
}

TEST(IndexFunctionTest, PresetHashMatches) {
  llvm::Expected<ArchDescription> arch = loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  const CacheDescription &l1 = *arch->l1;
  for (uint64_t address : {0ull, 4096ull, 8320ull, 524288ull, 987654ull})
    EXPECT_EQ(l1.index->setIndex(address, *l1.lineSize, *l1.setsPerBank()),
              fermiHash().setIndex(address, 128, 32))
        << address;
}

TEST(IndexFunctionTest, ModShiftedModPrimeMod) {
  IndexFunction mod;
  EXPECT_EQ(mod.setIndex(5 * 128 + 3, 128, 4), 1u);
  EXPECT_EQ(mod.setIndex(37 * 32, 32, 7), 2u);

  IndexFunction shifted;
  shifted.kind = IndexFunctionKind::ShiftedMod;
  shifted.shift = 2;
  // Line 0b10110 >> 2 = 0b101 = 5, mod 4 = 1.
  EXPECT_EQ(shifted.setIndex(0b10110 * 64, 64, 4), 1u);

  IndexFunction prime;
  prime.kind = IndexFunctionKind::PrimeMod;
  // Largest prime <= 32 is 31: line 31 maps to set 0, line 40 to set 9.
  EXPECT_EQ(prime.setIndex(31 * 128, 128, 32), 0u);
  EXPECT_EQ(prime.setIndex(40 * 128, 128, 32), 9u);
  prime.prime = 7;
  EXPECT_EQ(prime.setIndex(40 * 128, 128, 32), 5u);
}

TEST(IndexFunctionTest, DefaultXorFolds) {
  IndexFunction index;
  index.kind = IndexFunctionKind::Xor;
  // 8 sets: (line mod 8) XOR ((line / 8) mod 8).
  uint64_t line = (5 << 3) | 3;
  EXPECT_EQ(index.setIndex(line * 32, 32, 8), 3u ^ 5u);
  EXPECT_EQ(index.setIndex(8 * 32, 32, 8), 1u);
}

TEST(IndexFunctionTest, FullyAssociativeHasOneSet) {
  IndexFunction index;
  index.kind = IndexFunctionKind::FullyAssociative;
  EXPECT_EQ(index.setIndex(123456, 128, 1), 0u);
}

TEST(IndexFunctionTest, Primes) {
  EXPECT_EQ(largestPrimeAtMost(32), 31u);
  EXPECT_EQ(largestPrimeAtMost(64), 61u);
  EXPECT_EQ(largestPrimeAtMost(2), 2u);
  EXPECT_EQ(largestPrimeAtMost(1), 1u);
  EXPECT_TRUE(isPrime(2));
  EXPECT_TRUE(isPrime(61));
  EXPECT_FALSE(isPrime(1));
  EXPECT_FALSE(isPrime(33));
}

} // namespace
