//===- ExecutionModel.cpp - Blocks to SMs, occupancy ----------------------===//

#include "gpurd/Model/ExecutionModel.h"
#include "gpurd/Support/UserInput.h"

#include "Random.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

namespace gpurd::model {

std::vector<uint64_t> blocksOfSm(arch::BlockMapping mapping, uint64_t numBlocks,
                                 unsigned numSms, unsigned sm, uint64_t seed) {
  std::vector<uint64_t> blocks;
  if (numSms == 0 || sm >= numSms)
    return blocks;
  switch (mapping) {
  case arch::BlockMapping::RoundRobin:
    // seed 000 §4.1: round robin over the SMs, the next block when one is
    // done; with equally long blocks SM s runs s, s + P, s + 2P, ...
    for (uint64_t b = sm; b < numBlocks; b += numSms)
      blocks.push_back(b);
    break;
  case arch::BlockMapping::Partition4:
  case arch::BlockMapping::Partition8: {
    // seed 001 Table 2 BPART1/2: partitions of four/eight consecutive blocks.
    uint64_t size = mapping == arch::BlockMapping::Partition4 ? 4 : 8;
    uint64_t partitions = (numBlocks + size - 1) / size;
    for (uint64_t p = sm; p < partitions; p += numSms)
      for (uint64_t b = p * size; b < std::min(numBlocks, (p + 1) * size); ++b)
        blocks.push_back(b);
    break;
  }
  case arch::BlockMapping::Random: {
    // seed 001 Table 2 RAND: a seeded permutation (Fisher-Yates), dealt
    // round robin so every SM gets its share.
    std::vector<uint64_t> order(numBlocks);
    std::iota(order.begin(), order.end(), 0);
    Random random(seed ^ 0x5bd1e995ull);
    for (uint64_t i = numBlocks; i > 1; --i)
      std::swap(order[i - 1], order[random.below(i)]);
    for (uint64_t i = sm; i < numBlocks; i += numSms)
      blocks.push_back(order[i]);
    break;
  }
  }
  return blocks;
}

uint64_t allocatedSharedBytes(const arch::ArchDescription &arch,
                              uint64_t sharedBytesPerBlock) {
  uint64_t unit = arch.sm.sharedMemoryAllocationUnit.value_or(1);
  return llvm::alignTo(sharedBytesPerBlock, std::max<uint64_t>(unit, 1)) +
         arch.sm.reservedSharedMemoryPerBlock.value_or(0);
}

llvm::Expected<unsigned> activeBlocksPerSm(const arch::ArchDescription &arch,
                                           uint64_t threadsPerBlock,
                                           uint64_t sharedBytesPerBlock) {
  const arch::SmDescription &sm = arch.sm;
  unsigned warpSize = std::max(sm.warpSize, 1u);
  uint64_t warpsPerBlock = (threadsPerBlock + warpSize - 1) / warpSize;
  uint64_t limit = ~uint64_t(0);
  bool anyLimit = false;
  auto apply = [&](std::optional<uint64_t> capacity, uint64_t perBlock,
                   const char *field) -> llvm::Error {
    if (!capacity || perBlock == 0)
      return llvm::Error::success();
    anyLimit = true;
    uint64_t fit = *capacity / perBlock;
    if (fit == 0)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("a block does not fit on an SM of arch '{0}': it "
                        "needs {1} against sm.{2} = {3}",
                        arch.name, perBlock, field, *capacity));
    limit = std::min(limit, fit);
    return llvm::Error::success();
  };
  auto opt = [](const auto &value) -> std::optional<uint64_t> {
    if (!value)
      return std::nullopt;
    return uint64_t(*value);
  };
  // seed 001 Algorithm 3: MAXCB and floor(MAXCW / WpB); seed 000 §4.1: the
  // thread and shared-memory limits of the CUDA guide as well.
  if (llvm::Error e = apply(opt(sm.maxBlocksPerSm), 1, "maxBlocksPerSm"))
    return e;
  if (llvm::Error e =
          apply(opt(sm.maxWarpsPerSm), warpsPerBlock, "maxWarpsPerSm"))
    return e;
  if (llvm::Error e =
          apply(opt(sm.maxThreadsPerSm), threadsPerBlock, "maxThreadsPerSm"))
    return e;
  if (llvm::Error e = apply(opt(sm.sharedMemoryPerSm),
                            allocatedSharedBytes(arch, sharedBytesPerBlock),
                            "sharedMemoryPerSm"))
    return e;
  if (!anyLimit || limit == ~uint64_t(0))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv(
            "arch '{0}' has no sm.maxBlocksPerSm; the cache model "
            "needs it (set it with {1})",
            arch.name,
            userInput(UserInput::ArchSetting, "sm.maxBlocksPerSm=N")));
  return static_cast<unsigned>(std::min<uint64_t>(limit, 1u << 20));
}

std::vector<unsigned> pickModelledSms(unsigned activeSms, unsigned count) {
  std::vector<unsigned> sms;
  if (count == 0 || count >= activeSms) {
    for (unsigned s = 0; s < activeSms; ++s)
      sms.push_back(s);
    return sms;
  }
  // Evenly spread: floor(i * active / count).
  for (unsigned i = 0; i < count; ++i)
    sms.push_back(static_cast<unsigned>(uint64_t(i) * activeSms / count));
  return sms;
}

} // namespace gpurd::model
