//===- Subprocess.h - A command in a process of its own ---------*- C++ -*-===//
//
// Runs a command with a time and a memory limit and collects its output,
// so that whatever it does (crash, hang, exhaust memory) its caller goes
// on: gpurd-lsp's analyses, and gpurd-advise's files in parallel (-j).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_SUBPROCESS_H
#define GPURD_SUPPORT_SUBPROCESS_H

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace gpurd {

struct ProcessLimits {
  /// Wall-clock seconds before the process is stopped; 0: none.
  unsigned seconds = 0;
  /// Address space of the process (RLIMIT_AS), in bytes; 0: none.
  uint64_t memoryBytes = 0;
};

struct ProcessResult {
  enum class Kind { Exited, TimedOut, Cancelled, Signalled, NotStarted };
  Kind kind = Kind::NotStarted;
  /// The exit status (Exited) or signal (Signalled).
  int status = 0;
  std::string out, err;
};

/// Runs \p argv (argv[0] a path) in \p directory (empty: this one) under
/// \p limits, with \p input on its standard input (none when null); stops
/// it when \p cancel becomes true.
ProcessResult runProcess(const std::vector<std::string> &argv,
                         const std::string &directory,
                         const ProcessLimits &limits,
                         const std::atomic<bool> &cancel,
                         const std::string *input = nullptr);

} // namespace gpurd

#endif // GPURD_SUPPORT_SUBPROCESS_H
