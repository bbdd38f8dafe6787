//===- DramLatency.cpp - Row buffers, bank queues, mean DRAM latency ------===//

#include "gpurd/Model/Placement/DramLatency.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

namespace gpurd::model::placement {

RowBufferOutcomes &RowBufferOutcomes::operator+=(const RowBufferOutcomes &o) {
  hits += o.hits;
  misses += o.misses;
  conflicts += o.conflicts;
  return *this;
}

void RowBufferModel::add(uint64_t address, double time) {
  uint64_t bank = map.bankOf(address);
  auto [it, inserted] = bankIndex.try_emplace(bank, states.size());
  if (inserted) {
    states.emplace_back();
    bankIds.push_back(bank);
  }
  BankState &state = states[it->second];
  uint64_t row = map.rowOf(address);
  double service;
  if (!state.rowOpen) {
    ++state.outcomes.misses;
    service = latencies.miss;
  } else if (state.openRow == row) {
    ++state.outcomes.hits;
    service = latencies.hit;
  } else {
    ++state.outcomes.conflicts;
    service = latencies.conflict;
  }
  state.service.add(service);
  if (state.rowOpen) { // Not the bank's first request.
    assert(time >= state.lastArrival && "a bank's times must not decrease");
    state.interArrival.add(time - state.lastArrival);
  }
  state.rowOpen = true;
  state.openRow = row;
  state.lastArrival = time;
}

double weightedDramLatency(const std::vector<BankLatency> &banks) {
  uint64_t total = 0;
  for (const BankLatency &bank : banks)
    total += bank.outcomes.requests();
  if (!total)
    return 0.0;
  double latency = 0.0;
  for (const BankLatency &bank : banks)
    latency += static_cast<double>(bank.outcomes.requests()) /
               static_cast<double>(total) * bank.latency;
  return latency;
}

DramLatencyResult RowBufferModel::result() const {
  DramLatencyResult result;
  for (auto [bank, state] : llvm::zip(bankIds, states)) {
    BankLatency figures;
    figures.bank = bank;
    figures.outcomes = state.outcomes;
    // Eq. 8: the outcomes' latencies weighted by their shares, which is the
    // mean of the service times.
    figures.serviceTime = state.service.mean();
    figures.moments.arrivals = state.outcomes.requests();
    figures.moments.meanInterArrival = state.interArrival.mean();
    figures.moments.sdInterArrival = state.interArrival.standardDeviation();
    figures.moments.meanService = state.service.mean();
    figures.moments.sdService = state.service.standardDeviation();
    figures.queue = kingmanDelay(figures.moments);
    // Eq. 6.
    figures.latency = figures.queue.wait + figures.serviceTime;
    result.saturatedBanks += figures.queue.saturated;
    result.outcomes += figures.outcomes;
    result.banks.push_back(figures);
  }
  result.latency = weightedDramLatency(result.banks);
  return result;
}

} // namespace gpurd::model::placement
