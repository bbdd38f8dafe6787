//===- MemoryIntrinsics.h - Memory intrinsics as the GPU runs them -*- C++
//-*-===//
//
// NVPTX's lowering of llvm.memcpy, llvm.memmove and llvm.memset, done on the
// IR the access model and the emulator read (MemoryIntrinsics.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GPURD_LIB_ACCESS_MEMORYINTRINSICS_H
#define GPURD_LIB_ACCESS_MEMORYINTRINSICS_H

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Function.h"

namespace gpurd::access {

/// Replaces each memcpy, memmove and memset in \p function with the loads
/// and stores NVPTX's back end makes of it: a copy of at most 128 bytes of
/// known length becomes loads then stores of up to 16 bytes each (as wide
/// as the alignment allows), any other a loop. Returns the calls replaced.
unsigned lowerMemoryIntrinsics(llvm::Function &function,
                               const llvm::TargetTransformInfo &tti);

} // namespace gpurd::access

#endif // GPURD_LIB_ACCESS_MEMORYINTRINSICS_H
