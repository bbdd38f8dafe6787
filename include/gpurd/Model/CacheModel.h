//===- CacheModel.h - The reuse-distance GPU cache model --------*- C++ -*-===//
//
// Seed 000's GPU cache model with its five extensions (execution model,
// latencies and latency misses, associativity and index functions, MSHRs,
// warp divergence through a warp queue) and seed 001's extensions (L1 + L2,
// banks and ports stepped in parallel, write-evict and bypass policies,
// replacement policies, index functions, block-to-SM mappings, the adaptive
// latency model, reservation failures that stall the warp). A pure function
// of (request stream, arch) -> results: no I/O; every random choice comes from
// CacheModelOptions::seed.
//
// Usage (lib/Driver adapts a trace producer to a KernelTraceInput):
//
//   model::KernelTraceInput input = ...;         // launch and traceBlock
//   model::CacheModelOptions options;            // defaults from the arch
//   options.modelledSms = 2;                     // --sms 2
//   llvm::Expected<model::CacheModelResults> r =
//       model::runCacheModel(arch, input, options);
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_CACHEMODEL_H
#define GPURD_MODEL_CACHEMODEL_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/WarpRequests.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace gpurd::model {

/// The request stream of one launch: the launch geometry and, for any block,
/// the traces of its warps in warp order (the contract of
/// trace::WarpTraceSource::traceBlock). Blocks are asked for one at a time,
/// when an SM starts them, so no grid is held in memory. The vector passed to
/// traceBlock may still hold an earlier block's traces (so that their storage
/// is reused); the producer replaces its contents: the block's warps, each
/// with exactly its own instructions.
struct KernelTraceInput {
  trace::TraceLaunch launch;
  /// Static plus dynamic shared memory per block, for the occupancy.
  uint64_t sharedBytesPerBlock = 0;
  std::function<llvm::Error(uint64_t block, std::vector<trace::WarpTrace> &)>
      traceBlock;
  /// Optional, used instead of traceBlock when set: the same traces one warp
  /// at a time (trace::WarpTraceSource::traceWarps), so that each warp is
  /// split into line requests while it is still in the processor's cache.
  std::function<llvm::Error(
      uint64_t block,
      llvm::function_ref<llvm::Error(const trace::WarpTrace &)> onWarp)>
      traceWarps;
  /// Instead of traceBlock: the warps of a block already split into line
  /// requests for the L1 described by \p l1 (see prepareWarpRequests), with
  /// L2 lines of \p l2LineSize bytes. For producers that coalesce by
  /// themselves; used when set.
  std::function<llvm::Error(uint64_t block, const CacheLevelConfig &l1,
                            unsigned l2LineSize, std::vector<WarpRequests> &)>
      requestBlock;
  /// Optional: called with every warp trace the model runs on (the blocks
  /// of the modelled SMs, in the order the SMs load them), for counters of
  /// the request stream itself (AccessPattern.h). Not called for warps a
  /// requestBlock producer gives, nor by the later runs of
  /// runCacheModelOverSeeds (the same traces again).
  std::function<void(const trace::WarpTrace &)> onModelledWarp;
  /// Optional: the instructions the producer has interpreted so far (the
  /// emulator's; 0 for producers that interpret nothing). The difference
  /// over block 0 is its cost for CacheModelOptions::instructionBudget.
  std::function<uint64_t()> instructionsExecuted;
  /// How the sampling note words that work: "{workSubject} N {workNoun}".
  std::string workSubject = "the emulator interpreted";
  std::string workNoun = "instructions";
};

/// Which resident blocks run together.
enum class ActiveSetPolicy {
  Auto,   ///< Refill for the warp queue, Waves for parallel steps.
  Refill, ///< Seed 000 §4.1: a new block starts when one finishes.
  Waves,  ///< Seed 001 Algorithm 2: CB blocks at a time, the next CB when
          ///< all of them are done.
};

/// What the engines report to an observer (tests, --explain tools).
enum class RequestStatus : uint8_t {
  Hit,
  Miss,               ///< Reserved a new MSHR entry.
  LatencyMiss,        ///< Merged into a pending entry.
  ReservationFailure, ///< No entry (rf / cancelled); retried later.
  Write,              ///< A write at this level.
  Bypass,             ///< Did not use this level.
};
const char *requestStatusName(RequestStatus status);

struct RequestEvent {
  unsigned level = 1; ///< 1 or 2.
  unsigned sm = 0;    ///< L1: the SM.
  uint64_t time = 0;  ///< Time stamp (warp queue) or step (parallel steps).
  uint64_t block = 0; ///< L1: the block and its warp.
  unsigned warp = 0;
  uint32_t site = 0;
  uint64_t lineAddress = 0; ///< Byte address of the line.
  unsigned bank = 0;        ///< Global bank (partition * banks + bank).
  unsigned port = 0;        ///< Parallel steps: the port used.
  uint64_t set = 0;         ///< Global set index.
  /// Per-set stack distance seen (InfiniteDistance when not in the stack);
  /// meaningless for reservation failures.
  uint64_t distance = 0;
  RequestStatus status = RequestStatus::Hit;
  MissClass missClass = MissClass::Compulsory; ///< For Miss / LatencyMiss.
  unsigned mshrsUsedBefore = 0; ///< Entries in use in the request's table.
  unsigned mshrsUsedAfter = 0;
  /// Latency given to the request and the time its effect (the cache update)
  /// is applied; absent for failures and writes.
  std::optional<uint64_t> latency;
  std::optional<uint64_t> effectTime; /// Reads: the sectors requested (bit s:
                                      /// sector s of the line; bit 0 alone
  /// for an unsectored cache) and how they stood: valid, in flight, fetched.
  uint8_t sectorMask = 0;
  uint8_t hitSectors = 0;
  uint8_t pendingSectors = 0;
  uint8_t missingSectors = 0;
};

/// A cache update: a request's effect applied to the stacks (seed 000 §4.2
/// "cache effect"; seed 001 Table 3 "Update" for fills).
struct EffectEvent {
  unsigned level = 1;
  unsigned sm = 0;
  uint64_t time = 0;
  uint64_t lineAddress = 0;
  bool fill = false; ///< A fill from the level below (frees an MSHR entry).
};

/// The end of a parallel step.
struct StepEvent {
  unsigned level = 1;
  unsigned sm = 0;
  uint64_t step = 0;
  std::vector<unsigned> freeMshrs; ///< Free entries per table.
};

class CacheModelObserver {
public:
  virtual ~CacheModelObserver();
  virtual void onRequest(const RequestEvent &) {}
  virtual void onEffect(const EffectEvent &) {}
  virtual void onStepEnd(const StepEvent &) {}
};

struct CacheModelOptions {
  ExecutionEngine engine = ExecutionEngine::Auto;
  /// What time counts (see Clock); the seeds' worked tables use Requests.
  Clock clock = Clock::Auto;
  /// How a launch over requestBudget is sampled.
  Sampling sampling = Sampling::Time;
  L2Mode l2 = L2Mode::Auto;
  ActiveSetPolicy activeSet = ActiveSetPolicy::Auto;
  /// Blocks to SMs; absent: the arch's sm.blockMapping, else round robin.
  std::optional<arch::BlockMapping> blockMapping;
  /// SMs to model, spread evenly (0: all that get blocks). Ignored when
  /// `sms` is given.
  unsigned modelledSms = 0;
  /// Explicit SMs to model (each below the arch's sm.count).
  std::vector<unsigned> sms;
  /// With neither `modelledSms` nor `sms`: when non-zero, model as many SMs
  /// (spread evenly) as keep the L1 line requests within this budget,
  /// estimated from the first block (seed 000 §4.6: "a limited number of
  /// cores can be modelled, generalising results across all cores"). 0: all
  /// SMs that get blocks.
  uint64_t requestBudget = 0;
  /// Like requestBudget, for the instructions a producer that interprets
  /// the kernel (the emulator) executes for the modelled blocks, counted on
  /// block 0 (KernelTraceInput::instructionsExecuted): a kernel whose blocks
  /// compute much and touch global memory little (a GEMM through shared
  /// memory and tensor cores) costs its interpretation, not its requests.
  /// The smaller sample of the two budgets' is modelled. 0: no bound.
  uint64_t instructionBudget = 0;
  /// When one SM's resident blocks are over requestBudget (or
  /// instructionBudget) by themselves, fail with a LaunchBoundError
  /// (BlockLength) instead of modelling their first blocks: for launches of
  /// assumed sizes, which the driver retries smaller (docs/assumptions.md).
  /// A block's cost against requestBudget is then the larger of its L1
  /// requests and its warp memory instructions.
  bool failWhenOneSmIsOverBudget = false;
  /// Model only the first N blocks each modelled SM runs (0: all of them).
  /// Seed 000 §4.6 also limits the threads modelled ("up to 8192 threads"
  /// on one core). Set by `requestBudget` when one SM's blocks exceed it.
  uint64_t maxBlocksPerSm = 0;
  /// Model only the first N waves of resident blocks of each modelled SM
  /// (N times the blocks resident at once; 0: no such limit). A what-if's
  /// variant runs on the waves its baseline's sample ran, whatever its own
  /// block count (advisor::WhatIfRunner::comparisonOptions).
  uint64_t maxWavesPerSm = 0;
  /// At most this many blocks resident on an SM at once (0: as many as the
  /// occupancy limits allow): the advisor's what-if of a smaller working
  /// set per SM (gpurd-cache-capacity).
  unsigned maxResidentBlocksPerSm = 0;
  /// Seeds the half-normal latencies, random replacement and random block
  /// mapping.
  uint64_t seed = 0;
  /// Seed 000 §4.2: a request to a line in flight takes effect when the
  /// pending fill does ("clipping"), instead of after its own latency.
  bool clipLatencyMisses = true;
  /// Seed 000 §4.5: a warp re-enters the warp queue only after the latency
  /// of its request; off gives the plain round robin of §4.1-§4.4.
  bool delayWarpsByLatency = true;
  /// Reuse profiles: distances below this are counted exactly (power of two).
  uint64_t profileExactLimit = 64;
  /// Interval length (requests) of the per-interval profiles (seed 003
  /// §IV-B); 0: none.
  uint64_t profileInterval = 0;
  /// Also compute fully associative reuse profiles (seed 003's RP) of the
  /// streams each level sees (costs one more O(log n) tree per level).
  bool fullyAssociativeProfiles = false;
  /// Reports every request, effect and step (slow; for tests and tools).
  CacheModelObserver *observer = nullptr;
  /// An implementation limit, lowered by tests only: the line states a
  /// sectored L1 may number before the warp-queue engine gives a request
  /// two words of its stream instead of one (the results are the same).
  uint32_t packedLineStates = 1u << 24;
};

/// Runs the cache model of \p arch on the launch \p input.
llvm::Expected<CacheModelResults>
runCacheModel(const arch::ArchDescription &arch, const KernelTraceInput &input,
              const CacheModelOptions &options = {});

/// runCacheModel with \p seeds consecutive seeds from options.seed: the
/// results of options.seed, with the range of the whole-launch figures over
/// all of them (CacheModelResults::seedSpread) and a note naming those that
/// move by more than a point. \p input must give the same traces each time.
/// With one seed, a note when the L2's hit rates may move with the seed by
/// more than a point, because over a percent of its read sectors were
/// pending hits (requests that met a fill in flight, whose order against
/// the fill the random latencies decide).
llvm::Expected<CacheModelResults>
runCacheModelOverSeeds(const arch::ArchDescription &arch,
                       const KernelTraceInput &input,
                       const CacheModelOptions &options, unsigned seeds);

} // namespace gpurd::model

#endif // GPURD_MODEL_CACHEMODEL_H
