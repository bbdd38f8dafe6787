//===- ThroughputBound.cpp - The busiest resource's time ------------------===//

#include "gpurd/Model/Placement/ThroughputBound.h"

#include <algorithm>

namespace gpurd::model::placement {

namespace {
double over(double amount, double rate) { return rate > 0 ? amount / rate : 0; }
} // namespace

double ThroughputBound::cycles() const {
  return std::max({loadStore, noc, dram});
}

llvm::StringRef ThroughputBound::resource() const {
  if (cycles() <= 0)
    return "";
  if (loadStore >= noc && loadStore >= dram)
    return "the SM's load-store pipeline";
  return noc >= dram ? "the L2's bandwidth" : "DRAM bandwidth";
}

ThroughputBound throughputBound(const ThroughputDemand &demand,
                                const ThroughputRates &rates) {
  ThroughputBound out;
  out.loadStore = over(demand.warpsOnBusiestSm * demand.sharedWavefrontsPerWarp,
                       rates.wavefrontsPerCycle) +
                  over(demand.warpsOnBusiestSm * demand.lineRequestsPerWarp,
                       rates.lineRequestsPerCycle);
  out.noc = over(demand.l2Bytes, rates.nocBytesPerCycle);
  out.dram = over(demand.dramBytes, rates.dramBytesPerCycle);
  return out;
}

} // namespace gpurd::model::placement
