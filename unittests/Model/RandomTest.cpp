//===- RandomTest.cpp - The models' random numbers ------------------------===//
//
// The half-normal miss latencies of seed 000 §4.2 (lambda_min + |N(0,
// sigma^2)|) come from a ziggurat. Its tables are easy to get subtly wrong
// (a layer too wide or too narrow shifts probability mass without breaking
// anything else), so the samples are checked against the half-normal's CDF
// 2 Phi(x) - 1 = erf(x / sqrt 2) everywhere, tail included, and its moments.
//
//===----------------------------------------------------------------------===//

#include "Random.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpurd::model {
namespace {

constexpr double Pi = 3.14159265358979323846;

std::vector<double> halfNormals(uint64_t seed, size_t n) {
  Random random(seed);
  std::vector<double> values(n);
  for (double &v : values)
    v = random.halfNormal();
  return values;
}

TEST(RandomTest, HalfNormalFollowsItsDistribution) {
  const size_t n = 2000000;
  std::vector<double> values = halfNormals(42, n);
  double sum = 0, sumSquares = 0;
  for (double v : values) {
    ASSERT_GE(v, 0.0);
    sum += v;
    sumSquares += v * v;
  }
  // E|Z| = sqrt(2 / pi), E Z^2 = 1; standard errors 0.0004 and 0.001.
  EXPECT_NEAR(sum / n, std::sqrt(2 / Pi), 0.002);
  EXPECT_NEAR(sumSquares / n, 1.0, 0.005);

  // Kolmogorov-Smirnov: the largest gap between the empirical CDF and
  // erf(x / sqrt 2). The 0.1 % critical value for n = 2e6 is 1.95 /
  // sqrt(n) = 0.0014; the tables built with the 256-layer edge r = 3.654
  // (a plausible mix-up) give 0.004.
  std::sort(values.begin(), values.end());
  double gap = 0;
  for (size_t i = 0; i < n; ++i) {
    double cdf = std::erf(values[i] / std::sqrt(2.0));
    gap = std::max({gap, std::fabs(cdf - double(i) / n),
                    std::fabs(cdf - double(i + 1) / n)});
  }
  EXPECT_LT(gap, 0.0014);

  // The tail beyond the base strip's edge r = 3.4426 (probability
  // 2 (1 - Phi(r)) = 5.76e-4, about 1150 samples) and far beyond it.
  size_t beyond = values.end() - std::upper_bound(values.begin(), values.end(),
                                                  3.442619855899);
  EXPECT_NEAR(double(beyond) / n, 5.76e-4, 1e-4);
  size_t farBeyond =
      values.end() - std::upper_bound(values.begin(), values.end(), 4.0);
  EXPECT_NEAR(double(farBeyond) / n, 6.33e-5, 2.5e-5);
}

TEST(RandomTest, SameSeedSameNumbers) {
  EXPECT_EQ(halfNormals(7, 1000), halfNormals(7, 1000));
  EXPECT_NE(halfNormals(7, 1000), halfNormals(8, 1000));
}

} // namespace
} // namespace gpurd::model
