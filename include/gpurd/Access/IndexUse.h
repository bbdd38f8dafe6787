//===- IndexUse.h - Thread and block indices a kernel reads -----*- C++ -*-===//
//
// The dimensions of threadIdx/blockDim and blockIdx/gridDim a compiled kernel
// reads: what "how the kernel indexes" means when a launch's shape has to be
// assumed (a kernel that reads threadIdx.y runs in 2-D blocks); and the
// integer parameters it uses as an index into a device array of fixed
// extent, which an assumed value must stay within.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_INDEXUSE_H
#define GPURD_ACCESS_INDEXUSE_H

#include "llvm/IR/Function.h"

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gpurd::access {

/// A fixed-extent device array that a kernel parameter indexes directly
/// (`table[op]` for `__device__ f_t table[2]`, the CUDA samples'
/// FunctionPointers): a value of the parameter past the extent reads
/// outside the array.
struct TableIndex {
  std::string array; ///< The variable's name in the device code.
  uint64_t extent = 0;
};

/// Dimensions (x, y, z) read by a kernel.
struct IndexUse {
  /// threadIdx or blockDim in that dimension.
  std::array<bool, 3> thread{false, false, false};
  /// blockIdx or gridDim in that dimension.
  std::array<bool, 3> block{false, false, false};
  /// It accesses `extern __shared__` memory (an external addrspace(3)
  /// global): the launch's dynamic shared memory. The host compile may not
  /// see the declaration (simpleAWBarrier declares it under
  /// `#if __CUDA_ARCH__ >= 700`, which the host compile skips).
  bool dynamicShared = false;
  /// It synchronises the grid (cooperative groups' grid_group::sync, which
  /// the prelude calls `__gpurd_cg_grid_sync`): a cooperative launch, whose
  /// blocks must all be resident at once.
  bool gridSync = false;
  /// The kernel's integer parameters (by position) that index a device
  /// array of fixed extent, each with the smallest such array.
  std::map<unsigned, TableIndex> tableIndices;
  /// gridDim in that dimension is part of a loop's step (`i += blockDim.x *
  /// gridDim.x`, a grid-stride loop): the loop covers its range with any
  /// grid, so a larger grid splits the same work into more pieces.
  std::array<bool, 3> gridStride{false, false, false};
  /// The kernel's integer parameters (by position) that the exit condition
  /// of one of its loops reads (`tile < numTiles`): the values that decide
  /// how long a block runs, rather than which threads do work (a guard
  /// `if (i >= n) return` outside any loop).
  std::set<unsigned> loopBounds;
  /// The kernel's integer parameters (by position) that a comparison with
  /// a value of the thread's or block's index reads (`if (i >= n) return`):
  /// which threads do work. One that bounds no loop keeps the launch's
  /// extent where smaller sizes are retried.
  std::set<unsigned> indexGuards;
  /// Those compared with an index that reads blockIdx (a global index,
  /// `blockIdx.x * blockDim.x + threadIdx.x < n`), not with threadIdx
  /// alone (`for (i = threadIdx.x; i < C; i += blockDim.x)`, a block's
  /// loop over a row).
  std::set<unsigned> globalIndexGuards;
  /// The guards among them that bound the index by a product of two or
  /// more integer parameters (`if (i < B * T)`), each as the positions of
  /// its factors, sorted, with repeats (`B * T * T`: {B, T, T}); constant
  /// factors left out. Values that each reach the launch's extent make such
  /// a product overflow, and the compiled guard then lets no thread work.
  std::set<std::vector<unsigned>> guardProducts;

  /// Whether the integer parameter at \p position may be made smaller on
  /// its own to shorten the blocks or narrow the arrays: it bounds a loop
  /// and guards no global index (guardsLoop), or it is no guard on the
  /// thread's index at all.
  bool shrinks(unsigned position) const {
    return (loopBounds.count(position) && !guardsLoop(position)) ||
           !indexGuards.count(position);
  }
  /// Whether it both guards a global index and bounds a loop (`if (t3 >=
  /// T) return; for (t = t3; t < T; ++t)` with t3 = blockIdx.x *
  /// blockDim.x + threadIdx.x): made smaller, it takes the grid with it, so
  /// that every block keeps threads under it.
  bool guardsLoop(unsigned position) const {
    return loopBounds.count(position) && globalIndexGuards.count(position);
  }
  /// Why a block's threads may differ in more than threadIdx and blockDim
  /// (empty: nothing else tells them apart): an atomic whose result is
  /// used, a warp-level intrinsic (shuffle, vote, match, reduction), a
  /// special register other than the indices (%laneid, %warpid, %clock),
  /// a block-wide count (__syncthreads_count), inline assembly, or a call
  /// the module has no body for. Two threads that differ only in a
  /// dimension the kernel never reads then compute the same.
  std::string threadDistinction;

  /// How many dimensions the block (grid) needs: 1 + the highest dimension
  /// read, at least 1.
  unsigned threadDims() const { return dimsOf(thread); }
  unsigned blockDims() const { return dimsOf(block); }
  bool readsBlockIndex() const { return block[0] || block[1] || block[2]; }

  /// 1 + the highest dimension \p used, at least 1.
  static unsigned dimsOf(const std::array<bool, 3> &used) {
    return used[2] ? 3 : used[1] ? 2 : 1;
  }
};

/// The indices \p kernel reads, and whether it accesses dynamic shared
/// memory, in its body and the functions it calls; the parameters it uses
/// as indices into fixed-extent device arrays, in its body.
IndexUse indexUseOf(const llvm::Function &kernel);

} // namespace gpurd::access

#endif // GPURD_ACCESS_INDEXUSE_H
