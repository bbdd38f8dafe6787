//===- KernelTime.h - T = Tcomp + Tmem - Toverlap (seed 002) ----*- C++ -*-===//
//
// Seed 002's kernel time (Eq. 1) from one placement's events: the cost of
// issuing its instructions (Tcomp, Eq. 2 with the appendix's Eqs. 13-15),
// the cost of its memory requests (Tmem, Eqs. 4-5 with Eqs. 18-19) and the
// part of the two that multithreading overlaps (Toverlap: Eqs. 11-12 once
// calibrated, else the CWP/MWP formulation of the appendix's source).
//
// The seed takes Eq. 2, Eq. 4 and its appendix from Sim et al., "A
// performance analysis framework for identifying potential benefits in GPGPU
// applications" (PPoPP 2012; the seed's [7]), and the appendix lost two of
// its equations in the seed's text (16-17: the warp parallelism figures).
// Those, and the uncalibrated Toverlap, are Sim et al.'s (their §3, after
// Hong & Kim, ISCA 2009); docs/placement-model.md lists every equation with
// its source and every deviation.
//
// Every time is in core cycles, per SM.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_KERNELTIME_H
#define GPURD_MODEL_PLACEMENT_KERNELTIME_H

#include <optional>

namespace gpurd::model::placement {

/// What the model reads of the GPU (from the arch description).
struct MachineFigures {
  double warpSize = 32;
  /// Lanes an SM executes a warp instruction on per cycle (Sim et al.'s
  /// SIMD width: the SM's FP32 lanes, at most what its schedulers issue).
  double simdWidth = 32;
  /// avg_inst_lat (appendix Eq. 13): the latency of a dependent FP
  /// instruction, cycles.
  double instructionLatency = 4;
  /// Warp schedulers of an SM: a warp's waits are hidden only by the warps
  /// of its own scheduler (the uncalibrated Toverlap's N, KernelTime.cpp).
  double schedulers = 1;
  double l2HitLatency = 0; ///< hit_lat (Eq. 5), cycles.
  /// The L1's and the constant cache's hit latencies, cycles; 0: the L2's
  /// (seed 002 §III-C takes one cache latency, the L2's, for all caches).
  double l1HitLatency = 0;
  double constantHitLatency = 0;
  double sharedLatency = 0;     ///< shmem_lat (Eq. 5), cycles.
  double dramBytesPerCycle = 0; ///< Peak DRAM bandwidth per core cycle.
};

/// One placement's events, per warp unless named otherwise (measured by a
/// profiler, or predicted by gpurd's models: docs/placement-model.md).
struct KernelEvents {
  double totalWarps = 0; ///< #total_warps of the launch.
  double activeSms = 0;  ///< #active_SMs.
  double warpsPerSm = 0; ///< N: warps resident on an SM at once.
  /// The share of the warps that access memory (seed 002 takes it as 1:
  /// every warp does the same work). The others neither wait for memory
  /// nor hide another's wait: CWP and MWP count only these warps, and their
  /// memory instructions are #mem_insts / this share.
  double memoryWarpShare = 1;
  /// #inst (Eq. 2): issued instructions, the replays and the addressing
  /// instructions of the placement included.
  double instructions = 0;
  /// #mem_insts: memory instructions (global, texture, constant, shared).
  double memoryInstructions = 0;
  /// miss_ratio (Eq. 5): the memory instructions' share served by DRAM.
  /// With MLP > 1 gpurd counts the ratios over the waits of the groups of
  /// #mem_insts / MLP instructions a warp issues together, at the furthest
  /// level one of each group reaches (docs/placement-model.md).
  double missRatio = 0;
  /// shmem_ratio (Eq. 5): the memory instructions' share to shared memory.
  double sharedRatio = 0;
  /// The shares served by the L1 and by the constant cache (Eq. 5 extended
  /// as §III-C suggests: each cache at its own latency); the rest of the
  /// memory instructions are served by the L2 (or, miss_ratio, by DRAM).
  double l1Ratio = 0;
  double constantRatio = 0;
  /// Bytes a warp's off-chip memory instruction moves (Sim et al.'s
  /// load_bytes_per_warp, for the bandwidth bound on MWP).
  double bytesPerMemoryInstruction = 0;
  double ilp = 1; ///< Independent instructions per warp (appendix Eq. 14).
  double mlp = 1; ///< Independent memory requests per warp (Eq. 18).
  /// The DRAM latency is a load's whole round trip (the arch's measured
  /// dram.minLatency, which takes in the L2's lookup), not what DRAM adds to
  /// the L2's hit latency (the row-buffer model's service and queue time):
  /// Eq. 5 then charges the requests DRAM serves that latency alone, not
  /// the L2's hit latency on top of it.
  bool dramRoundTrip = false;
  double serialCycles = 0; ///< W_serial (Eq. 2), per SM.
};

/// Seed 002 Eq. 11's coefficients, fitted by calibration (Calibration.h).
struct OverlapCoefficients;
/// Eq. 11's events of a placement (Calibration.h).
struct OverlapEvents;

/// The predicted time and the figures it is made of.
struct KernelTime {
  double tcomp = 0;    ///< Eq. 2.
  double tmem = 0;     ///< Eq. 4.
  double toverlap = 0; ///< Eq. 12, or Sim et al.'s when uncalibrated.
  double total = 0;    ///< Eq. 1.
  // The intermediate figures, for the output's explanation.
  double itilp = 0;                   ///< Eq. 14.
  double instructionThroughput = 0;   ///< Eq. 13, cycles per instruction.
  double amat = 0;                    ///< Eq. 5.
  double dramLatency = 0;             ///< DRAM_lat used in Eq. 5.
  double mwp = 0;                     ///< Memory warp parallelism.
  double mwpPeakBandwidth = 0;        ///< Its bandwidth bound.
  double cwp = 0;                     ///< Computation warp parallelism.
  double itmlp = 0;                   ///< Eq. 18.
  double effectiveMemoryRequests = 0; ///< Per SM (Eq. 4).
  bool calibratedOverlap = false;
  /// Eq. 11 gave a ratio outside what can overlap (below 0, or more than
  /// the smaller of Tcomp and Tmem): it was clamped.
  bool overlapClamped = false;
};

/// Appendix Eqs. 14-15: ITILP = min(ILP * N, ITILP_max), ITILP_max =
/// avg_inst_lat / (warp_size / SIMD_width).
double itilp(const KernelEvents &events, const MachineFigures &machine);

/// Eq. 5, AMAT = DRAM_lat * miss_ratio + hit_lat + shmem_lat * shmem_ratio,
/// with two deviations (docs/placement-model.md): hit_lat is paid by the
/// requests that reach a cache (the seed adds it to shared accesses too),
/// and each cache has its own hit latency (L2, L1, constant cache), which
/// §III-C names as the model's possible extension.
double amat(const KernelEvents &events, const MachineFigures &machine,
            double dramLatency);

/// Seed 002 Eq. 1 with its parts. \p dramLatency is DRAM_lat
/// (DramLatency.h, or the arch's constant). With \p overlap, Toverlap is
/// Eqs. 11-12 on \p overlapEvents; without, Sim et al.'s.
KernelTime predictKernelTime(const KernelEvents &events,
                             const MachineFigures &machine, double dramLatency,
                             const OverlapCoefficients *overlap = nullptr,
                             const OverlapEvents *overlapEvents = nullptr);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_KERNELTIME_H
