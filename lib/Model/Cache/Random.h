//===- Random.h - Deterministic random numbers for the models ---*- C++ -*-===//
//
// The same seed gives the same numbers on every platform (std::mt19937 is
// portable but std::normal_distribution is not): xoshiro256** seeded through
// SplitMix64, uniform doubles from the top 53 bits, and half-normals
// |N(0, 1)| (the miss latencies of seed 000 §4.2) by the ziggurat method of
// Marsaglia and Tsang (J. Stat. Softw. 5(8), 2000) in Doornik's formulation
// (2005), which is exact and costs one draw, a table look-up and a
// multiplication in 98.8 % of the calls instead of a logarithm and a cosine.
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
  /// |N(0, 1)| (ziggurat: the magnitude of a standard normal).
  double halfNormal() {
    for (;;) {
      // One draw: its top 53 bits are the uniform, its low 7 bits the
      // layer (disjoint bits of xoshiro256**'s output are independent).
      const uint64_t bits = next();
      const unsigned layer = static_cast<unsigned>(bits & (ZigguratLayers - 1));
      const double u = double(bits >> 11) * 0x1.0p-53;
      const ZigguratTables &z = *zig;
      // Inside the layer's rectangle, under the curve for sure.
      if (u < z.ratio[layer])
        return u * z.x[layer];
      if (layer == 0)
        return tail(z.x[1]);
      // The wedge: accept under the density.
      const double x = u * z.x[layer];
      const double f0 = std::exp(-0.5 * (z.x[layer] * z.x[layer] - x * x));
      const double f1 =
          std::exp(-0.5 * (z.x[layer + 1] * z.x[layer + 1] - x * x));
      if (f1 + uniform() * (f0 - f1) < 1.0)
        return x;
    }
  }

private:
  static constexpr unsigned ZigguratLayers = 128;
  /// x[i]: the right edge of layer i (x[0]: the base strip's width as a
  /// rectangle of the same area, x[1] = r where the tail starts, x[128] = 0);
  /// ratio[i] = x[i + 1] / x[i].
  struct ZigguratTables {
    double x[ZigguratLayers + 1];
    double ratio[ZigguratLayers];
  };
  static const ZigguratTables &zigguratTables();
  /// A draw from the normal tail beyond \p r (Marsaglia 1964).
  double tail(double r) {
    double x, y;
    do {
      double u1 = uniform(), u2 = uniform();
      if (u1 <= 0)
        u1 = 0x1.0p-53;
      if (u2 <= 0)
        u2 = 0x1.0p-53;
      x = std::log(u1) / r;
      y = std::log(u2);
    } while (-2 * y < x * x);
    return r - x;
  }

  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state[4];
  const ZigguratTables *zig = &zigguratTables();
};

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_RANDOM_H
