//===- PrecompiledPrelude.h - The CUDA prelude as a PCH ---------*- C++ -*-===//
//
// Every compile of a CUDA file force-includes gpurd's prelude (with the C and
// C++ library headers and Clang's CUDA wrappers it includes): about 0.3 s of
// Clang's front end on each side, before the file's own first line. A
// what-if that edits the file (a tile size, a padding) compiles it twice
// again, so the CUDA samples' convolutionSeparable.cu parsed the prelude 34
// times. A PreludeCache precompiles the prelude once per compiler invocation
// (side, target, flags: everything but the input file) and lets the later
// compiles read it from the PCH, as `-include-pch` would; the PCH stays in
// memory.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_PRECOMPILEDPRELUDE_H
#define GPURD_FRONTEND_PRECOMPILEDPRELUDE_H

#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace gpurd {

/// Precompiled preludes, one per compiler invocation.
class PreludeCache {
public:
  /// Makes \p invocation read the prelude from a PCH built for an invocation
  /// with the same options (building it the first time), and returns the
  /// file manager to compile with: \p files with the PCH on top. Returns
  /// null and leaves \p invocation as it was when the prelude is not the
  /// invocation's first forced include or cannot be precompiled; the
  /// compile then parses it as before.
  llvm::IntrusiveRefCntPtr<clang::FileManager>
  apply(clang::CompilerInvocation &invocation, clang::FileManager &files,
        std::shared_ptr<clang::PCHContainerOperations> operations);

  /// How many preludes were precompiled, and how many compiles read one.
  unsigned built() const { return numBuilt; }
  unsigned used() const { return numUsed; }

private:
  /// The PCH of each invocation key; null where building failed.
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> preludes;
  unsigned numBuilt = 0, numUsed = 0;
};

/// Runs \p inner with the prelude precompiled by \p cache.
class WithPrecompiledPrelude : public clang::tooling::ToolAction {
public:
  WithPrecompiledPrelude(clang::tooling::ToolAction &inner, PreludeCache &cache)
      : inner(inner), cache(cache) {}

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> operations,
                     clang::DiagnosticConsumer *diagnostics) override;

private:
  clang::tooling::ToolAction &inner;
  PreludeCache &cache;
};

/// Runs \p action with \p tool, the prelude precompiled by \p cache when
/// there is one; returns what ClangTool::run returns.
int runWithPrelude(clang::tooling::ClangTool &tool,
                   clang::tooling::ToolAction &action, PreludeCache *cache);

} // namespace gpurd

#endif // GPURD_FRONTEND_PRECOMPILEDPRELUDE_H
