//===- BankQueue.cpp - G/G/1 bank queues with Kingman's formula -----------===//

#include "gpurd/Model/Placement/BankQueue.h"

#include <cmath>

namespace gpurd::model::placement {

void RunningMoments::add(double value) {
  ++n;
  double delta = value - runningMean;
  runningMean += delta / static_cast<double>(n);
  sumOfSquares += delta * (value - runningMean);
}

double RunningMoments::standardDeviation() const {
  if (n < 2)
    return 0.0;
  return std::sqrt(sumOfSquares / static_cast<double>(n));
}

QueueDelay kingmanDelay(const QueueMoments &moments) {
  QueueDelay delay;
  if (moments.arrivals < 2 || moments.meanService <= 0.0)
    return delay; // No second request to wait behind the first.
  if (moments.meanInterArrival <= 0.0) {
    // Every request at the same instant: an unbounded arrival rate.
    delay.utilisation = 1.0;
    delay.saturated = true;
    return delay;
  }
  // Seed 002 Table III: rho = tau_s / tau_a.
  delay.utilisation = moments.meanService / moments.meanInterArrival;
  if (delay.utilisation >= 1.0) {
    delay.saturated = true;
    return delay;
  }
  // Seed 002 Eq. 10: the coefficients of variation.
  double ca = moments.sdInterArrival / moments.meanInterArrival;
  double cs = moments.sdService / moments.meanService;
  // Seed 002 Eq. 9, Kingman's approximation.
  double rho = delay.utilisation;
  delay.wait =
      (rho / (1.0 - rho)) * ((ca * ca + cs * cs) / 2.0) * moments.meanService;
  return delay;
}

} // namespace gpurd::model::placement
