//===- ExecutionModel.h - Blocks to SMs, occupancy --------------*- C++ -*-===//
//
// The GPU's execution model as the cache model sees it (seed 000 §3.1, §4.1;
// seed 001 §4.2-§4.3, Table 2, Algorithms 2-3): which blocks each SM runs and
// in what order (round robin, partitions of 4 or 8 blocks, random), how many
// blocks are resident at once (the occupancy, from the arch limits and the
// kernel's shared memory), and which SMs are modelled when only a subset is.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_EXECUTIONMODEL_H
#define GPURD_MODEL_EXECUTIONMODEL_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpurd::model {

/// The blocks SM \p sm runs, in the order it starts them (seed 001 Table 2):
///  - RoundRobin (RR, seed 000 §4.1): blocks sm, sm + numSms, ...;
///  - Partition4 / Partition8 (BPART1/2): consecutive groups of 4 (8) blocks
///    go round robin over the SMs;
///  - Random (RAND): a permutation of the blocks drawn from \p seed, dealt
///    round robin.
std::vector<uint64_t> blocksOfSm(arch::BlockMapping mapping, uint64_t numBlocks,
                                 unsigned numSms, unsigned sm, uint64_t seed);

/// The occupancy limits of seed 001 Algorithm 3 (MAXCB, MAXCW) and seed 000
/// §4.1 (CUDA programming guide G.1: threads and shared memory too).
struct OccupancyLimits {
  unsigned maxBlocksPerSm = 0; ///< 0: no limit given.
  unsigned maxWarpsPerSm = 0;
  unsigned maxThreadsPerSm = 0;
  uint64_t sharedMemoryPerSm = 0;
};

/// The shared memory a block of \p sharedBytesPerBlock bytes (static and
/// dynamic) occupies on an SM: rounded up to sm.sharedMemoryAllocationUnit,
/// plus sm.reservedSharedMemoryPerBlock (the CUDA Occupancy Calculator's
/// "Shared Memory Allocation Unit Size" and "CUDA Runtime Shared Memory per
/// Block").
uint64_t allocatedSharedBytes(const arch::ArchDescription &arch,
                              uint64_t sharedBytesPerBlock);

/// Resident blocks per SM for blocks of \p threadsPerBlock threads using
/// \p sharedBytesPerBlock bytes of shared memory: the minimum of every limit
/// (seed 001 Algorithm 3: CB = min(BSM, MAXCB, floor(MAXCW / WpB))). An error
/// when a single block does not fit, or when the arch gives no limit at all.
llvm::Expected<unsigned> activeBlocksPerSm(const arch::ArchDescription &arch,
                                           uint64_t threadsPerBlock,
                                           uint64_t sharedBytesPerBlock);

/// How a kernel's launch splits an SM's unified L1/shared storage
/// (sm.l1SharedCapacity) when the split is configurable
/// (sm.sharedMemoryCarveouts).
struct L1Carveout {
  uint64_t needed = 0;      ///< Shared memory of the resident blocks.
  uint64_t sharedBytes = 0; ///< The carve-out chosen.
  uint64_t l1Bytes = 0;     ///< What it leaves the L1.
  unsigned sets = 0;        ///< The L1's sets (those of arch.l1, kept).
  unsigned assoc = 0;       ///< Its ways at l1Bytes.
};

/// The carve-out of a kernel with \p activeBlocks resident blocks of
/// \p sharedBytesPerBlock bytes of shared memory (as allocatedSharedBytes
/// counts them): the smallest that holds
/// them (the largest when none does), which is what CUDA's driver picks by
/// default (CUDA C++ Programming Guide, "Shared Memory" of compute
/// capabilities 7.x, 8.x and 9.0) and what GPGPU-Sim's adaptive L1 models.
/// The L1 keeps the number of sets arch.l1 has and gets the ways the rest
/// of the storage holds (GPGPU-Sim scales the associativity the same way).
/// None when the arch has no carve-outs or no L1 geometry.
std::optional<L1Carveout> chooseL1Carveout(const arch::ArchDescription &arch,
                                           uint64_t sharedBytesPerBlock,
                                           unsigned activeBlocks);

/// \p count SMs spread evenly over the \p activeSms SMs that get blocks
/// (all of them when count is 0 or at least activeSms), ascending.
std::vector<unsigned> pickModelledSms(unsigned activeSms, unsigned count);

} // namespace gpurd::model

#endif // GPURD_MODEL_EXECUTIONMODEL_H
