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

/// The indices \p kernel reads, in its body and the functions it calls.
IndexUse indexUseOf(const llvm::Function &kernel);

} // namespace gpurd::access

#endif // GPURD_ACCESS_INDEXUSE_H
