//===- BankQueue.h - G/G/1 bank queues with Kingman's formula ---*- C++ -*-===//
//
// Seed 002 §III-C3: each DRAM bank is a server with a queue in front of it.
// Inter-arrival and service times on a GPU are neither exponential nor
// regular, so the queue is G/G/1 and its mean waiting time is Kingman's
// approximation (seed 002 Eqs. 9-10, Table III):
//
//   E[Wq] ~ (rho / (1 - rho)) * ((ca^2 + cs^2) / 2) * tau_s,
//   ca = sigma_a / tau_a,  cs = sigma_s / tau_s,  rho = tau_s / tau_a.
//
// The seed's rendering of Eq. 9 lost the squares and printed tau_a for
// tau_s; this is Kingman's formula as Kingman (1961) states it. A queue whose
// utilisation reaches 1 has no steady state: it is reported as saturated,
// never as a negative or infinite delay.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_BANKQUEUE_H
#define GPURD_MODEL_PLACEMENT_BANKQUEUE_H

#include <cstdint>

namespace gpurd::model::placement {

/// Mean and population standard deviation of a stream of values (Welford's
/// update: one pass, no stored sample).
class RunningMoments {
public:
  void add(double value);
  uint64_t count() const { return n; }
  double mean() const { return n ? runningMean : 0.0; }
  double standardDeviation() const;

private:
  uint64_t n = 0;
  double runningMean = 0.0;
  double sumOfSquares = 0.0; ///< Of the differences from the mean.
};

/// The four moments Kingman's formula reads (seed 002 Table III), in one
/// time unit.
struct QueueMoments {
  uint64_t arrivals = 0;         ///< Requests that reached the bank.
  double meanInterArrival = 0.0; ///< tau_a; 0 with fewer than two arrivals.
  double sdInterArrival = 0.0;   ///< sigma_a.
  double meanService = 0.0;      ///< tau_s.
  double sdService = 0.0;        ///< sigma_s.
};

/// A bank queue's predicted state.
struct QueueDelay {
  double utilisation = 0.0; ///< rho = tau_s / tau_a.
  /// Mean wait before service, in the moments' unit; 0 when saturated.
  double wait = 0.0;
  /// rho >= 1 (or every request arrived at once): the queue grows for as
  /// long as the requests keep coming and Kingman's formula does not apply.
  bool saturated = false;
};

/// Seed 002 Eqs. 9-10. A bank with fewer than two arrivals has no queue
/// (waits 0); one whose arrivals all came at the same instant (tau_a = 0)
/// is saturated.
QueueDelay kingmanDelay(const QueueMoments &moments);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_BANKQUEUE_H
