//===- DeviceCompiler.h - The kernel's optimised device IR ------*- C++ -*-===//
//
// Compiles the device side of a CUDA file with Clang CodeGen (nvptx64, the
// embedded prelude, the sm_XX of the chosen arch) with line/column debug
// information and an O3 pipeline with loop unrolling off by default, so each
// memory operation keeps the loop structure of the source. This is the IR
// whose memory operations gpurd models: it matches what nvcc emits far better
// than the subscripts as written (forwarded reloads, hoisted loads, restrict).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ACCESS_DEVICECOMPILER_H
#define GPURD_ACCESS_DEVICECOMPILER_H

#include "gpurd/Access/DeviceModule.h"
#include "gpurd/Frontend/CudaCompilation.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

namespace gpurd::access {

struct DeviceCompileOptions {
  CudaCompileOptions cuda;
  /// Keep the compiler's loop unrolling (off by default: unrolled loops lose
  /// the source's loop structure).
  bool unroll = false;
};

/// Compiles \p file for the device. Compile errors are reported to stderr
/// (Clang's diagnostics) and as an error naming the file.
llvm::Expected<DeviceModule>
compileDeviceModule(const clang::tooling::CompilationDatabase &database,
                    llvm::StringRef file, const DeviceCompileOptions &options);

} // namespace gpurd::access

#endif // GPURD_ACCESS_DEVICECOMPILER_H
