//===- Mdm.cpp - The memory-divergence model (seed 004) -------------------===//

#include "gpurd/Model/Divergence/Mdm.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model::divergence {

const char *divergenceModelName(DivergenceModel model) {
  switch (model) {
  case DivergenceModel::Mdm:
    return "mdm";
  case DivergenceModel::GpuMech:
    return "gpumech";
  }
  return "mdm";
}

double nocServiceLatency(const MdmMachine &machine) {
  // Seed 004 Eq. 2. GB/s are bytes a nanosecond and f is cycles a
  // nanosecond: the result is cycles. B_NoC is the whole NoC's bandwidth,
  // so the service time is already that of the parallel system (§3.1's
  // division by the channels applies to a per-channel bandwidth).
  if (machine.nocGBps <= 0)
    return 0;
  return machine.clockGHz * machine.blockBytes / machine.nocGBps;
}

double dramServiceLatency(const MdmMachine &machine, double llcMissRatio) {
  // Seed 004 Eq. 3, with the whole GPU's DRAM bandwidth (see above).
  if (machine.dramGBps <= 0)
    return 0;
  return machine.clockGHz * llcMissRatio * machine.blockBytes /
         machine.dramGBps;
}

double concurrentMisses(const Interval &interval, double warps,
                        unsigned mshrs) {
  // Seed 004 Eq. 4: read misses hold MSHRs, write misses (write-through,
  // no-allocate L1) bypass them.
  return std::min(interval.readMisses * warps, static_cast<double>(mshrs)) +
         interval.writeMisses * warps;
}

bool exceedsMshrs(const Interval &interval, double warps, unsigned mshrs) {
  return interval.readMisses * warps > static_cast<double>(mshrs);
}

double queueStall(double sms, double concurrent, double serviceLatency,
                  bool saturated) {
  // Seed 004 Eq. 5: a saturated queue makes each request wait for all the
  // others; otherwise a request waits for half of them on average.
  double all = sms * concurrent * serviceLatency;
  return saturated ? all : all / 2;
}

double noContentionLatency(const MdmMachine &machine, double llcMissRatio) {
  // Seed 004 Eq. 6.
  return machine.minLlcLatency + llcMissRatio * machine.minDramLatency;
}

double mshrStall(const Interval &interval, double warps, unsigned mshrs,
                 double memoryStall) {
  // Seed 004 Eq. 8: the batches of #MSHRs misses each, less the last one,
  // whose latency the queue model covers.
  if (!mshrs || !exceedsMshrs(interval, warps, mshrs))
    return 0;
  double batches =
      std::ceil(interval.readMisses * warps / static_cast<double>(mshrs));
  return (batches - 1) * memoryStall;
}

double uncontendedCycles(const Interval &interval, const MdmMachine &machine,
                         double warps) {
  // C_i (seed 004 §3, following GPUMech's interval model): the SM issues
  // the interval of all W warps at its rate, or the warp issues its own at
  // its rate and then waits for its miss without contention (as often as
  // the load misses); the longer of the two.
  double issueBound = interval.instructions * warps / machine.smIssueRate;
  double latencyBound = interval.instructions / machine.warpIssueRate;
  if (interval.readMisses > 0)
    latencyBound += interval.missProbability *
                    noContentionLatency(machine, interval.llcMissRatio);
  return std::max(issueBound, latencyBound);
}

namespace {

IntervalPrediction predictInterval(const Interval &interval,
                                   const MdmMachine &machine, double warps,
                                   DivergenceModel model) {
  IntervalPrediction out;
  out.cycles = uncontendedCycles(interval, machine, warps);
  out.divergent = exceedsMshrs(interval, warps, machine.mshrs);
  out.concurrentMisses = concurrentMisses(interval, warps, machine.mshrs);
  if (out.concurrentMisses <= 0)
    return out;
  double sms = static_cast<double>(machine.sms);
  double dramService = dramServiceLatency(machine, interval.llcMissRatio);
  if (model == DivergenceModel::GpuMech) {
    // Seed 004 §4: GPUMech has no NoC queue and no MSHR batching, and its
    // DRAM queue makes each request wait for half the others.
    out.dramStall =
        queueStall(sms, out.concurrentMisses, dramService, /*saturated=*/false);
    return out;
  }
  out.nocStall = queueStall(sms, out.concurrentMisses,
                            nocServiceLatency(machine), out.divergent);
  out.dramStall =
      queueStall(sms, out.concurrentMisses, dramService, out.divergent);
  // Seed 004 Eq. 7: S_Mem = L_NoContention + S_NoC + S_DRAM.
  double memoryStall = noContentionLatency(machine, interval.llcMissRatio) +
                       out.nocStall + out.dramStall;
  out.mshrStall = mshrStall(interval, warps, machine.mshrs, memoryStall);
  return out;
}

} // namespace

MdmPrediction predict(const IntervalProfile &profile, const MdmMachine &machine,
                      DivergenceModel model) {
  MdmPrediction out;
  out.model = model;
  out.warpsPerSm = std::max(1.0, profile.warpsPerSm);
  double readMisses = 0, divergentMisses = 0;
  for (const Interval &interval : profile.intervals) {
    IntervalPrediction p =
        predictInterval(interval, machine, out.warpsPerSm, model);
    out.instructions += interval.instructions;
    out.cycles += p.cycles;
    out.mshrStall += p.mshrStall;
    out.nocStall += p.nocStall;
    out.dramStall += p.dramStall;
    readMisses += interval.readMisses;
    if (p.divergent)
      divergentMisses += interval.readMisses;
    out.intervals.push_back(p);
  }
  // Seed 004 Eq. 1.
  double total = out.totalCycles();
  if (total > 0) {
    out.ipcSm = out.warpsPerSm * out.instructions / total;
    out.ipcGpu = out.ipcSm * machine.sms;
  }
  out.divergentMissShare = readMisses > 0 ? divergentMisses / readMisses : 0;
  out.memoryDivergent = out.divergentMissShare > 0.5;
  return out;
}

} // namespace gpurd::model::divergence
