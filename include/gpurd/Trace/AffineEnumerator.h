//===- AffineEnumerator.h - Warp traces from the affine model ---*- C++ -*-===//
//
// For kernels whose every memory operation is affine, the trace is computed
// from the AccessModel's quasi-affine forms directly (no isl in the inner
// loop): each warp executes the kernel's loop nest in SIMT lockstep, a lane
// taking part in an operation when the operation's domain holds for it, and
// each address is the array's base (MemoryLayout) plus the affine offset.
// Offsets and conditions are compiled into linear forms split into a
// per-lane part (block and thread indices, computed once per warp) and a
// per-iteration part (loop variables, computed once per iteration).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_AFFINEENUMERATOR_H
#define GPURD_TRACE_AFFINEENUMERATOR_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Trace/MemoryLayout.h"
#include "gpurd/Trace/WarpTrace.h"

#include <memory>

namespace gpurd::trace {

/// Why \p model cannot be enumerated (its first non-affine operation, or a
/// parameter without a value), or success.
llvm::Error checkEnumerable(const access::AccessModel &model);

/// A block's warp traces are held in memory (a warp instruction with its 32
/// addresses takes about 280 bytes); a block with more warp instructions than
/// this (about 1.2 GB of them) is an error rather than an exhausted machine.
constexpr uint64_t DefaultMaxWarpInstructionsPerBlock = 1ull << 22;

/// Creates the enumerator. \p kernel (optional) lets it count the non-memory
/// instructions between memory operations from the IR. With \p cutLongWarps,
/// a block over \p maxWarpInstructionsPerBlock is traced as the prefix of
/// each warp's run within the warp's share of it (notes() say so) rather
/// than an error.
llvm::Expected<std::unique_ptr<WarpTraceSource>> createAffineEnumerator(
    const access::AccessModel &model, const TraceLaunch &launch,
    const MemoryLayout &layout, const access::PreparedKernel *kernel = nullptr,
    uint64_t maxWarpInstructionsPerBlock = DefaultMaxWarpInstructionsPerBlock,
    bool cutLongWarps = false);

} // namespace gpurd::trace

#endif // GPURD_TRACE_AFFINEENUMERATOR_H
