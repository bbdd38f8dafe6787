//===- StepCore.h - Seed 001's RD steps over banks, ports -------*- C++ -*-===//
//
// Seed 001 §4.4 and Table 3: each step has two phases.
//  1. The requests are mapped onto their banks and access them through the
//     free ports (smaller warp indexes first; a request keeps its port while
//     its MSHR reservation fails). The lookup decides hit or miss.
//  2. The blocks arriving from the level below fill the cache, in the order
//     their MSHR entries were reserved, and free those entries; then, in
//     priority order (warp, bank, port), hits update the stacks (their reuse
//     distance is taken here: "a hit access also causes some cache
//     updates") and misses merge into a pending entry or reserve a free one,
//     or fail (rf) and try again in the next step.
// A miss reserved in step i with latency L arrives at the end of step
// i + L - 1 and is available from step i + L (§4.4: latency 2 → arrives at
// the end of step i + 1, available from i + 2). Reservations in phase 2 see
// the entries that phase 2's arrivals freed, which is what Table 3 shows
// (B and D reserve in step 1 the entries A and C free in step 1).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_CACHE_STEPCORE_H
#define GPURD_LIB_MODEL_CACHE_STEPCORE_H

#include "Engines.h"

#include <functional>
#include <vector>

namespace gpurd::model {

struct PortRequest {
  uint64_t priority = 0; ///< Smaller first (L1: warp in group; L2: arrival).
  uint64_t order = 0;    ///< Among equal priorities.
  uint32_t line = NoIndex;
  uint32_t bank = 0;
  uint32_t site = 0;
  uint32_t owner = NoIndex; ///< Warp (per-warp MSHR limit), or NoIndex.
  uint32_t sectorMask = 0;  ///< Requested sectors (see WarpRequests).
  uint64_t block = 0;
  unsigned warp = 0;
  OpKind kind = OpKind::Read;
  bool usesCache = true;
  uint16_t port = 0;
  enum State : uint8_t { Waiting, Holding, Done } state = Waiting;
  bool hitAtLookup = false;
  uint8_t validAtLookup = 0; ///< Requested sectors valid at the lookup.
  bool failedBefore = false;
};

/// What a level's stepping needs from its engine.
struct StepHooks {
  /// A read miss sends \p sectors of its line down: it reserved an entry,
  /// or (sectored) joined the line's pending entry with sectors it lacked.
  std::function<void(const PortRequest &, uint8_t sectors)> onFetch;
  /// A write reached this level (apply the write policy; returns what it did
  /// to the line: counters are updated by the core).
  std::function<void(const PortRequest &, bool present)> onWrite;
  /// MSHR entries held per owner (per-warp limit); may be empty.
  std::function<unsigned(uint32_t owner)> heldBy;
  std::function<void(uint32_t owner)> onHold;
};

class StepCore {
public:
  StepCore(CacheLevel &level, const LatencySampler &latency,
           const MshrConfig &mshr, bool clipLatencyMisses, unsigned level1or2,
           unsigned sm, CacheModelObserver *observer);

  /// Runs step \p step over \p requests (only Waiting and Holding ones are
  /// touched); returns whether every request is Done afterwards.
  bool step(uint64_t step, std::vector<PortRequest> &requests,
            const StepHooks &hooks);

private:
  bool resolve(uint64_t step, PortRequest &r, const StepHooks &hooks);

  CacheLevel &level;
  const LatencySampler &latency;
  MshrConfig mshr;
  bool clip;
  unsigned levelNumber;
  unsigned sm;
  CacheModelObserver *observer;
  unsigned ports;
  std::vector<uint64_t> busyPorts; ///< Bit p: port p of the bank is held.
  std::vector<uint32_t> scratch;
  uint64_t seq = 0;
};

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_STEPCORE_H
