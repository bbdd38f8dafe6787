//===- Random.cpp - The ziggurat's tables ---------------------------------===//
//
// Marsaglia and Tsang's 128-layer ziggurat for the normal density
// f(x) = exp(-x^2 / 2): every layer, the base strip with its tail included,
// has area v; r is the edge where the tail starts (the published constants
// for 128 layers).
//
//===----------------------------------------------------------------------===//

#include "Random.h"

namespace gpurd::model {

const Random::ZigguratTables &Random::zigguratTables() {
  static const ZigguratTables tables = [] {
    constexpr double r = 3.442619855899;
    constexpr double v = 9.91256303526217e-3;
    ZigguratTables t{};
    double f = std::exp(-0.5 * r * r);
    t.x[0] = v / f;
    t.x[1] = r;
    t.x[ZigguratLayers] = 0;
    for (unsigned i = 2; i < ZigguratLayers; ++i) {
      t.x[i] = std::sqrt(-2 * std::log(v / t.x[i - 1] + f));
      f = std::exp(-0.5 * t.x[i] * t.x[i]);
    }
    for (unsigned i = 0; i < ZigguratLayers; ++i)
      t.ratio[i] = t.x[i + 1] / t.x[i];
    return t;
  }();
  return tables;
}

} // namespace gpurd::model
