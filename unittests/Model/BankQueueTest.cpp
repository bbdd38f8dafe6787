//===- BankQueueTest.cpp - Kingman's G/G/1 delay (seed 002 Eqs. 9-10) -----===//

#include "gpurd/Model/Placement/BankQueue.h"

#include "gtest/gtest.h"

using namespace gpurd::model::placement;

namespace {

QueueMoments moments(double ta, double sa, double ts, double ss) {
  QueueMoments m;
  m.arrivals = 100;
  m.meanInterArrival = ta;
  m.sdInterArrival = sa;
  m.meanService = ts;
  m.sdService = ss;
  return m;
}

// Exponential arrivals and service (ca = cs = 1): Kingman's formula is exact
// for M/M/1, Wq = rho / (1 - rho) * tau_s. tau_a = 10, tau_s = 5: rho = 0.5,
// Wq = 1 * 1 * 5 = 5.
TEST(BankQueueTest, KingmanIsExactForMM1) {
  QueueDelay delay = kingmanDelay(moments(10, 10, 5, 5));
  EXPECT_DOUBLE_EQ(delay.utilisation, 0.5);
  EXPECT_DOUBLE_EQ(delay.wait, 5.0);
  EXPECT_FALSE(delay.saturated);
}

// The closed form with unequal variabilities: tau_a = 8, sigma_a = 16 (ca =
// 2), tau_s = 6, sigma_s = 3 (cs = 0.5): rho = 0.75, Wq = 3 * (4 + 0.25) / 2
// * 6 = 38.25.
TEST(BankQueueTest, KingmanClosedForm) {
  QueueDelay delay = kingmanDelay(moments(8, 16, 6, 3));
  EXPECT_DOUBLE_EQ(delay.utilisation, 0.75);
  EXPECT_DOUBLE_EQ(delay.wait, 38.25);
}

// Regular arrivals and service (ca = cs = 0): nothing waits, whatever rho.
TEST(BankQueueTest, DeterministicQueueDoesNotWait) {
  EXPECT_DOUBLE_EQ(kingmanDelay(moments(10, 0, 9, 0)).wait, 0.0);
}

// rho -> 0: the wait vanishes (rho = 1e-6, M/M/1: Wq = 1e-6 / (1 - 1e-6)).
TEST(BankQueueTest, LightLoadWaitsAlmostNothing) {
  QueueDelay delay = kingmanDelay(moments(1e6, 1e6, 1, 1));
  EXPECT_NEAR(delay.wait, 1e-6, 1e-9);
}

// rho -> 1: the wait grows without bound but stays finite below 1
// (rho = 0.999, M/M/1: Wq = 999 * tau_s).
TEST(BankQueueTest, HeavyLoadWaitsLong) {
  QueueDelay delay = kingmanDelay(moments(1000, 1000, 999, 999));
  EXPECT_NEAR(delay.wait, 999.0 * 999.0, 1e-6);
  EXPECT_FALSE(delay.saturated);
}

// rho >= 1: no steady state; saturated, with no negative or infinite wait.
TEST(BankQueueTest, FullLoadIsSaturated) {
  for (double ts : {10.0, 25.0}) {
    QueueDelay delay = kingmanDelay(moments(10, 1, ts, 1));
    EXPECT_TRUE(delay.saturated);
    EXPECT_EQ(delay.wait, 0.0);
    EXPECT_GE(delay.utilisation, 1.0);
  }
  // Every request at the same instant.
  EXPECT_TRUE(kingmanDelay(moments(0, 0, 5, 0)).saturated);
}

// One request has nothing to wait behind.
TEST(BankQueueTest, OneArrivalHasNoQueue) {
  QueueMoments m = moments(0, 0, 5, 0);
  m.arrivals = 1;
  QueueDelay delay = kingmanDelay(m);
  EXPECT_FALSE(delay.saturated);
  EXPECT_EQ(delay.wait, 0.0);
}

// Population moments: 2, 4, 4, 4, 5, 5, 7, 9 have mean 5 and deviation 2.
TEST(BankQueueTest, RunningMoments) {
  RunningMoments m;
  for (double v : {2, 4, 4, 4, 5, 5, 7, 9})
    m.add(v);
  EXPECT_EQ(m.count(), 8u);
  EXPECT_DOUBLE_EQ(m.mean(), 5.0);
  EXPECT_DOUBLE_EQ(m.standardDeviation(), 2.0);
}

} // namespace
