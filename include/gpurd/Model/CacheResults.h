//===- CacheResults.h - What the GPU cache model predicts -------*- C++ -*-===//
//
// Per access site and in total, for the L1 and the L2: accesses, hits, misses
// split by cause (seed 000 §1 and §6.1: compulsory, capacity, associativity,
// latency; plus misses after a write-evict invalidation), MSHR merges and
// reservation failures (seed 000 §4.4, seed 001 §4.4), transaction counts
// (seed 001 §5: L1_R_Trans, L2_Trans, DRAM), reuse profiles (seed 003 §IV-B)
// and what was sampled. All numbers are predictions of the model.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_CACHERESULTS_H
#define GPURD_MODEL_CACHERESULTS_H

#include "gpurd/Model/ReuseProfile.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::model {

/// Why a read missed (seed 000 §1 3C model, §4.2 latency misses).
enum class MissClass : uint8_t {
  Compulsory,    ///< First request to the line.
  Capacity,      ///< A fully associative LRU cache of the same size misses
                 ///< too (reuse distance >= lines).
  Associativity, ///< Only the set-associative cache misses (conflict:
                 ///< limited associativity, index function or replacement).
  Latency,       ///< The line is in flight: the request merges into the
                 ///< pending MSHR entry (seed 000 §4.2; seed 001 §4.4 counts
                 ///< these as merges).
  Invalidation,  ///< The line was evicted by a write (write-evict, seed 001
                 ///< §3.1) since it was last brought in.
  Sector,        ///< Sectored caches: the line is in the cache but not every
                 ///< requested sector is (a sector miss; the missing sectors
                 ///< are fetched, the line keeps its way).
};
constexpr unsigned NumMissClasses = 6;
const char *missClassName(MissClass kind);

/// Counters of one cache level (for one site or in total). Units are line
/// requests after coalescing (the cache's own line size), except the
/// sector counters, which count the sectors those requests touch (an
/// unsectored cache has one sector per line, so they equal the line
/// counters). Nsight Compute's names for them are in docs/cache-model.md.
struct CacheCounters {
  uint64_t readAccesses = 0;
  uint64_t readHits = 0;
  std::array<uint64_t, NumMissClasses> readMisses{};
  uint64_t writeAccesses = 0;
  /// Writes that found their line (write-evict: and evicted it).
  uint64_t writeHits = 0;
  /// Requests that did not use this cache (bypass policy, uncached space).
  uint64_t bypassed = 0;
  /// Misses that reserved a new MSHR entry (each goes one level down).
  uint64_t mshrAllocations = 0;
  /// Misses merged into a pending entry (= latency misses).
  uint64_t mshrMerges = 0;
  /// Failed attempts to reserve an entry or merge (all entries busy, the
  /// warp's limit reached, or the entry's merges used up). A request counts
  /// once per failed attempt; it counts as an access once, when it succeeds.
  uint64_t reservationFailures = 0;
  /// Sectors of the read requests counted in readAccesses: found valid
  /// (hits), in flight (pending hits: they arrive with a fill already
  /// requested, and nothing new is sent down) and fetched (misses).
  /// sectorReadHits + sectorPendingHits + sectorReadMisses ==
  /// sectorReadAccesses.
  uint64_t sectorReadAccesses = 0;
  uint64_t sectorReadHits = 0;
  uint64_t sectorPendingHits = 0;
  uint64_t sectorReadMisses = 0;
  /// Sectors of the write requests counted in writeAccesses.
  uint64_t sectorWriteAccesses = 0;
  /// Capacity and associativity misses that sent a request down and whose
  /// per-set stack distance was below twice the ways (seed 000 §3.3: a hit
  /// iff distance < ways): a cache twice as large, or a working set half
  /// as large, would have hit them. LRU caches only.
  uint64_t nearCapacityMisses = 0;

  uint64_t accesses() const { return readAccesses + writeAccesses; }
  uint64_t readMissCount() const;
  uint64_t readMissCount(MissClass kind) const {
    return readMisses[static_cast<unsigned>(kind)];
  }
  /// readHits / readAccesses (0 when there are none).
  double readHitRate() const;
  double readMissRate() const;
  /// The miss rate a profiler reports: latency misses send no request down,
  /// so they are left out (seed 000 §6.1).
  double readMissRateWithoutLatencyMisses() const;
  /// Merges / (merges + allocations) (seed 003 §IV-C: MSHR merge rate).
  double mshrMergeRate() const;
  /// Line misses that send a request down: every miss but the latency
  /// misses (merges), which profilers and simulators count as pending hits.
  uint64_t readLineMisses() const {
    return readMissCount() - readMissCount(MissClass::Latency);
  }
  /// sectorReadHits / sectorReadAccesses, the counterpart of Nsight
  /// Compute's l1tex__t_sector_hit_rate and lts__t_sector_hit_rate; and the
  /// rate that counts pending hits as hits, as Accel-Sim's hit rates do
  /// (neither sends a request down).
  double sectorHitRate() const;
  double sectorHitRateWithPending() const;
  void add(const CacheCounters &other);
};

/// Requests between levels (seed 001 §5: L1_R_Trans, L2_Trans, and DRAM).
struct TransactionCounts {
  uint64_t l1Reads = 0;   ///< Read requests the L1 serves (hit or miss).
  uint64_t l1Writes = 0;  ///< Write requests arriving at the L1.
  uint64_t l2Reads = 0;   ///< Read requests arriving at the L2.
  uint64_t l2Writes = 0;  ///< Write (and atomic) requests arriving at the L2.
  uint64_t dramReads = 0; ///< L2 read misses that fetch (an MSHR entry
                          ///< reserved, or more sectors of one in flight).
  uint64_t dramReadSectors = 0; ///< The sectors those fetch (lines when the
                                ///< L2 is unsectored).
  uint64_t dramWrites = 0;      ///< Writes the L2 passes on (write-through or
                           ///< no-allocate) and dirty lines a write-back L2
                           ///< evicted.
  /// The sectors those writes move (a write-back moves the line's dirty
  /// sectors; lines when the L2 is unsectored).
  uint64_t dramWriteSectors = 0;
  /// Write-back L2: dirty lines still in the L2 when the launch ends (their
  /// write-back happens after it).
  uint64_t l2DirtyAtEnd = 0;
  void add(const TransactionCounts &other);
};

/// The results of one access site (WarpInstruction::site).
struct SiteCacheResults {
  uint32_t site = 0;
  uint64_t warpInstructions = 0; ///< Warp instructions of this site modelled.
  CacheCounters l1;
  CacheCounters l2;
};

/// Reuse profiles of one cache level: per-set stack distances (the distances
/// the model's hit/miss decisions use; seed 000 §4.3, seed 001 MRU counters),
/// optionally fully associative ones (seed 003's RP), for the whole kernel and
/// per interval of `intervalLength` requests (per SM for the L1, merged
/// interval by interval over the modelled SMs).
struct CacheReuseProfiles {
  ReuseProfile perSet;
  std::vector<ReuseProfile> perSetIntervals;
  std::optional<ReuseProfile> fullyAssociative;
  std::vector<ReuseProfile> fullyAssociativeIntervals;
  uint64_t intervalLength = 0; ///< 0: no interval profiles.
};

/// Which part of the launch was modelled (seed 000 §4.6: a subset of the
/// cores, results generalised to all of them) and how the shared L2 was
/// scaled to match.
struct SamplingInfo {
  unsigned totalSms = 0;  ///< SMs of the GPU.
  unsigned activeSms = 0; ///< SMs that get at least one block.
  std::vector<unsigned> modelledSms;
  uint64_t totalBlocks = 0;
  uint64_t modelledBlocks = 0;
  /// Multiply modelled counts by this to estimate the whole launch
  /// (totalBlocks / modelledBlocks).
  double scale = 1.0;
  /// The L2 seen by the modelled SMs: its sets per bank and MSHR entries per
  /// table, scaled by modelledSms / activeSms (see docs/cache-model.md).
  uint64_t l2SetsPerBank = 0;
  uint64_t l2SetsPerBankFull = 0;
  unsigned l2MshrEntries = 0;
  unsigned l2MshrEntriesFull = 0;
  /// With CacheModelOptions::requestBudget: the L1 line requests of the
  /// first block and the estimate for every block of the launch (0 when no
  /// budget was given).
  uint64_t requestsOfFirstBlock = 0;
  uint64_t estimatedRequests = 0;
  uint64_t requestBudget = 0;
  /// With CacheModelOptions::instructionBudget and an interpreting
  /// producer: the instructions block 0 took, and the budget.
  uint64_t instructionsOfFirstBlock = 0;
  uint64_t instructionBudget = 0;
  /// The blocks each modelled SM ran were cut to its first this many (0:
  /// not cut).
  uint64_t blocksPerSmLimit = 0;
  /// Modelled blocks whose runs the trace producer cut to what gpurd holds
  /// (WarpTraceSource::blocksCut): their figures are of the first part of
  /// their runs, and scaled by the blocks they are not the launch's.
  uint64_t blocksCut = 0;
  /// Modelled blocks with threads the producer ended while they waited for
  /// a value no thread of the block writes (WarpTraceSource::blocksWaiting).
  uint64_t blocksWaiting = 0;
  /// A sentence: "2 of 14 SMs (0, 7), 586 of 4096 blocks; L2 ...".
  std::string description;
  /// "none" when every active SM ran all its blocks; "time" when every
  /// active SM ran its first blocks (Sampling::Time); "space" when some SMs
  /// were modelled (and of one that is over the budget by itself, its first
  /// blocks).
  std::string method = "none";

  /// Whether the L2 saw the requests of every SM that runs blocks. A sample
  /// of some SMs (method "space") brings only their lines into the L2: its
  /// L2 hit rates and DRAM reads are not the launch's (data the SMs share
  /// looks like misses), while its L1 figures and L2 requests scale.
  bool l2SeesEverySm() const {
    return method != "space" || modelledSms.size() >= activeSms;
  }
};

/// How the launch was executed in the model.
struct ExecutionInfo {
  std::string engine;             ///< "warp-queue" (seed 000) or
                                  ///< "parallel-steps" (seed 001).
  std::string blockMapping;       ///< "round-robin", "partition-4", ...
  unsigned activeBlocksPerSm = 0; ///< Occupancy (seed 001 Algorithm 3 CB).
  unsigned warpsPerBlock = 0;
  /// The L1 modelled (per SM): bytes, sets and ways.
  uint64_t l1Bytes = 0;
  uint64_t l1Sets = 0;
  unsigned l1Assoc = 0;
  /// Sector sizes of the L1 and the L2 in bytes (0: unsectored).
  unsigned l1SectorSize = 0;
  unsigned l2SectorSize = 0;
  /// What the L2's (and DRAM's) sector counters count: "sectors", or
  /// "lines" for an unsectored L2, whose sector counters are its line
  /// counters (a Fermi line is 128 bytes, four 32-byte sectors).
  const char *l2Unit() const { return l2SectorSize ? "sectors" : "lines"; }
  /// When the arch splits its L1/shared storage per kernel
  /// (sm.sharedMemoryCarveouts): the shared-memory carve-out the launch got.
  std::optional<uint64_t> sharedCarveoutBytes;
  /// "cycles" or "requests" (Clock).
  std::string clock;
  /// Model time (cycles, or time stamps / steps) of the slowest modelled
  /// SM.
  uint64_t timeSteps = 0;
  /// Whether the results depend on CacheModelOptions::seed: a latency with
  /// a random spread (seed 000's half-normal), random replacement or a
  /// random block mapping.
  bool randomDraws = false;
  /// Warp instructions modelled, and those skipped because the model does
  /// not cover their memory space (shared, constant, texture) or because
  /// they are barriers.
  uint64_t warpInstructions = 0;
  uint64_t skippedInstructions = 0;
};

/// The least and the greatest value of a figure over several runs.
struct FigureRange {
  double min = 0;
  double max = 0;
  double width() const { return max - min; }
};

/// How the whole-launch figures move with the seed of the model's random
/// draws (CacheModelOptions::seed): the runs with each of `seeds`, the
/// first the one the results are of (runCacheModelOverSeeds).
struct SeedSpread {
  /// A hit rate moves when its range is wider than a point.
  static constexpr double RateTolerance = 0.01;
  struct Level {
    FigureRange readHitRate;
    FigureRange sectorHitRate;
    FigureRange sectorHitRateWithPending;
  };
  std::vector<uint64_t> seeds;
  Level l1;
  Level l2;
  FigureRange dramReadSectors;
};

struct CacheModelResults {
  CacheCounters l1;
  CacheCounters l2;
  bool l2Modelled = false;
  TransactionCounts transactions;
  /// Sorted by site.
  std::vector<SiteCacheResults> sites;
  CacheReuseProfiles l1Profiles;
  CacheReuseProfiles l2Profiles;
  SamplingInfo sampling;
  ExecutionInfo execution;
  /// Things the reader should know (L2 left out and why, parameters
  /// defaulted, ...), one sentence each.
  std::vector<std::string> notes;
  /// With runCacheModelOverSeeds: the figures' range over the seeds.
  std::optional<SeedSpread> seedSpread;

  /// The site's results, or null.
  const SiteCacheResults *site(uint32_t site) const;
  /// The warps resident on an SM at once: the occupancy's blocks or the
  /// launch's share of them over its busy SMs, whichever is fewer, times
  /// the warps of a block (at least 1). Seed 002's N, seed 004's W.
  double residentWarpsPerSm() const;
};

} // namespace gpurd::model

#endif // GPURD_MODEL_CACHERESULTS_H
