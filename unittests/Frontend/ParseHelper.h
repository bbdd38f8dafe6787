//===- ParseHelper.h - Parse a CUDA snippet in unit tests -------*- C++ -*-===//
#ifndef GPURD_UNITTESTS_FRONTEND_PARSEHELPER_H
#define GPURD_UNITTESTS_FRONTEND_PARSEHELPER_H

#include "gpurd/Frontend/KernelCollector.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace gpurd::test {

/// Writes \p code to a temporary .cu file and collects its kernels.
inline llvm::Expected<TranslationUnitInfo>
parseSnippet(llvm::StringRef code, std::vector<std::string> flags = {}) {
  llvm::SmallString<128> path;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("gpurd-unittest", "cu", fd, path))
    return llvm::errorCodeToError(ec);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << code;
  }
  clang::tooling::FixedCompilationDatabase database(".", flags);
  CudaCompileOptions options;
  options.resourceDir = defaultClangResourceDir();
  clang::IgnoringDiagConsumer quiet;
  auto result = collectKernels(database, path, options, &quiet);
  llvm::sys::fs::remove(path);
  return result;
}

/// The launch sites of \p code, which launches a kernel `k(float *a, int
/// n)` declared before it.
inline std::vector<LaunchSite> launchesOf(const std::string &code) {
  auto unit = parseSnippet(
      "__global__ void k(float *a, int n) { a[threadIdx.x] = n; }\n" + code);
  EXPECT_TRUE(static_cast<bool>(unit)) << llvm::toString(unit.takeError());
  return unit ? unit->launches : std::vector<LaunchSite>();
}

} // namespace gpurd::test

#endif
