//===- MemoryDivergence.cpp - gpurd-memory-divergence ---------------------===//
//
// A load that makes the kernel memory-divergent (seed 004): on an arch with
// MDM's figures, when MDM classifies the kernel MD, each global load whose
// misses, from the W warps an SM runs, need more MSHRs than the L1 has. Its
// lines a request and its MSHR allocations a line come from the cache
// model; the gains are what-if runs of the models: the load coalesced
// (trace/CoalescedSites.h), and the kernel with fewer resident blocks (a
// smaller W). docs/checks/gpurd-memory-divergence.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/DivergentLoads.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-memory-divergence";
constexpr StringLiteral Model = "seed 004's MDM";

using model::divergence::DivergenceModel;
using model::divergence::KernelDivergence;

/// `MDM (seed 004) predicts the kernel's time would go from ...`; empty
/// when either run has no MDM figures.
std::string mdmChangeText(const driver::KernelAnalysis &before,
                          const driver::KernelAnalysis &after) {
  if (!before.divergence || !after.divergence)
    return "";
  return timeChangeText(before.divergence->cycles(DivergenceModel::Mdm),
                        after.divergence->cycles(DivergenceModel::Mdm), Model);
}

class MemoryDivergence : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "loads whose misses exhaust the L1's MSHRs (seed 004's "
           "memory-divergent kernels)";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"AssumedContents", 0,
         "1: also report loads whose addresses follow assumed index contents"},
        minCyclesOption(),
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The what-if of the load coalesced.
  std::optional<FindingNote> coalescedNote(const CheckContext &context,
                                           const SourceAccess &access) const;
  /// The what-if with fewer resident blocks: the fewest halvings whose
  /// MDM time is the lowest, when it gains.
  std::optional<FindingNote> fewerWarpsNote(const CheckContext &context,
                                            const SourceAccess &access) const;
};

std::optional<FindingNote>
MemoryDivergence::coalescedNote(const CheckContext &context,
                                const SourceAccess &access) const {
  driver::KernelChange change;
  for (const access::AccessSite *site : access.sites)
    change.coalescedSites.insert(site->id);
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError());
    return std::nullopt;
  }
  std::string time = mdmChangeText(runs->before, runs->after);
  if (time.empty())
    return std::nullopt;
  return FindingNote{
      access.site().position,
      "with this load coalesced (a warp's lanes reading consecutive "
      "elements), " +
          time + " (" +
          whatIfRunText(runs->sampled, " with the same instructions") +
          "); order the data so that neighbouring threads read neighbouring "
          "elements (sort the indices, renumber the graph), or stage it "
          "through shared memory"};
}

std::optional<FindingNote>
MemoryDivergence::fewerWarpsNote(const CheckContext &context,
                                 const SourceAccess &access) const {
  const unsigned resident = context.results().execution.activeBlocksPerSm;
  std::optional<FindingNote> best;
  // The cycles to beat: the kernel as written on the runs' own sample (a
  // comparison sample's, when the baseline was sampled), then the best.
  std::optional<double> bestCycles;
  for (unsigned blocks = resident / 2; blocks >= 1; blocks /= 2) {
    Expected<WhatIfRunner::Comparison> runs =
        context.whatIf().compareResidentBlocks(blocks);
    if (!runs) {
      consumeError(runs.takeError());
      break;
    }
    if (!runs->after.divergence || !runs->before.divergence)
      break;
    if (!bestCycles)
      bestCycles = runs->before.divergence->cycles(DivergenceModel::Mdm);
    double cycles = runs->after.divergence->cycles(DivergenceModel::Mdm);
    if (cycles >= *bestCycles)
      continue;
    bestCycles = cycles;
    best = FindingNote{
        access.site().position,
        "with at most " + std::to_string(blocks) +
            (blocks == 1 ? " resident block" : " resident blocks") +
            " per SM instead of " + std::to_string(resident) + " (W = " +
            formatv("{0:F0}", runs->after.divergence->mdm.warpsPerSm).str() +
            " warps), " + mdmChangeText(runs->before, runs->after) + " (" +
            whatIfRunText(runs->sampled) +
            "): fewer warps' misses fit the MSHRs at once; limit them with "
            "more shared memory or registers per block, or fewer, larger "
            "blocks"};
  }
  return best;
}

Error MemoryDivergence::run(const CheckContext &context,
                            std::vector<Finding> &out) const {
  const driver::KernelAnalysis &analysis = context.analysis();
  // A kernel shorter than MinCycles (about a launch's overhead) by the
  // model the check quotes saves too little from any change, as in the
  // other checks: the CUDA samples' mergeHistogram256Kernel, 4240 cycles
  // by MDM, merges its partial histograms column-wise by design.
  if (!analysis.divergence || !analysis.divergence->mdm.memoryDivergent ||
      analysis.divergence->cycles(DivergenceModel::Mdm) <
          context.number(Name, "MinCycles"))
    return Error::success();
  const KernelDivergence &kernel = *analysis.divergence;
  const double warps = kernel.mdm.warpsPerSm;
  const unsigned mshrs = kernel.machine.mshrs;
  // 1: report loads whose addresses follow assumed index contents too. A
  // gather through indices gpurd assumed uniformly random diverges because
  // of the assumption (advice benchmark: gather.cu's gatherIndexed).
  const bool assumedContents = context.number(Name, "AssumedContents") != 0;
  for (const SourceAccess &access : context.sourceAccesses()) {
    if (!offChipLoad(access.site()) ||
        (!assumedContents && restsOnAssumedContents(context, access)))
      continue;
    std::optional<MshrDemand> demand =
        mshrDemand(context.results(), access.sites);
    if (!demand || !exceedsMshrs(analysis, *demand))
      continue;
    Finding f = context.findingAt(Name, access.site());
    f.message = "memory-divergent load: a warp request touches " +
                averageText(demand->linesPerRequest) + " L1 lines, " +
                percentText(demand->missesPerLine) + " of which miss, so the " +
                formatv("{0:F0}", warps).str() + " warps of an SM need " +
                countText(demand->perRequest() * warps) +
                " MSHRs for it where the L1 has " + std::to_string(mshrs) +
                "; " + Model.str() + " predicts " +
                percentText(kernel.mdm.mshrStall / kernel.mdm.totalCycles()) +
                " of the kernel's cycles in MSHR batches";
    f.notes.push_back(
        {std::nullopt,
         formatv("{0} predicts IPC {1:F2} a SM and {2} cycles for the "
                 "kernel: a warp's {3} cycles are {4} without contention, {5} "
                 "MSHR batches, {6} NoC queue and {7} DRAM queue",
                 Model, kernel.mdm.ipcSm,
                 countText(kernel.cycles(DivergenceModel::Mdm)),
                 countText(kernel.mdm.totalCycles()),
                 countText(kernel.mdm.cycles), countText(kernel.mdm.mshrStall),
                 countText(kernel.mdm.nocStall),
                 countText(kernel.mdm.dramStall))
             .str()});
    if (std::optional<FindingNote> note = coalescedNote(context, access))
      f.notes.push_back(std::move(*note));
    if (std::optional<FindingNote> note = fewerWarpsNote(context, access))
      f.notes.push_back(std::move(*note));
    f.notes.push_back(
        {std::nullopt,
         "MDM's figures assume: the representative warp (warp " +
             std::to_string(kernel.warp) + " of block " +
             std::to_string(kernel.block) +
             ", nearest the mean of the warps modelled) stands for all; an "
             "interval ends at each load that misses the L1 (its value is "
             "used before the next load); a load's misses are its site's "
             "average; queues wait for all the SMs' requests (saturated) or "
             "half of them (seed 004 Eq. 5)"});
    context.addAssumptionNotes(f, access, "the lines per request are");
    out.push_back(std::move(f));
  }
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeMemoryDivergence() {
  return std::make_unique<MemoryDivergence>();
}

} // namespace gpurd::advisor
