//===- Request.cpp - What the options ask for, as lib/Driver's structs ----===//

#include "Options.h"

#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Arch/Presets.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd::advise {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The launch values given on the command line (--grid, --block, --smem,
/// --arg, --launch).
Expected<LaunchOverrides> commandLineLaunch() {
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
  auto args = parseArgAssignments(argOptions);
  if (!args)
    return args.takeError();
  cli.args = std::move(*args);
  if (launchIndex)
    cli.launchIndex = launchIndex;
  return cli;
}

/// --sms: a count must be between 1 and the SMs of \p arch.
/// Whether an option says how the models sample a launch.
bool sampleOptionGiven() {
  return smsOption.getNumOccurrences() || requestBudget.getNumOccurrences() ||
         instructionBudget.getNumOccurrences() ||
         modelSampling.getNumOccurrences() || modelSeeds.getNumOccurrences();
}

Expected<driver::SmsChoice> parseSmsOption(const arch::ArchDescription &arch) {
  driver::SmsChoice choice;
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
Expected<Command> chosenCommand() {
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

Expected<arch::ArchDescription> resolveArch() {
  if (!archFile.empty() && archName.getNumOccurrences())
    return makeError("--arch and --arch-file both name an architecture; give "
                     "one of them");
  auto arch = archFile.empty() ? arch::loadArch(archName)
                               : arch::loadArchFile(archFile);
  if (!arch)
    return arch.takeError();
  for (const std::string &setting : archSettings)
    if (Error error = arch::applyOverride(*arch, setting))
      return error; // The message already names the setting.
  return arch;
}

Expected<advisor::Advisor> readAdvisor() {
  advisor::AdvisorOptions options;
  options.checks = checksOption;
  for (StringRef setting : checkOptionList) {
    auto [key, value] = setting.split('=');
    if (!setting.contains('=') || !key.contains('.'))
      return makeError("--check-option=" + setting +
                       ": give CHECK.OPTION=VALUE "
                       "(gpurd-uncoalesced-access.MinExcessiveShare=0.5)");
    options.checkOptions[key.trim().str()] = value.trim().str();
  }
  auto advisor = advisor::Advisor::create(std::move(options));
  if (!advisor)
    return makeError("--checks/--check-option: " +
                     toString(advisor.takeError()));
  return advisor;
}

Expected<ToolRequest> readRequest(const arch::ArchDescription &arch,
                                  size_t fileCount) {
  ToolRequest request;
  request.requireCacheModel = cacheModel;
  request.printAccessModel = dumpAccesses;
  request.printExplanation = explainCompiled;
  request.json = outputFormat != OutputFormat::Text;
  request.sarif = outputFormat == OutputFormat::Sarif;
  request.reuseProfile = reuseProfile;
  request.stats = printStats;
  request.fixIts = fixItStyle;
  request.failOn = failOn;
  auto advisor = readAdvisor();
  if (!advisor)
    return advisor.takeError();
  request.advisor =
      std::make_shared<const advisor::Advisor>(std::move(*advisor));
  request.traceOutputs.assign(emitTrace.begin(), emitTrace.end());
  std::vector<std::string> tuneSpecs(tuneOptions.begin(), tuneOptions.end());
  auto tune = advisor::parseTuneSpecs(tuneSpecs);
  if (!tune)
    return tune.takeError();
  request.tune = std::move(*tune);
  if (tuneMetricOption != "traffic" && tuneMetricOption != "time")
    return makeError("--tune-metric='" + tuneMetricOption +
                     "' is not a metric: give traffic or time");
  request.tune.byTime = tuneMetricOption == "time";
  if (tuneMetricOption.getNumOccurrences() && request.tune.empty())
    return makeError("--tune-metric ranks the tile search: give --tune too");
  if (divergenceModelOption != "mdm" && divergenceModelOption != "gpumech")
    return makeError("--divergence-model='" + divergenceModelOption +
                     "' is not a model: give mdm or gpumech");
  request.divergenceBaseline = divergenceModelOption == "gpumech";
  for (const std::string &change : whatIfOptions) {
    if (change != "coalesce")
      return makeError("--what-if='" + change +
                       "' is not a change gpurd runs: give coalesce");
    request.whatIfCoalesce = true;
  }

  if (!launchSpecFile.empty()) {
    auto spec = loadLaunchSpec(launchSpecFile);
    if (!spec)
      return spec.takeError();
    request.launches.spec = std::move(*spec);
    request.launches.specPath = launchSpecFile;
  }
  auto command = chosenCommand();
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
  request.placements = placementsOption;
  if (request.placements && request.command != Command::Advise)
    return makeError("--placements ranks placements in the default action; "
                     "give it without --list-kernels, --print-launches, "
                     "--dump-accesses, --explain-compiled or --emit-trace");
  if (request.placements && !request.tune.empty())
    return makeError("--placements and --tune are two searches; give one of "
                     "them");
  if (!calibrateFile.empty()) {
    if (calibrationOutFile.empty())
      return makeError("--calibrate writes its fit to --calibration-out=FILE; "
                       "give one");
    if (request.command != Command::Advise || request.placements ||
        !request.tune.empty() || request.json || request.sarif)
      return makeError("--calibrate fits the placement model in the default "
                       "action with --format=text; give it without --tune, "
                       "--placements, --format=json or sarif and the other "
                       "actions");
    auto measured = advisor::readMeasuredPlacements(calibrateFile);
    if (!measured)
      return measured.takeError();
    request.measured = std::move(*measured);
    request.calibrationOut = calibrationOutFile;
  } else if (!calibrationOutFile.empty()) {
    return makeError("--calibration-out is where --calibrate writes its fit; "
                     "give --calibrate=times.csv too");
  }
  if (request.placements && request.sarif)
    return makeError("--placements prints a ranking, not findings; give it "
                     "with --format=text or --format=json, not sarif");
  if (!request.tune.empty() && request.sarif)
    return makeError("--tune prints a ranking, not findings; give it with "
                     "--format=text or --format=json, not sarif");
  if (!emitTrace.empty() && fileCount > 1)
    return makeError("--emit-trace writes the trace of one kernel of one "
                     "file; give one input file (got " +
                     std::to_string(fileCount) + ")");
  auto cli = commandLineLaunch();
  if (!cli)
    return cli.takeError();
  request.launches.commandLine = std::move(*cli);
  auto sms = parseSmsOption(arch);
  if (!sms)
    return sms.takeError();
  request.model.sms = *sms;
  request.model.requestBudget = requestBudget;
  request.model.instructionBudget = instructionBudget;
  request.model.seed = modelSeed;
  if (modelSeeds == 0)
    return makeError("--seeds=0: the cache model needs at least one run; give "
                     "--seeds=1 (the default) or more");
  request.model.seeds = modelSeeds;
  request.model.clock = modelClock;
  request.model.sampling = modelSampling;
  request.model.profileInterval = reuseProfileInterval;
  // Advice without --cache-report analyses a large launch on a quick sample; an
  // option about the sample asks for the sample it names.
  if (request.command == Command::Advise && !request.stats &&
      !sampleOptionGiven())
    request.model = driver::quickOptions(request.model);
  // The placement ranking, the checks and the tile search read the
  // placement model's events: seed 002's time is the gain they quote.
  if (!calibrationFile.empty()) {
    auto coefficients = advisor::readCalibration(calibrationFile);
    if (!coefficients)
      return coefficients.takeError();
    request.model.placementCalibration = *coefficients;
    request.model.placementCalibrationSource = calibrationFile;
  }
  if (!sampleProfileFile.empty()) {
    auto profile = advisor::readSampleProfile(sampleProfileFile);
    if (!profile)
      return profile.takeError();
    request.model.sampleProfile = std::move(*profile);
  }
  request.model.placementEvents =
      request.placements || request.calibrating() ||
      (request.command == Command::Advise &&
       (!request.tune.empty() || !request.advisor->checks().empty()));

  driver::AnalysisOptions &analysis = request.analysis;
  analysis.unroll = unroll;
  analysis.showCompilerWarnings = showCompilerWarnings;
  analysis.assumeUnknownValues = !noAssume;
  analysis.islMaxOperations = islMaxOperations;
  analysis.traceSource = traceSource;
  analysis.maxBlockTrace = maxBlockTrace;
  analysis.kernel = kernelName;
  for (const std::string &text : bufferOptions) {
    auto buffer = trace::parseBufferSpec(text);
    if (!buffer)
      return buffer.takeError();
    analysis.buffers.push_back(std::move(*buffer));
  }
  if (printDeviceIR)
    analysis.printDeviceIR = &errs();
  return request;
}

} // namespace gpurd::advise
