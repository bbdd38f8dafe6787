//===- LaunchLayers.cpp - A launch from source, spec and command line -----===//
//
// The launch of a kernel is the launch site found in its source with layers
// on top, later ones winning: the launch spec's entries for the kernel, the
// command line, and (for a what-if run) the change's launch values. The
// context remembers which spec entries and command-line argument values
// applied to some kernel, so that one that names nothing is reported after
// all files.
//
//===----------------------------------------------------------------------===//

#include "Assumptions.h"

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Support/UserInput.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::driver {
namespace {

/// \p layers as the pointers LaunchConfig.h takes.
std::vector<const LaunchOverrides *>
pointersTo(const std::vector<LaunchOverrides> &layers) {
  std::vector<const LaunchOverrides *> pointers;
  for (const LaunchOverrides &layer : layers)
    pointers.push_back(&layer);
  return pointers;
}

} // namespace

Expected<std::vector<LaunchOverrides>>
AnalysisContext::overridesFor(const TranslationUnitInfo &unit,
                              const KernelInfo &kernel, bool record) {
  std::vector<LaunchOverrides> layers;
  if (record)
    used.addKernel(kernel.name);
  if (const std::optional<LaunchSpec> &spec = launches.spec) {
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
        if (record)
          used.specEntries.insert(i);
      }
    }
  }
  // The command line's values are those of the kernel it names, if it
  // names one; asked about another kernel (the file's other launches,
  // HostValueAssumptions.cpp), they are not its.
  if (!record && !analysis.kernel.empty()) {
    auto named = findKernel(unit, analysis.kernel);
    if (!named) {
      // The selection reports it.
      consumeError(named.takeError());
      return layers;
    }
    if (*named != &kernel)
      return layers;
  }
  LaunchOverrides forKernel = launches.commandLine;
  // Without a kernel named, argument values apply to the kernels that have
  // such a parameter (or a member of one: `p.n`).
  if (analysis.kernel.empty()) {
    forKernel.args.clear();
    for (const auto &[name, value] : launches.commandLine.args)
      if (paramOrMemberNamed(kernel, name))
        forKernel.args[name] = value;
  }
  if (record) {
    for (const auto &[name, value] : forKernel.args)
      used.args.insert(name);
    for (const trace::BufferSpec &buffer : analysis.buffers)
      if (paramOrMemberNamed(kernel, buffer.name))
        used.buffers.insert(buffer.name);
  }
  layers.push_back(std::move(forKernel));
  return layers;
}

Expected<PartialLaunch>
AnalysisContext::knownLaunch(const TranslationUnitInfo &unit,
                             const KernelInfo &kernel) {
  auto layers = overridesFor(unit, kernel);
  if (!layers)
    return layers.takeError();
  return mergeLaunch(unit, kernel, pointersTo(*layers));
}

Expected<PartialLaunch>
AnalysisContext::unrecordedLaunch(const TranslationUnitInfo &unit,
                                  const KernelInfo &kernel) {
  auto layers = overridesFor(unit, kernel, /*record=*/false);
  if (!layers)
    return layers.takeError();
  return mergeLaunch(unit, kernel, pointersTo(*layers));
}

Expected<LaunchConfig>
AnalysisContext::resolveLaunch(const TranslationUnitInfo &unit,
                               const KernelInfo &kernel, bool allowUnknownArgs,
                               const AssumptionScale &scale) {
  auto layers = overridesFor(unit, kernel);
  if (!layers)
    return layers.takeError();
  return launchWithAssumptions(unit, kernel, std::move(*layers),
                               allowUnknownArgs, scale);
}

Expected<access::IndexUse>
AnalysisContext::indexUse(const TranslationUnitInfo &unit,
                          const KernelInfo &kernel) {
  auto device = deviceModule(unit);
  if (!device)
    return device.takeError();
  if (const Function *function =
          (*device)->module->getFunction(kernel.mangledName))
    return access::indexUseOf(*function);
  access::IndexUse use;
  use.thread[0] = use.block[0] = true;
  return use;
}

Expected<LaunchConfig> AnalysisContext::launchWithAssumptions(
    const TranslationUnitInfo &unit, const KernelInfo &kernel,
    std::vector<LaunchOverrides> layers, bool allowUnknownArgs,
    const AssumptionScale &scale) {
  std::vector<LaunchAssumption> assumptions;
  std::optional<access::IndexUse> use;
  if (analysis.assumeUnknownValues) {
    auto known = mergeLaunch(unit, kernel, pointersTo(layers));
    if (!known)
      return known.takeError();
    if (known->site && !known->site->rooted.empty()) {
      // The host values the unknown parts are computed from, before any
      // part is assumed on its own: the value the file's other launches
      // that read them take too.
      auto used = indexUse(unit, kernel);
      if (!used)
        return used.takeError();
      use = *used;
      const SharedHostValue *shared = nullptr;
      if (ownHostValue(kernel, *use, archDescription, *known)) {
        auto found = sharedHostValue(unit, *known->site);
        if (!found)
          return found.takeError();
        shared = *found;
      }
      LaunchOverrides hostValues;
      if (assumeHostValues(kernel, *use, archDescription, *known, scale, shared,
                           hostValues, assumptions)) {
        layers.push_back(std::move(hostValues));
        known = mergeLaunch(unit, kernel, pointersTo(layers));
        if (!known)
          return known.takeError();
      }
    }
    // A block the inputs give (the command line, a spec, a what-if) where
    // the source's is unknown through its own variables: what the source
    // computes from them (`block_size * sizeof(float)` bytes, an argument
    // `block_size`) follows it.
    if (known->site && known->block && !known->site->block.isKnown())
      if (const RootedLaunch *probe = configuredAt(*known, *known->block)) {
        LaunchOverrides followed;
        followed.origin = "the source with the block given";
        std::vector<LaunchAssumption> derived; // of given values: not stated
        followBlock(kernel, *known, *known->site, *probe, followed, derived);
        if (followed.dynamicSharedBytes || !followed.args.empty()) {
          layers.push_back(std::move(followed));
          known = mergeLaunch(unit, kernel, pointersTo(layers));
          if (!known)
            return known.takeError();
        }
      }
    bool shapeKnown = known->grid && known->block &&
                      (known->dynamicSharedBytes ||
                       (!known->site && !kernel.usesDynamicShared));
    if (!use && (!shapeKnown || !allowUnknownArgs)) {
      auto used = indexUse(unit, kernel);
      if (!used)
        return used.takeError();
      use = *used;
    }
    if (!shapeKnown) {
      LaunchOverrides assumed;
      assumeLaunchShape(kernel, *use, archDescription, *known, assumed,
                        assumptions);
      layers.push_back(std::move(assumed));
    }
  }
  auto config = gpurd::resolveLaunch(unit, kernel, pointersTo(layers),
                                     allowUnknownArgs || use.has_value());
  if (!config)
    return config.takeError();
  config->assumptions = std::move(assumptions);
  if (use && !allowUnknownArgs && !config->unknownArgs.empty())
    assumeArguments(kernel, *use, config->unknownArgs, *config);
  return config;
}

void AnalysisContext::recordSpecMatches(const TranslationUnitInfo &unit) {
  for (const KernelInfo &kernel : unit.kernels)
    used.addKernel(kernel.name);
  const std::optional<LaunchSpec> &spec = launches.spec;
  if (!spec)
    return;
  for (size_t i = 0; i < spec->kernels.size(); ++i) {
    auto found = findKernel(unit, spec->kernels[i].first);
    if (found)
      used.specEntries.insert(i);
    else
      consumeError(found.takeError());
  }
}

void LaunchValueUse::merge(const LaunchValueUse &other) {
  specEntries.insert(other.specEntries.begin(), other.specEntries.end());
  args.insert(other.args.begin(), other.args.end());
  buffers.insert(other.buffers.begin(), other.buffers.end());
  for (const std::string &name : other.kernels)
    addKernel(name);
}

Error AnalysisContext::checkUnusedLaunchValues() const {
  return driver::checkUnusedLaunchValues(launches, analysis, used);
}

Error checkUnusedLaunchValues(const LaunchInputs &launches,
                              const AnalysisOptions &analysis,
                              const LaunchValueUse &used) {
  std::string known;
  for (const std::string &name : used.kernels)
    known += "\n  " + name;
  if (const std::optional<LaunchSpec> &spec = launches.spec;
      spec && !launches.specCoversProject)
    for (size_t i = 0; i < spec->kernels.size(); ++i)
      if (!used.specEntries.count(i))
        return createStringError(
            inconvertibleErrorCode(),
            launches.specPath + ": /kernels/" + std::to_string(i) +
                ": no kernel named '" + spec->kernels[i].first +
                "' in the input files; the kernels are:" + known);
  for (const auto &[name, value] : launches.commandLine.args)
    if (!used.args.count(name))
      return createStringError(
          inconvertibleErrorCode(),
          userInput(UserInput::Argument, name + "=" + value) +
              ": no analysed kernel has a parameter '" + name + "'");
  for (const trace::BufferSpec &buffer : analysis.buffers)
    if (!used.buffers.count(buffer.name))
      return createStringError(inconvertibleErrorCode(),
                               userInput(UserInput::Buffer, buffer.name) +
                                   ": no analysed kernel has a parameter '" +
                                   buffer.name + "'");
  return Error::success();
}

} // namespace gpurd::driver
