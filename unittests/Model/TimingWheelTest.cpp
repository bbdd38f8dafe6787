//===- TimingWheelTest.cpp - The engines' time-ordered queues -------------===//
//
// The wheel releases values in (time, insertion) order. Checked against a
// sorted list of the same values, on a random schedule that fills one time
// step with more values than a bucket first holds, schedules past the
// window (the wheel grows) and comes round to buckets it has emptied.
//
//===----------------------------------------------------------------------===//

#include "TimingWheel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace gpurd::model;

namespace {

struct Value {
  uint64_t time = 0;
  uint32_t order = 0; ///< Insertion order.
};

TEST(TimingWheelTest, ReleasesInTimeThenInsertionOrder) {
  std::mt19937_64 rng(7);
  TimingWheel<Value> wheel;
  std::vector<Value> pending; // what the wheel should hold
  std::vector<Value> released, expected;
  uint32_t order = 0;
  for (uint64_t now = 0; now < 3000; ++now) {
    // Up to 9 values a step (a bucket starts with room for 4), most a
    // latency of about 100 ahead, some now, a few far past the window.
    const unsigned count = static_cast<unsigned>(rng() % 10);
    for (unsigned i = 0; i < count; ++i) {
      const unsigned kind = static_cast<unsigned>(rng() % 20);
      const uint64_t delay = kind == 0   ? 0
                             : kind == 1 ? 1000 + rng() % 4000
                                         : 95 + rng() % 10;
      Value v{now + delay, order++};
      wheel.push(v.time, v);
      pending.push_back(v);
    }
    wheel.releaseThrough(now, [&](const Value &v) { released.push_back(v); });
    // Expected: the pending values due by now, by (time, insertion).
    std::stable_sort(
        pending.begin(), pending.end(),
        [](const Value &a, const Value &b) { return a.time < b.time; });
    auto due = std::find_if(pending.begin(), pending.end(),
                            [&](const Value &v) { return v.time > now; });
    expected.insert(expected.end(), pending.begin(), due);
    pending.erase(pending.begin(), due);
    ASSERT_EQ(wheel.size(), pending.size()) << "at " << now;
  }
  wheel.releaseThrough(~uint64_t(0),
                       [&](const Value &v) { released.push_back(v); });
  expected.insert(expected.end(), pending.begin(), pending.end());
  ASSERT_EQ(released.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(released[i].time, expected[i].time) << "value #" << i;
    ASSERT_EQ(released[i].order, expected[i].order) << "value #" << i;
  }
  EXPECT_TRUE(wheel.empty());
  EXPECT_GT(released.size(), 10000u);
}

// releaseUpTo stops within a time step where its predicate says, and the
// rest of that step comes out next.
TEST(TimingWheelTest, StopsWithinATimeStep) {
  TimingWheel<Value> wheel;
  for (uint32_t i = 0; i < 12; ++i)
    wheel.push(5, Value{5, i});
  wheel.push(3, Value{3, 12});
  std::vector<uint32_t> out;
  wheel.releaseUpTo(
      5, [](const Value &v) { return v.order > 6; },
      [&](const Value &v) { out.push_back(v.order); });
  // The value at 3, then those at 5 up to the first that stops.
  EXPECT_EQ(out, (std::vector<uint32_t>{12, 0, 1, 2, 3, 4, 5, 6}));
  out.clear();
  wheel.releaseThrough(5, [&](const Value &v) { out.push_back(v.order); });
  EXPECT_EQ(out, (std::vector<uint32_t>{7, 8, 9, 10, 11}));
  EXPECT_TRUE(wheel.empty());
}

} // namespace
