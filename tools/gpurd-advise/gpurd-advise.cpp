//===- gpurd-advise.cpp - The gpurd command-line tool ---------------------===//
//
// gpurd-advise FILE... [options] -- [compiler flags]
// gpurd-advise FILE... -p BUILD_DIR [options]
//
// Parses CUDA files the way Clang tools do and runs one command on each: by
// default, each kernel's launch configuration and the cache model's
// predictions for it; or list kernels and launches, print launch
// configurations only, dump the access model, or write traces. Thin: options
// are in Options.cpp, the commands in *Command.cpp; the work is in lib/. See
// docs/cli.md.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Frontend/KernelCollector.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Output/KernelListing.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gpurd;
using namespace gpurd::advise;

namespace {

/// The commands are alternatives: at most one of them per run.
Error checkOneCommand() {
  std::vector<std::string> given;
  if (listKernels)
    given.push_back("--list-kernels");
  if (printLaunches)
    given.push_back("--print-launches");
  if (dumpAccesses)
    given.push_back("--dump-accesses");
  if (explainCompiled)
    given.push_back("--explain-compiled");
  if (!emitTrace.empty())
    given.push_back("--emit-trace");
  if (cacheModel)
    given.push_back("--cache-model");
  // --dump-accesses and --explain-compiled print together.
  if (given.size() == 2 && dumpAccesses && explainCompiled)
    return Error::success();
  if (given.size() <= 1)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           given[0] + " and " + given[1] +
                               " are different commands; give one of them "
                               "per run");
}

/// Why the cache model cannot run on \p arch (nothing when it can).
std::optional<std::string>
cacheModelUnavailable(const arch::ArchDescription &arch) {
  Expected<model::CacheLevelConfig> l1 = model::resolveL1(arch);
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

} // namespace

int main(int argc, const char **argv) {
  InitLLVM init(argc, argv);
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
  auto arch = resolveArch();
  if (!arch)
    return reportError(arch.takeError());
  if (printArch) {
    if (!parser->getSourcePathList().empty())
      return reportError(createStringError(
          inconvertibleErrorCode(),
          "--print-arch prints the architecture only; give no input files "
          "with it"));
    outs() << arch::printArchJson(*arch);
    return 0;
  }
  const std::vector<std::string> &files = parser->getSourcePathList();
  if (files.empty())
    return reportError(createStringError(
        inconvertibleErrorCode(),
        "no input files; usage: gpurd-advise FILE.cu [options] -- [compiler "
        "flags] (see --help)"));

  std::optional<LaunchSpec> spec;
  if (!launchSpecFile.empty()) {
    auto loaded = loadLaunchSpec(launchSpecFile);
    if (!loaded)
      return reportError(loaded.takeError());
    spec = std::move(*loaded);
  }

  if (Error error = checkOneCommand())
    return reportError(std::move(error));
  if (!emitTrace.empty() && files.size() > 1)
    return reportError(createStringError(
        inconvertibleErrorCode(),
        "--emit-trace writes the trace of one kernel of one file; give one "
        "input file (got " +
            std::to_string(files.size()) + ")"));
  auto cli = commandLineLaunch();
  if (!cli)
    return reportError(cli.takeError());
  auto sms = parseSmsOption(*arch);
  if (!sms)
    return reportError(sms.takeError());
  // The default action runs the cache model where the arch describes enough
  // of the L1; --cache-model insists.
  std::optional<std::string> modelError;
  bool advising = !listKernels && !printLaunches && emitTrace.empty() &&
                  !dumpAccesses && !explainCompiled;
  if (advising)
    modelError = cacheModelUnavailable(*arch);
  if (modelError && cacheModel)
    return reportError(
        createStringError(inconvertibleErrorCode(), *modelError));
  if (modelError)
    WithColor::warning(errs(), "gpurd-advise")
        << *modelError << "; printing launch configurations only\n";

  CudaCompileOptions compile;
  compile.gpuArch = arch->computeCapability.value_or("sm_80");
  compile.resourceDir = defaultClangResourceDir();

  RunContext run{parser->getCompilations(), compile, *arch, spec, *cli, *sms};
  int status = 0;
  nlohmann::json jsonFiles = nlohmann::json::array();
  for (const std::string &file : files) {
    auto unit = collectKernels(parser->getCompilations(), file, compile);
    if (!unit) {
      status = reportError(unit.takeError());
      continue;
    }
    recordSpecMatches(*unit, spec);
    nlohmann::json fileJson;
    bool ok = true;
    if (listKernels) {
      if (outputFormat == OutputFormat::Json)
        fileJson = kernelListingJson(*unit);
      else
        printKernelListing(outs(), *unit);
    } else if (!emitTrace.empty()) {
      ok = emitTraces(run, *unit, fileJson);
    } else if (dumpAccesses || explainCompiled) {
      ok = analyseAccesses(run, *unit, fileJson);
    } else if (printLaunches) {
      ok = resolveLaunches(run, *unit, fileJson);
    } else {
      ok = adviseKernels(run, *unit, modelError, fileJson);
    }
    if (!ok)
      status = 1;
    if (fileJson.is_null()) // The command failed before it had anything.
      fileJson = {{"file", displayPath(unit->file)}};
    jsonFiles.push_back(std::move(fileJson));
  }
  if (!listKernels && status == 0)
    if (Error error = checkUnusedLaunchValues(spec, *cli))
      status = reportError(std::move(error));
  if (outputFormat == OutputFormat::Json) {
    nlohmann::json doc = {{"schema_version", JsonSchemaVersion},
                          {"gpurd_version", GPURD_VERSION},
                          {"arch", arch->name},
                          {"files", std::move(jsonFiles)}};
    outs() << doc.dump(2) << "\n";
  }
  return status;
}
