//===- gpurd-advise.cpp - The gpurd command-line tool ---------------------===//
//
// gpurd-advise FILE... [options] -- [compiler flags]
// gpurd-advise FILE... -p BUILD_DIR [options]
//
// Parses CUDA files the way Clang tools do and runs one command on each: by
// default, each kernel's launch configuration and the cache model's
// predictions for it; or list kernels and launches, print launch
// configurations only, dump the access model, or write traces. Thin: the
// options go into the request model over the project's .gpurd file
// (Options.cpp, lib/Request), the commands call an AnalysisContext and print
// (*Command.cpp). See docs/cli.md and docs/configuration.md.
//
//===----------------------------------------------------------------------===//

#include "Options.h"

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Frontend/CudaCompilation.h"
#include "gpurd/Output/KernelListing.h"
#include "gpurd/Output/Sarif.h"
#include "gpurd/Request/ConfigFile.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gpurd;
using namespace gpurd::advise;

namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The settings of the run: the configuration file's (--config-file, else
/// the .gpurd nearest to the input files, which must share it), then the
/// command line's over them.
Expected<request::Settings> readSettings(const ToolActions &actions,
                                         ArrayRef<std::string> files) {
  request::Settings settings;
  std::optional<std::string> config;
  if (!actions.configFile.empty()) {
    config = actions.configFile;
  } else {
    // Without input files (--list-checks, --dump-config): the current
    // directory's.
    config = request::findConfigFile(files.empty() ? "-" : files.front());
    for (const std::string &file : files.drop_front(files.empty() ? 0 : 1)) {
      std::optional<std::string> other = request::findConfigFile(file);
      if (other != config)
        return makeError(
            "'" + files.front() + "' and '" + file +
            "' have different configuration files (" + config.value_or("none") +
            ", " + other.value_or("none") +
            "); analyse them in separate runs or name one with --config-file");
    }
  }
  if (config)
    if (Error error = request::applyConfigFile(*config, settings))
      return std::move(error);
  return commandLineSettings(std::move(settings));
}

/// The compile commands of the run: \p parser's, or with no input file
/// given (--all), those of -p's directory with --extra-arg(-before).
Expected<const clang::tooling::CompilationDatabase *>
compileCommands(clang::tooling::CommonOptionsParser &parser) {
  // The parser makes no database when no file is given (its files are
  // optional), so --all alone reads -p's itself.
  if (!parser.getSourcePathList().empty())
    return &parser.getCompilations();
  static std::unique_ptr<clang::tooling::CompilationDatabase> database;
  auto &registered = cl::getRegisteredOptions();
  auto found = registered.find("p");
  std::string buildPath;
  if (found != registered.end())
    buildPath = static_cast<cl::opt<std::string> *>(found->second)->getValue();
  std::string message;
  if (!buildPath.empty())
    database = clang::tooling::CompilationDatabase::autoDetectFromDirectory(
        buildPath, message);
  if (!database && !buildPath.empty())
    return makeError("-p " + buildPath + ": " + message);
  if (!database)
    database = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        ".", std::vector<std::string>());
  // --extra-arg and --extra-arg-before, as the parser applies them to its
  // own database.
  auto listed = [&](StringRef name) {
    auto option = registered.find(name);
    return option == registered.end()
               ? std::vector<std::string>()
               : std::vector<std::string>(
                     *static_cast<cl::list<std::string> *>(option->second));
  };
  std::vector<std::string> before = listed("extra-arg-before"),
                           after = listed("extra-arg");
  if (!before.empty() || !after.empty()) {
    auto adjusting =
        std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(
            std::move(database));
    adjusting->appendArgumentsAdjuster(
        clang::tooling::getInsertArgumentAdjuster(
            before, clang::tooling::ArgumentInsertPosition::BEGIN));
    adjusting->appendArgumentsAdjuster(
        clang::tooling::getInsertArgumentAdjuster(
            after, clang::tooling::ArgumentInsertPosition::END));
    database = std::move(adjusting);
  }
  return database.get();
}

/// Without a GPU named by the options or the configuration, the preset of
/// the GPU the first file's compile command builds for (nvcc's `-arch=sm_70`,
/// Clang's `--cuda-gpu-arch`), where one has its compute capability; said
/// on stderr when \p say.
void gpuOfCompileCommand(const clang::tooling::CompilationDatabase &database,
                         ArrayRef<std::string> files,
                         request::ArchSettings &arch, bool say) {
  if (arch.name || !arch.file.empty() || files.empty())
    return;
  std::vector<clang::tooling::CompileCommand> commands =
      database.getCompileCommands(files.front());
  if (commands.empty())
    return;
  std::optional<std::string> sm = gpuArchitectureOf(commands[0].CommandLine);
  std::optional<std::string> preset =
      sm ? arch::presetForComputeCapability(*sm) : std::nullopt;
  if (!preset)
    return;
  arch.name = *preset;
  if (say)
    errs() << "gpurd-advise: note: GPU " << *preset << " (" << *sm
           << ", from the compile command of '" << files.front()
           << "'); --arch chooses another\n";
}

/// Says on stderr which options of \p file's nvcc compile command gpurd's
/// Clang command leaves out (they never stop the run).
void noteNvccOptionsLeftOut(const clang::tooling::CompilationDatabase &database,
                            StringRef file) {
  std::vector<clang::tooling::CompileCommand> commands =
      database.getCompileCommands(file);
  if (commands.empty())
    return;
  std::vector<std::string> leftOut =
      nvccOptionsLeftOut(commands[0].CommandLine);
  if (leftOut.empty())
    return;
  errs() << "gpurd-advise: note: '" << file
         << "': nvcc options left out of gpurd's compile (code generation and "
            "host-compiler options; include paths, macros and the standard "
            "are kept): "
         << llvm::join(leftOut, ", ") << "\n";
}

/// Runs the request's command on one file; fills \p fileJson.
bool runCommand(driver::AnalysisContext &context,
                const TranslationUnitInfo &unit, const Request &request,
                const std::optional<std::string> &modelError,
                FindingTally &tally, nlohmann::json &fileJson) {
  switch (request.command) {
  case Command::ListKernels:
    if (request.json)
      fileJson = kernelListingJson(unit);
    else
      printSpelled([&](raw_ostream &os) { printKernelListing(os, unit); });
    return true;
  case Command::EmitTrace:
    return emitTraces(context, unit, request, fileJson);
  case Command::WarpReplay:
    return replayWarps(context, unit, request, fileJson);
  case Command::Accesses:
    return printAccesses(context, unit, request, fileJson);
  case Command::PrintLaunches:
    return resolveLaunches(context, unit, request, fileJson);
  case Command::Advise:
    return adviseKernels(context, unit, request, modelError, tally, fileJson);
  }
  return false;
}

/// Runs the request on every file; returns the exit status.
int runFiles(const clang::tooling::CompilationDatabase &database,
             arch::ArchDescription arch, const Request &request,
             const std::vector<std::string> &files, const ToolActions &actions,
             const std::optional<std::string> &contents) {
  bool wholeRun = actions.onlyFile.empty();
  // The default action runs the cache model where the arch describes enough
  // of the L1; --cache-model insists.
  driver::AnalysisContext context(database, std::move(arch), request.analysis,
                                  request.launches, request.model);
  if (contents)
    context.setFileContents(files.front(), *contents);
  std::optional<std::string> modelError;
  if (request.command == Command::Advise)
    modelError = context.cacheModelUnavailable();
  if (modelError && request.requireCacheModel)
    return reportError(makeError(*modelError));
  if (modelError)
    warn(*modelError + "; printing launch configurations only");

  int status = 0;
  FindingTally tally;
  tally.keep = request.sarif;
  nlohmann::json jsonFiles = nlohmann::json::array();
  for (const std::string &file : files) {
    auto unit = context.translationUnit(file);
    if (!unit) {
      status = reportError(unit.takeError());
      continue;
    }
    context.recordSpecMatches(*unit);
    noteNvccOptionsLeftOut(database, file);
    nlohmann::json fileJson;
    if (!runCommand(context, *unit, request, modelError, tally, fileJson))
      status = 1;
    if (fileJson.is_null()) // The command failed before it had anything.
      fileJson = {{"file", displayPath(unit->file)}};
    jsonFiles.push_back(std::move(fileJson));
  }
  // A parallel run's child sees one file: a launch value for a kernel of
  // another is not unused.
  if (request.command != Command::ListKernels && status == 0 && wholeRun)
    if (Error error = context.checkUnusedLaunchValues())
      status = reportError(std::move(error));
  if (!actions.launchValueUse.empty())
    if (Error error = writeLaunchValueUse(actions.launchValueUse,
                                          context.launchValueUse()))
      status = reportError(std::move(error));
  if (request.calibrating() && status == 0 &&
      !finishCalibration(request, tally, context.arch().name))
    status = 1;
  if (request.sarif) {
    nlohmann::json log =
        sarifLog(tally.kept, request.advisor->checks(), GPURD_VERSION);
    spellJson(log);
    outs() << log.dump(2) << "\n";
  } else if (request.json) {
    nlohmann::json doc = {{"schema_version", JsonSchemaVersion},
                          {"gpurd_version", GPURD_VERSION},
                          {"arch", context.arch().name},
                          {"files", std::move(jsonFiles)}};
    spellJson(doc);
    outs() << doc.dump(2) << "\n";
  }
  // Input errors (1) come before the gate (2).
  if (status == 0 && tally.fails(request.failOn))
    status = 2;
  return status;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM init(argc, argv);
  advise::configureHeap();
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "gpurd-advise " << GPURD_VERSION << " (Clang " << CLANG_VERSION_STRING
       << ")\n";
  });
  cl::HideUnrelatedOptions(toolCategory);
  auto parser = clang::tooling::CommonOptionsParser::create(
      argc, argv, toolCategory, cl::ZeroOrMore,
      "gpurd-advise: memory-behaviour advice for CUDA kernels\n");
  if (!parser) {
    // llvm::cl has already printed what was wrong with the options; the
    // error itself repeats it (or is empty).
    std::string message = toString(parser.takeError());
    if (!message.empty())
      errs() << message << (StringRef(message).ends_with("\n") ? "" : "\n");
    return 1;
  }

  ToolActions actions = toolActions();
  if (!actions.mergeSarif.empty())
    return mergeSarifFiles(actions.mergeSarif);
  if (actions.listArchs) {
    for (StringRef name : arch::presetNames())
      outs() << name << "\n";
    return 0;
  }
  auto database = compileCommands(*parser);
  if (!database)
    return reportError(database.takeError());
  auto selected = selectFiles(**database, parser->getSourcePathList(), actions);
  if (!selected)
    return reportError(selected.takeError());
  std::vector<std::string> files = std::move(*selected);
  auto settings = readSettings(actions, files);
  if (!settings)
    return reportError(settings.takeError());
  // The whole selection chooses the GPU, so that each child of a parallel
  // run takes the one the parent said (and does not say it again).
  gpuOfCompileCommand(**database, files, settings->arch,
                      /*say=*/actions.onlyFile.empty());
  if (!actions.onlyFile.empty())
    llvm::erase_if(files, [&](const std::string &file) {
      return file != actions.onlyFile;
    });
  if (actions.dumpConfig) {
    auto config = request::dumpConfig(*settings);
    if (!config)
      return reportError(config.takeError());
    outs() << *config;
    return 0;
  }
  if (actions.listChecks) {
    auto advisor = request::resolveAdvisor(settings->checks);
    if (!advisor)
      return reportError(advisor.takeError());
    for (const std::unique_ptr<advisor::Check> &check : advisor->checks()) {
      outs() << check->name() << ": " << check->summary() << "\n";
      for (const advisor::CheckOption &option : check->options())
        outs() << "    " << check->name() << "." << option.name << " = "
               << format("%g", option.defaultValue) << ": " << option.meaning
               << "\n";
    }
    return 0;
  }
  auto arch = request::resolveArch(settings->arch);
  if (!arch)
    return reportError(arch.takeError());
  if (actions.printArch) {
    if (!files.empty())
      return reportError(makeError("--print-arch prints the architecture "
                                   "only; give no input files with it"));
    outs() << arch::printArchJson(*arch);
    return 0;
  }
  // --all or a shard may select nothing: an empty report.
  if (files.empty() && !actions.allFiles && actions.shard.empty())
    return reportError(makeError("no input files; usage: gpurd-advise FILE.cu "
                                 "[options] -- [compiler flags] (see --help)"));
  auto request = request::resolveRequest(*settings, *arch, files.size());
  if (!request)
    return reportError(request.takeError());
  std::optional<std::string> contents;
  if (actions.stdinContents) {
    if (files.size() != 1)
      return reportError(makeError("--stdin-contents gives the text of one "
                                   "input file; give one"));
    auto text = MemoryBuffer::getSTDIN();
    if (!text)
      return reportError(makeError("--stdin-contents: cannot read standard "
                                   "input: " +
                                   text.getError().message()));
    contents = (*text)->getBuffer().str();
  }
  const std::string &timeTrace = actions.timeTrace;
  bool wholeRun = actions.onlyFile.empty();
  if (actions.jobs > 1 && files.size() > 1 && wholeRun) {
    if (!timeTrace.empty())
      return reportError(makeError("--time-trace profiles one process; give "
                                   "it without -j"));
    return runInParallel(ArrayRef<const char *>(argv, argc), files, *request,
                         actions.jobs);
  }
  if (timeTrace.empty())
    return runFiles(**database, std::move(*arch), *request, files, actions,
                    contents);
  // Opened before the run, so that a path that cannot be written fails
  // before the analysis rather than after it.
  std::error_code ec;
  raw_fd_ostream traceOut(timeTrace, ec);
  if (ec)
    return reportError(
        createStringError(ec, "cannot write the time trace to '%s': %s",
                          timeTrace.c_str(), ec.message().c_str()));
  timeTraceProfilerInitialize(actions.timeTraceGranularity, "gpurd-advise");
  int status = runFiles(**database, std::move(*arch), *request, files, actions,
                        contents);
  timeTraceProfilerWrite(traceOut);
  timeTraceProfilerCleanup();
  return status;
}
