//===- Random.h - Deterministic random numbers for the models ---*- C++ -*-===//
//
// The same seed gives the same numbers on every platform (std::mt19937 is
// portable but std::normal_distribution is not): xoshiro256** seeded through
// SplitMix64, uniform doubles from the top 53 bits, normals by Box-Muller.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_CACHE_RANDOM_H
#define GPURD_LIB_MODEL_CACHE_RANDOM_H

#include <cmath>
#include <cstdint>

namespace gpurd::model {

class Random {
public:
  explicit Random(uint64_t seed) {
    uint64_t x = seed;
    for (uint64_t &word : state) {
      // SplitMix64.
      x += 0x9e3779b97f4a7c15ull;
      uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }
  uint64_t next() {
    const uint64_t result = rotl(state[1] * 5, 7) * 9;
    const uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
  }
  /// Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  /// Uniform in [0, n).
  uint64_t below(uint64_t n) {
    // Lemire's multiply-shift without the (negligible) rejection step would
    // be biased; use rejection for exactness.
    if (n <= 1)
      return 0;
    uint64_t limit = ~uint64_t(0) - (~uint64_t(0) % n);
    uint64_t x;
    do
      x = next();
    while (x >= limit);
    return x % n;
  }
  /// Standard normal (Box-Muller, one value per call).
  double normal() {
    double u1 = uniform();
    double u2 = uniform();
    if (u1 <= 0)
      u1 = 0x1.0p-53;
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state[4];
};

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_RANDOM_H
