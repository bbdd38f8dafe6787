//===- DivergentLoads.cpp - The loads that make a kernel MD ---------------===//

#include "gpurd/Advisor/DivergentLoads.h"

#include "gpurd/Model/Divergence/IntervalProfile.h"

#include "gpurd/Trace/DefaultBuffers.h"

namespace gpurd::advisor {

std::optional<MshrDemand>
mshrDemand(const model::CacheModelResults &results,
           llvm::ArrayRef<const access::AccessSite *> sites) {
  uint64_t requests = 0, lines = 0, allocations = 0;
  for (const access::AccessSite *site : sites) {
    const model::SiteCacheResults *cache = results.site(site->id);
    if (!cache || !cache->warpInstructions)
      continue;
    requests += cache->warpInstructions;
    model::divergence::SiteL1Lines l1 = model::divergence::l1LinesOf(*cache);
    lines += l1.lines;
    allocations += l1.allocations;
  }
  if (!requests || !lines)
    return std::nullopt;
  MshrDemand demand;
  demand.linesPerRequest = double(lines) / double(requests);
  demand.missesPerLine = double(allocations) / double(lines);
  return demand;
}

bool offChipLoad(const access::AccessSite &site) {
  return site.kind == AccessKind::Read && isOffChipSpace(site.space);
}

bool exceedsMshrs(const driver::KernelAnalysis &analysis,
                  const MshrDemand &demand) {
  if (!analysis.divergence || !analysis.divergence->mdm.memoryDivergent)
    return false;
  const model::divergence::KernelDivergence &kernel = *analysis.divergence;
  return demand.perRequest() * kernel.mdm.warpsPerSm > kernel.machine.mshrs;
}

llvm::Expected<std::optional<CoalesceWhatIf>>
coalesceDivergentLoads(WhatIfRunner &whatIf) {
  const driver::KernelAnalysis &baseline = whatIf.baselineAnalysis();
  CoalesceWhatIf out;
  for (const access::AccessSite &site : baseline.trace->model.sites) {
    if (!offChipLoad(site))
      continue;
    std::optional<MshrDemand> demand = mshrDemand(baseline.results, {&site});
    if (!demand || !exceedsMshrs(baseline, *demand))
      continue;
    out.change.coalescedSites.insert(site.id);
    out.loads += (out.loads.empty() ? "" : ", ") + trace::describeSite(site);
  }
  if (out.change.coalescedSites.empty())
    return std::nullopt;
  auto runs = whatIf.compare(out.change);
  if (!runs)
    return runs.takeError();
  out.before = &runs->before;
  out.after = &runs->after;
  out.sampled = runs->sampled;
  return out;
}

} // namespace gpurd::advisor
