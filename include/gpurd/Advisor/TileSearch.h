//===- TileSearch.h - Tile and block-size search -----------------*- C++
//-*-===//
//
// `--tune TILE=8,16,32 --tune block=16x16,32x8` (or `--tune auto`): every
// combination of the values of a kernel's tunables (macros and constants
// the file defines with an integer literal: the source is edited, so the
// host code derives the grid and the template arguments again) and block
// shapes (the grid recomputed to cover the same threads), checked for
// legality on the arch (threads and shared memory per block, occupancy),
// run through the whole pipeline and ranked by a named metric of the
// models' predictions: predicted memory traffic, or with `--tune-metric=time`
// seed 002's predicted kernel time, which every candidate reports beside
// its traffic (docs/tuning.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_TILESEARCH_H
#define GPURD_ADVISOR_TILESEARCH_H

#include "gpurd/Driver/AnalysisContext.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

class WhatIfRunner;

/// One dimension of the search.
struct TuneAxis {
  enum class Kind {
    Tunable, ///< A macro or constant of the file (Tunable).
    Block,   ///< The launch's block shape (`block`).
  };
  std::string name;
  Kind kind = Kind::Tunable;
  /// As given: integers for a tunable, `32x8` (x, y, z) for the block.
  std::vector<std::string> values;
};

/// What `--tune` asks: the axes given, and whether `auto` adds the
/// tunables that size the kernel's shared arrays or shape its launch.
struct TuneRequest {
  std::vector<TuneAxis> axes;
  bool automatic = false;
  /// `--tune-metric=time`: rank by seed 002's predicted time, not traffic.
  bool byTime = false;
  bool empty() const { return axes.empty() && !automatic; }
};

/// Parses `--tune` values: `NAME=V1,V2,...`, `block=XxY[xZ],...`, `auto`.
/// An error names the malformed one.
llvm::Expected<TuneRequest> parseTuneSpecs(llvm::ArrayRef<std::string> specs);

/// The axes `auto` tunes for \p kernel: each tunable of \p unit that sizes
/// one of its shared arrays, is one of its launch's template arguments or
/// gives its launch's block, and that its launch follows (it appears in the
/// launch's grid, block or template arguments), with the values half, as
/// written and double;
/// with \p withBlock and no tunable giving the block, the block shape as
/// well (`x` halved and doubled, keeping y and z).
std::vector<TuneAxis> automaticAxes(const TranslationUnitInfo &unit,
                                    const KernelInfo &kernel,
                                    const LaunchConfig &launch, bool withBlock);

/// The predictions a candidate is ranked on, scaled to the whole launch.
/// Of a sampled launch (`sampled`), the L2 hit rate and the DRAM reads are
/// not estimates of the whole launch (docs/tuning.md) and are not shown.
struct TuneFigures {
  bool sampled = false;
  /// gpurd cut the blocks' runs (driver::blockTraceBound): the figures are
  /// of each warp's first part.
  bool cut = false;
  std::array<uint64_t, 3> grid{}, block{};
  uint64_t sharedBytesPerBlock = 0;
  unsigned blocksPerSm = 0;
  /// Resident warps / the arch's maximum (0 when it gives none).
  double occupancy = 0;
  double l1SectorHitRate = 0, l2SectorHitRate = 0;
  double l2ReadSectors = 0, dramReadSectors = 0;
  /// The sectors the L1s write through to the L2: an uncoalesced store's
  /// cost, which the read figures do not show.
  double l2WriteSectors = 0;
  /// Bytes the launch's global and local stores and atomics write (active
  /// lanes x access size, scaled): the work it does. A candidate that
  /// writes another amount computes something else, and its traffic is
  /// not comparable.
  double bytesWritten = 0;
  /// Seed 002's predicted kernel time (PredictedTime.h), cycles, when the
  /// arch gives the figures its model reads.
  std::optional<double> predictedCycles;
  /// Seed 004's MDM: the launch's cycles and IPC a SM, when the arch gives
  /// the figures it reads (divergence-model.md).
  std::optional<double> mdmCycles, mdmIpcSm;
};

/// One combination of values.
struct TuneCandidate {
  /// Axis name -> value, in axis order.
  std::vector<std::pair<std::string, std::string>> values;
  bool asWritten = false;
  /// Set when the arch cannot run it (it is not analysed), when its
  /// analysis failed, or when it writes another amount of memory than the
  /// kernel as written (it is analysed, not ranked): why.
  std::string illegal;
  std::string failed;
  std::string otherWork;
  /// Set when whether it accesses the same bytes of every global array as
  /// the kernel as written cannot be checked (an access that is not
  /// affine): why. It is ranked (its bytes written match), but no check
  /// proposes it.
  std::string unverified;
  std::optional<TuneFigures> figures;
  /// 1-based rank among the candidates with figures; 0: not ranked.
  unsigned rank = 0;
};

/// The search over one kernel.
struct TuneResult {
  std::string kernel;
  std::vector<TuneAxis> axes;
  /// Ranked candidates first (best first), then the others in search order.
  std::vector<TuneCandidate> candidates;
  /// How the ranking decides, one sentence: by DRAM read sectors, then L2
  /// read sectors, when no candidate was sampled; by L2 read sectors
  /// otherwise (a sample's DRAM reads do not scale to the whole launch).
  std::string metric;
  bool rankedByDram = true;
  /// Ranked by TuneFigures::predictedCycles (`--tune-metric=time`).
  bool rankedByTime = false;
  /// The model of the predicted times, with its calibration
  /// (timeModelName); empty when no candidate has one.
  std::string timeModel;
  /// What the L2 and DRAM figures count: "sectors", or "lines" on an arch
  /// with an unsectored L2 (model::ExecutionInfo::l2Unit).
  std::string unit = "sectors";
  /// What the reader should know (registers not counted, ...).
  std::vector<std::string> notes;
  /// The candidate as written, or null when the axes' values leave it out.
  const TuneCandidate *asWritten() const;
};

/// Candidates within this share of the best DRAM read sectors tie on them
/// and are ranked by their L2 read sectors.
constexpr double DramTieShare = 0.05;
/// A candidate whose bytes written differ from those as written by more
/// than this share does other work (TuneFigures::bytesWritten).
constexpr double OtherWorkShare = 0.001;

/// The axes \p request names, and with `auto` those automaticAxes finds
/// for \p kernel launched as \p launch that it does not name.
std::vector<TuneAxis> requestedAxes(const TuneRequest &request,
                                    const TranslationUnitInfo &unit,
                                    const KernelInfo &kernel,
                                    const LaunchConfig &launch);

/// Runs every combination of \p axes' values on the kernel of \p runs
/// (whose analysis as written, on the sample comparisons use, stands for
/// the combination that changes nothing), ranked by traffic or, with
/// \p byTime, by predicted time. An axis naming no tunable of the file, a
/// value that is not a number or a shape, no axis at all, or a ranking by
/// time on an arch that lacks the time model's figures, is an error.
llvm::Expected<TuneResult> searchTiles(WhatIfRunner &runs,
                                       const std::vector<TuneAxis> &axes,
                                       bool byTime = false);

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_TILESEARCH_H
