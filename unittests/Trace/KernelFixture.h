//===- KernelFixture.h - CUDA snippet to access model -----------*- C++ -*-===//
#ifndef GPURD_UNITTESTS_TRACE_KERNELFIXTURE_H
#define GPURD_UNITTESTS_TRACE_KERNELFIXTURE_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Frontend/KernelCollector.h"
#include "gpurd/Frontend/LaunchConfig.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace gpurd::test {

/// A kernel compiled from source, prepared with its launch values folded in,
/// and its access model.
struct CompiledKernel {
  TranslationUnitInfo unit;
  access::DeviceModule device;
  access::PreparedKernel prepared;
  access::AccessModel model;
  const KernelInfo *kernel = nullptr;
};

/// Compiles \p code and analyses kernel \p name with the launch \p grid x
/// \p block and integer arguments \p args (by parameter index).
inline llvm::Expected<std::unique_ptr<CompiledKernel>>
compileKernel(llvm::StringRef code, llvm::StringRef name,
              std::array<uint64_t, 3> grid, std::array<uint64_t, 3> block,
              std::map<unsigned, int64_t> args = {}) {
  llvm::SmallString<128> path;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "gpurd-trace-test", "cu", fd, path))
    return llvm::errorCodeToError(ec);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << code;
  }
  auto out = std::make_unique<CompiledKernel>();
  clang::tooling::FixedCompilationDatabase database(".", {});
  CudaCompileOptions options;
  options.resourceDir = defaultClangResourceDir();
  clang::IgnoringDiagConsumer quiet;
  auto unit = collectKernels(database, path, options, &quiet);
  if (!unit)
    return unit.takeError();
  out->unit = std::move(*unit);
  access::DeviceCompileOptions deviceOptions;
  deviceOptions.cuda = options;
  auto device = access::compileDeviceModule(database, path, deviceOptions);
  llvm::sys::fs::remove(path);
  if (!device)
    return device.takeError();
  out->device = std::move(*device);
  auto kernel = findKernel(out->unit, name);
  if (!kernel)
    return kernel.takeError();
  out->kernel = *kernel;
  access::KernelSpecialization values;
  values.grid = grid;
  values.block = block;
  values.integerArgs = args;
  access::AccessAnalysisOptions analysis;
  auto prepared =
      access::prepareKernel(*out->device.module, **kernel, values, analysis);
  if (!prepared)
    return prepared.takeError();
  out->prepared = std::move(*prepared);
  auto model = access::buildAccessModel(out->prepared, **kernel, out->unit,
                                        values, analysis);
  if (!model)
    return model.takeError();
  out->model = std::move(*model);
  return out;
}

} // namespace gpurd::test

#endif
