//===- CudaCompilation.h - How gpurd runs Clang on a CUDA file --*- C++ -*-===//
//
// gpurd parses every file as CUDA with its own embedded prelude instead of a
// CUDA installation (Clang 19 cannot parse the headers of CUDA 12.6+, and a
// user may have none): `-x cuda -nocudainc -nocudalib`, the prelude's
// directory served from memory, and `-include gpurd_cuda_prelude.h` as nvcc
// implicitly includes cuda_runtime.h. Compile commands may come from `--`,
// from a compile_commands.json written for clang or gcc, or for nvcc (whose
// options are translated: include paths, macros and the language standard
// are kept, the rest is dropped).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_CUDACOMPILATION_H
#define GPURD_FRONTEND_CUDACOMPILATION_H

#include "gpurd/Support/EmbeddedFile.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd {

class PreludeCache;

/// The directory from which the prelude's headers are served.
inline constexpr llvm::StringLiteral PreludeDirectory = "/__gpurd__/include";
/// The header every file is parsed with, as nvcc includes cuda_runtime.h.
inline constexpr llvm::StringLiteral PreludeHeader = "gpurd_cuda_prelude.h";

/// The embedded prelude headers (base names and contents).
llvm::ArrayRef<EmbeddedFile> preludeFiles();

/// A file system that serves the prelude headers under PreludeDirectory on
/// top of \p base (the real file system by default).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createCudaFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base =
                         llvm::vfs::getRealFileSystem());

/// Which side of the CUDA compilation Clang runs. ClangTool runs only the
/// first job of a CUDA compilation, so the side is always explicit.
enum class CudaSide { Host, Device };

struct CudaCompileOptions {
  /// The `--cuda-gpu-arch` value, e.g. `sm_80` (from the chosen GPU arch).
  std::string gpuArch = "sm_80";
  CudaSide side = CudaSide::Host;
  /// Clang's resource directory, which holds the `__clang_cuda_*.h` headers.
  std::string resourceDir;
  /// Show Clang's warnings about the program (off: `-w`; errors are always
  /// shown).
  bool showWarnings = false;
  /// Print no diagnostics: a compile error is reported in the returned
  /// Error, with the first error's text (what-if variants of a file, whose
  /// errors come from the advisor's edit, not from the user's code).
  bool quiet = false;
  /// Where source files are read from: the real file system when null
  /// (files served from memory, such as an editor's unsaved buffers,
  /// otherwise). The prelude is served on top of it.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem;
  /// Where the prelude is precompiled for the compiles that share it
  /// (PrecompiledPrelude.h); each compile parses it when null.
  std::shared_ptr<PreludeCache> preludes;
};

/// The line of Clang's first error in \p diagnostics (what a quiet compile
/// printed: `k.cu:5:12: error: no matching function ...`), or empty.
llvm::StringRef firstErrorLine(llvm::StringRef diagnostics);

/// The resource directory of the Clang gpurd was built against, unless the
/// environment variable GPURD_RESOURCE_DIR names another.
std::string defaultClangResourceDir();

/// The GPU a compile command builds for (`sm_XY`): nvcc's `-arch=sm_XY`,
/// `--gpu-architecture`, `-gencode arch=compute_XY,code=sm_XY` (its code),
/// or Clang's `--cuda-gpu-arch=` / `--offload-arch=`; the first it names.
std::optional<std::string>
gpuArchitectureOf(llvm::ArrayRef<std::string> command);

/// The options of an nvcc compile command that gpurd's Clang command leaves
/// out, as written (an option and its separate value together: `-Xcompiler
/// -fPIC`, `-rdc=true`, `--use_fast_math`), but the input, the output, the
/// phase and the GPU; empty for any other compiler. Include paths, macros,
/// forced includes and the standard are translated (adjustCudaCommandLine).
std::vector<std::string>
nvccOptionsLeftOut(llvm::ArrayRef<std::string> command);

/// Turns one compile command (argv[0] first, the file last, as a compilation
/// database gives it) into the command gpurd runs.
std::vector<std::string>
adjustCudaCommandLine(const std::vector<std::string> &command,
                      const CudaCompileOptions &options);

/// The file system \p options reads sources from, with the prelude on top.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createCudaFileSystem(const CudaCompileOptions &options);

/// Why \p file cannot be compiled as a source file of \p fileSystem (it does
/// not exist, or is a directory), or nothing.
std::optional<std::string> unreadableSource(llvm::vfs::FileSystem &fileSystem,
                                            llvm::StringRef file);

/// What to do about an `#include <\p include>` that was not found when it is
/// a header of a library gpurd takes from the system include path instead of
/// its prelude (Thrust, CUB: Debian's libthrust-dev and libcub-dev), or
/// nothing.
std::optional<std::string> missingIncludeHint(llvm::StringRef include);

/// adjustCudaCommandLine as a LibTooling arguments adjuster.
clang::tooling::ArgumentsAdjuster
getCudaArgumentsAdjuster(const CudaCompileOptions &options);

} // namespace gpurd

#endif // GPURD_FRONTEND_CUDACOMPILATION_H
