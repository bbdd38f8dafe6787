//===- RequestProducerTest.cpp - Line requests handed over directly -------===//
//
// A producer that coalesces by itself passes line requests through
// KernelTraceInput::requestBlock instead of 32-lane traces. The model must
// give the same results either way (the engines pack each warp's requests
// into their own per-warp stream), and must refuse requests whose
// instructions do not take consecutive ranges of l1Lines, which the engines
// step through in order.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Arch/Presets.h"

namespace gpurd::model::test {
namespace {

/// Two blocks of two warps: broadcasts, strided (several lines per
/// instruction), coalesced reads and writes, with reuse across warps.
HandKernel mixedKernel() {
  HandKernel kernel;
  kernel.launch.grid = {2, 1, 1};
  kernel.launch.block = {64, 1, 1};
  for (uint64_t b = 0; b < 2; ++b)
    for (unsigned w = 0; w < 2; ++w) {
      std::vector<trace::WarpInstruction> &in = kernel.warp(b, w).instructions;
      for (uint64_t k = 0; k < 40; ++k) {
        in.push_back(fullWarp(4096 * b + 512 * k, 0, trace::AccessKind::Read,
                              /*site=*/1));
        in.push_back(fullWarp(128 * (k % 7) + 32 * w, 16,
                              trace::AccessKind::Read, /*site=*/2));
        if (k % 5 == 0)
          in.push_back(fullWarp(65536 + 128 * (2 * b + w), 4,
                                trace::AccessKind::Write, /*site=*/3));
      }
    }
  return kernel;
}

/// \p kernel's traces split by prepareWarpRequests, handed over as requests.
KernelTraceInput asRequests(const HandKernel &kernel) {
  KernelTraceInput in;
  in.launch = kernel.launch;
  in.requestBlock = [&kernel](uint64_t block, const CacheLevelConfig &l1,
                              unsigned l2LineSize,
                              std::vector<WarpRequests> &warps) {
    warps.clear();
    auto it = kernel.blocks.find(block);
    if (it == kernel.blocks.end())
      return llvm::Error::success();
    RequestCounts counts;
    for (const trace::WarpTrace &trace : it->second)
      prepareWarpRequests(trace, l1, l2LineSize, warps.emplace_back(), counts);
    return llvm::Error::success();
  };
  return in;
}

TEST(RequestProducerTest, SameResultsAsTraces) {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  HandKernel kernel = mixedKernel();
  CacheModelOptions options;
  options.l2 = L2Mode::On;
  options.engine = ExecutionEngine::WarpQueue;
  llvm::Expected<CacheModelResults> fromTraces =
      runCacheModel(*arch, kernel.input(), options);
  ASSERT_TRUE(bool(fromTraces)) << llvm::toString(fromTraces.takeError());
  llvm::Expected<CacheModelResults> fromRequests =
      runCacheModel(*arch, asRequests(kernel), options);
  ASSERT_TRUE(bool(fromRequests)) << llvm::toString(fromRequests.takeError());

  const CacheCounters &a = fromTraces->l1, &b = fromRequests->l1;
  EXPECT_GT(a.readAccesses, 0u);
  EXPECT_GT(a.writeAccesses, 0u);
  EXPECT_EQ(a.readAccesses, b.readAccesses);
  EXPECT_EQ(a.readHits, b.readHits);
  EXPECT_EQ(a.readMisses, b.readMisses);
  EXPECT_EQ(a.writeAccesses, b.writeAccesses);
  EXPECT_EQ(a.mshrMerges, b.mshrMerges);
  EXPECT_EQ(a.reservationFailures, b.reservationFailures);
  EXPECT_EQ(fromTraces->l2.readAccesses, fromRequests->l2.readAccesses);
  EXPECT_EQ(fromTraces->l2.readHits, fromRequests->l2.readHits);
  EXPECT_EQ(fromTraces->transactions.dramReads,
            fromRequests->transactions.dramReads);
  EXPECT_EQ(fromTraces->l1Profiles.perSet, fromRequests->l1Profiles.perSet);
}

TEST(RequestProducerTest, InstructionsMustTakeConsecutiveLines) {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset("fermi-gtx470");
  ASSERT_TRUE(bool(arch)) << llvm::toString(arch.takeError());
  HandKernel kernel = mixedKernel();
  KernelTraceInput in = asRequests(kernel);
  auto prepare = in.requestBlock;
  // Warp 1's second instruction claims the lines of its first.
  in.requestBlock = [prepare](uint64_t block, const CacheLevelConfig &l1,
                              unsigned l2LineSize,
                              std::vector<WarpRequests> &warps) -> llvm::Error {
    if (llvm::Error e = prepare(block, l1, l2LineSize, warps))
      return e;
    if (warps.size() > 1 && warps[1].ops.size() > 1)
      warps[1].ops[1].l1Begin = warps[1].ops[0].l1Begin;
    return llvm::Error::success();
  };
  CacheModelOptions options;
  options.engine = ExecutionEngine::WarpQueue;
  llvm::Expected<CacheModelResults> results = runCacheModel(*arch, in, options);
  ASSERT_FALSE(bool(results));
  EXPECT_EQ(llvm::toString(results.takeError()),
            "warp 1 of block 0: the L1 requests of its instructions are not "
            "consecutive in l1Lines");
}

} // namespace
} // namespace gpurd::model::test
