//===- DramLatency.h - Row buffers, bank queues, mean DRAM latency -*- C++ -*-//
//
// Seed 002 §III-C: the DRAM requests that leave the last-level cache go to
// the bank their address maps to (DramMapping.h). Each finds its bank's row
// buffer holding its row (a hit), holding nothing (a miss) or holding
// another row (a conflict), and is served in the matching time (Eq. 8); it
// waits behind the requests before it for Kingman's delay (BankQueue.h,
// Eqs. 9-10); a bank's latency is the two together (Eq. 6), and the
// system's DRAM latency the banks' latencies weighted by their arrival rates
// (Eq. 7). The row buffers follow an open-page policy: a row stays open
// until a request for another row of the bank closes it.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_PLACEMENT_DRAMLATENCY_H
#define GPURD_MODEL_PLACEMENT_DRAMLATENCY_H

#include "gpurd/Model/Placement/BankQueue.h"
#include "gpurd/Model/Placement/DramMapping.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace gpurd::model::placement {

/// Service times of a bank (seed 002 Eq. 8), in one unit (the model's are
/// core cycles).
struct RowBufferLatencies {
  double hit = 0.0;
  double miss = 0.0;
  double conflict = 0.0;
};

/// What the requests of a bank (or of all banks) found in the row buffer.
struct RowBufferOutcomes {
  uint64_t hits = 0;
  uint64_t misses = 0;    ///< No row open: the bank's first request.
  uint64_t conflicts = 0; ///< Another row open: written back first.

  uint64_t requests() const { return hits + misses + conflicts; }
  RowBufferOutcomes &operator+=(const RowBufferOutcomes &other);
};

/// One bank's figures.
struct BankLatency {
  uint64_t bank = 0; ///< The address's bank bits (DramAddressMap::bankOf).
  RowBufferOutcomes outcomes;
  QueueMoments moments;
  QueueDelay queue;
  double serviceTime = 0.0; ///< Eq. 8.
  double latency = 0.0;     ///< Eq. 6: queue.wait + serviceTime.
};

/// The whole DRAM's.
struct DramLatencyResult {
  /// Eq. 7: the banks' latencies weighted by their arrival rates. With a
  /// saturated bank this is a lower bound (its wait is left out).
  double latency = 0.0;
  RowBufferOutcomes outcomes;
  std::vector<BankLatency> banks; ///< In order of first request.
  unsigned saturatedBanks = 0;
  uint64_t requests() const { return outcomes.requests(); }
};

/// Takes the DRAM requests of a kernel in the order of their times and
/// gives seed 002's mean DRAM latency.
class RowBufferModel {
public:
  RowBufferModel(DramAddressMap map, RowBufferLatencies latencies)
      : map(map), latencies(latencies) {}

  /// A request for \p address arriving at \p time (the unit of the
  /// latencies). Times of one bank must not decrease.
  void add(uint64_t address, double time);

  DramLatencyResult result() const;

private:
  struct BankState {
    uint64_t openRow = 0;
    bool rowOpen = false;
    double lastArrival = 0.0;
    RowBufferOutcomes outcomes;
    RunningMoments interArrival;
    RunningMoments service;
  };

  DramAddressMap map;
  RowBufferLatencies latencies;
  llvm::DenseMap<uint64_t, unsigned> bankIndex;
  std::vector<uint64_t> bankIds;
  std::vector<BankState> states;
};

/// Seed 002 Eq. 7 on given banks: sum_i (lambda_i / sum_j lambda_j) *
/// latency_i, with lambda_i the bank's arrival rate. Over a kernel's run
/// every bank's rate is its requests over the same duration, so the weights
/// are the banks' shares of the requests.
double weightedDramLatency(const std::vector<BankLatency> &banks);

} // namespace gpurd::model::placement

#endif // GPURD_MODEL_PLACEMENT_DRAMLATENCY_H
