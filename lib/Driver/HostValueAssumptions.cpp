//===- HostValueAssumptions.cpp - Assumed host values of a launch ---------===//
//
// Where a launch's values are unknown only through integers the host code
// cannot know (a size read from the command line, a parameter of a function
// nothing in the file calls), the front end evaluated the launch with all
// of them at each power of two (RootedLaunch, KernelInfo.h). Assuming that
// one root and taking the grid, block, shared memory and arguments the
// source computes from it keeps them consistent with each other, which
// values assumed one by one are not (Rodinia dwt2d's `steps` beside its
// grid, the CUDA samples' SobelShared grid beside its image width).
//
// One host variable holds one value in every launch of the file it
// reaches: the file's launches are grouped by the variables they read, and
// each group's value is planned once (planHostValues), so that no two
// kernels of a report state two values for one `n`.
//
//===----------------------------------------------------------------------===//

#include "Assumptions.h"
#include "SourceVariant.h"

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace gpurd::driver {
namespace {

/// Whether the values of \p rung are a launch the GPU can run: a block of
/// at most the arch's threads, grid and block within CUDA's limits, shared
/// memory within a block's, and no negative integer argument (an overflow).
bool validRung(const RootedLaunch &rung, const KernelInfo &kernel,
               const arch::ArchDescription &arch) {
  if (rung.block.isKnown()) {
    auto block = dimOf(rung.block);
    if (!block || (*block)[0] > 1024 || (*block)[1] > 1024 ||
        (*block)[2] > 64 ||
        (*block)[0] * (*block)[1] * (*block)[2] >
            arch.sm.maxThreadsPerBlock.value_or(1024))
      return false;
  }
  if (rung.grid.isKnown()) {
    auto grid = dimOf(rung.grid);
    if (!grid || (*grid)[0] > 0x7fffffffu || (*grid)[1] > 65535 ||
        (*grid)[2] > 65535)
      return false;
  }
  if (rung.dynamicSharedBytes.isKnown()) {
    std::optional<uint64_t> bytes = rung.dynamicSharedBytes.asUnsigned();
    if (!bytes || kernel.staticSharedBytes + *bytes >
                      arch.sm.sharedMemoryPerBlock.value_or(48 * 1024))
      return false;
  }
  return none_of(rung.args, [](const LaunchArgument &arg) {
    const auto *i = std::get_if<int64_t>(&arg.value.value);
    return i && *i < 0;
  });
}

/// Blocks the GPU holds in AssumedWaves waves for blocks of \p block
/// threads with \p sharedBytes of dynamic shared memory.
uint64_t targetBlocks(const KernelInfo &kernel,
                      const arch::ArchDescription &arch,
                      const std::array<uint64_t, 3> &block,
                      uint64_t sharedBytes) {
  unsigned perSm = 1;
  return assumedWaveBlocks(kernel, arch, block, sharedBytes, perSm);
}

/// The extent of \p grid x \p block in the widest dimension the kernel
/// indexes, as assumeArguments takes it.
uint64_t widestExtent(const access::IndexUse &use,
                      const std::array<uint64_t, 3> &grid,
                      const std::array<uint64_t, 3> &block) {
  unsigned widest = widestDimension(use, grid, block);
  return grid[widest] * block[widest];
}

/// The rung the first run takes, among \p valid (indices into the site's
/// rungs, ascending roots), and why; \p gridFollows tells whether the
/// grid follows the root.
size_t firstChoice(const KernelInfo &kernel, const access::IndexUse &use,
                   const arch::ArchDescription &arch,
                   const PartialLaunch &known, ArrayRef<size_t> valid,
                   std::string &basis, bool &gridFollows) {
  const std::vector<RootedLaunch> &rungs = known.site->rooted;
  auto blockOf = [&](const RootedLaunch &rung) {
    if (known.block)
      return *known.block;
    if (auto block = dimOf(rung.block))
      return *block;
    return std::array<uint64_t, 3>{AssumedBlockThreads, 1, 1};
  };
  auto sharedOf = [&](const RootedLaunch &rung) {
    if (known.dynamicSharedBytes)
      return *known.dynamicSharedBytes;
    return rung.dynamicSharedBytes.asUnsigned().value_or(0);
  };
  auto blocksOf = [&](const RootedLaunch &rung) -> std::optional<uint64_t> {
    auto grid = dimOf(rung.grid);
    if (!grid)
      return std::nullopt;
    return (*grid)[0] * (*grid)[1] * (*grid)[2];
  };
  std::optional<uint64_t> fewest = blocksOf(rungs[valid.front()]);
  std::optional<uint64_t> most = blocksOf(rungs[valid.back()]);
  gridFollows = !known.grid && fewest && most && *fewest != *most;
  if (gridFollows) {
    // The grid grows with the root: the smallest root whose grid fills the
    // GPU as an assumed grid would.
    for (size_t i : valid) {
      std::optional<uint64_t> blocks = blocksOf(rungs[i]);
      uint64_t target =
          targetBlocks(kernel, arch, blockOf(rungs[i]), sharedOf(rungs[i]));
      if (blocks && *blocks >= target) {
        basis = "the smallest power of two with which the grid the source "
                "computes, " +
                dimText(*dimOf(rungs[i].grid)) + " = " +
                std::to_string(*blocks) + " blocks, fills " +
                std::to_string(AssumedWaves) + " waves of " +
                std::to_string(arch.sm.count) + " SMs (" +
                std::to_string(target) + " blocks)";
        return i;
      }
    }
    basis = "the largest power of two before the values the source computes "
            "overflow or pass CUDA's limits; its grid " +
            dimText(*dimOf(rungs[valid.back()].grid)) +
            " does not fill the GPU " + std::to_string(AssumedWaves) + " times";
    return valid.back();
  }
  // The grid does not follow the root: the largest root within the
  // launch's threads (their shape as assumeLaunchShape completes it), as an
  // assumed argument would be.
  const RootedLaunch &any = rungs[valid.front()];
  PartialLaunch shape = known;
  if (!shape.grid)
    shape.grid = dimOf(any.grid);
  if (!shape.block)
    shape.block = dimOf(any.block);
  if (!shape.dynamicSharedBytes)
    shape.dynamicSharedBytes = any.dynamicSharedBytes.asUnsigned();
  LaunchOverrides assumed;
  std::vector<LaunchAssumption> unused;
  assumeLaunchShape(kernel, use, arch, shape, assumed, unused);
  uint64_t extent = widestExtent(use, shape.grid.value_or(*assumed.grid),
                                 shape.block.value_or(*assumed.block));
  size_t chosen = valid.front();
  for (size_t i : valid)
    if (rungs[i].root <= extent)
      chosen = i;
  basis = "the largest power of two within the launch's threads, " +
          std::to_string(extent) +
          " in its widest dimension, so that a "
          "bounds guard on a global index holds for "
          "every thread";
  return chosen;
}

/// Whether the argument \p name of the launch \p site differs between its
/// smallest and largest \p valid roots (the source computes it from them).
bool followsRoot(const LaunchSite &site, ArrayRef<size_t> valid,
                 StringRef name) {
  auto valueAt = [&](size_t rung) -> std::optional<std::string> {
    for (const LaunchArgument &arg : site.rooted[rung].args)
      if (arg.param == name && arg.value.isKnown())
        return arg.value.str();
    return std::nullopt;
  };
  return valueAt(valid.front()) != valueAt(valid.back());
}

/// The rungs of the site of \p known (indices, ascending roots) whose
/// values are a launch the GPU can run; none when fewer than two are or
/// no value follows the root (the values are then assumed one by one).
std::vector<size_t> validRungs(const KernelInfo &kernel,
                               const arch::ArchDescription &arch,
                               const PartialLaunch &known) {
  std::vector<size_t> valid;
  if (!known.site)
    return valid;
  const LaunchSite &site = *known.site;
  for (size_t i = 0; i < site.rooted.size(); ++i)
    if (validRung(site.rooted[i], kernel, arch))
      valid.push_back(i);
  if (valid.size() < 2 ||
      !valuesFollowRoot(site.rooted[valid.front()], site.rooted[valid.back()]))
    valid.clear();
  return valid;
}

/// Puts the values of \p rung that \p known lacks into \p layer, and an
/// index into a fixed-extent device array among them, with why it is 0,
/// into \p tableArgs; false when \p rung gives no part \p known lacks.
bool rungValues(const KernelInfo &kernel, const access::IndexUse &use,
                const PartialLaunch &known, ArrayRef<size_t> valid,
                const RootedLaunch &rung, LaunchOverrides &layer,
                std::vector<std::pair<std::string, std::string>> &tableArgs) {
  const LaunchSite &site = *known.site;
  layer.origin = "the source with assumed host values";
  bool gives = false;
  if (!known.grid && rung.grid.isKnown()) {
    layer.grid = dimOf(rung.grid);
    gives = true;
  } else if (!known.grid) {
    // Components the source computes from the host values alone are kept
    // where others stay unknown (a grid `dim3(ceil_div(T, 256), B * NH)`
    // with T assumed and B * NH not: x follows T, and the assumed grid
    // fills y); before, the whole grid was assumed, and a retry that made
    // T smaller left most of its blocks with no thread under T.
    for (unsigned d = 0; d < 3; ++d)
      if (std::optional<uint64_t> n = rung.grid.components[d].asUnsigned();
          n && *n > 0 && !known.site->grid.components[d].isKnown()) {
        layer.gridComponents[d] = *n;
        gives = true;
      }
  }
  if (!known.block && rung.block.isKnown()) {
    layer.block = dimOf(rung.block);
    gives = true;
  }
  if (!known.dynamicSharedBytes && rung.dynamicSharedBytes.isKnown()) {
    layer.dynamicSharedBytes = rung.dynamicSharedBytes.asUnsigned();
    gives = true;
  }
  // An index into a fixed-extent device array that the source computes
  // from the host values (FunctionPointers' `blockOperation`, a parameter
  // of the host function passed on) is assumed on its own: 0.
  for (const LaunchArgument &arg : rung.args) {
    const KernelParam *param = paramOrMemberNamed(kernel, arg.param);
    if (!param || !takesNumber(*param) || !arg.value.isKnown() ||
        known.args.count(arg.param))
      continue;
    gives = true;
    std::optional<std::string> table = tableIndexBasis(kernel, use, arg.param);
    if (table && followsRoot(site, valid, arg.param)) {
      layer.args[arg.param] = "0";
      tableArgs.emplace_back(arg.param, std::move(*table));
      continue;
    }
    layer.args[arg.param] = arg.value.str();
  }
  return gives;
}

/// "n", "sx and sy", "a, b and c".
std::string namesText(ArrayRef<std::string> names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

/// namesText of the first few of \p names, the others counted: a note under
/// every kernel of a file of many launches (SHOC's S3D: 54 of one host
/// value) does not list them all.
std::string fewNames(ArrayRef<std::string> names) {
  constexpr size_t Listed = 3;
  if (names.size() <= Listed + 1)
    return namesText(names);
  std::vector<std::string> some(names.begin(), names.begin() + Listed);
  some.push_back(std::to_string(names.size() - Listed) + " more");
  return namesText(some);
}

} // namespace

std::optional<OwnHostValue> ownHostValue(const KernelInfo &kernel,
                                         const access::IndexUse &use,
                                         const arch::ArchDescription &arch,
                                         const PartialLaunch &known) {
  std::vector<size_t> valid = validRungs(kernel, arch, known);
  if (valid.empty())
    return std::nullopt;
  OwnHostValue own;
  size_t first =
      firstChoice(kernel, use, arch, known, valid, own.basis, own.gridFollows);
  LaunchOverrides layer;
  std::vector<std::pair<std::string, std::string>> tableArgs;
  if (!rungValues(kernel, use, known, valid, known.site->rooted[first], layer,
                  tableArgs))
    return std::nullopt;
  own.root = known.site->rooted[first].root;
  for (size_t i : valid)
    own.validRoots.push_back(known.site->rooted[i].root);
  return own;
}

bool sameHostVariable(const HostRoot &a, const HostRoot &b) {
  return a.name == b.name && a.declaration.file == b.declaration.file &&
         a.declaration.line == b.declaration.line &&
         a.declaration.column == b.declaration.column;
}

std::vector<HostValueGroup>
groupHostValues(ArrayRef<HostValueLaunch> launches) {
  // Launches that read one variable are one group, and so, transitively,
  // are launches joined by another launch that reads a variable of each
  // (every variable of one launch holds the same value).
  std::vector<size_t> groupOf(launches.size());
  for (size_t i = 0; i < launches.size(); ++i)
    groupOf[i] = i;
  auto find = [&](size_t i) {
    while (groupOf[i] != i)
      i = groupOf[i] = groupOf[groupOf[i]];
    return i;
  };
  for (size_t i = 0; i < launches.size(); ++i)
    for (size_t j = i + 1; j < launches.size(); ++j)
      if (any_of(launches[i].roots, [&](const HostRoot &a) {
            return any_of(launches[j].roots, [&](const HostRoot &b) {
              return sameHostVariable(a, b);
            });
          }))
        groupOf[find(j)] = find(i);

  std::vector<HostValueGroup> groups;
  for (size_t i = 0; i < launches.size(); ++i) {
    if (find(i) != i)
      continue;
    HostValueGroup group;
    for (size_t j = i; j < launches.size(); ++j)
      if (find(j) == i)
        group.launches.push_back(j);
    if (group.launches.size() < 2)
      continue;
    // The values every launch of the group can run with.
    std::vector<uint64_t> common = launches[i].own.validRoots;
    for (size_t j : group.launches)
      erase_if(common, [&](uint64_t root) {
        return !is_contained(launches[j].own.validRoots, root);
      });
    if (common.empty())
      continue;
    for (size_t j : group.launches)
      for (const HostRoot &root : launches[j].roots)
        if (none_of(group.roots, [&](const HostRoot &known) {
              return sameHostVariable(known, root);
            }))
          group.roots.push_back(root);

    // The smallest of the launches' own values, among the launches whose
    // grid follows the value when there are any. Each launch's own value
    // is the size with which it is the launch gpurd would assume for it
    // alone (4 waves of the GPU, every bounds guard holding); the smallest
    // is that of the launch whose work grows fastest with it (an n x n
    // grid beside one of n threads), and at that size the others do what
    // the program gives them. A larger one would make that launch larger
    // than gpurd assumes any launch to be: past CUDA's grid limits, an
    // array past the 1 GiB gpurd lays out, or a block longer than it
    // traces, where it would be retried smaller on its own and the value
    // split again. Where the grid does not follow the value, it only
    // sizes arguments, so launches whose grid does decide first.
    bool anyFollows = any_of(
        group.launches, [&](size_t j) { return launches[j].own.gridFollows; });
    std::optional<size_t> decider;
    for (size_t j : group.launches)
      if ((!anyFollows || launches[j].own.gridFollows) &&
          (!decider || launches[j].own.root < launches[*decider].own.root))
        decider = j;
    uint64_t wanted = launches[*decider].own.root;
    // Within the values valid for all of them: the largest no larger, else
    // the smallest.
    uint64_t value = common.front();
    for (uint64_t root : common)
      if (root <= wanted)
        value = root;
    for (auto it = common.rbegin(); it != common.rend(); ++it)
      if (*it <= value &&
          (group.steps.empty() || *it * SizeDivisor <= group.steps.back()))
        group.steps.push_back(*it);

    std::vector<std::string> names;
    for (const HostRoot &root : group.roots)
      names.push_back(root.name);
    std::vector<std::string> kernels;
    // The other launches by the value each would take alone.
    std::map<uint64_t, std::vector<std::string>> byValue;
    for (size_t j : group.launches) {
      kernels.push_back("'" + launches[j].kernel + "' (line " +
                        std::to_string(launches[j].line) + ")");
      if (j != *decider)
        byValue[launches[j].own.root].push_back("'" + launches[j].kernel + "'");
    }
    std::vector<std::string> others;
    for (const auto &[root, taking] : byValue)
      others.push_back(fewNames(taking) + " would take " +
                       std::to_string(root));
    const HostValueLaunch &chosen = launches[*decider];
    group.basis = "one value for the " + std::to_string(group.launches.size()) +
                  " launches of this file computed from " + namesText(names) +
                  ", those of " + fewNames(kernels) +
                  ": the smallest of the values they take alone";
    if (anyFollows && any_of(group.launches, [&](size_t j) {
          return !launches[j].own.gridFollows;
        }))
      group.basis += " among those whose grid follows it";
    group.basis += ", that of '" + chosen.kernel + "', " + chosen.own.basis +
                   "; alone, " + join(others, ", ");
    if (value < wanted)
      group.basis += "; lowered to " + std::to_string(value) +
                     ", the largest with which every launch is one the GPU "
                     "can run";
    else if (value > wanted)
      group.basis += "; raised to " + std::to_string(value) +
                     ", the smallest with which every launch is one the GPU "
                     "can run";
    groups.push_back(std::move(group));
  }
  return groups;
}

bool assumeHostValues(const KernelInfo &kernel, const access::IndexUse &use,
                      const arch::ArchDescription &arch,
                      const PartialLaunch &known, const AssumptionScale &scale,
                      const SharedHostValue *shared, LaunchOverrides &layer,
                      std::vector<LaunchAssumption> &out) {
  std::vector<size_t> valid = validRungs(kernel, arch, known);
  if (valid.empty())
    return false;
  const LaunchSite &site = *known.site;
  // The value the file's launches share, where this launch can run with
  // it; else its own.
  std::string basis;
  std::optional<size_t> first;
  if (shared)
    for (size_t i : valid)
      if (site.rooted[i].root == shared->root) {
        first = i;
        basis = shared->basis;
      }
  if (!first) {
    bool gridFollows = false;
    first = firstChoice(kernel, use, arch, known, valid, basis, gridFollows);
  }
  // A retry steps down by SizeDivisor per division, to the smallest root.
  uint64_t divisor = 1;
  for (unsigned i = 0; i < scale.sizeDivisions; ++i)
    divisor *= SizeDivisor;
  size_t chosen = *first;
  if (divisor > 1) {
    chosen = valid.front();
    for (size_t i : valid)
      if (site.rooted[i].root * divisor <= site.rooted[*first].root)
        chosen = i;
    basis +=
        ", divided by " +
        std::to_string(site.rooted[*first].root / site.rooted[chosen].root) +
        ": with " + std::to_string(site.rooted[*first].root) + ", " +
        scale.reason;
  }
  const RootedLaunch &rung = site.rooted[chosen];
  std::vector<std::pair<std::string, std::string>> tableArgs;
  if (!rungValues(kernel, use, known, valid, rung, layer, tableArgs))
    return false;

  // A host value passed on as such an index (a root of the argument's
  // name) is not named as a size, unless it is the only root and the
  // launch's shape came from it.
  bool shapeFromRung = layer.grid || layer.block || layer.dynamicSharedBytes;
  LaunchAssumption assumption;
  std::vector<std::string> reasons;
  for (const HostRoot &root : site.roots)
    if (none_of(tableArgs,
                [&](const auto &table) { return table.first == root.name; })) {
      assumption.hostNames.push_back(root.name);
      reasons.push_back(root.reason);
    }
  if (assumption.hostNames.empty() && shapeFromRung)
    for (const HostRoot &root : site.roots) {
      assumption.hostNames.push_back(root.name);
      reasons.push_back(root.reason);
    }
  assumption.part = join(assumption.hostNames, " = ");
  assumption.value = std::to_string(rung.root);
  assumption.basis = std::move(basis);
  assumption.missing = join(reasons, "; ") +
                       "; give the launch's values with " +
                       userInput(UserInput::Grid, "X[,Y[,Z]]") + ", " +
                       userInput(UserInput::Block, "X[,Y[,Z]]") + " and " +
                       userInput(UserInput::Argument, "NAME=VALUE") +
                       " or in a " + userInput(UserInput::LaunchSpec) + " file";
  assumption.root = rung.root;
  if (!assumption.hostNames.empty())
    out.push_back(std::move(assumption));
  for (auto &[name, basis] : tableArgs)
    out.push_back({name, "0", std::move(basis),
                   "the source computes it from host values it cannot know; "
                   "give it with " +
                       userInput(UserInput::Argument, name + "=VALUE") +
                       " or in a " + userInput(UserInput::LaunchSpec) + " file",
                   /*argument=*/true});
  return true;
}

Expected<const SharedHostValue *>
AnalysisContext::sharedHostValue(const TranslationUnitInfo &unit,
                                 const LaunchSite &site) {
  auto parsed = parsedVariantOf(unit);
  if (!parsed)
    return parsed.takeError();
  SourceVariant &source = *parsed;
  if (!source.hostValues)
    if (Error error = planHostValues(source))
      return std::move(error);
  for (const FileHostValue &planned : *source.hostValues)
    for (const HostRoot &root : site.roots)
      if (any_of(planned.roots, [&](const HostRoot &other) {
            return sameHostVariable(root, other);
          }))
        return &planned.value;
  return nullptr;
}

Error AnalysisContext::planHostValues(SourceVariant &source) {
  TimeTraceScope scope("planHostValues");
  const TranslationUnitInfo &unit = source.unit;
  // Planned from here on: the launches resolved below to try a value take
  // it from the plan.
  source.hostValues.emplace();
  std::vector<HostValueLaunch> launches;
  std::vector<const KernelInfo *> kernels;
  for (const KernelInfo &kernel : unit.kernels) {
    // The launch each kernel is analysed with, as the launch inputs give it.
    auto known = unrecordedLaunch(unit, kernel);
    if (!known) {
      // Invalid launch values for this kernel: its own analysis says so,
      // and it takes no value.
      consumeError(known.takeError());
      continue;
    }
    if (!known->site || known->site->rooted.empty())
      continue;
    auto use = indexUse(unit, kernel);
    if (!use) {
      source.hostValues.reset();
      return use.takeError();
    }
    std::optional<OwnHostValue> own =
        ownHostValue(kernel, *use, archDescription, *known);
    if (!own)
      continue;
    launches.push_back({kernel.name, known->site->position.line,
                        known->site->roots, std::move(*own)});
    kernels.push_back(&kernel);
  }
  std::vector<HostValueGroup> groups = groupHostValues(launches);
  // Each group's value lives at one place from here on (the launches
  // resolved below point to it).
  source.hostValues->reserve(groups.size());
  for (const HostValueGroup &group : groups)
    source.hostValues->push_back(
        {group.roots, {group.steps.front(), group.basis}});

  // The kernels whose own runs take a planned trace (analyseScaled): those
  // this run analyses, in the file as written. The others' (with --kernel)
  // and a what-if variant's, which prepares its traces itself, would be
  // held unused. An unknown --kernel is the command's error to report; no
  // trace is kept.
  std::vector<const KernelInfo *> analysed;
  if (!source.isChanged()) {
    if (auto selected = selectedKernels(unit))
      analysed = std::move(*selected);
    else
      consumeError(selected.takeError());
  }

  // A value with which the trace of one of the launches cannot be
  // prepared (an array past the span gpurd lays out, an access before the
  // pointer the kernel is given) would make that launch's run retry smaller
  // on its own (AssumptionRetry.cpp), and the value split again: the group
  // steps down until every launch's trace can be prepared. A launch that
  // cannot at any value tried is left to fail on its own.
  auto boundAt = [&](const KernelInfo &kernel) -> std::optional<BoundFailure> {
    auto layers = overridesFor(unit, kernel, /*record=*/false);
    if (!layers) {
      consumeError(layers.takeError());
      return std::nullopt;
    }
    // Errors other than a bound are the kernel's whatever the value, and
    // its own analysis reports them.
    auto config = launchWithAssumptions(unit, kernel, std::move(*layers),
                                        /*allowUnknownArgs=*/true);
    if (!config) {
      consumeError(config.takeError());
      return std::nullopt;
    }
    std::string launch = preparedLaunchKey(*config);
    auto trace = prepareTraceIn(source, kernel, *config, KernelChange());
    if (trace) {
      if (is_contained(analysed, &kernel))
        source.plannedTraces[kernel.name] = {std::move(launch),
                                             std::move(*trace)};
      return std::nullopt;
    }
    Error error = trace.takeError();
    std::optional<BoundFailure> failure = boundOf(error);
    consumeError(std::move(error));
    return failure;
  };
  for (size_t g = 0; g < groups.size(); ++g) {
    const HostValueGroup &group = groups[g];
    SharedHostValue &value = (*source.hostValues)[g].value;
    // The step the value settles at (the first with which every launch
    // that can be prepared at all is), and why the step before it was left.
    // The launches are tried one after the other at the step the ones
    // before them settled on, so that every launch after the last that
    // moves the value down is prepared with the value it is analysed with,
    // and its trace serves its analysis (plannedTraces): SHOC's S3D, whose
    // first launches made the value step down, prepared each of its 54
    // kernels twice.
    size_t settled = 0;
    std::string left;
    const size_t lastStep =
        std::min<size_t>(group.steps.size() - 1, MaxAssumptionRetries);
    for (size_t l : group.launches) {
      std::optional<BoundFailure> before;
      for (size_t step = settled; step <= lastStep; ++step) {
        value.root = group.steps[step];
        std::optional<BoundFailure> failure = boundAt(*kernels[l]);
        if (!failure) {
          if (before) {
            settled = step;
            left =
                boundReason(before->bound) + " in '" + launches[l].kernel + "'";
          }
          break;
        }
        // The same failure with a smaller value does not depend on it: the
        // launch is left to fail on its own.
        if (before && before->bound == failure->bound &&
            before->reach == failure->reach)
          break;
        before = std::move(failure);
      }
    }
    value.root = group.steps[settled];
    if (settled > 0)
      value.basis +=
          ", divided by " + std::to_string(group.steps.front() / value.root) +
          ": with " + std::to_string(group.steps[settled - 1]) + ", " + left;
  }
  return Error::success();
}

} // namespace gpurd::driver
