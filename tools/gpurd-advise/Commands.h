//===- Commands.h - What gpurd-advise does with each input file -*- C++ -*-===//
//
// Each command handles one parsed input file and prints its result (text)
// or fills a JSON object; errors are printed and make it return false.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TOOLS_GPURD_ADVISE_COMMANDS_H
#define GPURD_TOOLS_GPURD_ADVISE_COMMANDS_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Frontend/CudaCompilation.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Trace/WarpTrace.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::advise {

/// Prints \p error as `gpurd-advise: error: ...`; returns 1.
int reportError(llvm::Error error);

/// The architecture from --arch/--arch-file, with --set applied.
llvm::Expected<arch::ArchDescription> resolveArch();

/// The launch values given on the command line, parsed once.
llvm::Expected<LaunchOverrides> commandLineLaunch();

/// The kernels --kernel selects (all when it is not given).
llvm::Expected<std::vector<const KernelInfo *>>
selectedKernels(const TranslationUnitInfo &unit);

/// The override layers for \p kernel: its --launch-spec entries, then the
/// command line.
llvm::Expected<std::vector<LaunchOverrides>>
overridesFor(const KernelInfo &kernel, const std::optional<LaunchSpec> &spec,
             const TranslationUnitInfo &unit, const LaunchOverrides &cli);

struct RunContext;

/// \p kernel's launch with every layer (source, --launch-spec, command line)
/// applied: what is known (mergedLaunchFor) or complete (resolvedLaunchFor).
llvm::Expected<PartialLaunch> mergedLaunchFor(const RunContext &run,
                                              const TranslationUnitInfo &unit,
                                              const KernelInfo &kernel);
/// \p allowUnknownArgs: scalar arguments may stay unknown
/// (LaunchConfig::unknownArgs); prepareKernelTrace then requires those the
/// kernel's accesses need.
llvm::Expected<LaunchConfig> resolvedLaunchFor(const RunContext &run,
                                               const TranslationUnitInfo &unit,
                                               const KernelInfo &kernel,
                                               bool allowUnknownArgs = false);

/// Notes which --launch-spec entries name a kernel of \p unit (whether or
/// not --kernel selects it), for checkUnusedLaunchValues.
void recordSpecMatches(const TranslationUnitInfo &unit,
                       const std::optional<LaunchSpec> &spec);

/// After all files: a spec entry or --arg that matched nothing is an error.
llvm::Error checkUnusedLaunchValues(const std::optional<LaunchSpec> &spec,
                                    const LaunchOverrides &cli);

/// The launch values to fold into \p kernel's IR: grid, block and the known
/// scalar arguments by parameter index.
access::KernelSpecialization
specializationFor(const KernelInfo &kernel,
                  const std::optional<std::array<uint64_t, 3>> &grid,
                  const std::optional<std::array<uint64_t, 3>> &block,
                  const std::map<std::string, EvaluatedValue> &args);

/// --sms: which SMs the cache model models and whose blocks a trace keeps.
struct SmsChoice {
  enum class Kind { Auto, All, Count };
  Kind kind = Kind::Auto;
  unsigned count = 0; ///< Kind::Count.
};
/// Parses --sms; a count must be between 1 and the SMs of \p arch.
llvm::Expected<SmsChoice> parseSmsOption(const arch::ArchDescription &arch);

/// What every command needs to know of the run.
struct RunContext {
  const clang::tooling::CompilationDatabase &database;
  const CudaCompileOptions &compile;
  const arch::ArchDescription &arch;
  const std::optional<LaunchSpec> &spec;
  const LaunchOverrides &cli;
  SmsChoice sms;
};

/// What the trace-based commands share: the selected kernel (one), its
/// resolved launch, its compiled and prepared IR, its access model and the
/// trace producer over them.
struct PreparedTrace {
  const KernelInfo *kernel = nullptr;
  LaunchConfig config;
  /// The file's device code, shared by the traces of its kernels (the
  /// prepared kernel below is a copy in its context).
  std::shared_ptr<const access::DeviceModule> device;
  access::PreparedKernel prepared;
  access::AccessModel model;
  std::unique_ptr<trace::WarpTraceSource> source;
};

/// Compiles the device side of \p unit (once per file).
llvm::Expected<std::shared_ptr<const access::DeviceModule>>
compileDevice(const RunContext &run, const TranslationUnitInfo &unit);

/// Prepares the trace of \p kernel launched as \p config from the file's
/// compiled \p device code.
llvm::Expected<std::unique_ptr<PreparedTrace>>
prepareKernelTrace(const RunContext &run, const TranslationUnitInfo &unit,
                   const KernelInfo &kernel, const LaunchConfig &config,
                   std::shared_ptr<const access::DeviceModule> device);

/// Prepares the trace of the one kernel --kernel selects; \p what names the
/// option for messages.
llvm::Expected<std::unique_ptr<PreparedTrace>>
prepareTrace(const RunContext &run, const TranslationUnitInfo &unit,
             const char *what);

/// --print-launches: resolves and prints each selected kernel's launch
/// configuration.
bool resolveLaunches(const RunContext &run, const TranslationUnitInfo &unit,
                     nlohmann::json &jsonOut);
/// The default action (and --cache-model): each selected kernel's launch
/// configuration and the cache model's predictions for it. \p modelError is
/// why the arch cannot be modelled (then only launches are printed).
bool adviseKernels(const RunContext &run, const TranslationUnitInfo &unit,
                   const std::optional<std::string> &modelError,
                   nlohmann::json &jsonOut);
/// --dump-accesses / --explain-compiled.
bool analyseAccesses(const RunContext &run, const TranslationUnitInfo &unit,
                     nlohmann::json &jsonOut);
/// --emit-trace.
bool emitTraces(const RunContext &run, const TranslationUnitInfo &unit,
                nlohmann::json &jsonOut);

} // namespace gpurd::advise

#endif
