//===- KernelPipeline.cpp - Launch, access model, trace, cache model ------===//
//
// One kernel through the pipeline: its launch values folded into a copy of
// the file's device code, the access model of that code, the trace producer
// over both (the affine enumerator or the emulator), and the cache model on
// the producer's request stream.
//
//===----------------------------------------------------------------------===//

#include "Assumptions.h"
#include "PlacementEvents.h"
#include "SourceVariant.h"
#include "WhatIf.h"

#include "gpurd/Access/IssueGroups.h"
#include "gpurd/Access/ParamFields.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Frontend/DisplayPath.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/CacheModel.h"
#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/CoalescedSites.h"
#include "gpurd/Trace/StagedArrays.h"
#include "gpurd/Trace/TraceSource.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gpurd::driver {
namespace {

/// Adds \p value under \p key to the integer or floating-point values.
template <typename Key>
void addValue(const EvaluatedValue &value, const Key &key,
              std::map<Key, int64_t> &integers, std::map<Key, double> &floats) {
  if (const auto *s = std::get_if<int64_t>(&value.value))
    integers[key] = *s;
  else if (const auto *u = std::get_if<uint64_t>(&value.value))
    integers[key] = static_cast<int64_t>(*u);
  else if (const auto *d = std::get_if<double>(&value.value))
    floats[key] = *d;
}

/// The launch values to fold into \p kernel's IR: grid, block and the known
/// scalar arguments and struct members by parameter index.
access::KernelSpecialization
specializationFor(const KernelInfo &kernel,
                  const std::optional<std::array<uint64_t, 3>> &grid,
                  const std::optional<std::array<uint64_t, 3>> &block,
                  const std::map<std::string, EvaluatedValue> &args) {
  access::KernelSpecialization values;
  values.grid = grid;
  values.block = block;
  for (unsigned i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &param = kernel.params[i];
    if (auto it = args.find(param.name); it != args.end())
      addValue(it->second, i, values.integerArgs, values.floatArgs);
    // Members of struct parameters (`p.n`).
    for (const StructField &field : param.fields)
      if (auto it = args.find(param.name + "." + field.path); it != args.end())
        addValue(it->second, std::pair<unsigned, uint64_t>{i, field.offset},
                 values.integerFields, values.floatFields);
  }
  return values;
}

access::AccessAnalysisOptions accessOptions(const AnalysisOptions &analysis) {
  access::AccessAnalysisOptions options;
  options.unroll = analysis.unroll;
  options.islMaxOperations = analysis.islMaxOperations;
  options.printIR = analysis.printDeviceIR;
  return options;
}

/// The scalar arguments of \p config without a value that matter: those an
/// access depends on (an isl parameter of that name is left) or, with
/// \p all, every one (an emulated kernel runs all of its code).
std::vector<std::pair<std::string, std::string>>
neededArguments(const LaunchConfig &config, const access::AccessModel &model,
                bool all) {
  std::vector<std::pair<std::string, std::string>> needed;
  for (const auto &entry : config.unknownArgs)
    if (all || llvm::any_of(model.parameters(), [&](unsigned p) {
          return model.variables[p].name == entry.first;
        }))
      needed.push_back(entry);
  return needed;
}

/// The scalar members of struct parameters (`p.n`) that \p prepared reads
/// and \p config gives no value: the emulator needs them all.
std::vector<std::pair<std::string, std::string>>
unknownMembers(const access::PreparedKernel &prepared, const KernelInfo &kernel,
               const LaunchConfig &config) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto &member : access::scalarMemberReads(*prepared.function, kernel)) {
    std::string &name = member.second;
    if (llvm::any_of(config.args,
                     [&](const LaunchArgument &a) { return a.param == name; }))
      continue;
    std::string missing = "the member '" + name +
                          "' of a struct argument is not evaluated; give it "
                          "with " +
                          userInput(UserInput::Argument, name + "=VALUE") +
                          " or in a " + userInput(UserInput::LaunchSpec) +
                          " file";
    out.push_back({std::move(name), std::move(missing)});
  }
  return out;
}

/// Whether \p model has a memory operation (a barrier is none).
bool hasMemoryOperation(const access::AccessModel &model) {
  return llvm::any_of(model.sites, [](const access::AccessSite &site) {
    return site.kind != AccessKind::Barrier;
  });
}

/// Adds to \p needed the unknown factors of \p kernel's guard products
/// (IndexUse::guardProducts) that it lacks: the access model may leave out
/// a guard that multiplies parameters (`if (idx < B * NH * T * T)`), but
/// its factors are assumed together so that their product, not each one,
/// is the launch's extent, and one left at an unknown value would leave
/// the guard as the kernel's run does not have it.
void addGuardFactors(const KernelInfo &kernel, const access::IndexUse &use,
                     const LaunchConfig &config,
                     std::vector<std::pair<std::string, std::string>> &needed) {
  for (const std::vector<unsigned> &product : use.guardProducts)
    for (unsigned position : product) {
      if (position >= kernel.params.size())
        continue;
      const std::string &name = kernel.params[position].name;
      if (llvm::any_of(needed, [&](const auto &e) { return e.first == name; }))
        continue;
      for (const auto &entry : config.unknownArgs)
        if (entry.first == name)
          needed.push_back(entry);
    }
}

Error incompleteLaunchError(
    const KernelInfo &kernel,
    ArrayRef<std::pair<std::string, std::string>> needed) {
  std::string message;
  for (const auto &entry : needed)
    message += "\n  " + entry.second;
  return createStringError(inconvertibleErrorCode(),
                           "kernel '" + kernel.name +
                               "': the launch configuration is incomplete "
                               "for its accesses:" +
                               message);
}

std::map<std::string, EvaluatedValue> argumentsOf(const LaunchConfig &config) {
  std::map<std::string, EvaluatedValue> args;
  for (const LaunchArgument &arg : config.args)
    args[arg.param] = arg.value;
  return args;
}

/// What the trace producer is asked for \p config of \p kernel. Without a
/// kernel named, buffers apply to the kernels that have such a parameter
/// (or member), as argument values do (checkUnusedLaunchValues reports one
/// that no kernel has).
trace::TraceSourceRequest traceRequest(const AnalysisOptions &analysis,
                                       const ModelOptions &model,
                                       const TranslationUnitInfo &unit,
                                       const KernelInfo &kernel,
                                       const LaunchConfig &config) {
  trace::TraceSourceRequest request;
  request.kind = analysis.traceSource;
  request.maxBlockTrace =
      analysis.maxBlockTrace ? analysis.maxBlockTrace : blockTraceBound(model);
  request.launch.grid = config.grid;
  request.launch.block = config.block;
  request.launch.dynamicSharedBytes = config.dynamicSharedBytes;
  request.args = argumentsOf(config);
  for (const trace::BufferSpec &buffer : analysis.buffers)
    if (!analysis.kernel.empty() || paramOrMemberNamed(kernel, buffer.name))
      request.buffers.push_back(buffer);
  for (const TextureReference &texture : unit.textures)
    request.texelBytes[texture.name] = texture.texelBytes;
  request.assumedLaunch =
      analysis.assumeUnknownValues && !config.assumptions.empty();
  return request;
}

/// Assumed contents of default buffers (random indices, IndexContents.h)
/// are stated as launch assumptions whose part starts so; each trace states
/// its own, so a config it starts from sheds those of an earlier trace.
constexpr StringLiteral AssumedContentsPart = "the contents of '";

/// The device variables an emulated kernel reads that the host writes
/// (TranslationUnitInfo::hostSymbolWrites) read as what the module gives
/// them, zeros without an initializer: the emulator runs on that, so a
/// loop bound from a `__constant__` table the host fills runs no times.
/// Stated with the assumed contents (so that the checks that rest on
/// contents stay silent, CheckUtil.h). An affine kernel's addresses do not
/// depend on them.
void stateHostWrittenVariables(const TranslationUnitInfo &unit,
                               const access::AccessModel &model,
                               const llvm::Module *module,
                               LaunchConfig &config) {
  for (const access::ArrayInfo &array : model.arrays) {
    if (array.origin != access::ArrayInfo::Origin::Variable)
      continue;
    auto write =
        llvm::find_if(unit.hostSymbolWrites, [&](const HostSymbolWrite &w) {
          return w.symbol == array.symbol;
        });
    if (write == unit.hostSymbolWrites.end())
      continue;
    bool read = llvm::any_of(model.sites, [&](const access::AccessSite &site) {
      return site.kind != AccessKind::Write &&
             site.kind != AccessKind::Barrier && site.array >= 0 &&
             &model.arrays[site.array] == &array;
    });
    if (!read)
      continue;
    LaunchAssumption assumption;
    assumption.part = (AssumedContentsPart + write->name + "'").str();
    const llvm::GlobalVariable *global =
        module ? module->getNamedGlobal(array.symbol) : nullptr;
    bool zeros = !global || !global->hasInitializer() ||
                 global->getInitializer()->isNullValue();
    assumption.value = zeros ? "as zeros, what the device code gives it"
                             : "as its initializer in the device code";
    assumption.basis = "the host writes it with " + write->api + " at " +
                       displayPath(write->position.file) + ":" +
                       std::to_string(write->position.line) + ":" +
                       std::to_string(write->position.column) +
                       ", with values gpurd does not follow";
    assumption.missing = "a loop bound or an index the kernel reads from it "
                         "is that value, and no input gives another yet";
    config.assumptions.push_back(std::move(assumption));
  }
}

void stateAssumedContents(const trace::DefaultBufferReport *report,
                          LaunchConfig &config) {
  erase_if(config.assumptions, [](const LaunchAssumption &a) {
    return StringRef(a.part).starts_with(AssumedContentsPart);
  });
  if (!report)
    return;
  for (const trace::DefaultBuffer &buffer : report->buffers)
    if (buffer.indices) {
      LaunchAssumption assumption;
      assumption.part = (AssumedContentsPart + buffer.name + "'").str();
      assumption.value = "as uniformly random integers in [0, " +
                         std::to_string(buffer.indices->high) + ")";
      assumption.basis = buffer.indices->basis;
      assumption.missing = buffer.indices->missing;
      config.assumptions.push_back(std::move(assumption));
    }
}

/// The cache model's input from a trace producer, which must outlive it.
model::KernelTraceInput traceInputFrom(trace::WarpTraceSource &source,
                                       uint64_t staticSharedBytes) {
  model::KernelTraceInput input;
  input.launch = source.launch();
  input.sharedBytesPerBlock =
      staticSharedBytes + source.launch().dynamicSharedBytes;
  input.traceBlock = [&source](uint64_t block,
                               std::vector<trace::WarpTrace> &warps) {
    return source.traceBlock(block, warps);
  };
  input.traceWarps =
      [&source](uint64_t block,
                function_ref<Error(const trace::WarpTrace &)> onWarp) {
        return source.traceWarps(block, onWarp);
      };
  input.instructionsExecuted = [&source] {
    return source.instructionsExecuted();
  };
  input.workSubject = source.workSubject();
  input.workNoun = source.workNoun();
  return input;
}

model::CacheModelOptions cacheModelOptions(const ModelOptions &options) {
  model::CacheModelOptions out;
  out.seed = options.seed;
  out.clock = options.clock;
  out.sampling = options.sampling;
  out.profileInterval = options.profileInterval;
  out.maxResidentBlocksPerSm = options.residentBlocksPerSm;
  out.maxWavesPerSm = options.wavesPerSm;
  switch (options.sms.kind) {
  case SmsChoice::Kind::Auto:
    out.requestBudget = options.requestBudget;
    out.instructionBudget = options.instructionBudget;
    break;
  case SmsChoice::Kind::All:
    break;
  case SmsChoice::Kind::Count:
    out.modelledSms = options.sms.count;
    break;
  }
  return out;
}

/// A note naming the sites whose memory the cache model does not count
/// (texture and constant caches), so that a report without them is not
/// read as the kernel's whole traffic.
std::optional<std::string> unmodelledSpaces(const access::AccessModel &model) {
  std::vector<std::string> sites;
  for (const access::AccessSite &site : model.sites)
    if (site.kind != AccessKind::Barrier &&
        (site.space == MemorySpace::Texture ||
         site.space == MemorySpace::Constant))
      sites.push_back(trace::describeSite(site) + " (" +
                      memorySpaceName(site.space) + ")");
  if (sites.empty())
    return std::nullopt;
  return "not counted above: " + llvm::join(sites, ", ") +
         "; the cache model covers global and local memory, not the "
         "texture and constant caches";
}

} // namespace

Expected<access::AccessModel>
AnalysisContext::analyseAccesses(const TranslationUnitInfo &unit,
                                 const KernelInfo &kernel) {
  auto device = deviceModule(unit);
  if (!device)
    return device.takeError();
  auto launch = knownLaunch(unit, kernel);
  if (!launch)
    return launch.takeError();
  access::KernelSpecialization values =
      specializationFor(kernel, launch->grid, launch->block, launch->args);
  access::AccessAnalysisOptions options = accessOptions(analysis);
  return access::analyzeKernel(*(*device)->module, kernel, unit, values,
                               options);
}

std::string preparedLaunchKey(const LaunchConfig &config) {
  std::string key;
  raw_string_ostream os(key);
  os << config.kernel << "|" << dimText(config.grid) << dimText(config.block)
     << "|" << config.dynamicSharedBytes << "|";
  for (const LaunchArgument &arg : config.args)
    os << arg.param << "=" << arg.value.str() << ";";
  os << "|";
  for (const auto &[name, why] : config.unknownArgs)
    os << name << ";";
  os << "|";
  // The values, not the words: a plan's step appends to the basis of the
  // value it settles on (analyseScaled carries the words over to a planned
  // trace it takes).
  for (const LaunchAssumption &assumed : config.assumptions)
    os << assumed.part << "=" << assumed.value << "#" << assumed.root << "#"
       << assumed.argument << "#" << join(assumed.hostNames, ",") << "#"
       << dimText(assumed.given) << ";";
  if (config.site)
    os << "|" << config.site->file << ":" << config.site->line << ":"
       << config.site->column;
  os << "|" << config.siteVariant.index << "/" << config.siteVariant.count
     << "|" << config.siteApi << "|" << config.launchNumber << "/"
     << config.launchCount << (config.launchChosen ? "c" : "");
  return key;
}

Expected<std::unique_ptr<KernelTrace>>
AnalysisContext::prepareTrace(const TranslationUnitInfo &unit,
                              const KernelInfo &kernel,
                              const LaunchConfig &config) {
  auto source = parsedVariantOf(unit);
  if (!source)
    return source.takeError();
  return prepareTraceIn(*source, kernel, config, KernelChange());
}

Expected<std::unique_ptr<KernelTrace>> AnalysisContext::prepareTraceIn(
    SourceVariant &source, const KernelInfo &kernel, const LaunchConfig &config,
    const KernelChange &change, const AssumptionScale &scale,
    LaunchConfig *completed) {
  TimeTraceScope scope("prepareTrace", [&] { return kernel.name; });
  auto out = std::make_unique<KernelTrace>();
  out->unit = &source.unit;
  out->kernel = &kernel;
  out->config = config;
  out->change = change;
  out->scale = scale;
  stateAssumedContents(nullptr, out->config);
  // What is known of the launch when a step fails.
  auto keepLaunch = make_scope_exit([&] {
    if (completed && out)
      *completed = out->config;
  });
  auto device = deviceModule(source.unit);
  if (!device)
    return device.takeError();
  out->device = std::move(*device);
  if (Error error = buildModelOf(source, kernel, *out))
    return error;
  // Scalar arguments without a value matter where an access depends on
  // them, and everywhere in an emulated kernel.
  if (Error error = completeArguments(source, kernel, *out, /*all=*/false))
    return error;
  auto kind = trace::resolveTraceSourceKind(out->model, out->prepared, kernel,
                                            analysis.traceSource);
  if (!kind)
    return kind.takeError();
  if (*kind == trace::TraceSourceKind::Emulate)
    if (Error error = completeArguments(source, kernel, *out, /*all=*/true))
      return error;
  if (Error error = attachProducer(source, kernel, *out))
    return error;
  return out;
}

uint64_t AnalysisContext::cutBlockTraceBound(const KernelInfo &kernel,
                                             const LaunchConfig &config) const {
  // The request budget bounds the work of one SM's resident blocks, which
  // the cache model runs together (the least it models): each block's run
  // is cut at its share. Rodinia's fdwt97 kernels ran 32 resident blocks of
  // 12.5 M instructions each, each under the whole budget: 8 s a kernel.
  const uint64_t bound = blockTraceBound(modelOptions());
  uint64_t blocks = uint64_t(config.grid[0]) * config.grid[1] * config.grid[2];
  uint64_t perSm = std::max<uint64_t>(
      1, (blocks + archDescription.sm.count - 1) / archDescription.sm.count);
  uint64_t together = std::min<uint64_t>(
      residentBlocksOrOne(kernel, archDescription, config.block,
                          config.dynamicSharedBytes),
      perSm);
  if (unsigned limit = modelOptions().residentBlocksPerSm)
    together = std::min<uint64_t>(together, limit);
  return std::max<uint64_t>(1, bound / together);
}

Error AnalysisContext::attachProducer(SourceVariant &source,
                                      const KernelInfo &kernel,
                                      KernelTrace &trace) {
  const KernelChange &change = trace.change;
  const AssumptionScale &scale = trace.scale;
  trace::TraceSourceRequest request =
      traceRequest(analysis, modelOptions(), source.unit, kernel, trace.config);
  if (scale.cutLongBlocks && scale.cutAtBudgetShare && !analysis.maxBlockTrace)
    request.maxBlockTrace = cutBlockTraceBound(kernel, trace.config);
  request.sharedAllocationUnit =
      archDescription.sm.sharedMemoryAllocationUnit.value_or(0);
  // clock() in the emulator: a cycle an instruction and each load's least
  // wait (docs/trace-formats.md).
  if (archDescription.l1 && archDescription.l1->hitLatency)
    request.loadCycles = uint64_t(*archDescription.l1->hitLatency);
  if (archDescription.l2 && archDescription.l2->hitLatency)
    request.volatileLoadCycles = uint64_t(*archDescription.l2->hitLatency);
  request.cutLongBlocks = scale.cutLongBlocks;
  request.transposedArrays = change.transposedArrays;
  request.assumeIndexContents = analysis.assumeUnknownValues;
  request.indexSeed = modelOptions().seed;
  trace.source.reset();
  trace.defaultBuffers.reset();
  auto producer = trace::createTraceSource(trace.prepared, trace.model, kernel,
                                           request, &trace.defaultBuffers);
  if (!producer)
    return producer.takeError();
  stateAssumedContents(trace.defaultBuffers.get(), trace.config);
  if (StringRef((*producer)->name()) == "emulate")
    stateHostWrittenVariables(*trace.unit, trace.model,
                              trace.prepared.module.get(), trace.config);
  trace.source = std::move(*producer);
  if (!change.arraySpaces.empty()) {
    auto placed = withArraySpaces(std::move(trace.source), trace.model,
                                  change.arraySpaces);
    if (!placed)
      return placed.takeError();
    trace.source = std::move(*placed);
  }
  if (!change.coalescedSites.empty())
    trace.source = trace::withCoalescedSites(std::move(trace.source),
                                             change.coalescedSites);
  if (!change.stagedArrays.empty()) {
    auto staged = trace::withStagedArrays(std::move(trace.source), trace.model,
                                          change.stagedArrays);
    if (!staged)
      return staged.takeError();
    trace.source = std::move(*staged);
  }
  // Seed 002 Eq. 18's MLP, on the final model (IssueGroups.h).
  access::assignIssueGroups(*trace.prepared.function,
                            trace.prepared.siteInstructions, trace.model);
  return Error::success();
}

Error AnalysisContext::buildModelOf(SourceVariant &source,
                                    const KernelInfo &kernel,
                                    KernelTrace &trace) {
  access::KernelSpecialization values = specializationFor(
      kernel, trace.config.grid, trace.config.block, argumentsOf(trace.config));
  TimeTraceScope scope("buildAccessModel", [&] { return kernel.name; });
  access::AccessAnalysisOptions options = accessOptions(analysis);
  auto prepared =
      access::prepareKernel(*trace.device->module, kernel, values, options);
  if (!prepared)
    return prepared.takeError();
  trace.prepared = std::move(*prepared);
  auto model = access::buildAccessModel(trace.prepared, kernel, source.unit,
                                        values, options);
  if (!model)
    return model.takeError();
  trace.model = std::move(*model);
  return Error::success();
}

Error AnalysisContext::completeArguments(SourceVariant &source,
                                         const KernelInfo &kernel,
                                         KernelTrace &trace, bool all) {
  std::vector<std::pair<std::string, std::string>> needed =
      neededArguments(trace.config, trace.model, all);
  if (all)
    for (auto &member : unknownMembers(trace.prepared, kernel, trace.config))
      needed.push_back(std::move(member));
  if (needed.empty())
    return Error::success();
  if (!analysis.assumeUnknownValues)
    return incompleteLaunchError(kernel, needed);
  auto use = indexUse(source.unit, kernel);
  if (!use)
    return use.takeError();
  addGuardFactors(kernel, *use, trace.config, needed);
  assumeArguments(kernel, *use, needed, trace.config, trace.scale);
  // The assumed values are folded into the kernel like given ones.
  bool hadMemoryOperations = hasMemoryOperation(trace.model);
  if (Error error = buildModelOf(source, kernel, trace))
    return error;
  if (hadMemoryOperations && !trace.scale.acceptNoWork &&
      !hasMemoryOperation(trace.model))
    return make_error<LaunchBoundError>(
        LaunchBound::NoWork,
        "kernel '" + kernel.name +
            "' has no memory operation under the assumed values (it has "
            "some with them unknown): a product of them overflows the "
            "kernel's integers",
        0, std::nullopt);
  return Error::success();
}

std::optional<std::string> AnalysisContext::cacheModelUnavailable() const {
  Expected<model::CacheLevelConfig> l1 = model::resolveL1(archDescription);
  if (l1)
    return std::nullopt;
  std::string message = toString(l1.takeError());
  std::string usable;
  for (StringRef name : arch::presetNames()) {
    auto preset = arch::loadArch(name);
    if (!preset) {
      consumeError(preset.takeError());
      continue;
    }
    Expected<model::CacheLevelConfig> presetL1 = model::resolveL1(*preset);
    if (!presetL1) {
      consumeError(presetL1.takeError());
      continue;
    }
    usable += (usable.empty() ? "" : ", ") + name.str();
  }
  return "no cache model: " + message +
         (usable.empty() ? "" : "; presets it runs on: " + usable);
}

model::AccessPatternConfig AnalysisContext::accessPatternConfig() const {
  return accessPatternConfigOf(archDescription);
}

model::AccessPatternConfig
accessPatternConfigOf(const arch::ArchDescription &arch) {
  model::AccessPatternConfig config;
  const arch::SmDescription &sm = arch.sm;
  // An arch without shared-memory banks gets no wavefront counts; one
  // without a bank width has the 4-byte words of every GPU since Fermi
  // (Kepler's 8-byte mode is opt-in).
  config.sharedBanks = sm.sharedMemoryBanks.value_or(0);
  config.sharedBankWidth = sm.sharedMemoryBankWidth.value_or(4);
  return config;
}

Expected<model::CacheModelResults> AnalysisContext::runCacheModel(
    KernelTrace &trace, model::AccessPatternCounter *patterns,
    const ModelOptions *given, model::placement::PlacementCounter *placement,
    model::CacheModelObserver *observer,
    model::divergence::IntervalRecorder *intervals) {
  TimeTraceScope scope("runCacheModel", [&] { return trace.kernel->name; });
  const ModelOptions &modelOptions = given ? *given : modelOptionsValue;
  model::KernelTraceInput input =
      traceInputFrom(*trace.source, trace.kernel->staticSharedBytes);
  if (patterns || placement || intervals)
    input.onModelledWarp = [patterns, placement,
                            intervals](const trace::WarpTrace &warp) {
      if (patterns)
        patterns->add(warp);
      if (placement)
        placement->add(warp);
      if (intervals)
        intervals->add(warp);
    };
  model::CacheModelOptions options = cacheModelOptions(modelOptions);
  options.observer = observer;
  if (modelOptions.quick && StringRef(trace.source->name()) == "emulate")
    options.instructionBudget =
        std::max<uint64_t>(1, options.instructionBudget / QuickEmulatorShare);
  // Assumed sizes too large to model in the budgets are retried smaller
  // (analyseLaunch) rather than modelled in part; the last try, which cuts
  // the blocks' runs at the smallest values (AssumptionScale::cutLongBlocks),
  // models the blocks the budgets hold instead (the CUDA samples'
  // bisectKernelLarge_OneIntervals failed on it with 8 resident blocks of 6 M
  // instructions each at every size).
  options.failWhenOneSmIsOverBudget = analysis.assumeUnknownValues &&
                                      assumedSizes(trace.config) &&
                                      !trace.scale.cutLongBlocks;
  auto results = model::runCacheModelOverSeeds(archDescription, input, options,
                                               modelOptions.seeds);
  if (!results)
    return results;
  // The emulator's default buffers are an assumption the report states.
  if (trace.defaultBuffers)
    results->notes.push_back(
        trace::describeDefaultBuffers(*trace.defaultBuffers, trace.model));
  if (std::optional<std::string> note = unmodelledSpaces(trace.model))
    results->notes.push_back(*note);
  llvm::append_range(results->notes, trace.source->notes());
  results->sampling.blocksCut = trace.source->blocksCut();
  results->sampling.blocksWaiting = trace.source->blocksWaiting();
  return results;
}

Expected<KernelAnalysis>
AnalysisContext::modelTrace(Expected<std::unique_ptr<KernelTrace>> trace,
                            const ModelOptions *options,
                            std::unique_ptr<KernelTrace> *failed) {
  if (!trace)
    return trace.takeError();
  model::AccessPatternCounter patterns(accessPatternConfig());
  const ModelOptions &effective = options ? *options : modelOptionsValue;
  std::optional<model::placement::PlacementCounter> placement;
  std::optional<DramRecording> dram;
  if (effective.placementEvents) {
    model::placement::PlacementCounterConfig config = placementCounterConfig();
    for (const access::AccessSite &site : (*trace)->model.sites) {
      if (site.id >= config.siteArray.size())
        config.siteArray.resize(site.id + 1, -1);
      config.siteArray[site.id] = site.array;
    }
    placement.emplace(std::move(config));
    dram = dramRecording(archDescription);
  }
  // Seed 004 runs where the arch gives its figures.
  std::optional<model::divergence::IntervalRecorder> intervals;
  if (auto machine = model::divergence::mdmMachine(archDescription, 1))
    intervals.emplace(static_cast<unsigned>(machine->blockBytes));
  else
    llvm::consumeError(machine.takeError());
  auto results = runCacheModel(
      **trace, &patterns, options, placement ? &*placement : nullptr,
      dram ? &dram->recorder : nullptr, intervals ? &*intervals : nullptr);
  if (!results) {
    if (failed)
      *failed = std::move(*trace);
    return results.takeError();
  }
  KernelAnalysis analysis;
  analysis.trace = std::move(*trace);
  analysis.results = std::move(*results);
  analysis.patterns = patterns.results();
  if (placement)
    analysis.placement = placement->results();
  if (dram)
    analysis.dram = dram->latency(analysis.results);
  if (intervals && intervals->warps()) {
    auto divergence = model::divergence::predictKernelDivergence(
        *intervals, analysis.results, archDescription);
    if (!divergence)
      return divergence.takeError();
    analysis.divergence = std::move(*divergence);
  }
  return analysis;
}

Expected<KernelAnalysis> AnalysisContext::analyseKernel(
    const TranslationUnitInfo &unit, const KernelInfo &kernel,
    const KernelChange &change, const ModelOptions *options) {
  return modelTrace(prepareTrace(unit, kernel, change), options);
}

} // namespace gpurd::driver
