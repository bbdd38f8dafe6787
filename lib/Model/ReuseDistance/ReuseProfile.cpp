//===- ReuseProfile.cpp - Histograms of reuse distances -------------------===//

#include "gpurd/Model/ReuseProfile.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

namespace gpurd::model {

ReuseProfile::ReuseProfile(uint64_t exactLimit)
    : limit(llvm::isPowerOf2_64(exactLimit)
                ? exactLimit
                : llvm::PowerOf2Ceil(std::max<uint64_t>(exactLimit, 1))),
      exactCounts(limit, 0) {}

void ReuseProfile::addBeyondExact(uint64_t distance, uint64_t count) {
  accesses += count;
  if (distance == InfiniteDistance) {
    infiniteCount += count;
    return;
  }
  // Bin k holds [limit 2^k, limit 2^(k+1)): k = log2(distance / limit),
  // with limit a power of two and distance >= limit (no division).
  unsigned bin = llvm::Log2_64(distance) - llvm::Log2_64(limit);
  if (binnedCounts.size() <= bin)
    binnedCounts.resize(bin + 1, 0);
  binnedCounts[bin] += count;
}

void ReuseProfile::merge(const ReuseProfile &other) {
  if (limit != other.limit) {
    // Different exact ranges: re-bin the other profile's bars (a bar keeps
    // its lower bound).
    for (const Bin &bin : other.bins())
      add(bin.low, bin.count);
    return;
  }
  accesses += other.accesses;
  infiniteCount += other.infiniteCount;
  for (size_t i = 0; i < exactCounts.size(); ++i)
    exactCounts[i] += other.exactCounts[i];
  if (binnedCounts.size() < other.binnedCounts.size())
    binnedCounts.resize(other.binnedCounts.size(), 0);
  for (size_t i = 0; i < other.binnedCounts.size(); ++i)
    binnedCounts[i] += other.binnedCounts[i];
}

uint64_t ReuseProfile::countBelow(uint64_t d) const {
  uint64_t count = 0;
  for (uint64_t i = 0; i < std::min(d, limit); ++i)
    count += exactCounts[i];
  for (size_t k = 0; k < binnedCounts.size(); ++k) {
    uint64_t high = limit << (k + 1); // exclusive
    if (high > d)
      break;
    count += binnedCounts[k];
  }
  return count;
}

double ReuseProfile::hitRatio(uint64_t lines) const {
  return accesses == 0 ? 0.0 : double(countBelow(lines)) / double(accesses);
}

std::vector<ReuseProfile::Bin> ReuseProfile::bins() const {
  std::vector<Bin> out;
  for (uint64_t d = 0; d < limit; ++d)
    if (exactCounts[d])
      out.push_back({d, d, exactCounts[d]});
  for (size_t k = 0; k < binnedCounts.size(); ++k)
    if (binnedCounts[k])
      out.push_back({limit << k, (limit << (k + 1)) - 1, binnedCounts[k]});
  if (infiniteCount)
    out.push_back({InfiniteDistance, InfiniteDistance, infiniteCount});
  return out;
}

bool ReuseProfile::operator==(const ReuseProfile &other) const {
  if (limit != other.limit || accesses != other.accesses ||
      infiniteCount != other.infiniteCount || exactCounts != other.exactCounts)
    return false;
  size_t n = std::max(binnedCounts.size(), other.binnedCounts.size());
  for (size_t i = 0; i < n; ++i) {
    uint64_t a = i < binnedCounts.size() ? binnedCounts[i] : 0;
    uint64_t b = i < other.binnedCounts.size() ? other.binnedCounts[i] : 0;
    if (a != b)
      return false;
  }
  return true;
}

IntervalReuseProfile::IntervalReuseProfile(uint64_t intervalLength,
                                           uint64_t exactLimit)
    : length(std::max<uint64_t>(intervalLength, 1)), limit(exactLimit) {}

void IntervalReuseProfile::add(uint64_t distance) {
  uint64_t interval = seen++ / length;
  if (profiles.size() <= interval)
    profiles.resize(interval + 1, ReuseProfile(limit));
  profiles[interval].add(distance);
}

void IntervalReuseProfile::merge(const IntervalReuseProfile &other) {
  assert(length == other.length && "intervals of different lengths");
  if (profiles.size() < other.profiles.size())
    profiles.resize(other.profiles.size(), ReuseProfile(limit));
  for (size_t i = 0; i < other.profiles.size(); ++i)
    profiles[i].merge(other.profiles[i]);
  seen += other.seen;
}

} // namespace gpurd::model
