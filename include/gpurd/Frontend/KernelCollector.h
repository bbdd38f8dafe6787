//===- KernelCollector.h - Find kernels and launch sites --------*- C++ -*-===//
//
// Parses a CUDA file (host side, where both kernel bodies and launch sites
// are visible) and collects its kernels and launches into a
// TranslationUnitInfo.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_KERNELCOLLECTOR_H
#define GPURD_FRONTEND_KERNELCOLLECTOR_H

#include "gpurd/Frontend/CudaCompilation.h"
#include "gpurd/Frontend/KernelInfo.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

namespace clang {
class DiagnosticConsumer;
}

namespace gpurd {

/// Parses \p file with its command from \p database (adjusted by
/// adjustCudaCommandLine with \p options; the side is forced to Host) and
/// returns what it declares and launches. Clang's diagnostics go to
/// \p diagnostics, or to stderr when it is null. A file that does not exist
/// or does not compile is an error naming the file.
llvm::Expected<TranslationUnitInfo>
collectKernels(const clang::tooling::CompilationDatabase &database,
               llvm::StringRef file, CudaCompileOptions options,
               clang::DiagnosticConsumer *diagnostics = nullptr);

} // namespace gpurd

#endif // GPURD_FRONTEND_KERNELCOLLECTOR_H
