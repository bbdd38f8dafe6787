//===- Mdm.h - The memory-divergence model (seed 004) -----------*- C++ -*-===//
//
// Seed 004's Memory Divergence Model (MDM): the IPC of an SM from the
// interval profile of a representative warp (Eq. 1), with the stall cycles
// of each interval split into MSHR batching (§3.2, Eqs. 6-8), NoC queuing
// and DRAM queuing (§3.1, Eqs. 2-5); and the GPUMech baseline the seed
// compares it with (no MSHR batching, no NoC queue, the DRAM queue as half
// the concurrent requests).
//
// Pure functions of an IntervalProfile (IntervalProfile.h) and the machine's
// figures (from the arch description); every time is in core cycles.
// docs/divergence-model.md lists every equation with its source and every
// deviation.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_DIVERGENCE_MDM_H
#define GPURD_MODEL_DIVERGENCE_MDM_H

#include <vector>

namespace gpurd::model::divergence {

/// What MDM reads of the GPU (seed 004 Table 1 names each).
struct MdmMachine {
  double clockGHz = 0;       ///< f of Eqs. 2-3.
  unsigned sms = 0;          ///< #SMs of Eq. 5 (those the launch keeps busy).
  unsigned mshrs = 0;        ///< #MSHRs of the L1 (Eqs. 4, 5, 8).
  double blockBytes = 0;     ///< BlockSize of Eqs. 2-3 (the L1 line).
  double nocGBps = 0;        ///< B_NoC of Eq. 2.
  double dramGBps = 0;       ///< B_DRAM of Eq. 3 (the whole GPU's).
  double minLlcLatency = 0;  ///< L_MinLLC of Eq. 6 (cycles).
  double minDramLatency = 0; ///< L_MinDRAM of Eq. 6 (cycles).
  /// Warp instructions an SM issues a cycle (schedulers x issue width), and
  /// one warp (the issue width): C_i's issue model.
  double smIssueRate = 1;
  double warpIssueRate = 1;
};

/// One interval of the representative warp: its instructions, up to and
/// including the long-latency event that ends it (§3, after GPUMech).
struct Interval {
  double instructions = 0;
  /// M_Read and M_Write of Eq. 4: the warp's L1 read misses (MSHR
  /// allocations) and its write requests to the L2 in the interval.
  double readMisses = 0;
  double writeMisses = 0;
  /// The L2's miss ratio of the interval's L1 misses (Eqs. 3 and 6).
  double llcMissRatio = 0;
  /// The probability that the load ending the interval misses the L1 in
  /// at least one of its lines, so that the warp waits for memory (1 for a
  /// profile of whole misses; IntervalProfile.h).
  double missProbability = 1;
};

struct IntervalProfile {
  std::vector<Interval> intervals;
  /// W of Eqs. 1, 4, 5 and 8: the warps an SM runs at once.
  double warpsPerSm = 1;
  /// Off-chip loads of the warp the cache model has no figures for (the
  /// texture path, which it does not model): counted as instructions,
  /// without misses.
  unsigned unmodelledLoads = 0;
};

enum class DivergenceModel {
  Mdm,     ///< Seed 004.
  GpuMech, ///< The baseline as seed 004 §4 describes it.
};
const char *divergenceModelName(DivergenceModel model);

/// Eq. 2: L_NoCService = f x BlockSize / B_NoC.
double nocServiceLatency(const MdmMachine &machine);
/// Eq. 3: L_DRAMService = f x LLCMissRatio x BlockSize / B_DRAM.
double dramServiceLatency(const MdmMachine &machine, double llcMissRatio);
/// Eq. 4: M = min(M_Read x W, #MSHRs) + M_Write x W.
double concurrentMisses(const Interval &interval, double warps, unsigned mshrs);
/// Whether the interval's read misses exceed the MSHRs: M_Read x W >
/// #MSHRs, the condition of Eqs. 5 and 8 (a memory-divergent interval).
bool exceedsMshrs(const Interval &interval, double warps, unsigned mshrs);
/// Eq. 5: #SMs x M x L_service when saturated, half of it otherwise.
double queueStall(double sms, double concurrent, double serviceLatency,
                  bool saturated);
/// Eq. 6: L_NoContention = L_MinLLC + LLCMissRate x L_MinDRAM.
double noContentionLatency(const MdmMachine &machine, double llcMissRatio);
/// Eq. 8: (ceil(M_Read x W / #MSHRs) - 1) x S_Mem when M_Read x W >
/// #MSHRs, else 0.
double mshrStall(const Interval &interval, double warps, unsigned mshrs,
                 double memoryStall);

/// C_i: the cycles of the interval without contention (§3, following
/// GPUMech): the longer of issuing the interval of all W warps at the SM's
/// rate and issuing the warp's own at its rate then waiting for its miss
/// without contention (L_NoContention, Eq. 6), weighted by the probability
/// that the load misses, when it has misses.
double uncontendedCycles(const Interval &interval, const MdmMachine &machine,
                         double warps);

struct IntervalPrediction {
  double cycles = 0;           ///< C_i.
  double mshrStall = 0;        ///< S_MSHR_i (Eq. 8).
  double nocStall = 0;         ///< S_NoC_i (Eq. 5).
  double dramStall = 0;        ///< S_DRAM_i (Eq. 5).
  double concurrentMisses = 0; ///< M (Eq. 4).
  bool divergent = false;      ///< M_Read x W > #MSHRs.

  double total() const { return cycles + mshrStall + nocStall + dramStall; }
};

struct MdmPrediction {
  DivergenceModel model = DivergenceModel::Mdm;
  std::vector<IntervalPrediction> intervals;
  /// Sums over the intervals (the representative warp's).
  double instructions = 0, cycles = 0, mshrStall = 0, nocStall = 0,
         dramStall = 0;
  double warpsPerSm = 1;
  /// Eq. 1: IPC_SM = W x sum(instructions) / sum(C + S_MSHR + S_NoC +
  /// S_DRAM); the GPU's is #SMs times it.
  double ipcSm = 0, ipcGpu = 0;
  /// The share of the warp's read misses in divergent intervals.
  double divergentMissShare = 0;
  /// MD: most of the warp's read misses are in intervals whose misses
  /// exceed the MSHRs (the MD branches of Eqs. 5 and 8 decide their cost).
  bool memoryDivergent = false;

  double totalCycles() const {
    return cycles + mshrStall + nocStall + dramStall;
  }
};

/// Seed 004 §3 (Eqs. 1-8) on \p profile, or the GPUMech baseline.
MdmPrediction predict(const IntervalProfile &profile, const MdmMachine &machine,
                      DivergenceModel model = DivergenceModel::Mdm);

} // namespace gpurd::model::divergence

#endif // GPURD_MODEL_DIVERGENCE_MDM_H
