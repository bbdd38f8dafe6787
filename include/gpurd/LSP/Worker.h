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

#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::lsp {

struct WorkerLimits {
  /// Wall-clock seconds before the analysis is stopped.
  unsigned seconds = 60;
  /// Address space of the process (RLIMIT_AS), in bytes; 0: none.
  uint64_t memoryBytes = uint64_t(4) << 30;
};

struct WorkerResult {
  enum class Kind { Exited, TimedOut, Cancelled, Signalled, NotStarted };
  Kind kind = Kind::NotStarted;
  /// The exit status (Exited) or signal (Signalled).
  int status = 0;
  std::string out, err;
};

/// Runs \p argv (argv[0] a path) in \p directory under \p limits; stops it
/// when \p cancel becomes true.
WorkerResult runWorker(const std::vector<std::string> &argv,
                       const std::string &directory, const WorkerLimits &limits,
                       const std::atomic<bool> &cancel);

/// The gpurd-advise command that analyses \p file: JSON output, and the
/// compile commands of the nearest compile_commands.json (in a directory
/// above the file or its `build` subdirectory, as clangd looks) or none.
std::vector<std::string> analysisCommand(llvm::StringRef gpurdAdvise,
                                         llvm::StringRef file);

} // namespace gpurd::lsp

#endif // GPURD_LSP_WORKER_H
