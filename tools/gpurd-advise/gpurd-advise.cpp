//===- gpurd-advise.cpp - The gpurd command-line tool ---------------------===//
//
// gpurd-advise FILE... [options] -- [compiler flags]
// gpurd-advise FILE... -p BUILD_DIR [options]
//
// Parses CUDA files the way Clang tools do and runs one command on each:
// list kernels and launches, resolve launch configurations, dump the access
// model, or write traces. Thin: options are in Options.cpp, the commands in
// *Command.cpp; the work is in lib/. See docs/cli.md.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Frontend/KernelCollector.h"
#include "gpurd/Output/KernelListing.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gpurd;
using namespace gpurd::advise;

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

  auto cli = commandLineLaunch();
  if (!cli)
    return reportError(cli.takeError());

  CudaCompileOptions compile;
  compile.gpuArch = arch->computeCapability.value_or("sm_80");
  compile.resourceDir = defaultClangResourceDir();

  RunContext run{parser->getCompilations(), compile, *arch, spec, *cli};
  int status = 0;
  nlohmann::json jsonFiles = nlohmann::json::array();
  for (const std::string &file : files) {
    auto unit = collectKernels(parser->getCompilations(), file, compile);
    if (!unit) {
      status = reportError(unit.takeError());
      continue;
    }
    recordSpecMatches(*unit, spec);
    if (cacheModel) {
      nlohmann::json fileJson;
      if (!runCacheModel(run, *unit, fileJson))
        status = 1;
      jsonFiles.push_back(std::move(fileJson));
      continue;
    }
    if (!emitTrace.empty()) {
      nlohmann::json fileJson;
      if (!emitTraces(run, *unit, fileJson))
        status = 1;
      jsonFiles.push_back(std::move(fileJson));
      continue;
    }
    if (dumpAccesses || explainCompiled) {
      nlohmann::json fileJson;
      if (!analyseAccesses(run, *unit, fileJson))
        status = 1;
      jsonFiles.push_back(std::move(fileJson));
      continue;
    }
    if (listKernels) {
      if (outputFormat == OutputFormat::Json)
        jsonFiles.push_back(kernelListingJson(*unit));
      else
        printKernelListing(outs(), *unit);
      continue;
    }
    nlohmann::json fileJson;
    if (!resolveLaunches(run, *unit, fileJson))
      status = 1;
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
