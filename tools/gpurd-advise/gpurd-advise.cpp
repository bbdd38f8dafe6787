//===- gpurd-advise.cpp - The gpurd command-line tool ---------------------===//
//
// gpurd-advise FILE... [options] -- [compiler flags]
// gpurd-advise FILE... -p BUILD_DIR [options]
//
// Parses CUDA files the way Clang tools do and runs one command on each: by
// default, each kernel's launch configuration and the cache model's
// predictions for it; or list kernels and launches, print launch
// configurations only, dump the access model, or write traces. Thin: the
// options become lib/Driver's option structs (Options.cpp, Request.cpp), the
// commands call an AnalysisContext and print (*Command.cpp). See
// docs/cli.md.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Messages.h"
#include "Options.h"

#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Output/KernelListing.h"
#include "gpurd/Output/Sarif.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gpurd;
using namespace gpurd::advise;

namespace {

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

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// Runs the request's command on one file; fills \p fileJson.
bool runCommand(driver::AnalysisContext &context,
                const TranslationUnitInfo &unit, const ToolRequest &request,
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
             arch::ArchDescription arch, const ToolRequest &request,
             const std::vector<std::string> &files) {
  // The default action runs the cache model where the arch describes enough
  // of the L1; --cache-model insists.
  driver::AnalysisContext context(database, std::move(arch), request.analysis,
                                  request.launches, request.model);
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
    nlohmann::json fileJson;
    if (!runCommand(context, *unit, request, modelError, tally, fileJson))
      status = 1;
    if (fileJson.is_null()) // The command failed before it had anything.
      fileJson = {{"file", displayPath(unit->file)}};
    jsonFiles.push_back(std::move(fileJson));
  }
  if (request.command != Command::ListKernels && status == 0)
    if (Error error = context.checkUnusedLaunchValues())
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

  if (listArchs) {
    for (StringRef name : arch::presetNames())
      outs() << name << "\n";
    return 0;
  }
  if (listChecks) {
    auto advisor = readAdvisor();
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
  auto arch = resolveArch();
  if (!arch)
    return reportError(arch.takeError());
  const std::vector<std::string> &files = parser->getSourcePathList();
  if (printArch) {
    if (!files.empty())
      return reportError(makeError("--print-arch prints the architecture "
                                   "only; give no input files with it"));
    outs() << arch::printArchJson(*arch);
    return 0;
  }
  if (files.empty())
    return reportError(makeError("no input files; usage: gpurd-advise FILE.cu "
                                 "[options] -- [compiler flags] (see --help)"));
  auto request = readRequest(*arch, files.size());
  if (!request)
    return reportError(request.takeError());
  if (timeTrace.empty())
    return runFiles(parser->getCompilations(), std::move(*arch), *request,
                    files);
  // Opened before the run, so that a path that cannot be written fails
  // before the analysis rather than after it.
  std::error_code ec;
  raw_fd_ostream traceOut(timeTrace, ec);
  if (ec)
    return reportError(
        createStringError(ec, "cannot write the time trace to '%s': %s",
                          timeTrace.c_str(), ec.message().c_str()));
  timeTraceProfilerInitialize(timeTraceGranularity, "gpurd-advise");
  int status =
      runFiles(parser->getCompilations(), std::move(*arch), *request, files);
  timeTraceProfilerWrite(traceOut);
  timeTraceProfilerCleanup();
  return status;
}
