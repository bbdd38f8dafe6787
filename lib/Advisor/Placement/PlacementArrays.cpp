//===- PlacementArrays.cpp - The arrays placement may move, and where -----===//

#include "gpurd/Advisor/Placement.h"

#include "gpurd/Trace/BufferExtents.h"

#include "llvm/ADT/StringExtras.h"

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

std::string PlacementTime::describe() const {
  if (moved.empty())
    return "as written";
  std::string text;
  for (const auto &[name, target] : moved) {
    if (!text.empty())
      text += ", ";
    text += "'" + name + "' ";
    text += target == PlacementTarget::ReadOnly
                ? "through the read-only path"
                : "in " + placementTargetName(target).str() + " memory";
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

/// The arrays' warp instructions and whether the kernel writes them.
void countUses(const driver::KernelAnalysis &analysis,
               std::vector<PlacementArray> &arrays) {
  const access::AccessModel &model = analysis.trace->model;
  std::map<int, PlacementArray *> byIndex;
  for (PlacementArray &array : arrays)
    byIndex[array.index] = &array;
  for (const access::AccessSite &site : model.sites) {
    auto it = byIndex.find(site.array);
    if (it == byIndex.end() || site.kind == AccessKind::Barrier)
      continue;
    if (site.kind != AccessKind::Read)
      it->second->written = true;
    if (const model::SiteCacheResults *results = analysis.results.site(site.id))
      it->second->warpInstructions += results->warpInstructions;
  }
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
  array.targets.push_back(PlacementTarget::ReadOnly);
  if (!array.bytes) {
    array.excluded.push_back("'" + array.name +
                             "' is not moved to constant or shared memory: "
                             "gpurd does not know all the bytes it accesses");
    return;
  }
  uint64_t bytes = *array.bytes;
  if (bytes <= ConstantMemoryBytes)
    array.targets.push_back(PlacementTarget::Constant);
  else
    array.excluded.push_back("'" + array.name + "' (" + std::to_string(bytes) +
                             " bytes) does not fit in the 64 KB of constant "
                             "memory");
  const LaunchConfig &launch = analysis.trace->config;
  uint64_t used = analysis.trace->kernel->staticSharedBytes +
                  launch.dynamicSharedBytes + bytes;
  std::optional<uint64_t> limit = arch.sm.sharedMemoryPerBlock;
  if (limit && used <= *limit)
    array.targets.push_back(PlacementTarget::Shared);
  else
    array.excluded.push_back(
        "'" + array.name + "' (" + std::to_string(bytes) +
        " bytes) does not fit in a block's shared memory" +
        (limit ? " (" + std::to_string(*limit) + " bytes, " +
                     std::to_string(used - bytes) + " already used)"
               : " (the arch gives no sm.sharedMemoryPerBlock)"));
}

} // namespace

std::vector<PlacementArray>
placementArrays(const driver::KernelAnalysis &analysis,
                const arch::ArchDescription &arch) {
  const access::AccessModel &model = analysis.trace->model;
  std::vector<PlacementArray> arrays;
  for (auto [index, info] : llvm::enumerate(model.arrays)) {
    if (info.space != MemorySpace::Global ||
        (info.origin != access::ArrayInfo::Origin::Parameter &&
         info.origin != access::ArrayInfo::Origin::Variable))
      continue;
    PlacementArray array;
    array.name = info.name;
    array.index = static_cast<int>(index);
    trace::ArrayExtent extent =
        trace::accessedExtent(model, static_cast<int>(index));
    if (extent.complete && !extent.empty())
      array.bytes = static_cast<uint64_t>(extent.end - extent.begin);
    arrays.push_back(std::move(array));
  }
  countUses(analysis, arrays);
  // Arrays the modelled warps never touched have nothing to place.
  llvm::erase_if(arrays,
                 [](const PlacementArray &a) { return !a.warpInstructions; });
  for (PlacementArray &array : arrays)
    legalTargets(array, analysis, arch);
  return arrays;
}

} // namespace gpurd::advisor
