//===- PlacementCounter.h - Instructions and replays per site ---*- C++ -*-===//
//
// Seed 002 §III-B counts, for each placement, the instructions a warp
// issues: those it executes, and the replays of kinds (1)-(4) that depend
// on where an array lives:
//   (1) global address divergence: the memory transactions of an
//       instruction beyond the first;
//   (2) constant cache misses: one replay each;
//   (3) constant address divergence: the distinct addresses of an indexed
//       constant load beyond the first;
//   (4) shared-memory bank conflicts: the wavefronts beyond the fewest the
//       access width needs.
// This counter reads them off the warps the cache model runs on, per access
// site; kinds (5)-(10) do not change with the placement (§III-B) and are not
// counted. The constant cache is a fully associative LRU over the arch's
// constant lines, cold at the start of each block (a block's SM may hold
// lines of an earlier block: an upper bound on the misses).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_PLACEMENTCOUNTER_H
#define GPURD_MODEL_PLACEMENT_PLACEMENTCOUNTER_H

#include "gpurd/Model/AccessPattern.h"
#include "gpurd/Model/WarpRequests.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <map>
#include <unordered_set>
#include <vector>

namespace gpurd::model::placement {

struct PlacementCounterConfig {
  /// Bytes of a global memory transaction, the unit of kind (1): the L1's
  /// line (a warp's request is split into one transaction per line).
  unsigned transactionBytes = 128;
  /// The constant cache: lines of constantLineSize bytes, constantLines of
  /// them (0: no constant cache, every constant line a miss).
  unsigned constantLineSize = 64;
  unsigned constantLines = 0;
  /// Shared-memory banks (AccessPattern.h).
  AccessPatternConfig banks;
  /// The array each site accesses (by site id; -1 or absent: none): the
  /// counter measures each array's footprint per block.
  std::vector<int> siteArray;
};

/// What the blocks counted touch of one array: the distinct 4-byte words of
/// a block's loads and stores (its tile, which a per-block shared copy must
/// hold) and the words its lanes access.
struct ArrayFootprint {
  uint64_t blocks = 0;
  uint64_t maxWords = 0;      ///< The largest tile of a block, in words.
  uint64_t totalWords = 0;    ///< Summed over the blocks.
  uint64_t accessedWords = 0; ///< Words the active lanes access, summed.

  /// How often a block accesses each word of its tile, on average.
  double reuse() const {
    return totalWords ? static_cast<double>(accessedWords) /
                            static_cast<double>(totalWords)
                      : 0.0;
  }
};

/// One access site's counts, over the warp instructions counted.
struct SitePlacementCounts {
  uint32_t site = 0;
  MemorySpace space = MemorySpace::Global;
  AccessKind kind = AccessKind::Read;
  uint64_t warpInstructions = 0;
  uint64_t divergenceReplays = 0; ///< Kind (1).
  uint64_t constantMisses = 0;    ///< Kind (2).
  /// The misses that are the launch's first touch of their line (the data
  /// comes from DRAM; later misses find it in the L2).
  uint64_t constantColdMisses = 0;
  uint64_t constantReplays = 0;     ///< Kind (3).
  uint64_t bankConflictReplays = 0; ///< Kind (4).

  uint64_t replays() const {
    return divergenceReplays + constantMisses + constantReplays +
           bankConflictReplays;
  }
};

/// The counts of the warps counted.
struct PlacementCounts {
  uint64_t warps = 0;
  /// Of those, the warps that make at least one memory access (a barrier
  /// is not one): a kernel guarded by `tid == 0` has 1 of its 8 warps.
  uint64_t memoryWarps = 0;
  /// Warp instructions executed: memory ones (barriers included) and the
  /// others the trace carries (WarpInstruction::instructionsBefore,
  /// WarpTrace::trailingInstructions).
  uint64_t instructions = 0;
  std::vector<SitePlacementCounts> sites; ///< By site id, those seen.
  /// By array (PlacementCounterConfig::siteArray), those accessed.
  std::map<int, ArrayFootprint> footprints;
};

class PlacementCounter {
public:
  explicit PlacementCounter(PlacementCounterConfig config);
  void add(const trace::WarpTrace &warp);
  /// The counts so far (the current block's tiles included).
  PlacementCounts results();

private:
  void count(const trace::WarpInstruction &instruction,
             SitePlacementCounts &site);
  /// The lines of \p unit bytes \p instruction touches, into `lines`
  /// (the cache model's coalescer, splitIntoLines).
  void splitLines(const trace::WarpInstruction &instruction, unsigned unit);
  /// The constant cache: true when \p line hits.
  bool constantHit(uint64_t line);
  /// The words \p instruction accesses, into its array's tile.
  void addToTile(const trace::WarpInstruction &instruction);
  /// Adds the current block's tiles to the footprints and clears them.
  void closeBlock();

  PlacementCounterConfig config;
  uint64_t warps = 0;
  uint64_t memoryWarps = 0;
  uint64_t instructions = 0;
  std::vector<SitePlacementCounts> sites; ///< By site id.
  std::vector<bool> seen;
  std::vector<LineRequestRef> lines; ///< splitLines' scratch.
  /// Most recent first.
  std::vector<uint64_t> constantLru;
  /// Every constant line the counted warps touched.
  std::unordered_set<uint64_t> constantLinesSeen;
  uint64_t currentBlock = ~uint64_t(0);
  /// The current block's distinct words of one array, as a bit per word in
  /// chunks of 64 (a coalesced warp touches one or two), and how many the
  /// lanes accessed.
  struct TileWords {
    llvm::DenseMap<uint64_t, uint64_t> chunks;
    uint64_t accessed = 0;
    /// The distinct words.
    uint64_t distinct() const;
  };
  std::map<int, TileWords> tiles;
  std::map<int, ArrayFootprint> footprints;
};

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_PLACEMENTCOUNTER_H
