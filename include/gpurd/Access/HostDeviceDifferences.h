//===- HostDeviceDifferences.h - What one side of CUDA sees -----*- C++ -*-===//
//
// A CUDA file is compiled twice, for the host and for the device, and the
// preprocessor may give the two different code: `#if __CUDA_ARCH__ >= 120`
// is false on the host (the macro is undefined there) and true for sm_80.
// gpurd lists kernels from the host compile and analyses the device
// compile, so a kernel can exist in one and not in the other (SHOC BFS:
// `BFS_kernel_one_block` is defined only in the `#else` branch of such a
// test, a host-side stub). This records what the device compile skipped and
// explains each kernel that exists on one side only.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_HOSTDEVICEDIFFERENCES_H
#define GPURD_ACCESS_HOSTDEVICEDIFFERENCES_H

#include "gpurd/Frontend/KernelInfo.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <string>
#include <vector>

namespace gpurd::access {

/// Lines [first, last] of \p file in a preprocessor branch a compile skipped.
struct SkippedLines {
  std::string file;
  unsigned first = 0, last = 0;
};

/// Stores \p skipped in \p module (named metadata `gpurd.skipped_lines`),
/// so that it travels with the device code.
void recordSkippedLines(llvm::Module &module,
                        llvm::ArrayRef<SkippedLines> skipped);
/// What recordSkippedLines stored.
std::vector<SkippedLines> skippedLines(const llvm::Module &module);

/// The mangled names of the kernels defined in \p module (its
/// `nvvm.annotations` marked "kernel").
std::vector<std::string> deviceKernelNames(const llvm::Module &module);

/// Why \p kernel, which the host compile lists, has no definition in the
/// device code \p module: the preprocessor branch the device compile
/// skipped, when its definition lies in one.
std::string missingKernelReason(const llvm::Module &module,
                                const KernelInfo &kernel);

/// One message per kernel the device code defines that the host compile
/// does not list (so gpurd can neither list nor launch it).
std::vector<std::string> deviceOnlyKernels(const llvm::Module &module,
                                           const TranslationUnitInfo &unit);

} // namespace gpurd::access

#endif // GPURD_ACCESS_HOSTDEVICEDIFFERENCES_H
