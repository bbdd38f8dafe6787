//===- Options.h - Command-line options of gpurd-advise ---------*- C++ -*-===//
//
// The options (llvm::cl, as Clang tools declare them) are defined in
// Options.cpp and documented in docs/cli.md; no other file reads them. What
// they give goes into the request model every front end fills
// (gpurd/Request/Settings.h), over a project's .gpurd file.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H
#define GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H

#include "gpurd/Request/Settings.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gpurd::advise {

extern llvm::cl::OptionCategory toolCategory;

/// What the tool does besides analysing files: the listings that answer
/// and exit, where the configuration comes from, and profiling.
struct ToolActions {
  bool listArchs = false;
  bool listChecks = false;
  bool printArch = false;
  bool dumpConfig = false;
  /// --config-file: the configuration instead of the .gpurd found.
  std::string configFile;
  std::string timeTrace;
  unsigned timeTraceGranularity = 500;
  /// Builds (Files.cpp): every CUDA file of the compile database, files in
  /// parallel, a share of the files, SARIF logs to join.
  bool allFiles = false;
  unsigned jobs = 1;
  std::string shard;
  std::vector<std::string> mergeSarif;
  /// A parallel run's child: the one file of the selection it analyses.
  std::string onlyFile;
};

ToolActions toolActions();

/// \p settings with the options the command line gives over them (a
/// configuration file's come first). An error names a malformed
/// --check-option.
llvm::Expected<request::Settings>
commandLineSettings(request::Settings settings);

} // namespace gpurd::advise

#endif
