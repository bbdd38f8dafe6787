//===- Placement.h - Where a kernel's arrays should live --------*- C++ -*-===//
//
// `gpurd-advise --placements` and the gpurd-placement check: the legal
// placements of a kernel's global and constant arrays (global memory, the
// read-only path, constant memory, shared memory), each analysed by the whole
// pipeline with the arrays moved (a what-if run: WhatIf.h) and timed by seed
// 002's model, T = Tcomp + Tmem - Toverlap (Model/Placement/KernelTime.h), and
// ranked by the predicted time. Seed 002 starts from a profile measured on a
// GPU; gpurd has none, so the events of every placement, the one as written
// included, come from its own models (docs/placement-model.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_PLACEMENT_H
#define GPURD_ADVISOR_PLACEMENT_H

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Model/Placement/Calibration.h"
#include "gpurd/Model/Placement/KernelTime.h"
#include "gpurd/Model/Placement/SampleProfile.h"
#include "gpurd/Model/Placement/ThroughputBound.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

class WhatIfRunner;

/// The memories seed 002 places arrays in. The read-only path is the one
/// `__ldg` and `const __restrict__` take (the seed's 1D texture is the same
/// cache on the GPUs since Maxwell; gpurd's fix-it is `__ldg`'s).
enum class PlacementTarget { Global, ReadOnly, Constant, Shared };

/// "global", "read-only path", "constant", "shared".
llvm::StringRef placementTargetName(PlacementTarget target);
/// Where an array so placed is read: "through the read-only path", "in
/// constant memory", "in global memory".
std::string placementPhrase(PlacementTarget target);
/// The memory space an array so placed is accessed in, and the target
/// whose accesses are in \p space (the texture path is the read-only one).
MemorySpace placementSpace(PlacementTarget target);
PlacementTarget placementTargetOf(MemorySpace space);
/// Seed 002 Fig. 2: instructions that address an element of a 1D array:
/// 2 for global memory (a 64-bit address from the index), 1 for constant
/// and shared memory (an index from the base), 0 for a 1D texture. The
/// read-only path through `__ldg` addresses as global memory does (2).
unsigned addressingInstructions(PlacementTarget target);

/// Whether \p arch's L1 caches the read-only path's loads but not plain
/// global loads, by the cache model's own rule (model::readUsesL1): where
/// it does not, the read-only path is the same cache as global memory.
bool readOnlyPathDiffers(const arch::ArchDescription &arch);

/// CUDA C Programming Guide, Technical Specifications per Compute
/// Capability: 64 KB of constant memory on every compute capability.
inline constexpr uint64_t ConstantMemoryBytes = 65536;

/// An array of the kernel that placement may move.
struct PlacementArray {
  std::string name;
  int index = -1; ///< Into AccessModel::arrays.
  /// The bytes the kernel accesses (isl's extent of its affine sites),
  /// when those are all its accesses.
  std::optional<uint64_t> bytes;
  /// The most bytes one block accesses (its tile: what a per-block shared
  /// copy holds), and how often a block accesses each of them, from the
  /// blocks the cache model ran.
  std::optional<uint64_t> tileBytes;
  double reuse = 0;
  /// A site of it whose address is computed from loaded data (`x[col[j]]`,
  /// trace::analyseContentDependence), described for messages; empty when
  /// none. Its tile is then what one input made the blocks touch, not what
  /// a per-block copy must hold.
  std::string dataDependentSite;
  bool written = false;
  /// Where the kernel as written keeps it: global memory (a pointer
  /// parameter, a `__device__` array) or constant memory (a `__constant__`
  /// array, which may move to global memory).
  PlacementTarget home = PlacementTarget::Global;
  /// Its warp instructions in the analysis as written (to rank the arrays).
  uint64_t warpInstructions = 0;
  /// The legal targets, home (as written) first.
  std::vector<PlacementTarget> targets{PlacementTarget::Global};
  /// Why the other targets are not legal, one sentence each.
  std::vector<std::string> excluded;
};

/// One placement of the arrays and its predicted time.
struct PlacementTime {
  /// The arrays moved, by name (empty: the placement as written).
  std::map<std::string, PlacementTarget> moved;
  model::placement::KernelEvents events;
  /// Seed 002 Eq. 11's events of the placement (per warp).
  model::placement::OverlapEvents overlap;
  model::placement::KernelTime time;
  /// Per warp: the replays of kinds (1)-(4) and the addressing
  /// instructions the placement adds (or saves) over the one as written.
  double replays = 0;
  double addressingDelta = 0;
  /// Shared memory: the per-block copy of the arrays from global memory,
  /// from their size and the DRAM bandwidth (seed 002 §III-B), cycles.
  double copyInCycles = 0;
  /// The cycles the launch's busiest resource takes at its peak rate: the
  /// least time any schedule of its work can take (ThroughputBound.h).
  model::placement::ThroughputBound bound;
  /// Row-buffer outcomes and saturated banks, when the arch describes its
  /// DRAM (else the DRAM latency is the arch's constant).
  std::optional<uint64_t> rowHits, rowMisses, rowConflicts;
  unsigned saturatedBanks = 0;
  /// The term that moves the time most from the placement as written
  /// (PlacementFactor names): empty for that placement.
  std::string factor;

  /// Seed 002's T (with the shared copy), at least the throughput bound.
  double total() const {
    return std::max(time.total + copyInCycles, bound.cycles());
  }
  /// Whether the bound, not seed 002's T, sets total().
  bool throughputBound() const {
    return bound.cycles() > time.total + copyInCycles;
  }
  bool asWritten() const { return moved.empty(); }
  /// "'B' in constant memory, 'x' through the read-only path", or "as
  /// written".
  std::string describe() const;
};

struct PlacementRanking {
  std::string kernel;
  std::vector<PlacementArray> arrays;
  /// By predicted time, fastest first; the placement as written is one.
  std::vector<PlacementTime> candidates;
  /// Legal placements in all, and whether every one was run.
  uint64_t combinations = 1;
  bool exhaustive = true;
  /// What the times rest on, one sentence each.
  std::vector<std::string> assumptions;
  /// The measured events the placements start from (`--sample-profile`),
  /// when the profile has the kernel.
  std::optional<model::placement::MeasuredEvents> measured;
  /// The arch's clock, to quote times in microseconds.
  double clockMHz = 0;

  const PlacementTime &asWritten() const;
  const PlacementTime &best() const { return candidates.front(); }
};

struct PlacementSearchOptions {
  /// Run every legal placement when there are at most this many; beyond,
  /// each array's moves alone and the combination of the best ones.
  uint64_t exhaustiveLimit = 16;
  /// Leave in global memory the arrays whose accesses, were they free,
  /// would cut the time as written by less than this share (0: none): no
  /// placement of them can gain it.
  double minGain = 0;
  /// Toverlap's fitted coefficients (Eq. 11; readCalibration), and where
  /// they come from; without, Toverlap is uncalibrated.
  std::optional<model::placement::OverlapCoefficients> calibration;
  std::string calibrationSource;
  /// Measured events of the placement as written (`--sample-profile`);
  /// empty: the context's (ModelOptions::sampleProfile).
  std::vector<model::placement::MeasuredEvents> sampleProfile;
};

/// The arrays of \p analysis's kernel that placement may move, with their
/// legal targets on \p arch.
std::vector<PlacementArray>
placementArrays(const driver::KernelAnalysis &analysis,
                const arch::ArchDescription &arch);

/// Why \p array is not copied to shared memory when the placement must
/// save \p minGain of the kernel's time, or nothing: a copy pays through
/// the block's reuse, keeping one of the `reuse` reads of each byte a block
/// touches, so it saves at most 1 - 1/reuse of the array's global reads,
/// and no more of the time than that even were those reads all of it.
std::optional<std::string> sharedReuseExclusion(const PlacementArray &array,
                                                double minGain);

/// One measured time of a placement of a kernel's arrays (a row of
/// `--calibrate`'s CSV file: docs/placement-model.md).
struct MeasuredPlacement {
  std::string kernel;
  std::map<std::string, PlacementTarget> moved;
  double microseconds = 0;
  std::string where; ///< `times.csv:3`, for messages.
};

/// Reads `--calibrate`'s CSV: a header `kernel,placement,time_us`, then a
/// row per measured time; a placement is `as-written` (or empty) or
/// `NAME=TARGET[;NAME=TARGET...]` with TARGET global, read-only, constant or
/// shared. Errors name the file and line.
llvm::Expected<std::vector<MeasuredPlacement>>
readMeasuredPlacements(llvm::StringRef path);

/// The calibration samples of \p measured's rows for \p runner's kernel:
/// each placement run and timed by the model, its Toverlap_ratio from the
/// measured time (Eq. 1 solved for Toverlap, Eq. 12).
llvm::Expected<std::vector<model::placement::CalibrationSample>>
calibrationSamples(WhatIfRunner &runner,
                   const std::vector<MeasuredPlacement> &measured);

/// Reads `--sample-profile`: the measured events of kernels' placements as
/// written, as `kernel,event,value` rows (events inst_issued,
/// warps_launched, l1_hit_rate and l2_hit_rate in percent, time_us) or
/// Nsight Compute's `ncu --csv` output (its first launch of each kernel).
/// Errors name the file and line.
llvm::Expected<std::vector<model::placement::MeasuredEvents>>
readSampleProfile(llvm::StringRef path);
/// The events \p profile gives for \p kernel (by its name, or a
/// template's instance by the template's when only one is given), or null.
const model::placement::MeasuredEvents *
measuredEventsOf(const std::vector<model::placement::MeasuredEvents> &profile,
                 llvm::StringRef kernel);

/// The calibration file: Eq. 11's coefficients as JSON, and back.
std::string calibrationJson(const model::placement::CalibrationFit &fit,
                            llvm::StringRef arch, size_t samples);
llvm::Expected<model::placement::OverlapCoefficients>
readCalibration(llvm::StringRef path);

/// Ranks the placements of \p runner's kernel (its context must record
/// placement events: ModelOptions::placementEvents). Fails, naming the
/// field, when the arch lacks a figure the time model reads.
llvm::Expected<PlacementRanking>
rankPlacements(WhatIfRunner &runner,
               const PlacementSearchOptions &options = {});

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_PLACEMENT_H
