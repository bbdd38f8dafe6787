//===- AnalysisContext.h - The analysis pipeline as a library ---*- C++ -*-===//
//
// What gpurd-advise, a language server and an autotuner server share: "this
// file, this kernel, this launch, this arch -> access model -> trace ->
// models", run many times in one process. An AnalysisContext owns the
// caches (parsed files, compiled device modules, per source variant),
// resolves launches in layers (source < launch spec < command line < a
// what-if change) and remembers which of the outside launch values applied
// to some kernel.
//
//   clang::tooling::FixedCompilationDatabase database(".", {"-DN=1024"});
//   driver::AnalysisContext context(database, *arch::loadArch("ampere-a100"));
//   auto unit = context.translationUnit("k.cu");
//   auto analysis = context.analyseKernel(*unit, *unit->kernels.begin());
//   // analysis->results: the cache model's predictions
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_ANALYSISCONTEXT_H
#define GPURD_DRIVER_ANALYSISCONTEXT_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/IndexUse.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/AssumptionScale.h"
#include "gpurd/Driver/DriverOptions.h"
#include "gpurd/Driver/KernelChange.h"
#include "gpurd/Frontend/CudaCompilation.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Frontend/PrecompiledPrelude.h"
#include "gpurd/Model/AccessPattern.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/Divergence/KernelDivergence.h"
#include "gpurd/Model/Placement/DramLatency.h"
#include "gpurd/Model/Placement/PlacementCounter.h"
#include "gpurd/Trace/DefaultBuffers.h"
#include "gpurd/Trace/WarpTrace.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpurd::model {
class CacheModelObserver;
} // namespace gpurd::model

namespace gpurd::driver {

struct SharedHostValue;

/// A kernel ready to be traced: its resolved launch, its compiled and
/// specialised IR, its access model and the trace producer over them.
struct KernelTrace {
  /// The file as analysed (the what-if variant of it, for a change to the
  /// source) and the kernel in it.
  const TranslationUnitInfo *unit = nullptr;
  const KernelInfo *kernel = nullptr;
  LaunchConfig config;
  /// The file's device code, shared by the traces of its kernels (the
  /// prepared kernel below is a copy in its context).
  std::shared_ptr<const access::DeviceModule> device;
  access::PreparedKernel prepared;
  access::AccessModel model;
  std::unique_ptr<trace::WarpTraceSource> source;
  /// The buffers the emulator made for pointer arguments without one
  /// (null when none): kept up to date as the source traces blocks.
  std::shared_ptr<const trace::DefaultBufferReport> defaultBuffers;
  /// The change this trace was prepared with (empty: as written).
  KernelChange change;
  /// How far its assumed values lie from the first choice (analyseLaunch).
  AssumptionScale scale;
};

/// One run of the models on a kernel.
struct KernelAnalysis {
  std::unique_ptr<KernelTrace> trace;
  model::CacheModelResults results;
  /// The access patterns of the warps the cache model ran on, per site
  /// (sectors, bank wavefronts, constant addresses: AccessPattern.h).
  std::vector<model::SiteAccessPattern> patterns;
  /// With ModelOptions::placementEvents: the instructions and replays of
  /// the warps the cache model ran on (seed 002 §III-B), and, on an arch
  /// with a DRAM address mapping and row-buffer latencies, the row buffers
  /// and bank queues of the reads its L2 sent down (§III-C).
  std::optional<model::placement::PlacementCounts> placement;
  std::optional<model::placement::DramLatencyResult> dram;
  /// On an arch with the figures seed 004 needs: MDM's and GPUMech's
  /// predictions from the representative warp of the warps the cache model
  /// ran on (Model/Divergence).
  std::optional<model::divergence::KernelDivergence> divergence;
};

/// Which of the launch values given (launch-spec entries by index, argument
/// values and buffers by name) applied to some kernel, and the kernels seen.
struct LaunchValueUse {
  std::set<size_t> specEntries;
  std::set<std::string> args, buffers;
  std::vector<std::string> kernels;
  void addKernel(const std::string &name) {
    if (!llvm::is_contained(kernels, name))
      kernels.push_back(name);
  }
  /// Adds \p other's (another process's files).
  void merge(const LaunchValueUse &other);
};

class AnalysisContext {
public:
  /// Files are compiled with their commands from \p database for \p arch.
  AnalysisContext(const clang::tooling::CompilationDatabase &database,
                  arch::ArchDescription arch, AnalysisOptions analysis = {},
                  LaunchInputs launches = {}, ModelOptions model = {});
  ~AnalysisContext();
  AnalysisContext(const AnalysisContext &) = delete;
  AnalysisContext &operator=(const AnalysisContext &) = delete;

  const arch::ArchDescription &arch() const { return archDescription; }
  const AnalysisOptions &analysisOptions() const { return analysis; }
  const LaunchInputs &launchInputs() const { return launches; }
  const ModelOptions &modelOptions() const { return modelOptionsValue; }

  /// Serves \p path with \p contents instead of what is on disk (an
  /// editor's unsaved buffer, a test's source); drops what was cached of it.
  void setFileContents(llvm::StringRef path, llvm::StringRef contents);

  /// The kernels, launch sites and device accesses of \p file, parsed once.
  /// Clang's diagnostics go to stderr.
  llvm::Expected<const TranslationUnitInfo &>
  translationUnit(llvm::StringRef file);

  /// The kernels AnalysisOptions::kernel selects in \p unit (any kernel,
  /// also one of a system header); when it names none, the file's own
  /// kernels (not those of system headers, such as Thrust's and CUB's).
  llvm::Expected<std::vector<const KernelInfo *>>
  selectedKernels(const TranslationUnitInfo &unit) const;

  /// The device code of \p unit's file, compiled once and shared.
  llvm::Expected<std::shared_ptr<const access::DeviceModule>>
  deviceModule(const TranslationUnitInfo &unit);

  /// \p kernel's launch with the launch inputs applied: what is known
  /// (knownLaunch) or complete (resolveLaunch). With \p allowUnknownArgs,
  /// scalar arguments may stay unknown (LaunchConfig::unknownArgs);
  /// prepareTrace then requires those the kernel's accesses need.
  llvm::Expected<PartialLaunch> knownLaunch(const TranslationUnitInfo &unit,
                                            const KernelInfo &kernel);
  /// \p scale moves the assumed host values (assumeHostValues) as it moves
  /// assumed arguments.
  llvm::Expected<LaunchConfig>
  resolveLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel,
                bool allowUnknownArgs = false,
                const AssumptionScale &scale = AssumptionScale());

  /// \p kernel's access model, specialised with the launch values known
  /// (knownLaunch); nothing needs to be complete.
  llvm::Expected<access::AccessModel>
  analyseAccesses(const TranslationUnitInfo &unit, const KernelInfo &kernel);

  /// Prepares the trace of \p kernel launched as \p config.
  llvm::Expected<std::unique_ptr<KernelTrace>>
  prepareTrace(const TranslationUnitInfo &unit, const KernelInfo &kernel,
               const LaunchConfig &config);

  /// Prepares the trace of \p kernel changed by \p change: the launch
  /// resolved as resolveLaunch does with the change's launch values on top,
  /// in the file variant the change asks for.
  llvm::Expected<std::unique_ptr<KernelTrace>>
  prepareTrace(const TranslationUnitInfo &unit, const KernelInfo &kernel,
               const KernelChange &change);

  /// Why the cache model cannot run on the context's arch (nothing when it
  /// can), with the presets it runs on.
  std::optional<std::string> cacheModelUnavailable() const;

  /// Runs the cache model on a prepared trace; \p patterns, if given, also
  /// counts the access patterns of the warps it runs on. \p options, if
  /// given, replace the context's model options for this run (the tile
  /// search's comparison sample).
  /// \p placement, \p intervals and \p observer, if given, also see the
  /// warps and the requests.
  llvm::Expected<model::CacheModelResults>
  runCacheModel(KernelTrace &trace,
                model::AccessPatternCounter *patterns = nullptr,
                const ModelOptions *options = nullptr,
                model::placement::PlacementCounter *placement = nullptr,
                model::CacheModelObserver *observer = nullptr,
                model::divergence::IntervalRecorder *intervals = nullptr);
  /// Runs the models on a prepared trace and keeps it with their results:
  /// the cache model, the access patterns and, with
  /// ModelOptions::placementEvents, the placement events and the DRAM's
  /// row buffers. \p options as for runCacheModel. If the models fail,
  /// \p failed (if given) receives the trace.
  llvm::Expected<KernelAnalysis>
  modelTrace(llvm::Expected<std::unique_ptr<KernelTrace>> trace,
             const ModelOptions *options = nullptr,
             std::unique_ptr<KernelTrace> *failed = nullptr);
  /// How the context's arch counts placement events (its L1 line, constant
  /// cache and shared-memory banks).
  model::placement::PlacementCounterConfig placementCounterConfig() const;
  /// How the context's arch counts access patterns (its sectors and
  /// shared-memory banks).
  model::AccessPatternConfig accessPatternConfig() const;

  /// prepareTrace and runCacheModel for \p kernel launched as \p config.
  /// A run under assumed values that leaves a bound the launch's sizes
  /// decide (LaunchBoundError) is retried with the assumptions scaled
  /// (AssumptionScale: more dynamic shared memory after an access past it,
  /// smaller integer arguments otherwise), up to MaxAssumptionRetries
  /// times; when no run succeeds, the first one's error. \p shown is the
  /// launch as analysed, with the arguments the trace assumed (the first
  /// run's when none succeeds).
  llvm::Expected<KernelAnalysis> analyseLaunch(const TranslationUnitInfo &unit,
                                               const KernelInfo &kernel,
                                               const LaunchConfig &config,
                                               LaunchConfig &shown);

  /// The whole pipeline for one kernel: launch, trace (changed by
  /// \p change), cache model (with \p options instead of the context's,
  /// when given).
  llvm::Expected<KernelAnalysis>
  analyseKernel(const TranslationUnitInfo &unit, const KernelInfo &kernel,
                const KernelChange &change = {},
                const ModelOptions *options = nullptr);

  /// Notes which launch-spec entries name a kernel of \p unit (whether or
  /// not AnalysisOptions::kernel selects it), for checkUnusedLaunchValues.
  void recordSpecMatches(const TranslationUnitInfo &unit);
  /// After all files: a launch-spec entry or a command-line argument value
  /// that matched no kernel is an error.
  llvm::Error checkUnusedLaunchValues() const;
  /// What of the launch values applied so far (a parallel run's parent
  /// merges its children's, LaunchValueUse::merge).
  const LaunchValueUse &launchValueUse() const { return used; }

private:
  struct SourceVariant;
  llvm::Expected<SourceVariant &>
  variant(llvm::StringRef file, const std::vector<std::string> &defines,
          const std::vector<SourceEdit> &edits, llvm::StringRef appendedSource);
  SourceVariant *variantOf(const TranslationUnitInfo &unit);
  /// variantOf, or an error for a unit this context did not parse.
  llvm::Expected<SourceVariant &>
  parsedVariantOf(const TranslationUnitInfo &unit);
  CudaCompileOptions compileOptions() const;
  /// The layers of launch values over \p kernel's launch sites: the launch
  /// spec's entries for it and the command line's values. With \p record,
  /// what applied is remembered for checkUnusedLaunchValues; without, the
  /// question is about a kernel the user may not have asked about (the
  /// file's other launches), and the command line's values apply only if
  /// they apply to every kernel or it is the kernel they name.
  llvm::Expected<std::vector<LaunchOverrides>>
  overridesFor(const TranslationUnitInfo &unit, const KernelInfo &kernel,
               bool record = true);
  /// knownLaunch without remembering what applied (overridesFor's
  /// \p record): for the file's other launches.
  llvm::Expected<PartialLaunch>
  unrecordedLaunch(const TranslationUnitInfo &unit, const KernelInfo &kernel);
  /// The value that the host variables \p site's launch is computed from
  /// hold in every launch of \p unit they reach (SharedHostValue, planned
  /// for the whole file on first use: HostValueAssumptions.cpp); null when
  /// no other launch reads them.
  llvm::Expected<const SharedHostValue *>
  sharedHostValue(const TranslationUnitInfo &unit, const LaunchSite &site);
  /// Plans \p source's shared host values (SourceVariant::hostValues): one
  /// value per group of launches that read the same host variables, made
  /// smaller while the trace of one of them cannot be prepared with it.
  llvm::Error planHostValues(SourceVariant &source);
  /// The launch of \p kernel in \p unit from \p layers; with
  /// AnalysisOptions::assumeUnknownValues, what they leave unknown of the
  /// grid, block and dynamic shared memory is assumed (Assumptions.h), and
  /// so are the scalar arguments unless \p allowUnknownArgs: first from the
  /// host values they are computed from, at \p scale, then one by one.
  llvm::Expected<LaunchConfig> launchWithAssumptions(
      const TranslationUnitInfo &unit, const KernelInfo &kernel,
      std::vector<LaunchOverrides> layers, bool allowUnknownArgs,
      const AssumptionScale &scale = AssumptionScale());
  /// The indices \p kernel's compiled code reads (x only when it is not in
  /// the device code).
  llvm::Expected<access::IndexUse> indexUse(const TranslationUnitInfo &unit,
                                            const KernelInfo &kernel);
  /// Builds trace.prepared and trace.model for trace.config.
  llvm::Error buildModelOf(SourceVariant &source, const KernelInfo &kernel,
                           KernelTrace &trace);
  /// Gives the scalar arguments trace.config lacks and the model needs (all
  /// with \p all) assumed values, or fails without assumptions.
  llvm::Error completeArguments(SourceVariant &source, const KernelInfo &kernel,
                                KernelTrace &trace, bool all);
  /// The trace of \p kernel in \p source launched as \p config, its
  /// unknown arguments assumed at \p scale; when a step fails, \p completed
  /// (if given) is set to the launch as far as it was completed.
  llvm::Expected<std::unique_ptr<KernelTrace>>
  prepareTraceIn(SourceVariant &source, const KernelInfo &kernel,
                 const LaunchConfig &config, const KernelChange &change,
                 const AssumptionScale &scale = {},
                 LaunchConfig *completed = nullptr);
  /// Gives \p trace, whose access model is built, a new trace producer for
  /// its config, change and scale (dropping the one it had).
  llvm::Error attachProducer(SourceVariant &source, const KernelInfo &kernel,
                             KernelTrace &trace);
  /// The warp instructions each block of \p kernel launched as \p config
  /// may trace when long blocks are cut (AssumptionScale::cutLongBlocks):
  /// its share of the request budget among one SM's resident blocks.
  uint64_t cutBlockTraceBound(const KernelInfo &kernel,
                              const LaunchConfig &config) const;
  /// analyseLaunch's runs: the first, and the retries under smaller
  /// assumed values.
  llvm::Expected<KernelAnalysis>
  analyseRetrying(const TranslationUnitInfo &unit, const KernelInfo &kernel,
                  const LaunchConfig &config, LaunchConfig &shown);
  /// One run of analyseLaunch at \p scale.
  llvm::Expected<KernelAnalysis> analyseScaled(const TranslationUnitInfo &unit,
                                               const KernelInfo &kernel,
                                               const LaunchConfig &config,
                                               const AssumptionScale &scale,
                                               LaunchConfig &completed);

  const clang::tooling::CompilationDatabase &database;
  arch::ArchDescription archDescription;
  AnalysisOptions analysis;
  LaunchInputs launches;
  ModelOptions modelOptionsValue;
  /// Files served from memory (setFileContents), by absolute path, and the
  /// file system that serves them over the real one (null: none).
  std::map<std::string, std::string> memoryFiles;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fileSystem;
  /// The prelude precompiled once for every compile of the same options
  /// (what-if variants of a file compile it again on both sides).
  std::shared_ptr<PreludeCache> preludes = std::make_shared<PreludeCache>();
  /// Parsed files and their device code, by file and change to the source.
  std::map<std::string, std::unique_ptr<SourceVariant>> variants;
  /// The assumed values each kernel's last analysed launch settled on
  /// (analyseLaunch), by kernel name: its what-ifs run under the same
  /// values (prepareTrace), so that a change is compared on the problem
  /// the kernel as written was analysed on.
  struct SettledAssumptions {
    AssumptionScale scale;
    /// The scalar arguments assumed one by one, as values.
    std::map<std::string, std::string> args;
  };
  std::map<std::string, SettledAssumptions> settled;
  /// What applied to some kernel, for checkUnusedLaunchValues.
  LaunchValueUse used;
};

/// After all files: a launch-spec entry, a command-line argument value or a
/// buffer of \p launches and \p analysis that \p used says matched no
/// kernel is an error.
llvm::Error checkUnusedLaunchValues(const LaunchInputs &launches,
                                    const AnalysisOptions &analysis,
                                    const LaunchValueUse &used);

/// How \p arch counts access patterns (its sectors and shared-memory
/// banks; no wavefronts on an arch without banks).
model::AccessPatternConfig
accessPatternConfigOf(const arch::ArchDescription &arch);

} // namespace gpurd::driver

#endif // GPURD_DRIVER_ANALYSISCONTEXT_H
