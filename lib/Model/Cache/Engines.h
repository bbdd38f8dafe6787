//===- Engines.h - The execution engines of the cache model -----*- C++ -*-===//
//
// An SM engine orders one SM's requests and runs them through its L1:
//  - WarpQueueEngine: seed 000 §4.1-§4.5 (one request per time stamp, FIFO
//    warp queue, latencies, latency misses, MSHRs, warp delays);
//  - ParallelStepEngine: seed 001 §4.3-§4.4, Algorithms 2-3 (groups of
//    n_scheduler warps, banks and ports in parallel steps, MSHR
//    reservation failures that stall).
// Both emit the requests that leave the L1 (misses that allocate, bypassed
// reads, writes) with their time; the L2Engine runs those of all modelled SMs,
// in the order they leave the L1s, through the shared L2 (seed 001 Algorithm
// 1).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_CACHE_ENGINES_H
#define GPURD_LIB_MODEL_CACHE_ENGINES_H

#include "CacheLevel.h"
#include "gpurd/Model/LocalMemory.h"
#include "gpurd/Model/WarpRequests.h"

#include "gpurd/Model/CacheModel.h"

#include "llvm/Support/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

namespace gpurd::model {

/// A request leaving an L1 for the L2 (in L2 lines).
struct DownstreamRequest {
  uint64_t time;
  uint64_t l2Line;
  uint32_t sm;
  uint32_t site;
  OpKind kind;
  uint8_t sectors; ///< Of the L2 line (1 when the L2 is unsectored).
};

/// Latencies of one level (seed 000 §4.2, seed 001 §4.4.1), in time steps
/// or cycles (LatencyConfig::cyclesFromL2).
class LatencySampler {
public:
  explicit LatencySampler(const LatencyConfig &config, bool present = true)
      : cfg(config), present(present) {
    hitSteps = present ? round(cfg.hit) : 0;
    fixedMiss = present ? round(cfg.miss) : 0;
    // Cycles: the base follows the L2's hit rate, so nothing is fixed.
    missIsFixed =
        !present || (!cfg.cyclesFromL2 &&
                     (cfg.kind == arch::LatencyModelKind::Fixed ||
                      cfg.kind == arch::LatencyModelKind::Conditional));
  }
  uint64_t hit() const { return hitSteps; }
  uint64_t miss(CacheLevel &level) const {
    if (missIsFixed)
      // seed 000 §4.2 Tables 3 and 4.
      return fixedMiss;
    return round(base() + spread(level));
  }

private:
  /// The least latency of a miss: seed 000 §4.2's lambda_min (half-normal),
  /// seed 001 §4.4.1's K1 (adaptive); with cycles, the L2 hit latency for
  /// the share of misses the L2 serves and the DRAM latency for the rest
  /// (the mean of the two).
  double base() const {
    if (cfg.cyclesFromL2) {
      if (!cfg.l2HitRate)
        return cfg.dramCycles;
      double h = std::clamp(*cfg.l2HitRate, 0.0, 1.0);
      return h * cfg.l2HitCycles + (1 - h) * cfg.dramCycles;
    }
    return cfg.kind == arch::LatencyModelKind::HalfNormal ? cfg.lambdaMin
                                                          : cfg.k1;
  }
  /// The latency model's variation on top of the base.
  double spread(CacheLevel &level) const {
    switch (cfg.kind) {
    case arch::LatencyModelKind::HalfNormal:
      // seed 000 §4.2: lambda_min + |N(0, sigma^2)|.
      return std::fabs(cfg.sigma) * level.randomHalfNormal();
    case arch::LatencyModelKind::Adaptive:
      // seed 001 §4.4.1: K1 + K2 * #MSHR_busy * #active_SMs / L2P.
      return cfg.k2 * double(level.busyEntries()) * double(cfg.activeSms) /
             double(std::max(cfg.l2Parallelism, 1u));
    default:
      // Fixed and conditional: none (only with cycles do they get here).
      return 0;
    }
  }
  static uint64_t round(double value) {
    return static_cast<uint64_t>(std::llround(std::max(0.0, value)));
  }
  LatencyConfig cfg;
  bool present;
  bool missIsFixed = true;
  uint64_t hitSteps = 0;
  uint64_t fixedMiss = 0;
};

/// What every SM engine needs.
struct SmEngineSetup {
  const CacheModelOptions *options = nullptr;
  const KernelTraceInput *input = nullptr;
  CacheLevelConfig l1;
  unsigned l2LineSize = 0;   ///< Line size of the level below the L1.
  unsigned l2SectorSize = 0; ///< Its sector size (0: unsectored).
  /// Whether requests leaving the L1 are kept for an L2 engine; otherwise
  /// they are only counted.
  bool emitRequests = true;
  unsigned sm = 0;
  std::vector<uint64_t> blocks; ///< In start order.
  unsigned activeBlocks = 1;
  bool waves = false;
  unsigned warpSchedulers = 1;
  /// Clock::Cycles (warp queue): L1 line requests per cycle, and warp
  /// instructions each scheduler issues per cycle; 0: one request per time
  /// stamp (Clock::Requests), non-memory instructions not counted.
  unsigned requestsPerCycle = 0;
  unsigned issueWidth = 1;
  /// CacheModelOptions::packedLineStates.
  uint32_t packedLineStates = 1u << 24;
  ProfileSettings profiles;
};

class SmEngine {
public:
  explicit SmEngine(const SmEngineSetup &setup);
  virtual ~SmEngine();
  /// Processes every time stamp / step before \p limit.
  virtual llvm::Error runUntil(uint64_t limit) = 0;
  bool done() const { return finished; }
  uint64_t now() const { return time; }

  CacheLevel &l1() { return level; }
  /// Requests that left the L1, in time order; the driver drains them.
  std::vector<DownstreamRequest> out;
  /// Without an L2 engine: how many read and write requests left the L1.
  uint64_t readsDown = 0, writesDown = 0;
  RequestCounts counts;
  uint64_t warpInstructionsOfSite(uint32_t site) const {
    return site < siteInstructions.size() ? siteInstructions[site] : 0;
  }
  const std::vector<uint64_t> &siteInstructionCounts() const {
    return siteInstructions;
  }

protected:
  /// Loads block \p block: its warps, prepared.
  llvm::Error loadBlock(uint64_t block, std::vector<WarpRequests> &warps);
  /// The L1 slice serving warp \p warpInBlock (seed 001 §3.1: each slice
  /// serves the warps of its share of the schedulers).
  unsigned sliceOf(unsigned warpInBlock) const {
    if (setup.l1.partitions <= 1)
      return 0;
    unsigned scheduler = warpInBlock % std::max(setup.warpSchedulers, 1u);
    if (setup.warpSchedulers >= setup.l1.partitions)
      return scheduler * setup.l1.partitions / setup.warpSchedulers;
    return warpInBlock % setup.l1.partitions;
  }
  /// Emits the L2 requests of an L1 fill of \p l1Sectors of line \p l1Line
  /// (a mask of its sectors; 1 for an unsectored L1): the L2 lines those
  /// sectors overlap, each with the L2 sectors they overlap.
  void emitFill(uint64_t l1Line, uint8_t l1Sectors, uint32_t site);
  void emit(uint64_t l2Line, uint32_t site, OpKind kind, uint8_t sectors) {
    if (!setup.emitRequests) {
      ++(kind == OpKind::Read ? readsDown : writesDown);
      return;
    }
    // Field by field, in place (a copied temporary stalls store forwarding).
    DownstreamRequest &r = out.emplace_back();
    r.time = time;
    r.l2Line = l2Line;
    r.sm = setup.sm;
    r.site = site;
    r.kind = kind;
    r.sectors = sectors;
  }
  void emitLines(const WarpRequests &warp, const WarpMemoryOp &op) {
    emitLines(warp, op.site, op.kind, op.l2Begin, op.l2Count);
  }
  /// The same, from the parts: L2 lines [l2Begin, l2Begin + l2Count).
  void emitLines(const WarpRequests &warp, uint32_t site, OpKind kind,
                 uint32_t l2Begin, uint32_t l2Count);
  /// What a write does to the L1 line it finds (or not).
  enum class WriteAction { None, Reference, Invalidate };
  WriteAction writeAction(OpKind kind, bool present) const;
  /// Whether a write is passed on to the L2.
  bool forwardsWrite(OpKind kind) const {
    return kind == OpKind::Atomic ||
           setup.l1.writePolicy != arch::WritePolicy::WriteBack ||
           setup.l1.bypass != arch::BypassPolicy::Off;
  }
  void countInstruction(uint32_t site) {
    if (site >= siteInstructions.size())
      siteInstructions.resize(site + 1, 0);
    ++siteInstructions[site];
  }
  void report(RequestEvent &event) {
    if (CacheModelObserver *observer = setup.options->observer) {
      event.level = 1;
      event.sm = setup.sm;
      observer->onRequest(event);
    }
  }

  SmEngineSetup setup;
  CacheLevel level;
  LatencySampler latency;
  uint64_t time = 0;
  bool finished = false;
  std::vector<trace::WarpTrace> scratch;
  /// Where the launch's local memory lies, and a warp placed in it.
  LocalMemoryLayout local;
  trace::WarpTrace placed;
  std::vector<uint64_t> siteInstructions;
};

std::unique_ptr<SmEngine> createWarpQueueEngine(const SmEngineSetup &setup);
std::unique_ptr<SmEngine> createParallelStepEngine(const SmEngineSetup &setup);

/// The shared L2, fed with the requests of all modelled SMs in the order they
/// leave the L1s (seed 001 Algorithm 1), stepped like seed 001 §4.4 over its
/// partitions, banks and ports.
class L2Engine {
public:
  L2Engine(const CacheLevelConfig &config, const CacheModelOptions &options,
           const ProfileSettings &profiles);
  ~L2Engine();
  /// Queues \p request (times must not decrease).
  void push(const DownstreamRequest &request);
  /// Processes every step before \p limit.
  void runUntil(uint64_t limit);
  /// Processes everything queued.
  void finish();
  CacheLevel &level();
  uint64_t dramReads() const;
  uint64_t dramReadSectors() const;
  /// Read hits / read requests so far.
  double readHitRate() const;
  uint64_t dramWrites() const;
  /// The sectors those writes move (a write-back: the line's dirty ones).
  uint64_t dramWriteSectors() const;
  /// Write-back: dirty lines still present after finish().
  uint64_t dirtyAtEnd() const;
  uint64_t steps() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_ENGINES_H
