//===- ReuseProfile.h - Histograms of reuse distances -----------*- C++ -*-===//
//
// A reuse profile (RP) is the histogram of the reuse distances of a stream
// (seed 000 §3.3 Fig. 1; seed 001 §3.2, the MRU counters C[K+1]; seed 003
// §II-A Fig. 1). Distances below `exactLimit` are counted exactly; larger
// ones in power-of-two bins [2^k, 2^(k+1)); first accesses (∞, seed 003's -1)
// separately. Seed 003 §IV-B and §IV-D split the stream into fixed-length
// intervals and take one profile per interval, because one profile of the
// whole stream averages out the phases of a kernel: IntervalReuseProfile.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_REUSEPROFILE_H
#define GPURD_MODEL_REUSEPROFILE_H

#include "gpurd/Model/ReuseDistance.h"

#include <cstdint>
#include <vector>

namespace gpurd::model {

class ReuseProfile {
public:
  ReuseProfile() : ReuseProfile(64) {}
  /// Distances below \p exactLimit (a power of two, at least 1; other values
  /// are rounded up to one) are exact.
  explicit ReuseProfile(uint64_t exactLimit);

  void add(uint64_t distance, uint64_t count = 1) {
    if (distance < limit) {
      accesses += count;
      exactCounts[distance] += count;
      return;
    }
    if (distance == InfiniteDistance) { // every first access: inline too
      accesses += count;
      infiniteCount += count;
      return;
    }
    addBeyondExact(distance, count);
  }
  /// Adds the counts of \p other (with another exactLimit, its bars are
  /// re-binned by their lower bounds).
  void merge(const ReuseProfile &other);

  uint64_t exactLimit() const { return limit; }
  uint64_t total() const { return accesses; }
  /// Accesses with an infinite distance.
  uint64_t infinite() const { return infiniteCount; }
  /// Accesses with distance exactly \p d; only meaningful for d < exactLimit.
  uint64_t exact(uint64_t d) const {
    return d < exactCounts.size() ? exactCounts[d] : 0;
  }
  /// Accesses with a finite distance below \p d. Exact when d <= exactLimit
  /// or d is a power of two; otherwise the count up to the bin below d.
  uint64_t countBelow(uint64_t d) const;
  /// The fraction of accesses a fully associative LRU cache of \p lines lines
  /// hits (seed 000 §3.3, seed 001 §3.2: distance < lines); exact under the
  /// same condition as countBelow.
  double hitRatio(uint64_t lines) const;

  /// One bar of the histogram: distances in [low, high]; the infinite bar has
  /// low == high == InfiniteDistance.
  struct Bin {
    uint64_t low = 0;
    uint64_t high = 0;
    uint64_t count = 0;
  };
  /// The non-empty bars in increasing distance, the infinite one last.
  std::vector<Bin> bins() const;

  bool operator==(const ReuseProfile &other) const;
  bool operator!=(const ReuseProfile &other) const { return !(*this == other); }

private:
  void addBeyondExact(uint64_t distance, uint64_t count);
  uint64_t limit;
  uint64_t accesses = 0;
  uint64_t infiniteCount = 0;
  std::vector<uint64_t> exactCounts;  ///< [0, limit)
  std::vector<uint64_t> binnedCounts; ///< bin k: [limit 2^k, limit 2^(k+1))
};

/// Profiles of consecutive fixed-length intervals of a stream (seed 003
/// §IV-B, §IV-D): access i belongs to interval i / intervalLength.
class IntervalReuseProfile {
public:
  IntervalReuseProfile(uint64_t intervalLength, uint64_t exactLimit = 64);
  void add(uint64_t distance);
  uint64_t intervalLength() const { return length; }
  const std::vector<ReuseProfile> &intervals() const { return profiles; }
  /// Adds \p other interval by interval (same length and exactLimit); used to
  /// combine the streams of several SMs whose intervals align in time order.
  void merge(const IntervalReuseProfile &other);

private:
  uint64_t length;
  uint64_t limit;
  uint64_t seen = 0;
  std::vector<ReuseProfile> profiles;
};

} // namespace gpurd::model

#endif // GPURD_MODEL_REUSEPROFILE_H
