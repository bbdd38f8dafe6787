//===- BlockScheduler.h - Which blocks run on which SM ----------*- C++ -*-===//
//
// Seed 000 §4.1: thread blocks are assigned to SMs round robin, and when a
// block finishes the next one takes its place (all blocks are assumed to take
// equally long, so SM s runs blocks s, s + numSms, s + 2 numSms, ... with up
// to `activeBlocks` of them at once). Large grids are analysed through a
// representative subset of SMs (`--sms N|all`).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_BLOCKSCHEDULER_H
#define GPURD_TRACE_BLOCKSCHEDULER_H

#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::trace {

struct BlockSchedule {
  unsigned numSms = 1;       ///< SMs of the GPU.
  unsigned activeBlocks = 1; ///< Blocks resident on an SM at once.
  uint64_t numBlocks = 0;    ///< Blocks of the grid.
  /// The SMs modelled (ascending). Empty: none.
  std::vector<unsigned> modelledSms;

  /// Blocks SM \p sm runs, in the order it starts them.
  std::vector<uint64_t> blocksOf(unsigned sm) const;
  /// The SM block \p block runs on.
  unsigned smOf(uint64_t block) const { return block % numSms; }
  /// A sentence saying what is sampled (`2 of 14 SMs: 0, 7; 586 of 4096
  /// blocks`).
  std::string describe() const;
};

/// Occupancy from the arch limits: the number of blocks of \p threadsPerBlock
/// threads using \p sharedBytesPerBlock that fit on one SM (at least 1).
unsigned activeBlocksPerSm(unsigned maxThreadsPerSm, unsigned maxBlocksPerSm,
                           uint64_t sharedPerSm, uint64_t threadsPerBlock,
                           uint64_t sharedBytesPerBlock);

/// Picks \p count SMs spread evenly over \p numSms (all when count >= numSms
/// or count == 0), among those that get at least one block.
BlockSchedule scheduleBlocks(uint64_t numBlocks, unsigned numSms,
                             unsigned activeBlocks, unsigned count);

} // namespace gpurd::trace

#endif // GPURD_TRACE_BLOCKSCHEDULER_H
