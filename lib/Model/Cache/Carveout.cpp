//===- Carveout.cpp - The L1 a kernel gets of the unified storage ---------===//
//
// Volta, Ampere and Hopper SMs split one block of storage between the L1 and
// shared memory, per kernel, at one of a few capacities. The seeds model
// GPUs whose split is fixed (seed 000 §3: Fermi's 16/48 KB, chosen by the
// programmer); for these GPUs the L1 a kernel sees depends on its own shared
// memory, so it is chosen per launch. See docs/cache-model.md.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/ExecutionModel.h"

#include <algorithm>

namespace gpurd::model {

std::optional<L1Carveout> chooseL1Carveout(const arch::ArchDescription &arch,
                                           uint64_t sharedBytesPerBlock,
                                           unsigned activeBlocks) {
  const std::vector<uint64_t> &carveouts = arch.sm.sharedMemoryCarveouts;
  if (carveouts.empty() || !arch.sm.l1SharedCapacity || !arch.l1 ||
      !arch.l1->size || !arch.l1->lineSize || !arch.l1->assoc ||
      *arch.l1->size == 0)
    return std::nullopt;
  const uint64_t line = *arch.l1->lineSize;
  const uint64_t ways = *arch.l1->assoc;
  if (ways == 0 || *arch.l1->size % (line * ways) != 0)
    return std::nullopt;
  L1Carveout result;
  result.sets = static_cast<unsigned>(*arch.l1->size / (line * ways));
  result.needed =
      allocatedSharedBytes(arch, sharedBytesPerBlock) * activeBlocks;
  result.sharedBytes = carveouts.back();
  for (uint64_t carveout : carveouts)
    if (carveout >= result.needed) {
      result.sharedBytes = carveout;
      break;
    }
  const uint64_t storage = *arch.sm.l1SharedCapacity;
  const uint64_t left =
      storage > result.sharedBytes ? storage - result.sharedBytes : 0;
  // Whole ways of the kept sets, at least one.
  const uint64_t perWay = uint64_t(result.sets) * line;
  result.assoc = static_cast<unsigned>(
      std::max<uint64_t>(1, (left + perWay / 2) / perWay));
  result.l1Bytes = uint64_t(result.assoc) * perWay;
  return result;
}

} // namespace gpurd::model
