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

#include "gpurd/Frontend/CudaCompilation.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>

namespace gpurd::access {

struct DeviceCompileOptions {
  CudaCompileOptions cuda;
  /// Keep the compiler's loop unrolling (off by default: unrolled loops lose
  /// the source's loop structure).
  bool unroll = false;
};

/// An LLVM module with the context that owns it.
struct DeviceModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
};

/// Compiles \p file for the device. Compile errors are reported to stderr
/// (Clang's diagnostics) and as an error naming the file.
llvm::Expected<DeviceModule>
compileDeviceModule(const clang::tooling::CompilationDatabase &database,
                    llvm::StringRef file, const DeviceCompileOptions &options);

/// Values known at launch time that are folded into a kernel before it is
/// analysed: block and grid dimensions, scalar arguments (by position).
struct KernelSpecialization {
  std::optional<std::array<uint64_t, 3>> block;
  std::optional<std::array<uint64_t, 3>> grid;
  std::map<unsigned, int64_t> integerArgs;
  std::map<unsigned, double> floatArgs;
  /// Members of struct parameters passed by value, by (parameter, byte
  /// offset): integer or floating-point values (ParamFields.h).
  std::map<std::pair<unsigned, uint64_t>, int64_t> integerFields;
  std::map<std::pair<unsigned, uint64_t>, double> floatFields;
};

/// Replaces blockDim/gridDim reads and scalar arguments of \p kernel with the
/// known values, bounds thread and block indices, and re-optimises the module
/// (the same pipeline, unrolling as \p unroll says).
llvm::Error specializeKernel(llvm::Module &module, llvm::Function &kernel,
                             const KernelSpecialization &values, bool unroll);

} // namespace gpurd::access

#endif // GPURD_ACCESS_DEVICECOMPILER_H
