//===- LaunchOptions.cpp - Launch values and kernel selection
//---------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Arch/ArchOverride.h"
#include "gpurd/Arch/Presets.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;

namespace gpurd::advise {

int reportError(Error error) {
  handleAllErrors(std::move(error), [](const ErrorInfoBase &info) {
    WithColor::error(errs(), "gpurd-advise") << info.message() << "\n";
  });
  return 1;
}

Expected<arch::ArchDescription> resolveArch() {
  if (!archFile.empty() && archName.getNumOccurrences())
    return createStringError(inconvertibleErrorCode(),
                             "--arch and --arch-file both name an "
                             "architecture; give one of them");
  auto arch = archFile.empty() ? arch::loadArch(archName)
                               : arch::loadArchFile(archFile);
  if (!arch)
    return arch.takeError();
  for (const std::string &setting : archSettings)
    if (Error error = arch::applyOverride(*arch, setting))
      return error; // The message already names the --set.
  return arch;
}

/// The launch values given on the command line (--grid, --block, --smem,
/// --arg, --launch), parsed once.
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
      return createStringError(inconvertibleErrorCode(),
                               "--smem takes a number of bytes, got '" +
                                   smemOption + "'");
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

/// Spec entries and command-line values that applied to some kernel, so
/// that one naming nothing in any file is reported at the end.
namespace {
std::set<size_t> usedSpecEntries;
std::set<std::string> usedArgs;
std::vector<std::string> seenKernels;
} // namespace

/// The override layers for \p kernel: its --launch-spec entries, then the
/// command line. Without --kernel, --arg values apply to the kernels that
/// have such a parameter.
Expected<std::vector<LaunchOverrides>>
overridesFor(const KernelInfo &kernel, const std::optional<LaunchSpec> &spec,
             const TranslationUnitInfo &unit, const LaunchOverrides &cli) {
  std::vector<LaunchOverrides> layers;
  seenKernels.push_back(kernel.name);
  if (spec) {
    for (size_t i = 0; i < spec->kernels.size(); ++i) {
      const auto &[name, entry] = spec->kernels[i];
      auto found = findKernel(unit, name);
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
  LaunchOverrides forKernel = cli;
  if (kernelName.empty()) {
    forKernel.args.clear();
    for (const auto &[name, value] : cli.args)
      for (const KernelParam &param : kernel.params) {
        // The parameter, or a member of it (`p.n`).
        llvm::StringRef rest = name;
        if (param.name == name ||
            (rest.consume_front(param.name) && rest.consume_front(".") &&
             fieldNamed(param, rest)))
          forKernel.args[name] = value;
      }
  }
  for (const auto &[name, value] : forKernel.args)
    usedArgs.insert(name);
  layers.push_back(std::move(forKernel));
  return layers;
}

/// After all files: a spec entry or --arg that matched nothing is an error.
Error checkUnusedLaunchValues(const std::optional<LaunchSpec> &spec,
                              const LaunchOverrides &cli) {
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

/// The kernels --kernel selects (all when it is not given).
Expected<std::vector<const KernelInfo *>>
selectedKernels(const TranslationUnitInfo &unit) {
  std::vector<const KernelInfo *> selected;
  if (!kernelName.empty()) {
    auto kernel = findKernel(unit, kernelName);
    if (!kernel)
      return kernel.takeError();
    selected.push_back(*kernel);
    return selected;
  }
  for (const KernelInfo &kernel : unit.kernels)
    selected.push_back(&kernel);
  return selected;
}

access::KernelSpecialization
specializationFor(const KernelInfo &kernel,
                  const std::optional<std::array<uint64_t, 3>> &grid,
                  const std::optional<std::array<uint64_t, 3>> &block,
                  const std::map<std::string, EvaluatedValue> &args) {
  access::KernelSpecialization values;
  values.grid = grid;
  values.block = block;
  for (unsigned i = 0; i < kernel.params.size(); ++i) {
    auto it = args.find(kernel.params[i].name);
    if (it == args.end())
      continue;
    const EvaluatedValue &v = it->second;
    if (const auto *s = std::get_if<int64_t>(&v.value))
      values.integerArgs[i] = *s;
    else if (const auto *u = std::get_if<uint64_t>(&v.value))
      values.integerArgs[i] = static_cast<int64_t>(*u);
    else if (const auto *d = std::get_if<double>(&v.value))
      values.floatArgs[i] = *d;
  }
  // Members of struct parameters (`--arg p.n=...`).
  for (unsigned i = 0; i < kernel.params.size(); ++i)
    for (const StructField &field : kernel.params[i].fields) {
      auto it = args.find(kernel.params[i].name + "." + field.path);
      if (it == args.end())
        continue;
      const EvaluatedValue &v = it->second;
      std::pair<unsigned, uint64_t> key{i, field.offset};
      if (const auto *s = std::get_if<int64_t>(&v.value))
        values.integerFields[key] = *s;
      else if (const auto *u = std::get_if<uint64_t>(&v.value))
        values.integerFields[key] = static_cast<int64_t>(*u);
      else if (const auto *d = std::get_if<double>(&v.value))
        values.floatFields[key] = *d;
    }
  return values;
}

/// The layers of \p kernel as the pointers LaunchConfig.h takes.
template <typename Result, typename Apply>
static llvm::Expected<Result>
withLayers(const RunContext &run, const TranslationUnitInfo &unit,
           const KernelInfo &kernel, Apply apply) {
  auto layers = overridesFor(kernel, run.spec, unit, run.cli);
  if (!layers)
    return layers.takeError();
  std::vector<const LaunchOverrides *> pointers;
  for (const LaunchOverrides &layer : *layers)
    pointers.push_back(&layer);
  return apply(unit, kernel, pointers);
}

Expected<PartialLaunch> mergedLaunchFor(const RunContext &run,
                                        const TranslationUnitInfo &unit,
                                        const KernelInfo &kernel) {
  return withLayers<PartialLaunch>(run, unit, kernel, mergeLaunch);
}

Expected<LaunchConfig> resolvedLaunchFor(const RunContext &run,
                                         const TranslationUnitInfo &unit,
                                         const KernelInfo &kernel,
                                         bool allowUnknownArgs) {
  return withLayers<LaunchConfig>(
      run, unit, kernel,
      [allowUnknownArgs](const TranslationUnitInfo &u, const KernelInfo &k,
                         ArrayRef<const LaunchOverrides *> layers) {
        return resolveLaunch(u, k, layers, allowUnknownArgs);
      });
}

void recordSpecMatches(const TranslationUnitInfo &unit,
                       const std::optional<LaunchSpec> &spec) {
  for (const KernelInfo &kernel : unit.kernels)
    if (std::find(seenKernels.begin(), seenKernels.end(), kernel.name) ==
        seenKernels.end())
      seenKernels.push_back(kernel.name);
  if (!spec)
    return;
  for (size_t i = 0; i < spec->kernels.size(); ++i) {
    auto found = findKernel(unit, spec->kernels[i].first);
    if (found)
      usedSpecEntries.insert(i);
    else
      consumeError(found.takeError());
  }
}

} // namespace gpurd::advise
