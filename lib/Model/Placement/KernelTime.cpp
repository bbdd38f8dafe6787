//===- KernelTime.cpp - T = Tcomp + Tmem - Toverlap (seed 002) ------------===//

#include "gpurd/Model/Placement/KernelTime.h"
#include "gpurd/Model/Placement/Calibration.h"

#include <algorithm>
#include <limits>

namespace gpurd::model::placement {
namespace {

/// Appendix Eq. 13: cycles an SM spends per issued warp instruction.
double instructionThroughput(double itilpValue, const MachineFigures &machine) {
  return machine.instructionLatency / itilpValue;
}

/// Eq. 2: Tcomp = #inst * #total_warps / #active_SMs * throughput +
/// W_serial.
double tcomp(const KernelEvents &events, double throughput) {
  return events.instructions * events.totalWarps / events.activeSms *
             throughput +
         events.serialCycles;
}

/// Sim et al. Eqs. 16-17 (seed 002's appendix lost them): MWP_peak_bw =
/// bandwidth / (BW_per_warp * #active_SMs), BW_per_warp = load_bytes_per_warp
/// / latency (bytes a warp's request moves over its latency). Deviation:
/// the latency is AMAT, the wait Eq. 4 charges each request, not DRAM_lat.
/// With ITMLP <= MWP_peak_bw, Tmem is then at least the DRAM bytes over the
/// bandwidth whatever the mix of requests; with DRAM_lat, requests the
/// caches or shared memory serve lowered AMAT and loosened the bound, so
/// adding shared-memory instructions (a staging what-if) was predicted to
/// move DRAM's bytes faster (docs/placement-model.md).
double mwpPeakBandwidth(const KernelEvents &events,
                        const MachineFigures &machine, double latency) {
  if (events.bytesPerMemoryInstruction <= 0 || latency <= 0 ||
      machine.dramBytesPerCycle <= 0)
    // No off-chip traffic: no bandwidth bound (N would cap ITMLP at N,
    // Eq. 18, where MLP x MWP_cp may exceed it).
    return std::numeric_limits<double>::infinity();
  double bytesPerWarp = events.bytesPerMemoryInstruction / latency;
  return machine.dramBytesPerCycle / (bytesPerWarp * events.activeSms);
}

/// The resident warps that access memory: N for seed 002, which takes
/// every warp to do the same work (KernelEvents::memoryWarpShare).
double memoryShare(const KernelEvents &events) {
  return events.memoryWarpShare > 0 ? std::min(1.0, events.memoryWarpShare)
                                    : 1.0;
}
double memoryWarps(const KernelEvents &events) {
  return std::max(1.0, events.warpsPerSm * memoryShare(events));
}

/// Hong & Kim's CWP (Sim et al. §3): CWP_full = (mem_cycles + comp_cycles)
/// / comp_cycles, CWP = min(CWP_full, N).
/// Counted over the warps that access memory (KernelEvents::memoryWarpShare).
double cwp(const KernelEvents &events, double throughput, double amatValue) {
  double compCycles = events.instructions * throughput;
  double memCycles =
      events.memoryInstructions / memoryShare(events) * amatValue / events.mlp;
  if (compCycles <= 0)
    return memoryWarps(events);
  return std::min((memCycles + compCycles) / compCycles, memoryWarps(events));
}

/// Sim et al.'s Toverlap (uncalibrated): F_overlap = (N - zeta) / N with
/// zeta = 1 when CWP <= MWP (the memory waits are exposed once per warp
/// round), else 0; Toverlap = min(Tcomp * F_overlap, Tmem).
///
/// Deviation: N is the warps of one scheduler, N / #schedulers. Sim et al.
/// take the SM as one pool of warps, each able to issue while any other
/// waits; an SM of four schedulers (Kepler and later; Fermi's two took the
/// odd and the even warps) gives each warp to one of them, and a stalled
/// warp's issue slots are filled only by the warps of its own scheduler.
/// With eight warps an SM, Sim et al. hid 7/8 of Tcomp behind the memory
/// waits where two warps a scheduler hide 1/2 (docs/placement-model.md).
double uncalibratedOverlap(const KernelTime &time, double warpsPerSm,
                           double schedulers) {
  double zeta = time.cwp <= time.mwp ? 1.0 : 0.0;
  double n = warpsPerSm > 0 ? std::max(1.0, warpsPerSm / schedulers) : 0;
  double fOverlap = n > 0 ? std::max(0.0, (n - zeta) / n) : 0;
  return std::min(time.tcomp * fOverlap, time.tmem);
}

} // namespace

double itilp(const KernelEvents &events, const MachineFigures &machine) {
  // Eq. 15: ITILP_max = avg_inst_lat / (warp_size / SIMD_width).
  double itilpMax =
      machine.instructionLatency / (machine.warpSize / machine.simdWidth);
  // Eq. 14.
  return std::max(1e-9, std::min(events.ilp * events.warpsPerSm, itilpMax));
}

double amat(const KernelEvents &events, const MachineFigures &machine,
            double dramLatency) {
  // Eq. 5, with hit_lat weighted by the requests that reach each cache.
  double l1 =
      machine.l1HitLatency > 0 ? machine.l1HitLatency : machine.l2HitLatency;
  double constant = machine.constantHitLatency > 0 ? machine.constantHitLatency
                                                   : machine.l2HitLatency;
  // Eq. 5 adds hit_lat to every request: those DRAM serves pay the L2's
  // lookup and then DRAMlat. A measured round trip (dramRoundTrip) already
  // holds the lookup, and counting it again would charge such a load
  // l2.hitLatency + dram.minLatency (490 cycles on the A100 for a measured
  // 290).
  double l2Share = std::max(
      0.0, 1.0 - events.sharedRatio - events.l1Ratio - events.constantRatio -
               (events.dramRoundTrip ? events.missRatio : 0.0));
  return dramLatency * events.missRatio + machine.l2HitLatency * l2Share +
         l1 * events.l1Ratio + constant * events.constantRatio +
         machine.sharedLatency * events.sharedRatio;
}

KernelTime predictKernelTime(const KernelEvents &events,
                             const MachineFigures &machine, double dramLatency,
                             const OverlapCoefficients *overlap,
                             const OverlapEvents *overlapEvents) {
  KernelTime time;
  time.dramLatency = dramLatency;
  time.itilp = itilp(events, machine);
  time.instructionThroughput = instructionThroughput(time.itilp, machine);
  time.tcomp = tcomp(events, time.instructionThroughput);

  time.amat = amat(events, machine, dramLatency);
  time.mwpPeakBandwidth = mwpPeakBandwidth(events, machine, time.amat);
  // Sim et al.: MWP = min(MWP_without_bw, MWP_peak_bw, N); the arch gives no
  // departure delay for MWP_without_bw (deviation, docs/).
  time.mwp =
      std::max(1.0, std::min(time.mwpPeakBandwidth, memoryWarps(events)));
  time.cwp = cwp(events, time.instructionThroughput, time.amat);
  // Eq. 19: MWP_cp = min(max(1, CWP - 1), MWP).
  double mwpCp = std::min(std::max(1.0, time.cwp - 1.0), time.mwp);
  // Eq. 18: ITMLP = min(MLP * MWP_cp, MWP_peak_bw).
  time.itmlp = std::max(
      1e-9, std::min(events.mlp * mwpCp, std::max(1.0, time.mwpPeakBandwidth)));
  // Eq. 4 with Sim et al.'s effective memory requests per SM.
  time.effectiveMemoryRequests = events.memoryInstructions * events.totalWarps /
                                 (events.activeSms * time.itmlp);
  time.tmem = time.effectiveMemoryRequests * time.amat;

  if (overlap && overlapEvents) {
    // Eqs. 11-12, clamped to what can overlap: Toverlap <= min(Tcomp, Tmem)
    // keeps T >= max(Tcomp, Tmem).
    time.calibratedOverlap = true;
    double ratio = overlap->ratio(*overlapEvents);
    double upper = time.tmem > 0 ? std::min(1.0, time.tcomp / time.tmem) : 0;
    double clamped = std::clamp(ratio, 0.0, upper);
    time.overlapClamped = clamped != ratio;
    time.toverlap = clamped * time.tmem;
  } else {
    time.toverlap = uncalibratedOverlap(time, events.warpsPerSm,
                                        std::max(1.0, machine.schedulers));
  }
  // Eq. 1.
  time.total = time.tcomp + time.tmem - time.toverlap;
  return time;
}

} // namespace gpurd::model::placement
