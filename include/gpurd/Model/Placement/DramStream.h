//===- DramStream.h - The requests the L2 sends to DRAM ---------*- C++ -*-===//
//
// Seed 002 §IV feeds the memory trace its cache models filter into the Tmem
// model, which counts row-buffer outcomes and inter-arrival times per bank.
// gpurd's cache model is that filter: this observer records the reads its
// L2 sends down (the sectors a miss fetches, or the line of an unsectored
// L2) with their model times, and hands them to the row-buffer model in
// time order. Writes the L2 passes on are not observed (the model reports
// them only as counts); the DRAM latency is that of the reads.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_DRAMSTREAM_H
#define GPURD_MODEL_PLACEMENT_DRAMSTREAM_H

#include "gpurd/Model/CacheModel.h"
#include "gpurd/Model/Placement/DramLatency.h"

#include <cstdint>
#include <vector>

namespace gpurd::model::placement {

class DramRequestRecorder : public CacheModelObserver {
public:
  /// \p sectorSize: the L2's sector in bytes (0: unsectored, one request
  /// per line).
  explicit DramRequestRecorder(unsigned sectorSize) : sectorSize(sectorSize) {}

  void onRequest(const RequestEvent &event) override;

  struct Request {
    double time = 0;
    uint64_t address = 0;
  };
  const std::vector<Request> &requests() const { return recorded; }

  /// The row-buffer model over the requests in time order, each time
  /// divided by \p timeCompression (the active SMs over the modelled ones:
  /// the SMs not modelled send their requests in the same time, so the
  /// banks see them that much closer together).
  DramLatencyResult latency(const DramAddressMap &map,
                            const RowBufferLatencies &latencies,
                            double timeCompression) const;

private:
  unsigned sectorSize;
  std::vector<Request> recorded;
};

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_DRAMSTREAM_H
