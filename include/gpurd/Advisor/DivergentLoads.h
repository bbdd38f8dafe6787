//===- DivergentLoads.h - The loads that make a kernel MD -------*- C++ -*-===//
//
// Seed 004's memory-divergent loads of an analysed kernel: on an arch with
// MDM's figures, when MDM classifies the kernel MD, the global, read-only
// and local loads whose misses from the W warps of an SM need more MSHRs
// than the L1 has (lines a request and MSHR allocations a line from the
// cache model). The check gpurd-memory-divergence warns at them;
// `--what-if=coalesce` runs the kernel with all of them coalesced.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_DIVERGENTLOADS_H
#define GPURD_ADVISOR_DIVERGENTLOADS_H

#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Driver/AnalysisContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gpurd::advisor {

/// A load's MSHR demand over the modelled warps.
struct MshrDemand {
  double linesPerRequest = 0; ///< L1 lines a warp request touches.
  double missesPerLine = 0;   ///< MSHR allocations an L1 line request.
  double perRequest() const { return linesPerRequest * missesPerLine; }
};

/// The demand of \p sites (one source access) in \p results; none when the
/// modelled warps did not run them.
std::optional<MshrDemand>
mshrDemand(const model::CacheModelResults &results,
           llvm::ArrayRef<const access::AccessSite *> sites);

/// Whether \p site is a load of memory the L1 and MSHRs serve (global, its
/// read-only path and textures, local).
bool offChipLoad(const access::AccessSite &site);

/// Whether \p demand from the W warps of \p analysis's MDM run exceeds the
/// L1's MSHRs; false without MDM figures or when the kernel is NMD.
bool exceedsMshrs(const driver::KernelAnalysis &analysis,
                  const MshrDemand &demand);

/// The kernel with every memory-divergent load of its baseline coalesced
/// (`--what-if=coalesce`), both on one sample (the runs belong to the
/// WhatIfRunner); none when the kernel has no such load (or no MDM
/// figures).
struct CoalesceWhatIf {
  driver::KernelChange change;
  /// `S2 (line 28) 'x[colidx[j]]', ...`
  std::string loads;
  const driver::KernelAnalysis *before = nullptr;
  const driver::KernelAnalysis *after = nullptr;
  bool sampled = false;
};
llvm::Expected<std::optional<CoalesceWhatIf>>
coalesceDivergentLoads(WhatIfRunner &whatIf);

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_DIVERGENTLOADS_H
