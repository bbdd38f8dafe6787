//===- DramStream.cpp - The requests the L2 sends to DRAM -----------------===//

#include "gpurd/Model/Placement/DramStream.h"

#include <algorithm>

namespace gpurd::model::placement {

void DramRequestRecorder::onRequest(const RequestEvent &event) {
  if (event.level != 2 || !event.missingSectors)
    return;
  if (event.status != RequestStatus::Miss &&
      event.status != RequestStatus::LatencyMiss)
    return;
  double time = static_cast<double>(event.time);
  if (!sectorSize) {
    recorded.push_back({time, event.lineAddress});
    return;
  }
  for (unsigned s = 0; s < 8; ++s)
    if (event.missingSectors & (1u << s))
      recorded.push_back({time, event.lineAddress + uint64_t(s) * sectorSize});
}

DramLatencyResult
DramRequestRecorder::latency(const DramAddressMap &map,
                             const RowBufferLatencies &latencies,
                             double timeCompression) const {
  std::vector<Request> ordered = recorded;
  std::stable_sort(
      ordered.begin(), ordered.end(),
      [](const Request &a, const Request &b) { return a.time < b.time; });
  RowBufferModel model(map, latencies);
  double compression = timeCompression > 0 ? timeCompression : 1.0;
  for (const Request &request : ordered)
    model.add(request.address, request.time / compression);
  return model.result();
}

} // namespace gpurd::model::placement
