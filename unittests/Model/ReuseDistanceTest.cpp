//===- ReuseDistanceTest.cpp - Stack distances and reuse profiles ---------===//
//
// The worked examples of the seeds (seed 000 Table 1 and §3.3, seed 001
// Table 1, seed 003 Table 1 and Fig. 1), then the O(log n) algorithm against
// a naive stack on random streams, and its memory against the number of
// distinct keys.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/ReuseDistance.h"
#include "gpurd/Model/ReuseProfile.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using namespace gpurd::model;

namespace {

constexpr uint64_t Inf = InfiniteDistance;

/// The textbook stack: O(n) per access.
std::vector<uint64_t> naiveDistances(const std::vector<uint64_t> &keys) {
  std::vector<uint64_t> stack; // most recent first
  std::vector<uint64_t> out;
  for (uint64_t key : keys) {
    auto it = std::find(stack.begin(), stack.end(), key);
    if (it == stack.end()) {
      out.push_back(Inf);
    } else {
      out.push_back(static_cast<uint64_t>(it - stack.begin()));
      stack.erase(it);
    }
    stack.insert(stack.begin(), key);
  }
  return out;
}

// seed 000 §3.3, Table 1: x[0] x[5] x[3] x[9] x[3] x[3] x[5], lines of 4
// elements.
TEST(ReuseDistanceTest, Seed000Table1) {
  std::vector<uint64_t> elements = {0, 5, 3, 9, 3, 3, 5};
  EXPECT_EQ(stackDistances(elements),
            (std::vector<uint64_t>{Inf, Inf, Inf, Inf, 1, 0, 2}));
  std::vector<uint64_t> lines;
  for (uint64_t e : elements)
    lines.push_back(e / 4);
  EXPECT_EQ(lines, (std::vector<uint64_t>{0, 1, 0, 2, 0, 0, 1}));
  std::vector<uint64_t> distances = stackDistances(lines);
  EXPECT_EQ(distances, (std::vector<uint64_t>{Inf, Inf, 1, Inf, 1, 0, 2}));

  // "given a cache size of 2 lines, we find 3 compulsory misses (42%), and 1
  // capacity miss (14%)".
  ReuseProfile profile;
  for (uint64_t d : distances)
    profile.add(d);
  EXPECT_EQ(profile.infinite(), 3u);
  EXPECT_EQ(profile.total() - profile.infinite() - profile.countBelow(2), 1u);
  EXPECT_EQ(int(100.0 * profile.infinite() / profile.total()), 42);
  EXPECT_EQ(int(100.0 * 1 / profile.total()), 14);
  // Fig. 1: the histogram at line granularity.
  std::vector<ReuseProfile::Bin> bins = profile.bins();
  ASSERT_EQ(bins.size(), 4u);
  EXPECT_EQ(bins[0].low, 0u);
  EXPECT_EQ(bins[0].count, 1u);
  EXPECT_EQ(bins[1].low, 1u);
  EXPECT_EQ(bins[1].count, 2u);
  EXPECT_EQ(bins[2].low, 2u);
  EXPECT_EQ(bins[2].count, 1u);
  EXPECT_EQ(bins[3].low, Inf);
  EXPECT_EQ(bins[3].count, 3u);
}

// seed 001 §3.2, Table 1: A B C D A A D C; hit ratio 50% with four blocks
// (no capacity miss), 25% with two.
TEST(ReuseDistanceTest, Seed001Table1) {
  std::vector<uint64_t> sequence = {'A', 'B', 'C', 'D', 'A', 'A', 'D', 'C'};
  std::vector<uint64_t> distances = stackDistances(sequence);
  EXPECT_EQ(distances, (std::vector<uint64_t>{Inf, Inf, Inf, Inf, 3, 0, 1, 2}));
  ReuseProfile profile;
  for (uint64_t d : distances)
    profile.add(d);
  EXPECT_DOUBLE_EQ(profile.hitRatio(4), 0.5);
  EXPECT_EQ(profile.total() - profile.infinite() - profile.countBelow(4), 0u);
  EXPECT_DOUBLE_EQ(profile.hitRatio(2), 0.25);
  // The MRU counters C[K+1] of §3.2 for K = 4: C[n] accesses at distance n.
  EXPECT_EQ(profile.exact(0), 1u);
  EXPECT_EQ(profile.exact(1), 1u);
  EXPECT_EQ(profile.exact(2), 1u);
  EXPECT_EQ(profile.exact(3), 1u);
}

// seed 003 §II-A, Table 1 (-1 is ∞) and Fig. 1 (the RP).
TEST(ReuseDistanceTest, Seed003Table1) {
  std::vector<uint64_t> addresses = {'a', 'b', 'c', 'a', 'a',
                                     'c', 'b', 'd', 'a', 'a'};
  std::vector<uint64_t> distances = stackDistances(addresses);
  EXPECT_EQ(distances,
            (std::vector<uint64_t>{Inf, Inf, Inf, 2, 0, 1, 2, Inf, 3, 0}));
  ReuseProfile profile;
  for (uint64_t d : distances)
    profile.add(d);
  EXPECT_EQ(profile.total(), 10u);
  EXPECT_EQ(profile.infinite(), 4u); // 0.4
  EXPECT_EQ(profile.exact(0), 2u);   // 0.2
  EXPECT_EQ(profile.exact(1), 1u);   // 0.1
  EXPECT_EQ(profile.exact(2), 2u);   // 0.2
  EXPECT_EQ(profile.exact(3), 1u);   // 0.1
}

TEST(ReuseDistanceTest, MatchesNaiveStackOnRandomStreams) {
  std::mt19937_64 rng(7);
  for (uint64_t universe : {1ull, 3ull, 17ull, 100ull, 1000ull}) {
    std::vector<uint64_t> keys(5000);
    for (uint64_t &k : keys)
      k = rng() % universe * 4096 + 12345;
    EXPECT_EQ(stackDistances(keys), naiveDistances(keys)) << universe;
  }
}

TEST(ReuseDistanceTest, RemoveMakesTheNextAccessInfinite) {
  StackDistance stack;
  for (uint64_t k : {1, 2, 3})
    stack.access(k);
  EXPECT_EQ(stack.distance(1), 2u);
  EXPECT_TRUE(stack.remove(2));
  EXPECT_FALSE(stack.remove(2));
  EXPECT_EQ(stack.distance(1), 1u);
  EXPECT_EQ(stack.access(2), Inf);
  EXPECT_EQ(stack.access(1), 2u);
}

// Memory grows with the distinct keys, not with the trace: a million
// accesses over 100 keys stay as small as a few hundred accesses do.
TEST(ReuseDistanceTest, MemoryFollowsDistinctKeys) {
  StackDistance small, large;
  for (uint64_t i = 0; i < 1000; ++i)
    small.access(i % 100);
  for (uint64_t i = 0; i < 1000000; ++i)
    large.access((i * 7) % 100);
  EXPECT_EQ(large.size(), 100u);
  EXPECT_LE(large.memoryBytes(), 2 * small.memoryBytes() + 4096);
  // And the distances are still right after many renumberings.
  EXPECT_EQ(large.distance(((999999ull) * 7) % 100), 0u);
  EXPECT_EQ(large.access(((999998ull) * 7) % 100), 1u);
}

TEST(ReuseDistanceTest, OwnerAtDepth) {
  RecencyTree tree;
  std::vector<uint32_t> stamps(5, RecencyTree::NoStamp);
  auto touch = [&](uint32_t owner) {
    stamps[owner] = tree.touch(stamps[owner], owner,
                               [&](uint32_t o, uint32_t s) { stamps[o] = s; });
  };
  for (uint32_t o : {0, 1, 2, 3, 4, 1, 3})
    touch(o);
  // Most recent first: 3 1 4 2 0.
  EXPECT_EQ(tree.ownerAtDepth(0), 3u);
  EXPECT_EQ(tree.ownerAtDepth(1), 1u);
  EXPECT_EQ(tree.ownerAtDepth(2), 4u);
  EXPECT_EQ(tree.ownerAtDepth(3), 2u);
  EXPECT_EQ(tree.ownerAtDepth(4), 0u);
}

TEST(ReuseDistanceTest, PerSetStacks) {
  // Two sets by parity: distances count only the key's own set.
  SetStackDistance sets(2, [](uint64_t key) { return unsigned(key % 2); });
  EXPECT_EQ(sets.access(0), Inf);
  EXPECT_EQ(sets.access(1), Inf);
  EXPECT_EQ(sets.access(3), Inf);
  EXPECT_EQ(sets.access(0), 0u); // 1 and 3 are in the other set
  EXPECT_EQ(sets.access(1), 1u);
}

TEST(ReuseProfileTest, ExactThenPowerOfTwoBins) {
  ReuseProfile profile(4);
  for (uint64_t d : {0, 3, 4, 7, 8, 15, 16, 1000})
    profile.add(d);
  profile.add(Inf, 2);
  std::vector<ReuseProfile::Bin> bins = profile.bins();
  ASSERT_EQ(bins.size(), 7u);
  EXPECT_EQ(bins[0].low, 0u);
  EXPECT_EQ(bins[1].low, 3u);
  EXPECT_EQ(bins[2].low, 4u); // [4, 7]
  EXPECT_EQ(bins[2].high, 7u);
  EXPECT_EQ(bins[2].count, 2u);
  EXPECT_EQ(bins[3].low, 8u); // [8, 15]
  EXPECT_EQ(bins[3].count, 2u);
  EXPECT_EQ(bins[4].low, 16u);  // [16, 31]
  EXPECT_EQ(bins[5].low, 512u); // [512, 1023]
  EXPECT_EQ(bins[6].count, 2u);
  EXPECT_EQ(profile.countBelow(16), 6u);
  EXPECT_EQ(profile.total(), 10u);
}

// seed 003 §IV-B / §IV-D: one profile per fixed-length interval.
TEST(ReuseProfileTest, Intervals) {
  IntervalReuseProfile intervals(4);
  std::vector<uint64_t> distances =
      stackDistances(std::vector<uint64_t>{1, 2, 1, 2, 3, 3, 3, 3, 1, 9});
  for (uint64_t d : distances)
    intervals.add(d);
  ASSERT_EQ(intervals.intervals().size(), 3u);
  EXPECT_EQ(intervals.intervals()[0].infinite(), 2u);
  EXPECT_EQ(intervals.intervals()[0].exact(1), 2u);
  EXPECT_EQ(intervals.intervals()[1].infinite(), 1u);
  EXPECT_EQ(intervals.intervals()[1].exact(0), 3u);
  EXPECT_EQ(intervals.intervals()[2].total(), 2u);
  EXPECT_EQ(intervals.intervals()[2].exact(2), 1u); // 1 after 2, 3
}

} // namespace
