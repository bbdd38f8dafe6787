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
     << (result.profile.intervals.size() == 1 ? "" : "s") << ")\n";
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
      {"mdm", predictionJson(result, DivergenceModel::Mdm)},
      {"gpumech", predictionJson(result, DivergenceModel::GpuMech)}};
}

} // namespace gpurd
