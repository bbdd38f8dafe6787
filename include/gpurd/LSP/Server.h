//===- Server.h - gpurd-lsp: gpurd's findings in the editor -----*- C++ -*-===//
//
// clangd loads no plugins, so gpurd reaches the editor through a language
// server of its own. In proxy mode (the default) the editor starts
// gpurd-lsp where it would start clangd; gpurd-lsp starts the real clangd,
// passes every message both ways untouched, and for CUDA files (.cu, .cuh)
// merges gpurd's findings into clangd's publishDiagnostics and gpurd's
// fix-its into clangd's code actions. In standalone mode it is a
// diagnostics-only server for editors that attach two servers to a file.
// Each file is analysed on open and on save by gpurd-advise in a worker
// process (Worker.h); a newer save stops an older analysis of the file.
// Beside each analysis a second worker runs the checks that are quick
// (all but the what-ifs that compile the kernel again), whose findings the
// editor gets first.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_SERVER_H
#define GPURD_LSP_SERVER_H

#include "gpurd/LSP/Worker.h"

#include <chrono>
#include <string>
#include <vector>

namespace gpurd::lsp {

struct ServerOptions {
  /// The clangd command (path and arguments); empty: standalone.
  std::vector<std::string> clangd;
  /// The gpurd-advise the workers run.
  std::string gpurdAdvise;
  WorkerLimits limits{60, uint64_t(4) << 30};
  /// Where a check's page is: this followed by `CHECK.md`.
  std::string docsBase;
  /// How long edits must pause before the unsaved buffer is analysed.
  std::chrono::milliseconds editPause{1000};
  /// Whether a second worker, beside each analysis, publishes the findings
  /// of the checks that need no what-if run of the whole pipeline first
  /// (AnalysisStage::Early), until the whole analysis replaces them.
  bool earlyFindings = true;
  std::string version;
};

/// Serves the editor on standard input and output until it says exit (or
/// closes its side); returns the process's exit status (0 after shutdown,
/// 1 otherwise, as the protocol asks).
int runServer(const ServerOptions &options);

} // namespace gpurd::lsp

#endif // GPURD_LSP_SERVER_H
