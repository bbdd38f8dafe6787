//===- Request.cpp - Settings checked into the libraries' option structs -===//

#include "gpurd/Request/Request.h"

#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Arch/Presets.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd::request {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The launch values given on the command line (--grid, --block, --smem,
/// --arg, --launch).
Expected<LaunchOverrides> commandLineLaunch(const LaunchSettings &launch) {
  const std::string &gridOption = launch.grid, &blockOption = launch.block,
                    &smemOption = launch.dynamicShared;
  LaunchOverrides cli;
  cli.origin = "command line";
  if (!gridOption.empty()) {
    auto dim = parseDim3(gridOption, "--grid");
    if (!dim)
      return dim.takeError();
    cli.grid = *dim;
  }
  if (!blockOption.empty()) {
    auto dim = parseDim3(blockOption, "--block");
    if (!dim)
      return dim.takeError();
    cli.block = *dim;
  }
  if (!smemOption.empty()) {
    uint64_t bytes;
    if (StringRef(smemOption).getAsInteger(10, bytes))
      return makeError("--smem takes a number of bytes, got '" + smemOption +
                       "'");
    cli.dynamicSharedBytes = bytes;
  }
  auto args = parseArgAssignments(launch.args);
  if (!args)
    return args.takeError();
  cli.args = std::move(*args);
  if (launch.launchIndex)
    cli.launchIndex = launch.launchIndex;
  return cli;
}

/// --sms: a count must be between 1 and the SMs of \p arch.
Expected<driver::SmsChoice> parseSmsOption(const SampleSettings &sample,
                                           const arch::ArchDescription &arch) {
  driver::SmsChoice choice;
  std::string smsOption = sample.sms.value_or("auto");
  StringRef text = smsOption;
  if (text == "auto")
    return choice;
  if (text == "all") {
    choice.kind = driver::SmsChoice::Kind::All;
    return choice;
  }
  unsigned count = 0;
  if (text.getAsInteger(10, count) || count == 0)
    return makeError("--sms takes a number of SMs (at least 1), 'all' or "
                     "'auto', got '" +
                     smsOption + "'");
  if (count > arch.sm.count)
    return makeError(formatv("--sms {0}: arch '{1}' has {2} SMs; give at "
                             "most {2}, or 'all'",
                             count, arch.name, arch.sm.count));
  choice.kind = driver::SmsChoice::Kind::Count;
  choice.count = count;
  return choice;
}

/// The command the options ask for; two at once is an error
/// (--dump-accesses and --explain-compiled print together).
Expected<Command> chosenCommand(const CommandSettings &settings) {
  const auto &[listKernels, printLaunches, dumpAccesses, explainCompiled,
               cacheModel, emitTrace, warpReplay] = settings;
  std::vector<std::pair<std::string, Command>> given;
  if (listKernels)
    given.push_back({"--list-kernels", Command::ListKernels});
  if (printLaunches)
    given.push_back({"--print-launches", Command::PrintLaunches});
  if (dumpAccesses)
    given.push_back({"--dump-accesses", Command::Accesses});
  if (explainCompiled)
    given.push_back({"--explain-compiled", Command::Accesses});
  if (!emitTrace.empty())
    given.push_back({"--emit-trace", Command::EmitTrace});
  if (warpReplay)
    given.push_back({"--warp-replay", Command::WarpReplay});
  if (cacheModel)
    given.push_back({"--cache-model", Command::Advise});
  if (given.empty())
    return Command::Advise;
  // --dump-accesses and --explain-compiled print together.
  if (given.size() == 1 ||
      (given.size() == 2 && dumpAccesses && explainCompiled))
    return given.front().second;
  return makeError(given[0].first + " and " + given[1].first +
                   " are different commands; give one of them per run");
}

} // namespace

Expected<arch::ArchDescription> resolveArch(const ArchSettings &settings) {
  if (!settings.file.empty() && settings.name)
    return makeError("--arch and --arch-file both name an architecture; give "
                     "one of them");
  auto arch = settings.file.empty()
                  ? arch::loadArch(settings.name.value_or(DefaultArch))
                  : arch::loadArchFile(settings.file);
  if (!arch)
    return arch.takeError();
  for (const std::string &setting : settings.overrides)
    if (Error error = arch::applyOverride(*arch, setting))
      return error; // The message already names the setting.
  return arch;
}

Expected<advisor::Advisor> resolveAdvisor(const CheckSettings &checks) {
  advisor::AdvisorOptions options;
  options.checks = checks.effectiveChecks();
  options.checkOptions = checks.options;
  options.warningsAsErrors = checks.warningsAsErrors;
  auto advisor = advisor::Advisor::create(std::move(options));
  if (!advisor)
    return makeError("--checks/--check-option: " +
                     toString(advisor.takeError()));
  return advisor;
}

Expected<Request> resolveRequest(const Settings &settings,
                                 const arch::ArchDescription &arch,
                                 size_t fileCount) {
  const CommandSettings &commands = settings.command;
  const OutputSettings &output = settings.output;
  const SearchSettings &search = settings.search;
  const SampleSettings &sample = settings.sample;
  const AnalysisSettings &analysisSettings = settings.analysis;
  Request request;
  request.requireCacheModel = commands.cacheModel;
  request.printAccessModel = commands.dumpAccesses;
  request.printExplanation = commands.explainCompiled;
  request.json = output.format != OutputFormat::Text;
  request.sarif = output.format == OutputFormat::Sarif;
  request.reuseProfile = output.reuseProfile;
  request.stats = output.cacheReport;
  request.fixIts = output.fixIts;
  request.failOn = output.failOn;
  auto advisor = resolveAdvisor(settings.checks);
  if (!advisor)
    return advisor.takeError();
  request.advisor =
      std::make_shared<const advisor::Advisor>(std::move(*advisor));
  request.traceOutputs = commands.emitTrace;
  auto tune = advisor::parseTuneSpecs(search.tune);
  if (!tune)
    return tune.takeError();
  request.tune = std::move(*tune);
  std::string tuneMetricOption = search.tuneMetric.value_or("traffic");
  if (tuneMetricOption != "traffic" && tuneMetricOption != "time")
    return makeError("--tune-metric='" + tuneMetricOption +
                     "' is not a metric: give traffic or time");
  request.tune.byTime = tuneMetricOption == "time";
  if (search.tuneMetric && request.tune.empty())
    return makeError("--tune-metric ranks the tile search: give --tune too");
  const std::string &divergenceModelOption = search.divergenceModel;
  if (divergenceModelOption != "mdm" && divergenceModelOption != "gpumech")
    return makeError("--divergence-model='" + divergenceModelOption +
                     "' is not a model: give mdm or gpumech");
  request.divergenceBaseline = divergenceModelOption == "gpumech";
  for (const std::string &change : search.whatIf) {
    if (change != "coalesce")
      return makeError("--what-if='" + change +
                       "' is not a change gpurd runs: give coalesce");
    request.whatIfCoalesce = true;
  }

  const LaunchSettings &launch = settings.launch;
  if (!launch.specFile.empty()) {
    auto spec = loadLaunchSpec(launch.specFile);
    if (!spec)
      return spec.takeError();
    request.launches.spec = std::move(*spec);
    request.launches.specPath = launch.specFile;
  } else if (!launch.byKernel.kernels.empty()) {
    request.launches.spec = launch.byKernel;
    request.launches.specPath = launch.byKernelOrigin;
    request.launches.specCoversProject = true;
  }
  auto command = chosenCommand(commands);
  if (!command)
    return command.takeError();
  request.command = *command;
  if (request.sarif && request.command != Command::Advise)
    return makeError("--format=sarif writes the findings of the default "
                     "action; give it without --list-kernels, "
                     "--print-launches, --dump-accesses, --explain-compiled "
                     "or --emit-trace");
  if (!request.tune.empty() && request.command != Command::Advise)
    return makeError("--tune searches tile sizes in the default action; give "
                     "it without --list-kernels, --print-launches, "
                     "--dump-accesses, --explain-compiled or --emit-trace");
  request.placements = search.placements;
  if (request.placements && request.command != Command::Advise)
    return makeError("--placements ranks placements in the default action; "
                     "give it without --list-kernels, --print-launches, "
                     "--dump-accesses, --explain-compiled or --emit-trace");
  if (request.placements && !request.tune.empty())
    return makeError("--placements and --tune are two searches; give one of "
                     "them");
  if (!search.calibrate.empty()) {
    if (search.calibrationOut.empty())
      return makeError("--calibrate writes its fit to --calibration-out=FILE; "
                       "give one");
    if (request.command != Command::Advise || request.placements ||
        !request.tune.empty() || request.json || request.sarif)
      return makeError("--calibrate fits the placement model in the default "
                       "action with --format=text; give it without --tune, "
                       "--placements, --format=json or sarif and the other "
                       "actions");
    auto measured = advisor::readMeasuredPlacements(search.calibrate);
    if (!measured)
      return measured.takeError();
    request.measured = std::move(*measured);
    request.calibrationOut = search.calibrationOut;
  } else if (!search.calibrationOut.empty()) {
    return makeError("--calibration-out is where --calibrate writes its fit; "
                     "give --calibrate=times.csv too");
  }
  if (request.placements && request.sarif)
    return makeError("--placements prints a ranking, not findings; give it "
                     "with --format=text or --format=json, not sarif");
  if (!request.tune.empty() && request.sarif)
    return makeError("--tune prints a ranking, not findings; give it with "
                     "--format=text or --format=json, not sarif");
  if (!commands.emitTrace.empty() && fileCount > 1)
    return makeError("--emit-trace writes the trace of one kernel of one "
                     "file; give one input file (got " +
                     std::to_string(fileCount) + ")");
  auto cli = commandLineLaunch(launch);
  if (!cli)
    return cli.takeError();
  request.launches.commandLine = std::move(*cli);
  auto sms = parseSmsOption(sample, arch);
  if (!sms)
    return sms.takeError();
  request.model.sms = *sms;
  request.model.requestBudget =
      sample.requestBudget.value_or(driver::DefaultRequestBudget);
  request.model.instructionBudget =
      sample.instructionBudget.value_or(driver::DefaultInstructionBudget);
  request.model.replayBudget =
      sample.replayBudget.value_or(driver::DefaultReplayBudget);
  request.model.seed = sample.seed;
  unsigned modelSeeds = sample.seeds.value_or(1);
  if (modelSeeds == 0)
    return makeError("--seeds=0: the cache model needs at least one run; give "
                     "--seeds=1 (the default) or more");
  request.model.seeds = modelSeeds;
  request.model.clock = sample.clock;
  request.model.sampling = sample.sampling.value_or(model::Sampling::Time);
  request.model.profileInterval = output.reuseProfileInterval;
  // Advice without --cache-report analyses a large launch on a quick sample; an
  // option about the sample asks for the sample it names.
  if (request.command == Command::Advise && !request.stats && !sample.given())
    request.model = driver::quickOptions(request.model);
  // The placement ranking, the checks and the tile search read the
  // placement model's events: seed 002's time is the gain they quote.
  if (!search.calibration.empty()) {
    auto coefficients = advisor::readCalibration(search.calibration);
    if (!coefficients)
      return coefficients.takeError();
    request.model.placementCalibration = *coefficients;
    request.model.placementCalibrationSource = search.calibration;
  }
  if (!search.sampleProfile.empty()) {
    auto profile = advisor::readSampleProfile(search.sampleProfile);
    if (!profile)
      return profile.takeError();
    request.model.sampleProfile = std::move(*profile);
  }
  request.model.placementEvents =
      request.placements || request.calibrating() ||
      (request.command == Command::Advise &&
       (!request.tune.empty() || !request.advisor->checks().empty()));

  driver::AnalysisOptions &analysis = request.analysis;
  analysis.unroll = analysisSettings.unroll;
  analysis.showCompilerWarnings = analysisSettings.showCompilerWarnings;
  analysis.assumeUnknownValues = !analysisSettings.noAssume;
  analysis.islMaxOperations = analysisSettings.islMaxOperations;
  analysis.traceSource = analysisSettings.traceSource;
  analysis.maxBlockTrace = analysisSettings.maxBlockTrace;
  analysis.kernel = analysisSettings.kernel;
  for (const std::string &text : analysisSettings.buffers) {
    auto buffer = trace::parseBufferSpec(text);
    if (!buffer)
      return buffer.takeError();
    analysis.buffers.push_back(std::move(*buffer));
  }
  if (analysisSettings.printDeviceIR)
    analysis.printDeviceIR = &errs();
  return request;
}

} // namespace gpurd::request
