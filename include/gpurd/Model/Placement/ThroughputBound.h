//===- ThroughputBound.h - The busiest resource's time ----------*- C++ -*-===//
//
// The fewest cycles the launch can take given what it asks of the SM's
// load-store pipeline, the interconnect to the L2 and DRAM, each at its
// published peak rate: a roofline over three resources. Seed 002's T
// (KernelTime.h) charges a bank conflict's or an uncoalesced access's
// replays at the issue rate (Eq. 2) and DRAM traffic through MWP's
// bandwidth bound on the reads alone, so a kernel that one of these
// resources serialises was predicted faster than that resource lets it
// run (a 32-way conflicted transpose at 12.9k cycles where its shared
// wavefronts alone take 13.7k; docs/fidelity.md). The kernel time gpurd
// quotes is the larger of T and this bound (docs/placement-model.md).
//
// Every figure is in core cycles: per SM for the load-store pipeline (the
// SM with the most blocks, which ends the launch), for the whole GPU for
// the L2 and DRAM.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_THROUGHPUTBOUND_H
#define GPURD_MODEL_PLACEMENT_THROUGHPUTBOUND_H

#include "llvm/ADT/StringRef.h"

namespace gpurd::model::placement {

/// Peak rates of the GPU (0: not known; that resource is not bounded).
struct ThroughputRates {
  /// Shared-memory wavefronts an SM passes a cycle (a wavefront is one pass
  /// of the banks, each 32 bits a clock: CUDA C++ Programming Guide
  /// §5.3.2).
  double wavefrontsPerCycle = 0;
  /// Lines of global (and local, texture) requests the L1 takes a cycle
  /// (the arch's l1.requestsPerCycle; the cache model's clock takes the
  /// same).
  double lineRequestsPerCycle = 0;
  double nocBytesPerCycle = 0;  ///< L2 to SMs (seed 004 Eq. 2's B_NoC).
  double dramBytesPerCycle = 0; ///< Peak DRAM bandwidth.
};

/// What the launch asks of each resource.
struct ThroughputDemand {
  /// Warps of the SM with the most blocks: ceil(blocks / active SMs) x
  /// warps of a block. The launch ends when that SM does; seed 002's
  /// #total_warps / #active_SMs is the average SM.
  double warpsOnBusiestSm = 0;
  /// Per warp: shared-memory instructions and their bank-conflict replays
  /// (wavefronts), and the lines of its global requests (the instructions
  /// and their divergence replays, seed 002's kind 1). Constant loads are
  /// not the pipeline's: the constant cache serves them.
  double sharedWavefrontsPerWarp = 0;
  double lineRequestsPerWarp = 0;
  double l2Bytes = 0;   ///< Sectors the L2 serves or takes, in bytes.
  double dramBytes = 0; ///< Read from DRAM and written back to it.
};

struct ThroughputBound {
  /// The busiest SM's shared wavefronts and global line requests, each at
  /// its rate, one after the other (both pass the SM's one L1/shared data
  /// path).
  double loadStore = 0, noc = 0, dram = 0;
  /// The largest of the three.
  double cycles() const;
  /// "the load-store pipeline", "the L2's bandwidth", "DRAM bandwidth",
  /// for the resource that sets cycles() (empty when none is known).
  llvm::StringRef resource() const;
};

ThroughputBound throughputBound(const ThroughputDemand &demand,
                                const ThroughputRates &rates);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_THROUGHPUTBOUND_H
