//===- PlacementTiming.h - A run's events and seed 002's time ---*- C++ -*-===//
//
// The events of one pipeline run of a placement (Model/Placement's
// KernelEvents) and its predicted time: the instructions, replays and
// requests the run's counters give per warp, the share of requests DRAM
// serves from the cache model's L2, the DRAM latency from the row-buffer
// and bank-queue model (or the arch's constant), and the machine's figures
// from the arch.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ADVISOR_PLACEMENT_PLACEMENTTIMING_H
#define GPURD_LIB_ADVISOR_PLACEMENT_PLACEMENTTIMING_H

#include "gpurd/Advisor/Placement.h"

namespace gpurd::advisor {

/// What the time model reads of the arch.
struct PlacementMachine {
  model::placement::MachineFigures figures;
  /// dram.minLatency in cycles, the DRAM latency where the arch describes
  /// no row buffers.
  std::optional<double> constantDramLatency;
  /// Bytes of a DRAM read sector (the L2's sector, or its line).
  double dramSectorBytes = 32;
  /// The peak rates of the throughput bound (ThroughputBound.h).
  model::placement::ThroughputRates rates;
  /// Eq. 11's coefficients, when calibrated.
  std::optional<model::placement::OverlapCoefficients> overlap;
};

/// The machine of \p arch; fails naming the fields it lacks.
llvm::Expected<PlacementMachine>
placementMachine(const arch::ArchDescription &arch);

/// The bytes of the shared copies \p moved asks for: the tiles of the arrays
/// it places in shared memory.
uint64_t sharedTileBytes(const std::map<std::string, PlacementTarget> &moved,
                         const std::vector<PlacementArray> &arrays);

/// The events and time of \p run, the kernel with \p moved arrays (of
/// \p arrays) placed so. With \p freeArray, the accesses of that array
/// cost nothing (no instruction, replay or latency): the bound no placement
/// of it can beat; with \p maxWarpsPerSm > 0, at most that many warps
/// resident on an SM (the occupancy a shared copy leaves).
llvm::Expected<PlacementTime>
timePlacement(const driver::KernelAnalysis &run,
              const std::map<std::string, PlacementTarget> &moved,
              const std::vector<PlacementArray> &arrays,
              const PlacementMachine &machine,
              const std::string *freeArray = nullptr, double maxWarpsPerSm = 0);

/// \p time with its events moved by \p correction (a measured sample
/// profile's: Model/Placement/SampleProfile.h) and timed again.
void applyProfile(PlacementTime &time,
                  const model::placement::ProfileCorrection &correction,
                  const PlacementMachine &machine);

/// The term of seed 002's model that moves \p candidate's time most from
/// \p written's (each swapped into the placement as written alone): a
/// name for the output.
std::string decidingFactor(const PlacementTime &written,
                           const PlacementTime &candidate,
                           const PlacementMachine &machine);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_PLACEMENT_PLACEMENTTIMING_H
