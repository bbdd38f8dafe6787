//===- Options.cpp - Command-line options of gpurd-advise -----------------===//
//
// The options are llvm::cl's, as Clang tools declare them, and private to
// this file: commandLineSettings puts what was given into the request model
// (gpurd/Request/Settings.h), the one every front end fills.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

using namespace llvm;
using gpurd::request::FailOn;
using gpurd::request::OutputFormat;

namespace gpurd::advise {

cl::OptionCategory toolCategory("gpurd-advise options");

namespace {

cl::opt<OutputFormat>
    outputFormat("format", cl::desc("Output format"),
                 cl::values(clEnumValN(OutputFormat::Text, "text",
                                       "human-readable (default)"),
                            clEnumValN(OutputFormat::Json, "json",
                                       "JSON, schema in docs/json-output.md"),
                            clEnumValN(OutputFormat::Sarif, "sarif",
                                       "the findings as a SARIF 2.1.0 log "
                                       "(docs/sarif.md)")),
                 cl::cat(toolCategory));

cl::opt<bool> listKernels(
    "list-kernels",
    cl::desc("List each __global__ kernel (template instances included) and "
             "each launch site with the values known at compile time"),
    cl::cat(toolCategory));

cl::opt<bool> dumpAccesses(
    "dump-accesses",
    cl::desc("Print every memory operation of the compiled kernel with its "
             "iteration domain, access relation and schedule (isl), or why "
             "it is not affine"),
    cl::cat(toolCategory));
cl::opt<bool> explainCompiled(
    "explain-compiled",
    cl::desc("Show, per source subscript, whether the compiled kernel keeps, "
             "merges, hoists or drops its memory operation"),
    cl::cat(toolCategory));
cl::opt<bool> unroll("unroll",
                     cl::desc("Keep the compiler's loop unrolling in the "
                              "analysed device code (off by default)"),
                     cl::cat(toolCategory));

cl::opt<bool> showCompilerWarnings(
    "show-compiler-warnings",
    cl::desc("Show Clang's warnings about the program (hidden by default: "
             "they are not gpurd's findings; errors always show)"),
    cl::cat(toolCategory));

cl::opt<bool> noAssume(
    "no-assume",
    cl::desc("Do not analyse launches the source and the options leave "
             "incomplete under stated assumptions; report what is missing "
             "instead"),
    cl::cat(toolCategory));

cl::opt<bool> printDeviceIR(
    "print-device-ir",
    cl::desc("Print the specialised, optimised kernel IR the access model is "
             "built from (to stderr)"),
    cl::Hidden, cl::cat(toolCategory));

cl::opt<unsigned long> islMaxOperations(
    "isl-max-operations",
    cl::desc("Bound on isl's work per kernel; operations that exceed it are "
             "reported non-affine (reason 'complexity')"),
    cl::cat(toolCategory));

cl::list<std::string> emitTrace(
    "emit-trace",
    cl::desc("Write the kernel's accesses: FILE.txt (thread-level text), "
             "FILE.bin (binary), nugteren:DIR or accelsim:DIR "
             "(docs/trace-formats.md); repeatable"),
    cl::value_desc("SPEC"), cl::cat(toolCategory));
cl::opt<bool> warpReplay(
    "warp-replay",
    cl::desc("Time the kernel by issuing every warp's instructions (those "
             "of --emit-trace accelsim:DIR) cycle by cycle on the arch's SMs "
             "and memory system (docs/timing-model.md); one kernel"),
    cl::cat(toolCategory));
cl::opt<uint64_t> replayBudget(
    "replay-budget",
    cl::desc("With --warp-replay: the warp instructions it loads before it "
             "stops with an error (default 100000000, about a minute)"),
    cl::value_desc("N"), cl::cat(toolCategory));
cl::opt<uint64_t> maxBlockTrace(
    "max-block-trace",
    cl::desc("Warp memory instructions of one block gpurd holds in memory "
             "(emulated: 32 thread accesses each); a longer block is traced "
             "as the prefix of its run that fits, with a note (default: "
             "the --request-budget over 32, at most 4194304)"),
    cl::Hidden, cl::cat(toolCategory));
cl::opt<trace::TraceSourceKind> traceSource(
    "trace-source", cl::desc("Which producer makes the trace"),
    cl::values(clEnumValN(trace::TraceSourceKind::Auto, "auto",
                          "affine when every operation is affine (default)"),
               clEnumValN(trace::TraceSourceKind::Affine, "affine",
                          "enumerate the affine access model"),
               clEnumValN(trace::TraceSourceKind::Emulate, "emulate",
                          "interpret the kernel's device IR")),
    cl::cat(toolCategory));
cl::list<std::string> bufferOptions(
    "buffer",
    cl::desc("An argument buffer for emulation (repeatable): TYPE is "
             "int8..uint64|float32|float64, COUNT an expression over scalar "
             "arguments, INIT zero|iota|random:SEED:LOW:HIGH|file:PATH|"
             "csr-rowptr:MTX|csr-colidx:MTX|csr-values:MTX"),
    cl::value_desc("NAME=TYPE:COUNT:INIT"), cl::cat(toolCategory));
cl::opt<std::string> smsOption(
    "sms",
    cl::desc("SMs to model, spread over the GPU: N, all, or auto (default: "
             "every SM unless the launch makes more L1 requests than "
             "--request-budget, then as many as fit; traces keep every block "
             "with auto)"),
    cl::value_desc("N|all|auto"), cl::cat(toolCategory));
cl::opt<uint64_t> requestBudget(
    "request-budget",
    cl::desc("With --sms=auto: the L1 line requests the cache model handles "
             "before it models a sample of the SMs"),
    cl::value_desc("N"), cl::cat(toolCategory));
cl::opt<uint64_t> instructionBudget(
    "instruction-budget",
    cl::desc("With --sms=auto: the IR instructions the emulator interprets "
             "for the modelled blocks before the cache model models a sample "
             "of the SMs"),
    cl::value_desc("N"), cl::cat(toolCategory));

cl::opt<bool> printLaunches(
    "print-launches",
    cl::desc("Only resolve and print each kernel's launch configuration (no "
             "model)"),
    cl::cat(toolCategory));
cl::opt<bool> cacheModel(
    "cache-model",
    cl::desc("Like the default action, but an architecture the cache model "
             "cannot run on is an error rather than a warning"),
    cl::cat(toolCategory));
cl::opt<uint64_t> reuseProfileInterval(
    "reuse-profile-interval",
    cl::desc("Also give, in JSON, the reuse-distance profiles of each run of "
             "N requests a level sees (seed 003's interval profiles; "
             "0: none)"),
    cl::value_desc("N"), cl::cat(toolCategory));
// (LLVM's own options take --stats.)
cl::opt<bool> printStats(
    "cache-report",
    cl::desc("Print the cache model's whole report for each kernel (per "
             "level, site and array) before its findings, not only its "
             "summary line"),
    cl::cat(toolCategory));
cl::opt<std::string> checksOption(
    "checks",
    cl::desc("Which checks run, as clang-tidy's globs: comma-separated, '*' "
             "matches any text, a leading '-' disables "
             "(-*,gpurd-uncoalesced-access); all by default"),
    cl::value_desc("globs"), cl::cat(toolCategory));
cl::list<std::string> checkOptionList(
    "check-option",
    cl::desc("An option of a check, CHECK.OPTION=VALUE "
             "(gpurd-uncoalesced-access.MinExcessiveShare=0.5); repeatable"),
    cl::value_desc("check.option=value"), cl::cat(toolCategory));
cl::opt<FixItStyle> fixItStyle(
    "fix-its", cl::desc("How findings show the edits that fix them"),
    cl::values(clEnumValN(FixItStyle::Inline, "inline",
                          "under the source line, as clang shows them "
                          "(default)"),
               clEnumValN(FixItStyle::Parseable, "parseable",
                          "also as clang's -fdiagnostics-parseable-fixits "
                          "lines (fix-it:\"FILE\":{L:C-L:C}:\"TEXT\")"),
               clEnumValN(FixItStyle::None, "none", "not at all")),
    cl::cat(toolCategory));
cl::opt<FailOn> failOn(
    "fail-on",
    cl::desc("Exit with status 2 when a finding of this severity or above was "
             "reported (a CI gate)"),
    cl::values(clEnumValN(FailOn::None, "none", "never (default)"),
               clEnumValN(FailOn::Warning, "warning", "any warning"),
               clEnumValN(FailOn::Remark, "remark",
                          "any warning or remark (a kernel gpurd could not "
                          "analyse)"),
               clEnumValN(FailOn::Remark, "note", "the same as remark")),
    cl::cat(toolCategory));
cl::list<std::string> tuneOptions(
    "tune",
    cl::desc("Search tile and block sizes instead of running the checks: "
             "NAME=V1,V2,... (a macro or constant the file defines with an "
             "integer literal), block=XxY,... or auto; repeat for more "
             "(every combination runs)"),
    cl::value_desc("spec"), cl::cat(toolCategory));
cl::opt<std::string> tuneMetricOption(
    "tune-metric",
    cl::desc("What --tune ranks by: traffic (predicted DRAM, then L2, "
             "reads; the default) or time (seed 002's predicted kernel "
             "time)"),
    cl::value_desc("traffic|time"), cl::cat(toolCategory));
cl::list<std::string> whatIfOptions(
    "what-if",
    cl::desc("Also run the kernel with a change and show the models' "
             "figures beside those as written: coalesce (every load seed "
             "004's MDM finds memory-divergent made coalesced)"),
    cl::value_desc("change"), cl::cat(toolCategory));
cl::opt<std::string> divergenceModelOption(
    "divergence-model",
    cl::desc("Seed 004's memory-divergence figures: mdm (the default) or "
             "gpumech, which shows the GPUMech baseline beside MDM's"),
    cl::value_desc("mdm|gpumech"), cl::cat(toolCategory));
cl::opt<bool> placementsOption(
    "placements",
    cl::desc("Rank the placements of each kernel's arrays (global, read-only "
             "path, constant, shared memory) by the time seed 002's model "
             "predicts, instead of running the checks"),
    cl::cat(toolCategory));
cl::opt<std::string> calibrateFile(
    "calibrate",
    cl::desc("Fit the placement model's Toverlap (seed 002 Eq. 11) to the "
             "measured times in this CSV (kernel,placement,time_us) and "
             "write the fit to --calibration-out"),
    cl::value_desc("times.csv"), cl::cat(toolCategory));
cl::opt<std::string> calibrationOutFile(
    "calibration-out",
    cl::desc("Where --calibrate writes the fitted coefficients"),
    cl::value_desc("file.json"), cl::cat(toolCategory));
cl::opt<std::string> calibrationFile(
    "calibration",
    cl::desc("Use the Toverlap coefficients --calibrate wrote (placement "
             "model, --placements and gpurd-placement)"),
    cl::value_desc("file.json"), cl::cat(toolCategory));
cl::opt<std::string> sampleProfileFile(
    "sample-profile",
    cl::desc("Measured events of the kernels' placements as written "
             "(kernel,event,value rows, or Nsight Compute's --csv output), "
             "which the placement model starts from instead of its own "
             "counts (--placements and gpurd-placement)"),
    cl::value_desc("profile.csv"), cl::cat(toolCategory));
cl::opt<bool> listChecks("list-checks",
                         cl::desc("List the checks --checks enables and exit"),
                         cl::cat(toolCategory));
cl::opt<bool> reuseProfile(
    "reuse-profile",
    cl::desc("Also print the reuse-distance profiles of the cache model"),
    cl::cat(toolCategory));
cl::opt<model::Clock> modelClock(
    "clock", cl::desc("What the cache model's time counts"),
    cl::values(clEnumValN(model::Clock::Auto, "auto",
                          "cycles when the arch gives the latencies and "
                          "throughput they need, else requests (default)"),
               clEnumValN(model::Clock::Cycles, "cycles",
                          "core cycles: measured latencies, the L1's "
                          "requests per cycle, non-memory instructions at "
                          "the schedulers' issue rate"),
               clEnumValN(model::Clock::Requests, "requests",
                          "one time stamp per L1 request, latencies in those "
                          "units (seed 000 section 4.2)")),
    cl::cat(toolCategory));
cl::opt<model::Sampling> modelSampling(
    "sampling",
    cl::desc("How the cache model samples a launch over --request-budget"),
    cl::values(clEnumValN(model::Sampling::Time, "time",
                          "every SM, its first waves of blocks (default)"),
               clEnumValN(model::Sampling::Space, "space",
                          "some SMs, all their blocks (seed 000 section "
                          "4.6; the L2 is scaled to their share)")),
    cl::cat(toolCategory));
cl::opt<uint64_t> modelSeed(
    "seed",
    cl::desc("Seed of the model's random choices (half-normal latencies, "
             "random replacement and block mapping)"),
    cl::cat(toolCategory));
cl::opt<unsigned> modelSeeds(
    "seeds",
    cl::desc("Run the cache model with N seeds (--seed, --seed + 1, ...) and "
             "report the range of the hit rates over them (default: 1)"),
    cl::value_desc("N"), cl::cat(toolCategory));

cl::opt<std::string>
    kernelName("kernel",
               cl::desc("Analyse only this kernel (name as listed by "
                        "--list-kernels; namespaces and template arguments may "
                        "be left out when unambiguous)"),
               cl::value_desc("NAME"), cl::cat(toolCategory));
cl::opt<std::string> gridOption("grid", cl::desc("Grid size of the launch"),
                                cl::value_desc("X[,Y[,Z]]"),
                                cl::cat(toolCategory));
cl::opt<std::string> blockOption("block", cl::desc("Block size of the launch"),
                                 cl::value_desc("X[,Y[,Z]]"),
                                 cl::cat(toolCategory));
cl::opt<std::string>
    smemOption("smem", cl::desc("Dynamic shared memory of the launch in bytes"),
               cl::value_desc("BYTES"), cl::cat(toolCategory));
cl::list<std::string>
    argOptions("arg",
               cl::desc("Value of a scalar kernel argument (repeatable)"),
               cl::value_desc("NAME=VALUE"), cl::cat(toolCategory));
cl::opt<unsigned> launchIndex(
    "launch",
    cl::desc("Start from the N-th launch of the kernel: its launch sites in "
             "source order, each with its variants (1 = the first; "
             "--list-kernels lists them)"),
    cl::value_desc("N"), cl::cat(toolCategory));
cl::opt<std::string> launchSpecFile(
    "launch-spec",
    cl::desc("JSON file with launch configurations (docs/launch-spec.md)"),
    cl::value_desc("FILE"), cl::cat(toolCategory));

cl::opt<std::string>
    archName("arch",
             cl::desc("GPU architecture preset (see --list-archs; default "
                      "ampere-a100)"),
             cl::value_desc("NAME"), cl::cat(toolCategory));
cl::opt<std::string> archFile(
    "arch-file",
    cl::desc("GPU architecture description file (docs/arch-format.md)"),
    cl::value_desc("FILE"), cl::cat(toolCategory));
cl::list<std::string> archSettings(
    "set",
    cl::desc("Override one field of the GPU architecture (repeatable), e.g. "
             "--set l1.assoc=8 (docs/arch-format.md)"),
    cl::value_desc("KEY=VALUE"), cl::cat(toolCategory));
cl::opt<bool> printArch("print-arch",
                        cl::desc("Print the resolved GPU architecture as JSON"),
                        cl::cat(toolCategory));
cl::opt<bool> listArchs("list-archs",
                        cl::desc("List the GPU architecture presets"),
                        cl::cat(toolCategory));

cl::opt<std::string> warningsAsErrors(
    "warnings-as-errors",
    cl::desc("Report the warnings of these checks as errors, which fail the "
             "run (clang-tidy's globs, as --checks; added to a .gpurd file's "
             "WarningsAsErrors)"),
    cl::value_desc("globs"), cl::cat(toolCategory));
cl::opt<std::string> configFile(
    "config-file",
    cl::desc("Read the configuration from this file instead of the .gpurd "
             "found from the first input file's directory upwards "
             "(docs/configuration.md)"),
    cl::value_desc("FILE"), cl::cat(toolCategory));
cl::opt<bool>
    dumpConfig("dump-config",
               cl::desc("Print the configuration in effect (the .gpurd file "
                        "and the options over it) as a .gpurd file, and exit"),
               cl::cat(toolCategory));
// As Clang's -ftime-trace: a Chrome trace of where the run spent its time
// (the phases gpurd and LLVM mark with TimeTraceScope), for profiling.
cl::opt<std::string> timeTrace(
    "time-trace",
    cl::desc("Write a Chrome trace (chrome://tracing, Perfetto) of where the "
             "run spent its time to <file>"),
    cl::value_desc("file"), cl::cat(toolCategory));
cl::opt<unsigned> timeTraceGranularity(
    "time-trace-granularity",
    cl::desc("Least microseconds a phase takes to be in --time-trace's "
             "output (default 500, as Clang's)"),
    cl::init(500), cl::cat(toolCategory));

cl::opt<bool>
    allFiles("all",
             cl::desc("Analyse every CUDA file (.cu, .cuh) of the compile "
                      "database -p names, besides the files given"),
             cl::cat(toolCategory));
cl::opt<unsigned>
    jobs("j",
         cl::desc("Analyse N files at once, each in a process of its own; the "
                  "output is in the files' order, as with one (default 1)"),
         cl::value_desc("N"), cl::init(1), cl::cat(toolCategory));
cl::opt<std::string>
    shard("shard",
          cl::desc("Analyse the K-th of N shares of the files (1 <= K <= N; "
                   "a file goes to share (its place in the sorted list mod "
                   "N) + 1), for a CI job matrix; --merge-sarif joins the "
                   "shares' logs"),
          cl::value_desc("K/N"), cl::cat(toolCategory));
cl::list<std::string>
    mergeSarif("merge-sarif",
               cl::desc("Print one SARIF log of the results of these logs "
                        "(the shards of one run) and exit"),
               cl::value_desc("LOG.sarif"), cl::CommaSeparated,
               cl::cat(toolCategory));
cl::opt<bool> stdinContents(
    "stdin-contents",
    cl::desc("Read the input file's text from standard input instead of the "
             "file (an editor's unsaved buffer; gpurd-lsp gives it); one "
             "input file, whose name places the text"),
    cl::cat(toolCategory));
cl::opt<std::string> onlyFile("only-file",
                              cl::desc("(a parallel run's child: the one "
                                       "file of the selection it analyses)"),
                              cl::Hidden, cl::cat(toolCategory));
cl::opt<std::string>
    launchValueUse("launch-value-use",
                   cl::desc("(a parallel run's child: where to write which "
                            "launch values applied to its kernels)"),
                   cl::Hidden, cl::cat(toolCategory));

cl::extrahelp moreHelp(R"(
Compiler flags go after '--' (gpurd-advise k.cu -- -I include -DN=1024), or
come from a compile_commands.json found with -p BUILD_DIR (clang, gcc and nvcc
commands are understood). No CUDA installation is needed: gpurd parses with
its own CUDA headers.

By default each kernel's launch configuration is printed with the cache
model's predictions for it (L1/L2 hit rates, miss classes, MSHR merges,
transactions per kernel, access site and array; docs/cache-model.md).

Examples:
  gpurd-advise matmul.cu --arch fermi-gtx470 --
  gpurd-advise matmul.cu --list-kernels --
  gpurd-advise matmul.cu --kernel mm --block 16,16 --arg n=4096 --print-launches --
  gpurd-advise matmul.cu --arch fermi-gtx470 --set l1.assoc=8 --sms all --
  gpurd-advise --arch fermi-gtx470 --print-arch
)");

/// \p option's value over \p setting when the command line gives it.
template <typename T, typename Setting>
void given(const cl::opt<T> &option, Setting &setting) {
  if (option.getNumOccurrences())
    setting = option.getValue();
}
template <typename Setting>
void given(const cl::list<std::string> &option, Setting &setting) {
  if (!option.empty())
    setting.assign(option.begin(), option.end());
}

/// clang-tidy's rule for globs: the command line's extend a configuration
/// file's.
void extendGlobs(const cl::opt<std::string> &option, std::string &globs) {
  if (option.getNumOccurrences())
    globs = globs.empty() ? option.getValue() : globs + "," + option.getValue();
}

Error checkOptionsGiven(request::CheckSettings &checks) {
  for (StringRef setting : checkOptionList) {
    auto [key, value] = setting.split('=');
    if (!setting.contains('=') || !key.contains('.'))
      return createStringError(
          inconvertibleErrorCode(),
          "--check-option=" + setting +
              ": give CHECK.OPTION=VALUE "
              "(gpurd-uncoalesced-access.MinExcessiveShare=0.5)");
    checks.options[key.trim().str()] = value.trim().str();
  }
  return Error::success();
}

} // namespace

ToolActions toolActions() {
  ToolActions actions;
  actions.listArchs = listArchs;
  actions.listChecks = listChecks;
  actions.printArch = printArch;
  actions.dumpConfig = dumpConfig;
  actions.configFile = configFile;
  actions.timeTrace = timeTrace;
  actions.timeTraceGranularity = timeTraceGranularity;
  actions.allFiles = allFiles;
  actions.jobs = jobs;
  actions.shard = shard;
  actions.mergeSarif.assign(mergeSarif.begin(), mergeSarif.end());
  actions.onlyFile = onlyFile;
  actions.launchValueUse = launchValueUse;
  actions.stdinContents = stdinContents;
  return actions;
}

Expected<request::Settings> commandLineSettings(request::Settings settings) {
  request::CommandSettings &command = settings.command;
  given(listKernels, command.listKernels);
  given(printLaunches, command.printLaunches);
  given(dumpAccesses, command.dumpAccesses);
  given(explainCompiled, command.explainCompiled);
  given(cacheModel, command.cacheModel);
  given(emitTrace, command.emitTrace);
  given(warpReplay, command.warpReplay);

  request::OutputSettings &output = settings.output;
  given(outputFormat, output.format);
  given(fixItStyle, output.fixIts);
  given(failOn, output.failOn);
  given(printStats, output.cacheReport);
  given(reuseProfile, output.reuseProfile);
  given(reuseProfileInterval, output.reuseProfileInterval);

  request::CheckSettings &checks = settings.checks;
  // Over the file's globs, or over the default `*` (clang-tidy's --checks
  // extends its default checks): `--checks=-gpurd-tile-size` runs every
  // other check, not none.
  if (checksOption.getNumOccurrences())
    checks.addChecks(checksOption);
  extendGlobs(warningsAsErrors, checks.warningsAsErrors);
  if (Error error = checkOptionsGiven(checks))
    return std::move(error);

  request::SearchSettings &search = settings.search;
  given(tuneOptions, search.tune);
  if (tuneMetricOption.getNumOccurrences())
    search.tuneMetric = tuneMetricOption;
  given(divergenceModelOption, search.divergenceModel);
  given(whatIfOptions, search.whatIf);
  given(placementsOption, search.placements);
  given(calibrateFile, search.calibrate);
  given(calibrationOutFile, search.calibrationOut);
  given(calibrationFile, search.calibration);
  given(sampleProfileFile, search.sampleProfile);

  // --arch and --arch-file replace a configuration file's GPU (and name
  // each other as a conflict when both are given).
  request::ArchSettings &arch = settings.arch;
  if (archName.getNumOccurrences() || archFile.getNumOccurrences()) {
    arch.name.reset();
    arch.file.clear();
  }
  if (archName.getNumOccurrences())
    arch.name = archName;
  given(archFile, arch.file);
  given(archSettings, arch.overrides);

  request::LaunchSettings &launch = settings.launch;
  given(gridOption, launch.grid);
  given(blockOption, launch.block);
  given(smemOption, launch.dynamicShared);
  given(argOptions, launch.args);
  given(launchIndex, launch.launchIndex);
  given(launchSpecFile, launch.specFile);

  request::SampleSettings &sample = settings.sample;
  if (smsOption.getNumOccurrences())
    sample.sms = smsOption;
  if (requestBudget.getNumOccurrences())
    sample.requestBudget = requestBudget;
  if (instructionBudget.getNumOccurrences())
    sample.instructionBudget = instructionBudget;
  if (replayBudget.getNumOccurrences())
    sample.replayBudget = replayBudget;
  given(modelSeed, sample.seed);
  if (modelSeeds.getNumOccurrences())
    sample.seeds = modelSeeds;
  given(modelClock, sample.clock);
  if (modelSampling.getNumOccurrences())
    sample.sampling = modelSampling;

  request::AnalysisSettings &analysis = settings.analysis;
  given(unroll, analysis.unroll);
  given(showCompilerWarnings, analysis.showCompilerWarnings);
  given(noAssume, analysis.noAssume);
  given(printDeviceIR, analysis.printDeviceIR);
  given(islMaxOperations, analysis.islMaxOperations);
  given(traceSource, analysis.traceSource);
  given(maxBlockTrace, analysis.maxBlockTrace);
  given(kernelName, analysis.kernel);
  given(bufferOptions, analysis.buffers);
  return settings;
}

} // namespace gpurd::advise
