//===- Calibration.cpp - Toverlap's event model and its fit ---------------===//

#include "gpurd/Model/Placement/Calibration.h"

#include "llvm/ADT/STLExtras.h"

#include <Eigen/Dense>

#include <cmath>

namespace gpurd::model::placement {

double OverlapCoefficients::ratio(const OverlapEvents &events) const {
  // Seed 002 Eq. 11.
  double sum = constant;
  std::array<double, OverlapEvents::Count> values = events.values();
  for (unsigned i = 0; i < OverlapEvents::Count; ++i)
    sum += weights[i] * values[i];
  return sum;
}

llvm::Expected<CalibrationFit>
fitOverlap(const std::vector<CalibrationSample> &samples) {
  if (samples.size() < 2)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "calibrating Toverlap needs the times of at least 2 placements, got "
        "%zu",
        samples.size());
  constexpr unsigned Unknowns = OverlapEvents::Count + 1;
  Eigen::MatrixXd a(samples.size(), Unknowns);
  Eigen::VectorXd b(samples.size());
  for (auto [row, sample] : llvm::enumerate(samples)) {
    std::array<double, OverlapEvents::Count> values = sample.events.values();
    for (unsigned i = 0; i < OverlapEvents::Count; ++i)
      a(row, i) = values[i];
    a(row, OverlapEvents::Count) = 1.0; // The constant c.
    b(row) = sample.ratio;
  }
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> solver(a);
  CalibrationFit fit;
  fit.rank = solver.rank();
  if (fit.rank == 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the calibration samples determine no "
                                   "coefficient of Toverlap (seed 002 Eq. 11)");
  Eigen::VectorXd x = solver.solve(b);
  for (unsigned i = 0; i < OverlapEvents::Count; ++i)
    fit.coefficients.weights[i] = x(i);
  fit.coefficients.constant = x(OverlapEvents::Count);
  Eigen::VectorXd residual = a * x - b;
  fit.rmsError =
      std::sqrt(residual.squaredNorm() / static_cast<double>(samples.size()));
  return fit;
}

} // namespace gpurd::model::placement
