//===- IndexUse.h - Thread and block indices a kernel reads -----*- C++ -*-===//
//-*-===//
//
// The dimensions of threadIdx/blockDim and blockIdx/gridDim a compiled kernel
// reads: what "how the kernel indexes" means when a launch's shape has to be
// assumed (a kernel that reads threadIdx.y runs in 2-D blocks).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_INDEXUSE_H
#define GPURD_ACCESS_INDEXUSE_H

#include "llvm/IR/Function.h"

#include <array>

namespace gpurd::access {

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

  /// How many dimensions the block (grid) needs: 1 + the highest dimension
  /// read, at least 1.
  unsigned threadDims() const { return dimsOf(thread); }
  unsigned blockDims() const { return dimsOf(block); }
  bool readsBlockIndex() const { return block[0] || block[1] || block[2]; }

private:
  static unsigned dimsOf(const std::array<bool, 3> &used) {
    return used[2] ? 3 : used[1] ? 2 : 1;
  }
};

/// The indices \p kernel reads, and whether it accesses dynamic shared
/// memory, in its body and the functions it calls.
IndexUse indexUseOf(const llvm::Function &kernel);

} // namespace gpurd::access

#endif // GPURD_ACCESS_INDEXUSE_H
