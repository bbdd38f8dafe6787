//===- PlacementEvents.cpp - What the placement model reads of a run ------===//

#include "PlacementEvents.h"

#include "gpurd/Driver/AnalysisContext.h"

namespace gpurd::driver {

std::optional<DramRecording> dramRecording(const arch::ArchDescription &arch) {
  if (!arch.dram || !arch.clockMHz || !arch.dram->rowHitLatencyNs ||
      !arch.dram->rowMissLatencyNs || !arch.dram->rowConflictLatencyNs)
    return std::nullopt;
  auto map = model::placement::DramAddressMap::fromArch(*arch.dram);
  if (!map) {
    llvm::consumeError(map.takeError());
    return std::nullopt;
  }
  // Nanoseconds to core cycles at the arch's clock.
  double cyclesPerNs = *arch.clockMHz / 1000.0;
  model::placement::RowBufferLatencies latencies;
  latencies.hit = *arch.dram->rowHitLatencyNs * cyclesPerNs;
  latencies.miss = *arch.dram->rowMissLatencyNs * cyclesPerNs;
  latencies.conflict = *arch.dram->rowConflictLatencyNs * cyclesPerNs;
  unsigned sector = 0;
  if (arch.l2 && arch.l2->sectorSize && arch.l2->lineSize &&
      *arch.l2->sectorSize < *arch.l2->lineSize)
    sector = *arch.l2->sectorSize;
  return DramRecording{model::placement::DramRequestRecorder(sector), *map,
                       latencies};
}

std::optional<model::placement::DramLatencyResult>
DramRecording::latency(const model::CacheModelResults &results) const {
  if (results.execution.clock != "cycles")
    return std::nullopt;
  const model::SamplingInfo &sampling = results.sampling;
  double compression = 1.0;
  if (!sampling.modelledSms.empty() && sampling.activeSms)
    compression = static_cast<double>(sampling.activeSms) /
                  static_cast<double>(sampling.modelledSms.size());
  return recorder.latency(map, latencies, compression);
}

model::placement::PlacementCounterConfig
AnalysisContext::placementCounterConfig() const {
  model::placement::PlacementCounterConfig config;
  if (archDescription.l1 && archDescription.l1->lineSize)
    config.transactionBytes = *archDescription.l1->lineSize;
  if (const std::optional<arch::CacheDescription> &constant =
          archDescription.constant) {
    if (constant->lineSize)
      config.constantLineSize = *constant->lineSize;
    if (constant->size)
      config.constantLines =
          static_cast<unsigned>(*constant->size / config.constantLineSize);
  }
  config.banks = accessPatternConfig();
  return config;
}

} // namespace gpurd::driver
