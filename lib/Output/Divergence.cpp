//===- Divergence.cpp - Seed 004's predictions in reports -----------------===//

#include "gpurd/Output/Divergence.h"

#include "Numbers.h"

#include "llvm/Support/FormatVariadic.h"

namespace gpurd {

using model::divergence::DivergenceModel;
using model::divergence::KernelDivergence;
using model::divergence::MdmPrediction;

namespace {

std::string cycles(double value) {
  return llvm::formatv("{0:F0}", value).str();
}

/// `IPC 0.31 a SM, 8.55 on 28 SMs, 123456 cycles; a warp's 1234 cycles:
/// 180 uncontended, ...`.
void printPrediction(llvm::raw_ostream &os, const KernelDivergence &result,
                     DivergenceModel model) {
  const MdmPrediction &p = result.prediction(model);
  os << llvm::formatv("predicted IPC {0:F2} a SM, {1:F2} on {2} SMs, ", p.ipcSm,
                      p.ipcGpu, result.machine.sms)
     << cycles(result.cycles(model)) << " cycles; the representative warp's "
     << cycles(p.totalCycles()) << " cycles: " << cycles(p.cycles)
     << " without contention";
  if (model == DivergenceModel::Mdm)
    os << ", " << cycles(p.mshrStall) << " MSHR batches, " << cycles(p.nocStall)
       << " NoC queue";
  os << ", " << cycles(p.dramStall) << " DRAM queue";
}

nlohmann::json predictionJson(const KernelDivergence &result,
                              DivergenceModel model) {
  const MdmPrediction &p = result.prediction(model);
  return {{"ipc_sm", p.ipcSm},
          {"ipc_gpu", p.ipcGpu},
          {"cycles", result.cycles(model)},
          {"warp_instructions", p.instructions},
          {"warp_cycles", p.totalCycles()},
          {"uncontended_cycles", p.cycles},
          {"mshr_stall_cycles", p.mshrStall},
          {"noc_stall_cycles", p.nocStall},
          {"dram_stall_cycles", p.dramStall}};
}

} // namespace

void printDivergenceSummary(llvm::raw_ostream &os,
                            const KernelDivergence &result, bool baseline) {
  const MdmPrediction &mdm = result.mdm;
  os << "  memory divergence (seed 004's MDM): "
     << (mdm.memoryDivergent ? "memory-divergent (MD)"
                             : "not memory-divergent (NMD)")
     << ", " << percent(mdm.divergentMissShare)
     << " of the representative warp's L1 read misses in intervals whose "
        "misses exceed the L1's "
     << result.machine.mshrs
     << " MSHRs with W = " << llvm::formatv("{0:F0}", mdm.warpsPerSm)
     << " warps a SM; ";
  printPrediction(os, result, DivergenceModel::Mdm);
  os << " (warp " << result.warp << " of block " << result.block << ", "
     << result.profile.intervals.size() << " interval"
     << (result.profile.intervals.size() == 1 ? "" : "s");
  if (unsigned loads = result.profile.unmodelledLoads)
    os << "; its " << loads << (loads == 1 ? " load" : " loads")
       << " through the texture path count without misses: the cache model "
          "does not model the texture cache, so the stalls are a lower bound";
  os << ")\n";
  if (!baseline)
    return;
  os << "  GPUMech baseline (seed 004 §4: no MSHR batching, no NoC queue, the "
        "DRAM queue half the requests): ";
  printPrediction(os, result, DivergenceModel::GpuMech);
  os << "\n";
}

nlohmann::json divergenceJson(const KernelDivergence &result) {
  const MdmPrediction &mdm = result.mdm;
  return {
      {"classification", mdm.memoryDivergent ? "MD" : "NMD"},
      {"divergent_miss_share", mdm.divergentMissShare},
      {"warps_per_sm", mdm.warpsPerSm},
      {"mshrs", result.machine.mshrs},
      {"sms", result.machine.sms},
      {"representative_warp", {{"block", result.block}, {"warp", result.warp}}},
      {"warps_modelled", result.warpsModelled},
      {"intervals", result.profile.intervals.size()},
      {"unmodelled_loads", result.profile.unmodelledLoads},
      {"mdm", predictionJson(result, DivergenceModel::Mdm)},
      {"gpumech", predictionJson(result, DivergenceModel::GpuMech)}};
}

void printCoalesceWhatIf(llvm::raw_ostream &os,
                         const std::optional<advisor::CoalesceWhatIf> &whatIf) {
  os << "  what-if, memory-divergent loads coalesced: ";
  if (!whatIf) {
    os << "none (seed 004's MDM finds no load whose misses exceed the L1's "
          "MSHRs)\n";
    return;
  }
  const driver::KernelAnalysis &before = *whatIf->before;
  const driver::KernelAnalysis &after = *whatIf->after;
  os << whatIf->loads << "; ";
  if (!after.divergence || !before.divergence) {
    os << "the run has no MDM figures\n";
    return;
  }
  double from = before.divergence->cycles(DivergenceModel::Mdm);
  double to = after.divergence->cycles(DivergenceModel::Mdm);
  os << "seed 004's MDM: "
     << (after.divergence->mdm.memoryDivergent ? "MD" : "NMD") << ", ";
  printPrediction(os, *after.divergence, DivergenceModel::Mdm);
  double change = from > 0 ? (to / from - 1) * 100 : 0.0;
  os << " (as written on the same sample: " << cycles(from) << " cycles; "
     << (change > 0 ? "+" : "") << llvm::formatv("{0:F1}", change) << "%)\n";
}

nlohmann::json
coalesceWhatIfJson(const std::optional<advisor::CoalesceWhatIf> &whatIf) {
  nlohmann::json out = {{"change", "coalesce"}};
  nlohmann::json sites = nlohmann::json::array();
  if (whatIf)
    for (unsigned site : whatIf->change.coalescedSites)
      sites.push_back(site);
  out["sites"] = sites;
  const driver::KernelAnalysis *after = whatIf ? whatIf->after : nullptr;
  out["divergence"] = after && after->divergence
                          ? divergenceJson(*after->divergence)
                          : nlohmann::json();
  const driver::KernelAnalysis *before = whatIf ? whatIf->before : nullptr;
  out["divergence_as_written"] = before && before->divergence
                                     ? divergenceJson(*before->divergence)
                                     : nlohmann::json();
  return out;
}

} // namespace gpurd
