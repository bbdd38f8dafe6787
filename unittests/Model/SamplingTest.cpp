//===- SamplingTest.cpp - Choosing the modelled SMs from a budget ---------===//
//
// Seed 000 §4.6: a limited number of cores is modelled and the results
// generalised. CacheModelOptions::requestBudget picks how many from the L1
// line requests of block 0.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Arch/Presets.h"

namespace gpurd::model::test {
namespace {

/// 26 blocks of one warp on the GTX 970 preset (13 SMs); each warp reads
/// 128 contiguous bytes: 4 L1 lines of 32 bytes. 104 requests in all, 8 per
/// SM.
struct BudgetKernel {
  HandKernel kernel;
  BudgetKernel() {
    kernel.launch.grid = {26, 1, 1};
    kernel.launch.block = {32, 1, 1};
    for (uint64_t b = 0; b < 26; ++b)
      kernel.warp(b, 0).instructions.push_back(fullWarp(b * 4096, 4));
  }
};

CacheModelResults runWithBudget(uint64_t budget, unsigned modelledSms = 0) {
  llvm::Expected<arch::ArchDescription> maxwell =
      arch::loadPreset("maxwell-gtx970");
  EXPECT_TRUE(bool(maxwell));
  BudgetKernel k;
  CacheModelOptions options;
  options.requestBudget = budget;
  options.modelledSms = modelledSms;
  llvm::Expected<CacheModelResults> results =
      runCacheModel(*maxwell, k.kernel.input(), options);
  EXPECT_TRUE(bool(results)) << llvm::toString(results.takeError());
  return std::move(*results);
}

bool hasNote(const CacheModelResults &results, llvm::StringRef text) {
  for (const std::string &note : results.notes)
    if (llvm::StringRef(note).contains(text))
      return true;
  return false;
}

TEST(SamplingTest, BudgetPicksTheSmsThatFit) {
  // 8 requests per SM: a budget of 20 fits 2 SMs, spread: 0 and 13 / 2 = 6.
  CacheModelResults two = runWithBudget(20);
  EXPECT_EQ(two.sampling.requestsOfFirstBlock, 4u);
  EXPECT_EQ(two.sampling.estimatedRequests, 104u);
  EXPECT_EQ(two.sampling.requestBudget, 20u);
  EXPECT_EQ(two.sampling.modelledSms, (std::vector<unsigned>{0, 6}));
  EXPECT_EQ(two.sampling.modelledBlocks, 4u);
  EXPECT_EQ(two.l1.readAccesses, 16u);
  EXPECT_TRUE(hasNote(two, "2 of 13 SMs modelled: the launch makes about 104 "
                           "L1 line requests (4 per block, counted on block "
                           "0), more than the budget of 20"));
  EXPECT_TRUE(hasNote(two, "L2 hit rates tend to be too low"));

  // At least one SM, however small the budget.
  CacheModelResults one = runWithBudget(3);
  EXPECT_EQ(one.sampling.modelledSms, (std::vector<unsigned>{0}));
  EXPECT_EQ(one.l1.readAccesses, 8u);
}

TEST(SamplingTest, EverySmWithinTheBudget) {
  CacheModelResults all = runWithBudget(104);
  EXPECT_EQ(all.sampling.modelledSms.size(), 13u);
  EXPECT_EQ(all.sampling.modelledBlocks, 26u);
  EXPECT_EQ(all.l1.readAccesses, 104u);
  EXPECT_FALSE(hasNote(all, "SMs modelled"));
  EXPECT_FALSE(hasNote(all, "L2 hit rates tend to be too low"));
}

TEST(SamplingTest, ExplicitCountsAndNoBudgetIgnoreIt) {
  // No budget: every SM, nothing estimated.
  CacheModelResults none = runWithBudget(0);
  EXPECT_EQ(none.sampling.modelledSms.size(), 13u);
  EXPECT_EQ(none.sampling.estimatedRequests, 0u);
  // An explicit count wins over the budget (and is not explained by it).
  CacheModelResults three = runWithBudget(1, 3);
  EXPECT_EQ(three.sampling.modelledSms, (std::vector<unsigned>{0, 4, 8}));
  EXPECT_EQ(three.sampling.requestBudget, 0u);
  EXPECT_FALSE(hasNote(three, "more than the budget"));
  EXPECT_TRUE(hasNote(three, "L2 hit rates tend to be too low"));
}

/// \p sms SMs of 2 resident blocks each, a small L1 without latency.
arch::ArchDescription smallArch(unsigned sms) {
  arch::ArchDescription arch = oneSmArch("small");
  arch.sm.count = sms;
  arch.sm.maxBlocksPerSm = 2;
  arch.l1 = cache(64, 128, 4);
  arch.l1->latencyModel = fixedLatency(0);
  arch.l1->mshr = mshrs(8);
  return arch;
}

/// \p blocks one-warp blocks, each reading one line of its own.
HandKernel oneLinePerBlock(uint64_t blocks) {
  HandKernel kernel;
  kernel.launch.grid = {blocks, 1, 1};
  kernel.launch.block = {32, 1, 1};
  for (uint64_t b = 0; b < blocks; ++b)
    kernel.warp(b, 0).instructions.push_back(fullWarp(b * 128, 4));
  return kernel;
}

// When one SM's blocks alone exceed the budget, that SM runs its first
// blocks only (seed 000 §4.6 limits the threads modelled too), at least one
// active set of them.
TEST(SamplingTest, OneSmOverTheBudgetRunsItsFirstBlocks) {
  arch::ArchDescription arch = smallArch(1);
  HandKernel kernel = oneLinePerBlock(10);

  CacheModelOptions options;
  options.sampling = Sampling::Space;
  options.requestBudget = 3; // 1 request per block: the first 3 blocks.
  llvm::Expected<CacheModelResults> cut =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_TRUE(bool(cut)) << llvm::toString(cut.takeError());
  EXPECT_EQ(cut->sampling.blocksPerSmLimit, 3u);
  EXPECT_EQ(cut->sampling.modelledBlocks, 3u);
  EXPECT_EQ(cut->l1.readAccesses, 3u);
  EXPECT_DOUBLE_EQ(cut->sampling.scale, 10.0 / 3.0);
  EXPECT_NE(cut->sampling.description.find("3 of 10 blocks (each SM's first "
                                           "3)"),
            std::string::npos);
  EXPECT_TRUE(hasNote(*cut, "and of its blocks the first 3 only"));

  // Below one active set (2 blocks), the active set is kept.
  options.requestBudget = 1;
  llvm::Expected<CacheModelResults> floor =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_TRUE(bool(floor)) << llvm::toString(floor.takeError());
  EXPECT_EQ(floor->sampling.modelledBlocks, 2u);

  // An explicit limit applies without a budget.
  CacheModelOptions explicitLimit;
  explicitLimit.maxBlocksPerSm = 4;
  llvm::Expected<CacheModelResults> four =
      runCacheModel(arch, kernel.input(), explicitLimit);
  ASSERT_TRUE(bool(four)) << llvm::toString(four.takeError());
  EXPECT_EQ(four->sampling.modelledBlocks, 4u);
  EXPECT_FALSE(hasNote(*four, "budget"));
}

// A limit in waves of resident blocks (a what-if's variant runs on its
// baseline's waves): with 2 resident blocks an SM, 1 wave is each SM's
// first 2 blocks, 3 waves its first 6; no budget is needed, and a count of
// SMs (which lifts the budgets) keeps it.
TEST(SamplingTest, WaveLimitRunsEachSmsFirstWaves) {
  arch::ArchDescription arch = smallArch(1);
  HandKernel kernel = oneLinePerBlock(10);
  CacheModelOptions options;
  options.maxWavesPerSm = 1;
  llvm::Expected<CacheModelResults> one =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_TRUE(bool(one)) << llvm::toString(one.takeError());
  EXPECT_EQ(one->sampling.blocksPerSmLimit, 2u);
  EXPECT_EQ(one->sampling.modelledBlocks, 2u);
  EXPECT_EQ(one->l1.readAccesses, 2u);

  options.maxWavesPerSm = 3;
  options.modelledSms = 1;
  llvm::Expected<CacheModelResults> three =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_TRUE(bool(three)) << llvm::toString(three.takeError());
  EXPECT_EQ(three->sampling.modelledBlocks, 6u);

  // The smaller of a block limit and the waves.
  options.maxBlocksPerSm = 4;
  llvm::Expected<CacheModelResults> four =
      runCacheModel(arch, kernel.input(), options);
  ASSERT_TRUE(bool(four)) << llvm::toString(four.takeError());
  EXPECT_EQ(four->sampling.modelledBlocks, 4u);
}

// Sampling in time: every SM, its first whole waves. 4 SMs with 2 resident
// blocks each, 40 blocks of one request (10 per SM, round robin): one wave
// of every SM is 4 x 2 = 8 requests.
TEST(SamplingTest, TimeSamplingRunsEverySmsFirstWaves) {
  arch::ArchDescription arch = smallArch(4);
  HandKernel kernel = oneLinePerBlock(40);
  auto runWith = [&](uint64_t budget) {
    CacheModelOptions options;
    options.sampling = Sampling::Time;
    options.requestBudget = budget;
    llvm::Expected<CacheModelResults> r =
        runCacheModel(arch, kernel.input(), options);
    EXPECT_TRUE(bool(r)) << llvm::toString(r.takeError());
    return std::move(*r);
  };
  // A budget of 16: two waves, 4 blocks of each SM, 16 of 40.
  CacheModelResults two = runWith(16);
  EXPECT_EQ(two.sampling.method, "time");
  EXPECT_EQ(two.sampling.modelledSms, (std::vector<unsigned>{0, 1, 2, 3}));
  EXPECT_EQ(two.sampling.blocksPerSmLimit, 4u);
  EXPECT_EQ(two.sampling.modelledBlocks, 16u);
  EXPECT_TRUE(hasNote(two, "sampled in time: all 4 active SMs, each its "
                           "first 4 blocks (2 waves of 2 resident blocks)"));
  EXPECT_FALSE(hasNote(two, "L2 hit rates tend to be too low"));
  // A budget of 5: the first wave (8 requests) is over it by less than 4
  // times: it is kept.
  CacheModelResults one = runWith(5);
  EXPECT_EQ(one.sampling.method, "time");
  EXPECT_EQ(one.sampling.modelledBlocks, 8u);
  // A budget of 1: one wave is 8 budgets: the SMs are sampled instead, one
  // SM and its first resident set (2 blocks).
  CacheModelResults space = runWith(1);
  EXPECT_EQ(space.sampling.method, "space");
  EXPECT_EQ(space.sampling.modelledSms, (std::vector<unsigned>{0}));
  EXPECT_EQ(space.sampling.modelledBlocks, 2u);
}

} // namespace
} // namespace gpurd::model::test
