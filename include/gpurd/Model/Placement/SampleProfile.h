//===- SampleProfile.h - Measured events of a sample placement --*- C++ -*-===//
//
// Seed 002 starts from a profile of the sample placement (the one as
// written) measured on the GPU, and predicts each other placement by the
// difference the change of memory makes (§III: "we quantify the
// instruction difference between the sample and target data placements").
// gpurd counts the events of every placement with its own models; a user
// with a profile gives the measured events of the placement as written
// (`--sample-profile`), and every placement's modelled events are moved by
// the same correction: the measured figures minus the modelled ones of the
// placement as written. docs/placement-model.md says what this assumes.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_SAMPLEPROFILE_H
#define GPURD_MODEL_PLACEMENT_SAMPLEPROFILE_H

#include "gpurd/Model/Placement/KernelTime.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gpurd::model::placement {

/// A kernel's events as a profiler measured them on one launch of the
/// placement as written; each is optional.
struct MeasuredEvents {
  std::string kernel;
  /// Warp instructions issued, replays included, over the launch (Nsight
  /// Compute smsp__inst_issued.sum, nvprof inst_issued).
  std::optional<double> instructionsIssued;
  /// Warps of the launch (smsp__warps_launched.sum, nvprof warps_launched).
  std::optional<double> warpsLaunched;
  /// Sector hit rates, fractions in [0, 1] (l1tex__t_sector_hit_rate,
  /// lts__t_sector_hit_rate; their `.pct` forms divided by 100).
  std::optional<double> l1HitRate, l2HitRate;
  /// The launch's duration (gpu__time_duration.sum), microseconds.
  std::optional<double> microseconds;
  /// Where it was read (`profile.csv`), for messages.
  std::string source;
};

/// What the measurement changes in a placement's events (per warp, and in
/// Eq. 5's shares of memory instructions).
struct ProfileCorrection {
  double instructions = 0;
  double l1Ratio = 0;
  double missRatio = 0;
};

/// The share by which a profile's warps may differ from the launch's.
inline constexpr double WarpsTolerance = 0.01;

/// The correction that turns \p written (the modelled events of the
/// placement as written) into \p measured's. The instructions per warp are
/// instructionsIssued / warpsLaunched (the model's warps when the profile
/// gives none). The measured hit rates split the off-chip share of the
/// memory instructions (those not to constant or shared memory): the L1
/// serves l1HitRate of it, DRAM (1 - l2HitRate) of the rest; a rate not
/// measured keeps the model's split. Fails when the profile's warps differ
/// from the launch's by more than WarpsTolerance (it profiled another
/// launch), or a rate is outside [0, 1].
llvm::Expected<ProfileCorrection>
profileCorrection(const MeasuredEvents &measured, const KernelEvents &written);

/// \p events moved by \p correction: instructions by its difference (at
/// least the memory instructions), the L1 and DRAM shares by theirs,
/// clamped to the off-chip share of \p events.
KernelEvents corrected(const KernelEvents &events,
                       const ProfileCorrection &correction);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_SAMPLEPROFILE_H
