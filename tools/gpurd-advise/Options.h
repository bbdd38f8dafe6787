//===- Options.h - Command-line options of gpurd-advise ---------*- C++ -*-===//
//
// The options (llvm::cl, as Clang tools declare them), defined in
// Options.cpp and documented in docs/cli.md, and what they ask for as the
// option structs of lib/Driver (ToolRequest, filled in Request.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H
#define GPURD_TOOLS_GPURD_ADVISE_OPTIONS_H

#include "gpurd/Advisor/Advisor.h"
#include "gpurd/Advisor/Placement.h"
#include "gpurd/Advisor/TileSearch.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/DriverOptions.h"
#include "gpurd/Output/Diagnostics.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gpurd::advise {

extern llvm::cl::OptionCategory toolCategory;
enum class OutputFormat { Text, Json, Sarif };

extern llvm::cl::opt<OutputFormat> outputFormat;
extern llvm::cl::opt<bool> listKernels;
extern llvm::cl::opt<bool> dumpAccesses;
extern llvm::cl::opt<bool> explainCompiled;
extern llvm::cl::opt<bool> unroll;
extern llvm::cl::opt<bool> showCompilerWarnings;
extern llvm::cl::opt<bool> noAssume;
extern llvm::cl::opt<bool> printDeviceIR;
extern llvm::cl::opt<unsigned long> islMaxOperations;
extern llvm::cl::list<std::string> emitTrace;
extern llvm::cl::opt<trace::TraceSourceKind> traceSource;
extern llvm::cl::opt<uint64_t> maxBlockTrace;
extern llvm::cl::list<std::string> bufferOptions;
extern llvm::cl::opt<std::string> smsOption;
extern llvm::cl::opt<uint64_t> requestBudget;
extern llvm::cl::opt<uint64_t> instructionBudget;
extern llvm::cl::opt<bool> printLaunches;
extern llvm::cl::opt<bool> cacheModel;
extern llvm::cl::opt<bool> reuseProfile;
extern llvm::cl::opt<uint64_t> reuseProfileInterval;
extern llvm::cl::opt<uint64_t> modelSeed;
extern llvm::cl::opt<unsigned> modelSeeds;
extern llvm::cl::opt<model::Clock> modelClock;
extern llvm::cl::opt<model::Sampling> modelSampling;
extern llvm::cl::opt<std::string> kernelName;
extern llvm::cl::opt<std::string> gridOption;
extern llvm::cl::opt<std::string> blockOption;
extern llvm::cl::opt<std::string> smemOption;
extern llvm::cl::list<std::string> argOptions;
extern llvm::cl::opt<unsigned> launchIndex;
extern llvm::cl::opt<std::string> launchSpecFile;
extern llvm::cl::opt<std::string> archName;
extern llvm::cl::opt<std::string> archFile;
extern llvm::cl::list<std::string> archSettings;
extern llvm::cl::opt<bool> printArch;
extern llvm::cl::opt<bool> listArchs;
extern llvm::cl::opt<std::string> checksOption;
extern llvm::cl::list<std::string> checkOptionList;
extern llvm::cl::opt<bool> listChecks;
extern llvm::cl::opt<bool> printStats;
extern llvm::cl::opt<FixItStyle> fixItStyle;
/// --fail-on: the least severity of a finding that fails the run.
enum class FailOn { None, Warning, Remark };
extern llvm::cl::opt<FailOn> failOn;
extern llvm::cl::list<std::string> tuneOptions;
extern llvm::cl::opt<std::string> tuneMetricOption;
extern llvm::cl::opt<std::string> divergenceModelOption;
extern llvm::cl::list<std::string> whatIfOptions;
extern llvm::cl::opt<bool> placementsOption;
extern llvm::cl::opt<std::string> calibrateFile;
extern llvm::cl::opt<std::string> calibrationOutFile;
extern llvm::cl::opt<std::string> calibrationFile;
extern llvm::cl::opt<std::string> sampleProfileFile;

/// What gpurd-advise does with each input file; one per run.
enum class Command {
  Advise,        ///< The default (and --cache-model): launches and the model.
  ListKernels,   ///< --list-kernels.
  PrintLaunches, ///< --print-launches.
  Accesses,      ///< --dump-accesses and/or --explain-compiled.
  EmitTrace,     ///< --emit-trace.
};

/// What the options ask for, parsed.
struct ToolRequest {
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
  /// The checks --checks and --check-option ask for.
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

/// The architecture from --arch/--arch-file, with --set applied.
llvm::Expected<arch::ArchDescription> resolveArch();

/// What the options ask for, checked in this order: --launch-spec, one
/// command, --emit-trace with one of \p fileCount files, the launch values
/// (--grid, --block, --smem, --arg, --launch), --sms against \p arch,
/// --buffer.
/// The advisor --checks and --check-option ask for.
llvm::Expected<advisor::Advisor> readAdvisor();
llvm::Expected<ToolRequest> readRequest(const arch::ArchDescription &arch,
                                        size_t fileCount);

} // namespace gpurd::advise

#endif
