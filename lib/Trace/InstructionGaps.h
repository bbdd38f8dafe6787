//===- InstructionGaps.h - Non-memory instructions, affine path -*- C++ -*-===//
//
// The affine enumerator walks the kernel's memory operations, not its
// basic blocks: the non-memory IR instructions it reports (the placement
// model's #inst, seed 002 Eq. 2, and Accel-Sim's ALU lines) are those
// of the blocks that hold operations (counted with the operations: they
// run as often), and those every warp executes once whatever its path (the
// entry block's and a return block's). Instructions of other blocks without
// memory operations (loop headers, a branch's empty side) are not counted
// (docs/placement-model.md says so).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_INSTRUCTIONGAPS_H
#define GPURD_LIB_TRACE_INSTRUCTIONGAPS_H

#include "gpurd/Access/AccessAnalysis.h"

#include <cstdint>
#include <vector>

namespace gpurd::trace {

struct InstructionGaps {
  /// Per site: the non-memory instructions before it in its block, back to
  /// the previous site of the block or the block's start, and for the
  /// block's last site those after it too (they run each time it does).
  std::vector<uint32_t> beforeSite;
  /// Per site: the part of beforeSite that runs after it (its block's tail,
  /// for the block's last site; 0 for the others). A trace replayed
  /// instruction by instruction (Accel-Sim's) moves it back after the site.
  std::vector<uint32_t> tailOfSite;
  /// Per warp: the instructions of the entry block when it has no site, and
  /// of a return block without sites (the fewest of them: a warp leaves
  /// through one).
  uint32_t perWarp = 0;
};

/// Whether the gaps count \p inst: every instruction but phis and debug
/// records.
bool countedInGaps(const llvm::Instruction &inst);

/// The gaps of \p kernel's \p sites sites (all zero without the IR).
InstructionGaps instructionGaps(const access::PreparedKernel *kernel,
                                size_t sites);

/// Whether \p kernel has a loop none of whose blocks holds one of its
/// \p sites memory operations or barriers: the affine path, which counts
/// instructions with the operations, would leave the loop's out (a compute
/// loop of 2000 iterations counted as nothing), so an automatic choice of
/// producer takes the emulator, which counts every instruction it runs.
bool hasLoopWithoutSites(const access::PreparedKernel *kernel);

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_INSTRUCTIONGAPS_H
