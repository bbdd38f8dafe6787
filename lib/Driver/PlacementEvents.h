//===- PlacementEvents.h - What the placement model reads of a run -*- C++ -*-//
//
// The parts of a pipeline run that seed 002's placement model reads beside
// the cache model's counters: the DRAM reads of the L2, recorded with their
// times for the row-buffer and bank-queue model when the arch describes its
// DRAM's address mapping and row-buffer latencies.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_DRIVER_PLACEMENTEVENTS_H
#define GPURD_LIB_DRIVER_PLACEMENTEVENTS_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/Placement/DramStream.h"

#include <optional>

namespace gpurd::driver {

struct DramRecording {
  model::placement::DramRequestRecorder recorder;
  model::placement::DramAddressMap map;
  model::placement::RowBufferLatencies latencies; ///< Core cycles.

  /// The row buffers and bank queues of the recorded reads, their times
  /// compressed by the active SMs over the modelled ones; nothing when the
  /// model's time was not in cycles (the latencies are).
  std::optional<model::placement::DramLatencyResult>
  latency(const model::CacheModelResults &results) const;
};

/// A recording when \p arch gives dram.addressMapping (with what tells its
/// rows), the three row-buffer latencies and clockMHz; nothing otherwise.
std::optional<DramRecording> dramRecording(const arch::ArchDescription &arch);

} // namespace gpurd::driver

#endif // GPURD_LIB_DRIVER_PLACEMENTEVENTS_H
