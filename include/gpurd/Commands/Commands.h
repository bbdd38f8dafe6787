//===- Commands.h - What gpurd-advise does with each input file -*- C++ -*-===//
//
// Each command handles one parsed input file through lib/Driver and prints
// its result (text) or fills a JSON object; errors are printed and make it
// return false. The command line's own code (options, main) is the tool's
// (tools/gpurd-advise); what it runs is here, in a library of its own.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_COMMANDS_COMMANDS_H
#define GPURD_COMMANDS_COMMANDS_H

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Request/Request.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace gpurd::advise {

using request::Command;
using request::FailOn;
using request::Request;

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
  /// A parallel run's child: where to write its LaunchValueUse.
  std::string launchValueUse;
  /// --stdin-contents: the one input file's text is on standard input (an
  /// editor's unsaved buffer).
  bool stdinContents = false;
};

/// Resolves the launch of each kernel \p context selects in \p unit and
/// calls \p onLaunch with it, which returns false after printing an error.
/// Errors are printed; returns false after any. \p selected is false when
/// no kernel could be selected at all.
bool forEachLaunch(
    driver::AnalysisContext &context, const TranslationUnitInfo &unit,
    bool allowUnknownArgs,
    llvm::function_ref<bool(const KernelInfo &, const LaunchConfig &)> onLaunch,
    bool &selected);

/// --print-launches: resolves and prints each selected kernel's launch
/// configuration.
bool resolveLaunches(driver::AnalysisContext &context,
                     const TranslationUnitInfo &unit, const Request &request,
                     nlohmann::json &jsonOut);
/// How many findings of each severity a run reported (for --fail-on).
struct FindingTally {
  /// Warnings of the checks WarningsAsErrors names: they fail every run.
  unsigned errors = 0;
  unsigned warnings = 0;
  unsigned remarks = 0;
  /// With --format=sarif: the findings, for the log written at the end.
  bool keep = false;
  std::vector<advisor::Finding> kept;
  /// With --calibrate: the samples of every kernel's measured placements.
  std::vector<model::placement::CalibrationSample> calibration;
  /// Whether the findings fail the run under \p failOn.
  bool fails(FailOn failOn) const {
    return errors || (failOn == FailOn::Warning && warnings) ||
           (failOn == FailOn::Remark && (warnings || remarks));
  }
};

/// With --calibrate, after every file: fits Toverlap to \p tally's samples,
/// writes the coefficients to --calibration-out and prints the fit. False
/// when it could not.
bool finishCalibration(const Request &request, const FindingTally &tally,
                       llvm::StringRef arch);

/// The files a run analyses (Files.cpp): those given, with --all every
/// CUDA file of \p database, then --shard's share. (A parallel run's child
/// makes the same selection, which decides the configuration and the GPU,
/// then keeps its --only-file.)
llvm::Expected<std::vector<std::string>>
selectFiles(const clang::tooling::CompilationDatabase &database,
            std::vector<std::string> files, const ToolActions &actions);
/// -j: \p files analysed by child processes of this tool run with \p argv,
/// \p jobs at a time; their outputs in the files' order (one JSON or SARIF
/// document). Each child writes which launch values applied to its kernels
/// (--launch-value-use), so that one left unused by every file is the
/// error it is in one process. Returns the exit status.
int runInParallel(llvm::ArrayRef<const char *> argv,
                  llvm::ArrayRef<std::string> files, const Request &request,
                  unsigned jobs);
/// A parallel run's child: writes \p use to \p path as JSON.
llvm::Error writeLaunchValueUse(llvm::StringRef path,
                                const driver::LaunchValueUse &use);
/// --merge-sarif: prints one log of \p paths' logs; the exit status.
int mergeSarifFiles(llvm::ArrayRef<std::string> paths);

/// Sets the heap up for many kernels in one process: large blocks stay in
/// the heap rather than being mapped and unmapped with each kernel
/// (releaseFreedMemory gives memory back when much is free).
void configureHeap();

/// The default action (and --cache-model): each selected kernel's launch
/// configuration, the cache model's predictions for it and the advisor's
/// findings, counted in \p tally. \p modelError is why the arch cannot be
/// modelled (then only launches are printed).
bool adviseKernels(driver::AnalysisContext &context,
                   const TranslationUnitInfo &unit, const Request &request,
                   const std::optional<std::string> &modelError,
                   FindingTally &tally, nlohmann::json &jsonOut);
/// --dump-accesses / --explain-compiled.
bool printAccesses(driver::AnalysisContext &context,
                   const TranslationUnitInfo &unit, const Request &request,
                   nlohmann::json &jsonOut);
/// --emit-trace.
bool emitTraces(driver::AnalysisContext &context,
                const TranslationUnitInfo &unit, const Request &request,
                nlohmann::json &jsonOut);
/// --warp-replay.
bool replayWarps(driver::AnalysisContext &context,
                 const TranslationUnitInfo &unit, const Request &request,
                 nlohmann::json &jsonOut);

} // namespace gpurd::advise

#endif // GPURD_COMMANDS_COMMANDS_H
