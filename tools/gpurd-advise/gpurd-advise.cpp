//===- gpurd-advise.cpp - The gpurd command-line tool ---------------------===//
//
// gpurd-advise FILE... [options] -- [compiler flags]
// gpurd-advise FILE... -p BUILD_DIR [options]
//
// Parses CUDA files the way Clang tools do, lists their kernels and launch
// sites, resolves launch configurations and GPU architectures. Thin: parses
// options, calls the libraries, prints. See docs/cli.md.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Arch/ArchJson.h"
#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Frontend/KernelCollector.h"
#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Output/AccessDump.h"
#include "gpurd/Output/KernelListing.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;

namespace {

cl::OptionCategory toolCategory("gpurd-advise options");

enum class OutputFormat { Text, Json };
cl::opt<OutputFormat> outputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "human-readable (default)"),
               clEnumValN(OutputFormat::Json, "json",
                          "JSON, schema in docs/json-output.md")),
    cl::init(OutputFormat::Text), cl::cat(toolCategory));

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

cl::opt<bool> printDeviceIR(
    "print-device-ir",
    cl::desc("Print the specialised, optimised kernel IR the access model is "
             "built from (to stderr)"),
    cl::Hidden, cl::cat(toolCategory));

cl::opt<unsigned long> islMaxOperations(
    "isl-max-operations",
    cl::desc("Bound on isl's work per kernel; operations that exceed it are "
             "reported non-affine (reason 'complexity')"),
    cl::init(2000000), cl::cat(toolCategory));

cl::opt<std::string> kernelName(
    "kernel", cl::desc("Analyse only this kernel (name as listed by "
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
cl::list<std::string> argOptions(
    "arg", cl::desc("Value of a scalar kernel argument (repeatable)"),
    cl::value_desc("NAME=VALUE"), cl::cat(toolCategory));
cl::opt<unsigned> launchIndex(
    "launch",
    cl::desc("Start from the N-th launch site of the kernel (1 = the first)"),
    cl::value_desc("N"), cl::init(0), cl::cat(toolCategory));
cl::opt<std::string> launchSpecFile(
    "launch-spec",
    cl::desc("JSON file with launch configurations (docs/launch-spec.md)"),
    cl::value_desc("FILE"), cl::cat(toolCategory));

cl::opt<std::string> archName(
    "arch", cl::desc("GPU architecture preset (see --list-archs)"),
    cl::value_desc("NAME"), cl::init("ampere-a100"), cl::cat(toolCategory));
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

cl::extrahelp moreHelp(R"(
Compiler flags go after '--' (gpurd-advise k.cu -- -I include -DN=1024), or
come from a compile_commands.json found with -p BUILD_DIR (clang, gcc and nvcc
commands are understood). No CUDA installation is needed: gpurd parses with
its own CUDA headers.

Examples:
  gpurd-advise matmul.cu --list-kernels --
  gpurd-advise matmul.cu --kernel mm --block 16,16 --arg n=4096 --
  gpurd-advise --arch fermi-gtx470 --print-arch
)");

int reportError(Error error) {
  handleAllErrors(std::move(error), [](const ErrorInfoBase &info) {
    WithColor::error(errs(), "gpurd-advise") << info.message() << "\n";
  });
  return 1;
}

Expected<gpurd::arch::ArchDescription> resolveArch() {
  if (!archFile.empty() && archName.getNumOccurrences())
    return createStringError(inconvertibleErrorCode(),
                             "--arch and --arch-file both name an "
                             "architecture; give one of them");
  auto arch = archFile.empty() ? gpurd::arch::loadArch(archName)
                               : gpurd::arch::loadArchFile(archFile);
  if (!arch)
    return arch.takeError();
  for (const std::string &setting : archSettings)
    if (Error error = gpurd::arch::applyOverride(*arch, setting))
      return createStringError(inconvertibleErrorCode(),
                               "--set " + setting + ": " +
                                   toString(std::move(error)));
  return arch;
}

/// The launch values given on the command line (--grid, --block, --smem,
/// --arg, --launch), parsed once.
Expected<gpurd::LaunchOverrides> commandLineLaunch() {
  gpurd::LaunchOverrides cli;
  cli.origin = "command line";
  if (!gridOption.empty()) {
    auto dim = gpurd::parseDim3(gridOption, "--grid");
    if (!dim)
      return dim.takeError();
    cli.grid = *dim;
  }
  if (!blockOption.empty()) {
    auto dim = gpurd::parseDim3(blockOption, "--block");
    if (!dim)
      return dim.takeError();
    cli.block = *dim;
  }
  if (!smemOption.empty()) {
    uint64_t bytes;
    if (StringRef(smemOption).getAsInteger(10, bytes))
      return createStringError(inconvertibleErrorCode(),
                               "--smem takes a number of bytes, got '" +
                                   smemOption + "'");
    cli.dynamicSharedBytes = bytes;
  }
  auto args = gpurd::parseArgAssignments(argOptions);
  if (!args)
    return args.takeError();
  cli.args = std::move(*args);
  if (launchIndex)
    cli.launchIndex = launchIndex;
  return cli;
}

/// Spec entries and command-line values that applied to some kernel, so
/// that one naming nothing in any file is reported at the end.
std::set<size_t> usedSpecEntries;
std::set<std::string> usedArgs;
std::vector<std::string> seenKernels;

/// The override layers for \p kernel: its --launch-spec entries, then the
/// command line. Without --kernel, --arg values apply to the kernels that
/// have such a parameter.
Expected<std::vector<gpurd::LaunchOverrides>>
overridesFor(const gpurd::KernelInfo &kernel,
             const std::optional<gpurd::LaunchSpec> &spec,
             const gpurd::TranslationUnitInfo &unit,
             const gpurd::LaunchOverrides &cli) {
  std::vector<gpurd::LaunchOverrides> layers;
  seenKernels.push_back(kernel.name);
  if (spec) {
    for (size_t i = 0; i < spec->kernels.size(); ++i) {
      const auto &[name, entry] = spec->kernels[i];
      auto found = gpurd::findKernel(unit, name);
      if (!found) {
        // It may name a kernel of another input file.
        consumeError(found.takeError());
        continue;
      }
      if (*found == &kernel) {
        layers.push_back(entry);
        usedSpecEntries.insert(i);
      }
    }
  }
  gpurd::LaunchOverrides forKernel = cli;
  if (kernelName.empty()) {
    forKernel.args.clear();
    for (const auto &[name, value] : cli.args)
      for (const gpurd::KernelParam &param : kernel.params)
        if (param.name == name)
          forKernel.args[name] = value;
  }
  for (const auto &[name, value] : forKernel.args)
    usedArgs.insert(name);
  layers.push_back(std::move(forKernel));
  return layers;
}

/// After all files: a spec entry or --arg that matched nothing is an error.
Error checkUnusedLaunchValues(const std::optional<gpurd::LaunchSpec> &spec,
                              const gpurd::LaunchOverrides &cli) {
  std::string known;
  for (const std::string &name : seenKernels)
    known += "\n  " + name;
  if (spec)
    for (size_t i = 0; i < spec->kernels.size(); ++i)
      if (!usedSpecEntries.count(i))
        return createStringError(
            inconvertibleErrorCode(),
            launchSpecFile + ": /kernels/" + std::to_string(i) +
                ": no kernel named '" + spec->kernels[i].first +
                "' in the input files; the kernels are:" + known);
  for (const auto &[name, value] : cli.args)
    if (!usedArgs.count(name))
      return createStringError(inconvertibleErrorCode(),
                               "--arg " + name + "=" + value +
                                   ": no analysed kernel has a parameter '" +
                                   name + "'");
  return Error::success();
}

/// Resolves and prints the launch configuration of every selected kernel.
/// Returns false when one could not be resolved (the error is printed).
bool analyseUnit(const gpurd::TranslationUnitInfo &unit,
                 const std::optional<gpurd::LaunchSpec> &spec,
                 const gpurd::LaunchOverrides &cli, nlohmann::json &jsonOut) {
  std::vector<const gpurd::KernelInfo *> selected;
  if (!kernelName.empty()) {
    auto kernel = gpurd::findKernel(unit, kernelName);
    if (!kernel) {
      reportError(kernel.takeError());
      return false;
    }
    selected.push_back(*kernel);
  } else {
    for (const gpurd::KernelInfo &kernel : unit.kernels)
      selected.push_back(&kernel);
    if (selected.empty())
      WithColor::warning(errs(), "gpurd-advise")
          << "'" << unit.file << "' defines no __global__ kernel\n";
  }
  bool ok = true;
  nlohmann::json launches = nlohmann::json::array();
  for (const gpurd::KernelInfo *kernel : selected) {
    auto layers = overridesFor(*kernel, spec, unit, cli);
    if (!layers) {
      reportError(layers.takeError());
      return false;
    }
    std::vector<const gpurd::LaunchOverrides *> pointers;
    for (const gpurd::LaunchOverrides &layer : *layers)
      pointers.push_back(&layer);
    auto config = gpurd::resolveLaunch(unit, *kernel, pointers);
    if (!config) {
      reportError(config.takeError());
      ok = false;
      continue;
    }
    if (outputFormat == OutputFormat::Json)
      launches.push_back(gpurd::launchConfigJson(*kernel, *config));
    else
      gpurd::printLaunchConfig(outs(), *kernel, *config);
  }
  jsonOut = {{"file", gpurd::displayPath(unit.file)},
             {"launches", std::move(launches)}};
  return ok;
}

/// The kernels --kernel selects (all when it is not given).
Expected<std::vector<const gpurd::KernelInfo *>>
selectedKernels(const gpurd::TranslationUnitInfo &unit) {
  std::vector<const gpurd::KernelInfo *> selected;
  if (!kernelName.empty()) {
    auto kernel = gpurd::findKernel(unit, kernelName);
    if (!kernel)
      return kernel.takeError();
    selected.push_back(*kernel);
    return selected;
  }
  for (const gpurd::KernelInfo &kernel : unit.kernels)
    selected.push_back(&kernel);
  return selected;
}

/// --dump-accesses / --explain-compiled for one file.
bool analyseAccesses(const clang::tooling::CompilationDatabase &database,
                     const gpurd::TranslationUnitInfo &unit,
                     const gpurd::CudaCompileOptions &compile,
                     const std::optional<gpurd::LaunchSpec> &spec,
                     const gpurd::LaunchOverrides &cli,
                     nlohmann::json &jsonOut) {
  auto kernels = selectedKernels(unit);
  if (!kernels) {
    reportError(kernels.takeError());
    return false;
  }
  gpurd::access::DeviceCompileOptions deviceOptions;
  deviceOptions.cuda = compile;
  deviceOptions.unroll = unroll;
  auto device = gpurd::access::compileDeviceModule(database, unit.file,
                                                   deviceOptions);
  if (!device) {
    reportError(device.takeError());
    return false;
  }
  bool ok = true;
  nlohmann::json models = nlohmann::json::array();
  for (const gpurd::KernelInfo *kernel : *kernels) {
    auto layers = overridesFor(*kernel, spec, unit, cli);
    if (!layers) {
      reportError(layers.takeError());
      return false;
    }
    std::vector<const gpurd::LaunchOverrides *> pointers;
    for (const gpurd::LaunchOverrides &layer : *layers)
      pointers.push_back(&layer);
    auto launch = gpurd::mergeLaunch(unit, *kernel, pointers);
    if (!launch) {
      reportError(launch.takeError());
      ok = false;
      continue;
    }
    gpurd::access::KernelSpecialization values;
    values.grid = launch->grid;
    values.block = launch->block;
    for (unsigned i = 0; i < kernel->params.size(); ++i) {
      auto it = launch->args.find(kernel->params[i].name);
      if (it == launch->args.end())
        continue;
      const gpurd::EvaluatedValue &v = it->second;
      if (const auto *s = std::get_if<int64_t>(&v.value))
        values.integerArgs[i] = *s;
      else if (const auto *u = std::get_if<uint64_t>(&v.value))
        values.integerArgs[i] = static_cast<int64_t>(*u);
      else if (const auto *d = std::get_if<double>(&v.value))
        values.floatArgs[i] = *d;
    }
    gpurd::access::AccessAnalysisOptions options;
    options.unroll = unroll;
    options.islMaxOperations = islMaxOperations;
    if (printDeviceIR)
      options.printIR = &errs();
    auto model = gpurd::access::analyzeKernel(*device->module, *kernel, unit,
                                              values, options);
    if (!model) {
      reportError(model.takeError());
      ok = false;
      continue;
    }
    nlohmann::json entry;
    if (dumpAccesses) {
      if (outputFormat == OutputFormat::Json)
        entry["accesses"] = gpurd::accessModelJson(*model);
      else
        gpurd::printAccessModel(outs(), *model);
    }
    if (explainCompiled) {
      auto explanation = gpurd::access::explainCompiled(*model, unit);
      if (outputFormat == OutputFormat::Json)
        entry["compiled"] = gpurd::explanationJson(*model, explanation);
      else
        gpurd::printExplanation(outs(), *model, explanation);
    }
    entry["kernel"] = kernel->name;
    models.push_back(std::move(entry));
  }
  jsonOut = {{"file", gpurd::displayPath(unit.file)},
             {"kernels", std::move(models)}};
  return ok;
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
    for (StringRef name : gpurd::arch::presetNames())
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
    outs() << gpurd::arch::printArchJson(*arch);
    return 0;
  }
  const std::vector<std::string> &files = parser->getSourcePathList();
  if (files.empty())
    return reportError(createStringError(
        inconvertibleErrorCode(),
        "no input files; usage: gpurd-advise FILE.cu [options] -- [compiler "
        "flags] (see --help)"));

  std::optional<gpurd::LaunchSpec> spec;
  if (!launchSpecFile.empty()) {
    auto loaded = gpurd::loadLaunchSpec(launchSpecFile);
    if (!loaded)
      return reportError(loaded.takeError());
    spec = std::move(*loaded);
  }

  auto cli = commandLineLaunch();
  if (!cli)
    return reportError(cli.takeError());

  gpurd::CudaCompileOptions compile;
  compile.gpuArch = arch->computeCapability.value_or("sm_80");
  compile.resourceDir = gpurd::defaultClangResourceDir();

  int status = 0;
  nlohmann::json jsonFiles = nlohmann::json::array();
  for (const std::string &file : files) {
    auto unit = gpurd::collectKernels(parser->getCompilations(), file, compile);
    if (!unit) {
      status = reportError(unit.takeError());
      continue;
    }
    if (dumpAccesses || explainCompiled) {
      nlohmann::json fileJson;
      if (!analyseAccesses(parser->getCompilations(), *unit, compile, spec,
                           *cli, fileJson))
        status = 1;
      jsonFiles.push_back(std::move(fileJson));
      continue;
    }
    if (listKernels) {
      if (outputFormat == OutputFormat::Json)
        jsonFiles.push_back(gpurd::kernelListingJson(*unit));
      else
        gpurd::printKernelListing(outs(), *unit);
      continue;
    }
    nlohmann::json fileJson;
    if (!analyseUnit(*unit, spec, *cli, fileJson))
      status = 1;
    jsonFiles.push_back(std::move(fileJson));
  }
  if (!listKernels && status == 0)
    if (Error error = checkUnusedLaunchValues(spec, *cli))
      status = reportError(std::move(error));
  if (outputFormat == OutputFormat::Json) {
    nlohmann::json doc = {{"schema_version", gpurd::JsonSchemaVersion},
                          {"gpurd_version", GPURD_VERSION},
                          {"arch", arch->name},
                          {"files", std::move(jsonFiles)}};
    outs() << doc.dump(2) << "\n";
  }
  return status;
}
