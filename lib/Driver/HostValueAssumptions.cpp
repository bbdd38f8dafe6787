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
//===----------------------------------------------------------------------===//

#include "Assumptions.h"

#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::driver {
namespace {

std::optional<std::array<uint64_t, 3>> dimOf(const Dim3Value &dim) {
  std::array<uint64_t, 3> out;
  for (unsigned d = 0; d < 3; ++d) {
    std::optional<uint64_t> n = dim.components[d].asUnsigned();
    if (!n || *n == 0)
      return std::nullopt;
    out[d] = *n;
  }
  return out;
}

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
/// rungs, ascending roots), and why.
size_t firstChoice(const KernelInfo &kernel, const access::IndexUse &use,
                   const arch::ArchDescription &arch,
                   const PartialLaunch &known, ArrayRef<size_t> valid,
                   std::string &basis) {
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
  if (!known.grid && fewest && most && *fewest != *most) {
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

} // namespace

bool assumeHostValues(const KernelInfo &kernel, const access::IndexUse &use,
                      const arch::ArchDescription &arch,
                      const PartialLaunch &known, const AssumptionScale &scale,
                      LaunchOverrides &layer,
                      std::vector<LaunchAssumption> &out) {
  if (!known.site || known.site->rooted.empty())
    return false;
  const LaunchSite &site = *known.site;
  std::vector<size_t> valid;
  for (size_t i = 0; i < site.rooted.size(); ++i)
    if (validRung(site.rooted[i], kernel, arch))
      valid.push_back(i);
  if (valid.size() < 2 ||
      !valuesFollowRoot(site.rooted[valid.front()], site.rooted[valid.back()]))
    return false;
  std::string basis;
  size_t first = firstChoice(kernel, use, arch, known, valid, basis);
  // A retry steps down by SizeDivisor per division, to the smallest root.
  uint64_t divisor = 1;
  for (unsigned i = 0; i < scale.sizeDivisions; ++i)
    divisor *= SizeDivisor;
  size_t chosen = first;
  if (divisor > 1) {
    chosen = valid.front();
    for (size_t i : valid)
      if (site.rooted[i].root * divisor <= site.rooted[first].root)
        chosen = i;
    basis +=
        ", divided by " +
        std::to_string(site.rooted[first].root / site.rooted[chosen].root) +
        ": with " + std::to_string(site.rooted[first].root) + ", " +
        scale.reason;
  }
  const RootedLaunch &rung = site.rooted[chosen];

  layer.origin = "the source with assumed host values";
  bool gives = false;
  if (!known.grid && rung.grid.isKnown()) {
    layer.grid = dimOf(rung.grid);
    gives = true;
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
  std::vector<std::pair<std::string, std::string>> tableArgs;
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
  if (!gives)
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

} // namespace gpurd::driver
