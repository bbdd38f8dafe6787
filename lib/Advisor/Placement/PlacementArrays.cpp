//===- PlacementArrays.cpp - The arrays placement may move, and where -----===//

#include "gpurd/Advisor/Placement.h"

#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/WarpRequests.h"
#include "gpurd/Trace/BufferExtents.h"
#include "gpurd/Trace/ContentDependence.h"
#include "gpurd/Trace/DefaultBuffers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace gpurd::advisor {

llvm::StringRef placementTargetName(PlacementTarget target) {
  switch (target) {
  case PlacementTarget::Global:
    return "global";
  case PlacementTarget::ReadOnly:
    return "read-only path";
  case PlacementTarget::Constant:
    return "constant";
  case PlacementTarget::Shared:
    return "shared";
  }
  return "global";
}

MemorySpace placementSpace(PlacementTarget target) {
  switch (target) {
  case PlacementTarget::Global:
    return MemorySpace::Global;
  case PlacementTarget::ReadOnly:
    return MemorySpace::GlobalReadOnly;
  case PlacementTarget::Constant:
    return MemorySpace::Constant;
  case PlacementTarget::Shared:
    return MemorySpace::Shared;
  }
  return MemorySpace::Global;
}

PlacementTarget placementTargetOf(MemorySpace space) {
  switch (space) {
  case MemorySpace::GlobalReadOnly:
  case MemorySpace::Texture:
    return PlacementTarget::ReadOnly;
  case MemorySpace::Constant:
    return PlacementTarget::Constant;
  case MemorySpace::Shared:
    return PlacementTarget::Shared;
  case MemorySpace::Global:
  case MemorySpace::Local:
    return PlacementTarget::Global;
  }
  return PlacementTarget::Global;
}

unsigned addressingInstructions(PlacementTarget target) {
  // Seed 002 Fig. 2 and §III-B.
  switch (target) {
  case PlacementTarget::Global:
  case PlacementTarget::ReadOnly:
    return 2;
  case PlacementTarget::Constant:
  case PlacementTarget::Shared:
    return 1;
  }
  return 2;
}

bool readOnlyPathDiffers(const arch::ArchDescription &arch) {
  llvm::Expected<model::CacheLevelConfig> l1 = model::resolveL1(arch);
  if (!l1) {
    llvm::consumeError(l1.takeError()); // no L1 the cache model runs on
    return false;
  }
  return model::readUsesL1(*l1, MemorySpace::GlobalReadOnly) &&
         !model::readUsesL1(*l1, MemorySpace::Global);
}

std::string placementPhrase(PlacementTarget target) {
  if (target == PlacementTarget::ReadOnly)
    return "through the read-only path";
  return "in " + placementTargetName(target).str() + " memory";
}

std::string PlacementTime::describe() const {
  if (moved.empty())
    return "as written";
  std::string text;
  for (const auto &[name, target] : moved) {
    if (!text.empty())
      text += ", ";
    text += "'" + name + "' " + placementPhrase(target);
  }
  return text;
}

const PlacementTime &PlacementRanking::asWritten() const {
  for (const PlacementTime &candidate : candidates)
    if (candidate.asWritten())
      return candidate;
  return candidates.front();
}

namespace {

/// The arrays' warp instructions (counted by the pattern counter, which
/// sees every space, constant memory included) and whether the kernel
/// writes them.
void countUses(const driver::KernelAnalysis &analysis,
               std::vector<PlacementArray> &arrays) {
  const access::AccessModel &model = analysis.trace->model;
  std::map<int, PlacementArray *> byIndex;
  for (PlacementArray &array : arrays)
    byIndex[array.index] = &array;
  std::map<uint32_t, uint64_t> instructions;
  for (const model::SiteAccessPattern &pattern : analysis.patterns)
    instructions[pattern.site] += pattern.warpInstructions;
  for (const access::AccessSite &site : model.sites) {
    auto it = byIndex.find(site.array);
    if (it == byIndex.end() || site.kind == AccessKind::Barrier)
      continue;
    if (site.kind != AccessKind::Read)
      it->second->written = true;
    it->second->warpInstructions += instructions[site.id];
  }
}

/// Marks the arrays with a site whose address is computed from loaded data.
void findDataDependentSites(const driver::KernelAnalysis &analysis,
                            std::vector<PlacementArray> &arrays) {
  const driver::KernelTrace &trace = *analysis.trace;
  if (!trace.prepared.function)
    return;
  trace::ContentDependence dependence = trace::analyseContentDependence(
      *trace.prepared.function, trace.prepared.siteInstructions);
  for (const access::AccessSite &site : trace.model.sites) {
    if (site.kind == AccessKind::Barrier ||
        site.id >= dependence.siteAddress.size() ||
        !dependence.siteAddress[site.id])
      continue;
    for (PlacementArray &array : arrays)
      if (array.index == site.array && array.dataDependentSite.empty())
        array.dataDependentSite = trace::describeSite(site);
  }
}

/// Shared memory: a per-block copy of the block's tile of \p array, when
/// the block reuses it (else the copy reads what the kernel reads) and it
/// fits. A block's tile is known only where addresses do not come from
/// loaded data: for `x[col[j]]` the copy would have to hold every byte an
/// index may reach, and the bytes one input made the blocks touch are not
/// that.
void sharedTarget(PlacementArray &array, const driver::KernelAnalysis &analysis,
                  const arch::ArchDescription &arch) {
  const std::string name = "'" + array.name + "'";
  if (!array.dataDependentSite.empty()) {
    array.excluded.push_back(
        name + " is not copied to shared memory: the addresses of " +
        array.dataDependentSite +
        " are computed from loaded data, so a block's copy would have to "
        "hold every byte they may reach, which gpurd does not know");
    return;
  }
  if (!array.tileBytes) {
    array.excluded.push_back(name + " is not copied to shared memory: the "
                                    "modelled blocks gave no tile of it");
    return;
  }
  uint64_t tile = *array.tileBytes;
  if (array.reuse <= 1.0) {
    array.excluded.push_back(
        name +
        " is not copied to shared memory: a block accesses each of "
        "the bytes it touches about once (" +
        llvm::formatv("{0:F2}", array.reuse).str() +
        " times), so a copy would read them from global memory again");
    return;
  }
  const LaunchConfig &launch = analysis.trace->config;
  uint64_t used = analysis.trace->kernel->staticSharedBytes +
                  launch.dynamicSharedBytes + tile;
  std::optional<uint64_t> limit = arch.sm.sharedMemoryPerBlock;
  if (limit && used <= *limit) {
    array.targets.push_back(PlacementTarget::Shared);
    return;
  }
  array.excluded.push_back(
      name + " (a block's " + std::to_string(tile) +
      " bytes) does not fit in a block's shared memory" +
      (limit ? " (" + std::to_string(*limit) + " bytes, " +
                   std::to_string(used - tile) + " already used)"
             : " (the arch gives no sm.sharedMemoryPerBlock)"));
}

/// The parts of \p launch that decide how much of an array the kernel
/// reaches and that were assumed (the grid, integer arguments), joined for
/// a message; empty when none was.
std::string assumedSizesText(const LaunchConfig &launch) {
  std::vector<std::string> parts;
  for (const LaunchAssumption &assumption : launch.assumptions) {
    if (assumption.followsBlock)
      continue;
    if (!assumption.hostNames.empty())
      for (const std::string &name : assumption.hostNames)
        parts.push_back("'" + name + "'");
    else if (assumption.part == "grid")
      parts.push_back("grid");
    else if (assumption.argument)
      parts.push_back("'" + assumption.part + "'");
  }
  return llvm::join(parts, ", ");
}

/// The targets \p array may move to, and why not the others.
void legalTargets(PlacementArray &array, const driver::KernelAnalysis &analysis,
                  const arch::ArchDescription &arch) {
  if (array.written) {
    array.excluded.push_back(
        "'" + array.name +
        "' stays in global memory: the kernel writes it, and the read-only "
        "path, constant memory and a per-block shared copy are for data it "
        "only reads");
    return;
  }
  if (array.home == PlacementTarget::Constant)
    array.targets.push_back(PlacementTarget::Global);
  if (readOnlyPathDiffers(arch))
    array.targets.push_back(PlacementTarget::ReadOnly);
  else
    array.excluded.push_back(
        "'" + array.name + "' is not moved to the read-only path: on " +
        arch.name + " its loads reach the same L1 as plain global loads");
  std::string assumedSizes = assumedSizesText(analysis.trace->config);
  if (array.home == PlacementTarget::Constant) {
    // In constant memory already.
  } else if (array.bytes && array.tileBytes &&
             *array.tileBytes < *array.bytes && !assumedSizes.empty())
    // Blocks reading parts of it of their own: its size is the launch's,
    // and the launch's sizes are assumed (llm.c's attention gradient, B x
    // NH x T x T floats, fitted 64 KB at assumed sizes 16 and a grid of 64
    // blocks in y and was told to move there).
    array.excluded.push_back(
        "'" + array.name +
        "' is not moved to constant memory: its blocks read parts of it of "
        "their own (" +
        std::to_string(*array.tileBytes) + " of its " +
        std::to_string(*array.bytes) +
        " bytes at most), so its size follows the launch's, which rests on "
        "assumed " +
        assumedSizes + ": at the real sizes it may not fit the 64 KB");
  else if (!array.bytes)
    array.excluded.push_back("'" + array.name +
                             "' is not moved to constant memory: gpurd does "
                             "not know all the bytes the kernel accesses");
  else if (*array.bytes <= ConstantMemoryBytes)
    array.targets.push_back(PlacementTarget::Constant);
  else
    array.excluded.push_back("'" + array.name + "' (" +
                             std::to_string(*array.bytes) +
                             " bytes) does not fit in the 64 KB of constant "
                             "memory");
  sharedTarget(array, analysis, arch);
}

} // namespace

std::vector<PlacementArray>
placementArrays(const driver::KernelAnalysis &analysis,
                const arch::ArchDescription &arch) {
  const access::AccessModel &model = analysis.trace->model;
  std::vector<PlacementArray> arrays;
  for (auto [index, info] : llvm::enumerate(model.arrays)) {
    const bool global = info.space == MemorySpace::Global &&
                        (info.origin == access::ArrayInfo::Origin::Parameter ||
                         info.origin == access::ArrayInfo::Origin::Variable);
    const bool constant = info.space == MemorySpace::Constant &&
                          info.origin == access::ArrayInfo::Origin::Variable;
    if (!global && !constant)
      continue;
    PlacementArray array;
    array.name = info.name;
    if (constant) {
      array.home = PlacementTarget::Constant;
      array.targets = {PlacementTarget::Constant};
    }
    array.index = static_cast<int>(index);
    trace::ArrayExtent extent =
        trace::accessedExtent(model, static_cast<int>(index));
    if (extent.complete && !extent.empty())
      array.bytes = static_cast<uint64_t>(extent.end - extent.begin);
    arrays.push_back(std::move(array));
  }
  countUses(analysis, arrays);
  if (analysis.placement)
    for (PlacementArray &array : arrays) {
      auto it = analysis.placement->footprints.find(array.index);
      if (it == analysis.placement->footprints.end() || !it->second.maxWords)
        continue;
      array.tileBytes = 4 * it->second.maxWords;
      array.reuse = it->second.reuse();
    }
  findDataDependentSites(analysis, arrays);
  // Arrays the modelled warps never touched have nothing to place.
  llvm::erase_if(arrays,
                 [](const PlacementArray &a) { return !a.warpInstructions; });
  for (PlacementArray &array : arrays)
    legalTargets(array, analysis, arch);
  return arrays;
}

std::optional<std::string> sharedReuseExclusion(const PlacementArray &array,
                                                double minGain) {
  const double readsSaved = array.reuse > 1 ? 1 - 1 / array.reuse : 0;
  if (readsSaved >= minGain)
    return std::nullopt;
  return "'" + array.name +
         "' is not copied to shared memory: a block reads each byte it "
         "touches " +
         llvm::formatv("{0:F3}", array.reuse).str() +
         " times, so a copy saves at most " +
         llvm::formatv("{0:P1}", readsSaved).str() +
         " of its global reads, less than the gain asked for";
}

} // namespace gpurd::advisor
