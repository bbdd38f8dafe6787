//===- Calibration.h - Toverlap's event model and its fit -------*- C++ -*-===//
//
// Seed 002 §III-D: the share of Tmem that multithreading hides is a linear
// function of the memory events that stall warps (Eq. 11),
//
//   Toverlap_ratio = sum_i g_i e_i + sum_j c_j e_j + sum_m t_m e_m
//                    + sum_n s_n e_n + sum_k r_k e_k + w * #warps + c,
//   Toverlap       = Toverlap_ratio * Tmem                        (Eq. 12),
//
// with one event per memory: global (L2 misses plus global requests),
// constant (constant cache misses plus requests), texture (texture cache
// misses plus requests), shared (bank conflicts plus requests), and the row
// buffer's misses and conflicts. The coefficients come from a least-squares
// fit to measured kernel times of several placements (`gpurd-advise
// --calibrate`): never from a default.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_CALIBRATION_H
#define GPURD_MODEL_PLACEMENT_CALIBRATION_H

#include "llvm/Support/Error.h"

#include <array>
#include <vector>

namespace gpurd::model::placement {

/// Eq. 11's events of one placement. Each is per warp of the launch, which
/// makes them ratios independent of the launch's size (the seed's "event
/// ratio"; docs/placement-model.md).
struct OverlapEvents {
  double global = 0;       ///< e_i: L2 misses + global requests.
  double constant = 0;     ///< e_j: constant cache misses + requests.
  double texture = 0;      ///< e_m: texture cache misses + requests.
  double shared = 0;       ///< e_n: bank conflicts + shared requests.
  double rowMisses = 0;    ///< e_k: row-buffer misses.
  double rowConflicts = 0; ///< e_k: row-buffer conflicts.
  double warpsPerSm = 0;   ///< #warps.

  static constexpr unsigned Count = 7;
  std::array<double, Count> values() const {
    return {global,    constant,     texture,   shared,
            rowMisses, rowConflicts, warpsPerSm};
  }
};

/// Eq. 11's coefficients: one per event, then the constant c.
struct OverlapCoefficients {
  std::array<double, OverlapEvents::Count> weights{};
  double constant = 0;

  /// Eq. 11.
  double ratio(const OverlapEvents &events) const;
};

/// One measured placement: its events and its Toverlap_ratio, which the
/// measured time gives as (Tcomp + Tmem - T_measured) / Tmem with the
/// model's Tcomp and Tmem (Eq. 1 solved for Toverlap, Eq. 12).
struct CalibrationSample {
  OverlapEvents events;
  double ratio = 0;
};

/// The fit and how well it fits.
struct CalibrationFit {
  OverlapCoefficients coefficients;
  /// Root mean square of the ratios' residuals.
  double rmsError = 0;
  /// Events no sample varies (they cannot be told from the constant): their
  /// weights are 0 (the fit is the minimum-norm least-squares solution).
  unsigned rank = 0;
};

/// Least squares over the samples (Eigen's complete orthogonal
/// decomposition). Fails with fewer samples than 2, or when the samples
/// leave every coefficient undetermined.
llvm::Expected<CalibrationFit>
fitOverlap(const std::vector<CalibrationSample> &samples);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_CALIBRATION_H
