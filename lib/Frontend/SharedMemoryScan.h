//===- SharedMemoryScan.h - A kernel's __shared__ variables -----*- C++ -*-===//
//
// The `__shared__` variables a kernel declares, in its body and the device
// functions it calls, and those at namespace scope it uses: their bytes (for
// the occupancy), whether it uses dynamic shared memory, and where each
// statically sized array's innermost size is written (the advisor pads it).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_SHAREDMEMORYSCAN_H
#define GPURD_LIB_FRONTEND_SHAREDMEMORYSCAN_H

#include "gpurd/Frontend/KernelInfo.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace gpurd {

/// Fills kernel.staticSharedBytes, kernel.usesDynamicShared and
/// kernel.sharedArrays from the body of \p kernelDecl.
void scanSharedMemory(clang::ASTContext &context,
                      const clang::FunctionDecl &kernelDecl,
                      KernelInfo &kernel);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_SHAREDMEMORYSCAN_H
