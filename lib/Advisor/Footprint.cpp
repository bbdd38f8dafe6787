//===- Footprint.cpp - Whether a what-if does the kernel's work -----------===//

#include "Footprint.h"

#include "gpurd/Trace/BufferExtents.h"

#include <map>
#include <utility>

namespace gpurd::advisor {
namespace {

bool isGlobal(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly;
}

/// The extents of \p run's global arrays by name.
std::map<std::string, trace::ArrayExtent>
globalExtents(const driver::KernelAnalysis &run) {
  const access::AccessModel &model = run.trace->model;
  std::map<std::string, trace::ArrayExtent> out;
  for (size_t i = 0; i < model.arrays.size(); ++i)
    if (isGlobal(model.arrays[i].space))
      out.emplace(model.arrays[i].name,
                  trace::accessedExtent(model, static_cast<int>(i)));
  return out;
}

std::string bytesText(const trace::ArrayExtent &extent) {
  return extent.empty() ? std::string("nothing")
                        : "bytes [" + std::to_string(extent.begin) + ", " +
                              std::to_string(extent.end) + ")";
}

} // namespace

FootprintComparison compareFootprints(const driver::KernelAnalysis &written,
                                      const driver::KernelAnalysis &variant) {
  using Kind = FootprintComparison::Kind;
  const auto before = globalExtents(written);
  const auto after = globalExtents(variant);
  for (const auto &[name, extent] : before) {
    auto other = after.find(name);
    if (other == after.end())
      return {Kind::Different, "it no longer accesses '" + name + "'"};
    if (!extent.complete || !other->second.complete)
      return {Kind::Unknown,
              "whether it accesses the same elements of '" + name +
                  "' cannot be checked (an access of it is not affine)"};
    if (extent.empty() != other->second.empty() ||
        (!extent.empty() && (extent.begin != other->second.begin ||
                             extent.end != other->second.end)))
      return {Kind::Different, "it accesses " + bytesText(other->second) +
                                   " of '" + name +
                                   "' where the kernel as written accesses " +
                                   bytesText(extent) + ": it does other work"};
  }
  for (const auto &entry : after)
    if (!before.count(entry.first))
      return {Kind::Different, "it accesses '" + entry.first +
                                   "', which the kernel as written does not"};
  return {};
}

std::string footprintDifference(const driver::KernelAnalysis &written,
                                const driver::KernelAnalysis &variant) {
  return compareFootprints(written, variant).reason;
}

bool sameWarpRuns(const driver::KernelAnalysis &before,
                  const driver::KernelAnalysis &after) {
  if (!before.results.sampling.blocksCut && !after.results.sampling.blocksCut)
    return true;
  // The first part of one run against the whole of the other.
  if (!before.results.sampling.blocksCut || !after.results.sampling.blocksCut)
    return false;
  if (!before.trace || !after.trace)
    return false;
  const LaunchConfig &a = before.trace->config, &b = after.trace->config;
  return !after.trace->change.changesSource() &&
         !before.trace->change.changesSource() && a.grid == b.grid &&
         a.block == b.block;
}

} // namespace gpurd::advisor
