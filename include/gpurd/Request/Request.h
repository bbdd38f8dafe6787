//===- Request.h - What a front end asks for, checked -----------*- C++ -*-===//
//
// The one request model of every front end: Settings (what was given, from
// the command line, a .gpurd file or a server's request) checked once and
// turned into the option structs of lib/Driver, lib/Advisor and lib/Output.
// Messages name options by their command-line spelling (`--tune-metric`),
// which the configuration file's keys follow (docs/configuration.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_REQUEST_REQUEST_H
#define GPURD_REQUEST_REQUEST_H

#include "gpurd/Advisor/Advisor.h"
#include "gpurd/Advisor/Placement.h"
#include "gpurd/Advisor/TileSearch.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/DriverOptions.h"
#include "gpurd/Request/Settings.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace gpurd::request {

/// What a run does with each input file; one per run.
enum class Command {
  Advise,        ///< The default (and --cache-model): launches and the model.
  ListKernels,   ///< --list-kernels.
  PrintLaunches, ///< --print-launches.
  Accesses,      ///< --dump-accesses and/or --explain-compiled.
  EmitTrace,     ///< --emit-trace.
  WarpReplay,    ///< --warp-replay.
};

/// What the settings ask for, checked.
struct Request {
  Command command = Command::Advise;
  /// --cache-model: an arch the model cannot run on is an error.
  bool requireCacheModel = false;
  /// Command::Accesses: which of the two to print.
  bool printAccessModel = false;
  bool printExplanation = false;
  /// JSON (also with --format=sarif, which prints no text and writes the
  /// findings as SARIF at the end instead).
  bool json = false;
  bool sarif = false;
  bool reuseProfile = false;
  /// --cache-report: the cache model's whole report, not only its
  /// summary.
  bool stats = false;
  FixItStyle fixIts = FixItStyle::Inline;
  FailOn failOn = FailOn::None;
  /// The checks the settings ask for, with their options.
  std::shared_ptr<const advisor::Advisor> advisor;
  /// --tune: the tile search runs instead of the checks.
  advisor::TuneRequest tune;
  /// --placements: the placement ranking runs instead of the checks.
  bool placements = false;
  /// --divergence-model=gpumech: GPUMech's figures beside MDM's.
  bool divergenceBaseline = false;
  /// --what-if=coalesce: the kernel with its memory-divergent loads
  /// coalesced, beside the kernel as written.
  bool whatIfCoalesce = false;
  /// --calibrate: the measured times the placement model's Toverlap is
  /// fitted to (instead of the checks), and --calibration-out.
  std::vector<advisor::MeasuredPlacement> measured;
  std::string calibrationOut;
  bool calibrating() const { return !calibrationOut.empty(); }
  std::vector<std::string> traceOutputs;
  driver::AnalysisOptions analysis;
  driver::LaunchInputs launches;
  driver::ModelOptions model;
};

/// The architecture the settings name (a preset or a file, with the
/// overrides applied).
llvm::Expected<arch::ArchDescription> resolveArch(const ArchSettings &arch);

/// The checks and check options the settings ask for. An error names a glob
/// that matches no check, an option no check has, or a value that is not a
/// number.
llvm::Expected<advisor::Advisor> resolveAdvisor(const CheckSettings &checks);

/// Everything else, checked in this order: the searches, one command, a
/// launch-spec file, --emit-trace with one of \p fileCount files, the launch
/// values, --sms against \p arch, the sample, --buffer.
llvm::Expected<Request> resolveRequest(const Settings &settings,
                                       const arch::ArchDescription &arch,
                                       size_t fileCount);

} // namespace gpurd::request

#endif // GPURD_REQUEST_REQUEST_H
