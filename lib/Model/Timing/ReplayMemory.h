//===- ReplayMemory.h - The warp replay's memory system ---------*- C++ -*-===//
//
// When the data of a memory line is ready, given when it issues: each SM's
// sectored L1 (its tag stage resolves l1RequestsPerCycle sets a cycle, one
// line of each; a sector is a hit, a hit on a sector in flight, or a miss), the
// shared L2 in slices that each serve sliceSectorsPerCycle sectors a cycle
// in arrival order (the queue of requests that reach a slice together; a
// line's slice is a hash of its address), and DRAM channels, each behind
// its share of the slices, that serve channelSectorsPerCycle sectors a
// cycle. The
// latencies are load-to-use figures (Jia et al.): an L1 hit is ready
// l1HitLatency after its tag lookup, an L2 hit l2HitLatency after the slice
// takes it, a DRAM access dramLatency after its channel does. Shared
// memory takes the L1's pipe, one wavefront a cycle (they are one unit
// since Volta); the constant cache is a pipe of one address a cycle. Sectors
// record when they become valid, so a request that finds one in flight waits
// for it; that is the MSHR merge, without a limit on the entries
// (docs/timing-model.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_TIMING_REPLAYMEMORY_H
#define GPURD_LIB_MODEL_TIMING_REPLAYMEMORY_H

#include "gpurd/Model/Timing/WarpReplay.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <set>
#include <vector>

namespace gpurd::model::timing {

/// A set-associative LRU cache of sectored lines whose sectors carry the
/// cycle they become valid.
class SectorCache {
public:
  struct Way {
    uint64_t line = ~uint64_t(0);
    uint64_t stamp = 0;
    std::array<uint64_t, 8> readyAt{};
    uint8_t present = 0; ///< Sectors valid or in flight.
    uint8_t dirty = 0;
  };

  SectorCache(uint64_t bytes, unsigned lineSize, unsigned assoc);

  /// The way holding \p line, or null.
  Way *find(uint64_t line);
  /// A way for \p line (the set's least recently used one, emptied); what
  /// it held goes to \p evicted.
  Way &allocate(uint64_t line, Way &evicted);
  void touch(Way &way) { way.stamp = ++clock; }
  unsigned setCount() const { return sets; }

private:
  unsigned sets, assoc;
  std::vector<Way> ways;
  uint64_t clock = 0;
};

class ReplayMemory {
public:
  ReplayMemory(const ReplayParameters &parameters, ReplayResult &result);

  /// A global load (LDG, LDL, TEX) of SM \p sm issued at \p now: when its
  /// last sector is ready.
  uint64_t load(unsigned sm, uint64_t now, llvm::ArrayRef<LineRequest> lines);
  /// A global store, written through to the L2: when the L2 has
  /// acknowledged its last sector (an acknowledgement comes back as a hit's
  /// data does).
  uint64_t store(unsigned sm, uint64_t now, llvm::ArrayRef<LineRequest> lines);
  /// A global atomic, performed at the L2 (\p serial lanes on one address
  /// take the slice one after another): when its old values are back.
  uint64_t atomic(unsigned sm, uint64_t now, llvm::ArrayRef<LineRequest> lines,
                  unsigned serial);
  /// A shared-memory access of \p wavefronts wavefronts: when it is done.
  uint64_t shared(unsigned sm, uint64_t now, unsigned wavefronts);
  /// A constant load of \p addresses distinct addresses.
  uint64_t constant(unsigned sm, uint64_t now, unsigned addresses);

private:
  /// One sector's trip to the L2 (and the DRAM on a miss), arriving at the
  /// slice at \p arrive: when its data is back at the SM.
  uint64_t l2Sector(uint64_t line, unsigned sector, uint64_t arrive, bool write,
                    double extraService = 0);
  /// Sets lookups[i] to the cycle the L1's tag stage of \p sm looks up
  /// request i of an instruction issued at \p now.
  void scheduleLookups(unsigned sm, uint64_t now,
                       llvm::ArrayRef<LineRequest> lines);
  void writeBack(uint64_t line, uint8_t dirty, uint64_t now);
  /// One sector's request from SM \p sm after its lookup at \p lookup,
  /// through the SM's port (ReplayParameters::smPort) and the L2: when its
  /// reply is back in the SM.
  uint64_t remote(unsigned sm, uint64_t line, unsigned sector, uint64_t lookup,
                  bool write, double extra = 0);
  /// The DRAM channel behind \p line's slice.
  unsigned channelOf(uint64_t line) const;

  const ReplayParameters &p;
  ReplayResult &result;
  std::vector<SectorCache> l1;
  SectorCache l2;
  /// The cycle each SM's L1 and shared-memory pipe is free.
  std::vector<uint64_t> tagFree;
  /// The cycle each SM's port takes its next request, and the cycles its
  /// replies are taken.
  std::vector<uint64_t> outFree;
  std::vector<std::set<uint64_t>> inBusy;
  std::vector<double> constantFree;
  std::vector<double> sliceFree, channelFree;
  unsigned l1Sets = 1;
  std::vector<uint64_t> lookups;                   ///< scheduleLookups' cycles.
  llvm::SmallDenseMap<uint64_t, unsigned> setRank; ///< Requests a set so far.
  uint64_t missLatency = 0, missLoads = 0;

public:
  /// Mean cycles from issue to data of the loads that left the SM.
  double meanMissLatency() const {
    return missLoads ? double(missLatency) / missLoads : 0;
  }
};

} // namespace gpurd::model::timing

#endif // GPURD_LIB_MODEL_TIMING_REPLAYMEMORY_H
