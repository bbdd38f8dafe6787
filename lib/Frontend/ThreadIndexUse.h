//===- ThreadIndexUse.h - Block dimensions a source reads -------*- C++ -*-===//
//
// Which of threadIdx/blockDim .x, .y, .z a kernel's source reads, in its body
// and the device functions it calls, with cooperative groups' linear rank
// and size apart: `(threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
// threadIdx.x` reads all three, yet ranks the threads the same in any block
// shape, so a kernel that reads the others only through it (`blockIdx.x *
// blockDim.x + block.thread_rank()`) runs in 1-D blocks.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_THREADINDEXUSE_H
#define GPURD_LIB_FRONTEND_THREADINDEXUSE_H

#include "gpurd/Frontend/KernelInfo.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace gpurd {

/// Fills kernel.sourceThreadDims and kernel.usesLinearThreadRank from the
/// body of \p kernelDecl.
void scanThreadIndexUse(const clang::FunctionDecl &kernelDecl,
                        KernelInfo &kernel);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_THREADINDEXUSE_H
