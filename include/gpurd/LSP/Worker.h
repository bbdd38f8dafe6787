//===- Worker.h - An analysis in a process of its own -----------*- C++ -*-===//
//
// The language server never analyses a file itself: it runs gpurd-advise on
// it in a child process with a time and a memory limit, so that a crash or
// a hang of an analysis never takes the editor down, and a newer edit can
// stop an older analysis.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_WORKER_H
#define GPURD_LSP_WORKER_H

#include "gpurd/Support/Subprocess.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gpurd::lsp {

/// An analysis's limits and result: a process's (Subprocess.h).
using WorkerLimits = ProcessLimits;
using WorkerResult = ProcessResult;

/// Which findings an analysis gives.
enum class AnalysisStage {
  /// Every check the configuration enables.
  Full,
  /// The same but the checks that run what-ifs of the whole pipeline (the
  /// tile-size search and the shared-memory staging: each edits the source
  /// and compiles the kernel again, most of an analysis's time). Their
  /// absence changes no other check's finding but one: a placement in
  /// shared memory that the staging's warning would take in as a note is
  /// then shown on its own.
  Early,
};

/// The checks an early analysis leaves out (AnalysisStage::Early).
llvm::ArrayRef<llvm::StringRef> deferredChecks();

/// The gpurd-advise command that analyses \p file with its text on standard
/// input (the editor's buffer, saved or not): JSON output, and the
/// compile commands of the nearest compile_commands.json (in a directory
/// above the file or its `build` subdirectory, as clangd looks) or none.
std::vector<std::string>
analysisCommand(llvm::StringRef gpurdAdvise, llvm::StringRef file,
                AnalysisStage stage = AnalysisStage::Full);

} // namespace gpurd::lsp

#endif // GPURD_LSP_WORKER_H
