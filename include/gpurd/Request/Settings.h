//===- Settings.h - What a front end asks of gpurd, as given ----*- C++ -*-===//
//
// Every setting a front end can give (the command line, a project's .gpurd
// file, a language server's or an autotuning server's request), as plain
// values: what was written, not yet checked. One place fills it per front
// end (the tool's Options.cpp for the command line, ConfigFile.cpp for
// .gpurd); resolveRequest (Request.h) checks it once and turns it into the
// library option structs the pipeline reads. A setting left at its default
// was not given; the ones whose absence matters (an option that names the
// model's sample asks for that sample) are optional.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_REQUEST_SETTINGS_H
#define GPURD_REQUEST_SETTINGS_H

#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Output/Diagnostics.h"
#include "gpurd/Trace/TraceSource.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::request {

enum class OutputFormat { Text, Json, Sarif };
/// The least severity of a finding that fails the run (--fail-on, FailOn:).
enum class FailOn { None, Warning, Remark };

/// What to do with each input file (one per run; two at once is an error).
struct CommandSettings {
  bool listKernels = false;
  bool printLaunches = false;
  bool dumpAccesses = false;
  bool explainCompiled = false;
  bool cacheModel = false;
  std::vector<std::string> emitTrace;
  bool warpReplay = false;
};

/// How the results are written and when they fail the run.
struct OutputSettings {
  OutputFormat format = OutputFormat::Text;
  FixItStyle fixIts = FixItStyle::Inline;
  FailOn failOn = FailOn::None;
  bool cacheReport = false;
  bool reuseProfile = false;
  uint64_t reuseProfileInterval = 0;
};

/// Which checks run, with which options, and which of their findings are
/// errors.
struct CheckSettings {
  /// clang-tidy's globs (`-*,gpurd-uncoalesced-access`); every check when
  /// none are given.
  std::optional<std::string> checks;
  /// `CHECK.OPTION` to the value as written.
  std::map<std::string, std::string> options;
  /// Globs of the checks whose warnings are errors (clang-tidy's
  /// WarningsAsErrors); empty: none.
  std::string warningsAsErrors;
  /// The globs in effect.
  std::string effectiveChecks() const { return checks.value_or("*"); }
  /// Adds \p globs after those in effect, as clang-tidy adds a
  /// configuration's and the command line's to its defaults: a
  /// configuration file's Checks, then --checks, over every check.
  void addChecks(llvm::StringRef globs);
};

/// The searches that replace the checks, and what-ifs beside them.
struct SearchSettings {
  std::vector<std::string> tune;
  /// `traffic` (the default) or `time`.
  std::optional<std::string> tuneMetric;
  std::string divergenceModel = "mdm";
  std::vector<std::string> whatIf;
  bool placements = false;
  std::string calibrate;
  std::string calibrationOut;
  std::string calibration;
  std::string sampleProfile;
};

/// The preset a run models when no setting names a GPU.
inline constexpr const char *DefaultArch = "ampere-a100";

/// The GPU: a preset or a file, with settings over it.
struct ArchSettings {
  /// A preset name; the default preset when neither it nor `file` is given.
  std::optional<std::string> name;
  std::string file;
  /// `KEY=VALUE` overrides (--set).
  std::vector<std::string> overrides;
};

/// Launch values the source does not give, or replaces.
struct LaunchSettings {
  std::string grid, block, dynamicShared;
  /// `NAME=VALUE` scalar arguments.
  std::vector<std::string> args;
  /// Which launch of the kernel to start from (1-based); 0: the first.
  unsigned launchIndex = 0;
  /// A launch-spec JSON file (docs/launch-spec.md).
  std::string specFile;
  /// Launch values by kernel from a configuration file, with the file's
  /// name (a spec file replaces them).
  LaunchSpec byKernel;
  std::string byKernelOrigin;
};

/// How much of a launch the models run.
struct SampleSettings {
  /// `auto`, `all` or a count of SMs.
  std::optional<std::string> sms;
  std::optional<uint64_t> requestBudget;
  std::optional<uint64_t> instructionBudget;
  /// --replay-budget (the warp replay's bound; not a sample of the launch).
  std::optional<uint64_t> replayBudget;
  uint64_t seed = 0;
  std::optional<unsigned> seeds;
  model::Clock clock = model::Clock::Auto;
  std::optional<model::Sampling> sampling;
  /// Whether an option says how the models sample a launch: then the advice
  /// runs on that sample, not on the quick one.
  bool given() const {
    return sms || requestBudget || instructionBudget || sampling || seeds;
  }
};

/// How the kernels are analysed.
struct AnalysisSettings {
  bool unroll = false;
  bool showCompilerWarnings = false;
  bool noAssume = false;
  bool printDeviceIR = false;
  unsigned long islMaxOperations = 2000000;
  trace::TraceSourceKind traceSource = trace::TraceSourceKind::Auto;
  uint64_t maxBlockTrace = 0;
  std::string kernel;
  /// `NAME=TYPE:COUNT:INIT` argument buffers for emulation.
  std::vector<std::string> buffers;
};

struct Settings {
  CommandSettings command;
  OutputSettings output;
  CheckSettings checks;
  SearchSettings search;
  ArchSettings arch;
  LaunchSettings launch;
  SampleSettings sample;
  AnalysisSettings analysis;
};

} // namespace gpurd::request

#endif // GPURD_REQUEST_SETTINGS_H
