//===- CacheConfig.h - Cache model parameters from an arch ------*- C++ -*-===//
//
// The parameters of the GPU cache model (seeds 000 and 001), resolved from an
// arch::ArchDescription: geometry (sets per bank, ways, line size, banks,
// ports, slices, index function), replacement, write and bypass policy,
// MSHRs and the latency model of each level. A value the model needs that the
// arch does not give is an error naming the field and how to set it; see
// docs/cache-model.md for every parameter and the JSON field that feeds it.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_CACHECONFIG_H
#define GPURD_MODEL_CACHECONFIG_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::model {

/// What the model's time counts.
enum class Clock {
  /// Cycles when the arch gives what they need (l1.hitLatency,
  /// l1.requestsPerCycle, l2.hitLatency, dram.minLatency), else Requests.
  Auto,
  /// Seed 000 §4.2: one time stamp per L1 request (seed 001: per step);
  /// latencies are the latencyModel's, in those units. The seeds' worked
  /// tables are in these units.
  Requests,
  /// Core cycles: a warp instruction's requests at the L1's
  /// requestsPerCycle, non-memory instructions at the schedulers' issue
  /// rate, measured latencies in cycles.
  Cycles,
};
const char *clockName(Clock clock);

/// Latency model of one level (seed 000 §4.2, seed 001 §4.4.1), in model time
/// steps (Clock::Requests) or cycles.
struct LatencyConfig {
  arch::LatencyModelKind kind = arch::LatencyModelKind::Fixed;
  double hit = 0;        ///< Fixed: value; others: hit.
  double miss = 0;       ///< Fixed: value; Conditional: miss.
  double lambdaMin = 0;  ///< HalfNormal.
  double sigma = 0;      ///< HalfNormal.
  double k1 = 0, k2 = 0; ///< Adaptive.
  /// Adaptive: #active_SMs and L2P of seed 001 §4.4.1.
  unsigned activeSms = 1;
  unsigned l2Parallelism = 1;
  /// Clock::Cycles, for an L1: a miss is served by the L2 in l2HitCycles,
  /// or by DRAM in dramCycles; the share the L2 serves is its read hit rate
  /// so far (*l2HitRate: the L1s run ahead of the L2, window by window), or
  /// none without an L2. The latency model then adds its spread to that
  /// base: HalfNormal sigma * |N(0, 1)|, Adaptive its load term (seed 001
  /// §4.4.1, K1 being the base).
  bool cyclesFromL2 = false;
  double l2HitCycles = 0;
  double dramCycles = 0;
  const double *l2HitRate = nullptr;
};

/// MSHRs of one level (seed 000 §4.4, seed 001 §3.1, Table 2, §4.4.2).
struct MshrConfig {
  unsigned tables = 1;    ///< "#MSHR sets".
  unsigned entries = 0;   ///< Per table; 0 = unlimited (in-flight requests are
                          ///< still tracked, for latency misses).
  unsigned perWarp = 0;   ///< 0 = no per-warp limit.
  unsigned maxMerges = 0; ///< Requests merged into one entry; 0 = unlimited.
  /// Table of each partition (slice); empty: partition mod tables.
  std::vector<unsigned> tableOfPartition;
  arch::ReservationFailurePolicy onFailure =
      arch::ReservationFailurePolicy::Reissue;
  /// Whether the arch gave onFailure; if not, the engine's seed decides
  /// (warp queue: reissue, seed 000 §4.4; parallel steps: stall, seed 001).
  bool onFailureGiven = false;
};

/// The most sectors per line the cache model keeps apart (its masks are 8
/// bits; every GPU modelled has 4).
constexpr unsigned MaxSectorsPerLine = 8;

/// One cache level.
struct CacheLevelConfig {
  std::string name; ///< "l1" or "l2".
  unsigned lineSize = 128;
  unsigned sectorSize = 0; ///< 0: unsectored (or sectors as large as lines).
  unsigned assoc = 1;      ///< Ways per set.
  uint64_t setsPerBank = 1;
  /// Partitions: for the L1 independent slices each serving a share of the
  /// SM's warps (seed 001 §3.1); for the L2 address-interleaved slices.
  unsigned partitions = 1;
  unsigned banksPerPartition = 1;
  unsigned portsPerBank = 0; ///< 0: unlimited (a serial cache, seed 000).
  arch::IndexFunction index;
  arch::ReplacementPolicy replacement = arch::ReplacementPolicy::Lru;
  arch::WritePolicy writePolicy = arch::WritePolicy::WriteEvict;
  bool writeAllocate = false;
  arch::BypassPolicy bypass = arch::BypassPolicy::Writes;
  bool cachesGlobalLoads = true;
  MshrConfig mshr;
  LatencyConfig latency;
  bool hasLatencyModel = true;

  unsigned banks() const { return partitions * banksPerPartition; }
  /// Whether lines are fetched and validated in sectors.
  bool isSectored() const { return sectorSize && sectorSize < lineSize; }
  uint64_t linesPerBank() const { return setsPerBank * assoc; }
  uint64_t totalLines() const { return linesPerBank() * banks(); }
};

/// Which execution model orders the requests.
enum class ExecutionEngine {
  /// WarpQueue when the L1 describes no ports or banks, else ParallelSteps.
  Auto,
  /// Seed 000 §4.1-§4.5: one request per time stamp, FIFO warp queue, warps
  /// delayed by their latency, per-request effects in time order.
  WarpQueue,
  /// Seed 001 §4.3-§4.4, Algorithms 2-3: groups of n_scheduler warps issue
  /// their accesses in parallel steps over banks and ports.
  ParallelSteps,
};
const char *executionEngineName(ExecutionEngine engine);

/// How a launch over the request budget is sampled (seed 000 §4.6).
enum class Sampling {
  /// A subset of the SMs, each with all its blocks (seed 000 §4.6); the L2
  /// is scaled to their share.
  Space,
  /// Every active SM, each with its first blocks (whole waves): the L2 sees
  /// all the SMs' requests of the start of the launch.
  Time,
};
const char *samplingName(Sampling sampling);

/// Whether to model the L2.
enum class L2Mode {
  Auto, ///< When the arch describes an L2 completely; otherwise a note says
        ///< why not.
  On,   ///< An incomplete L2 description is an error.
  Off,
};

/// What Clock::Cycles takes from the arch: measured latencies in core cycles
/// (an L1 hit, an L2 hit and a load served by DRAM, each the whole round
/// trip of a load), the L1's line requests per cycle and the schedulers'
/// issue width.
struct CycleFigures {
  double l1Hit = 0;
  double l2Hit = 0;
  double dram = 0;
  unsigned requestsPerCycle = 1;
  unsigned issueWidth = 1;
};

/// The cycle figures of \p arch; the error names the first field missing
/// (l1.hitLatency, l1.requestsPerCycle, l2.hitLatency, dram.minLatency).
llvm::Expected<CycleFigures> resolveCycles(const arch::ArchDescription &arch);

/// Resolves the L1 of \p arch. Errors name the missing field, e.g. "arch
/// 'volta-v100' has no l1.mshr.entries; the cache model needs it (set it with
/// --set l1.mshr.entries=N)".
llvm::Expected<CacheLevelConfig> resolveL1(const arch::ArchDescription &arch);
/// Resolves the L2 of \p arch (same errors, for l2.*).
llvm::Expected<CacheLevelConfig> resolveL2(const arch::ArchDescription &arch);

} // namespace gpurd::model

#endif // GPURD_MODEL_CACHECONFIG_H
