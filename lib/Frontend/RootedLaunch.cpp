//===- RootedLaunch.cpp - Launch values computed from host values ---------===//
//
// The question the front end (which evaluates a launch at several roots)
// and the driver (which picks one) both ask of those evaluations.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Frontend/KernelInfo.h"

namespace gpurd {

bool valuesFollowRoot(const RootedLaunch &low, const RootedLaunch &high) {
  auto moves = [](const EvaluatedValue &a, const EvaluatedValue &b) {
    return a.isKnown() && b.isKnown() && a.str() != b.str();
  };
  // A value that moves with the root and is not the root itself.
  auto derived = [&](const EvaluatedValue &a, const EvaluatedValue &b) {
    return moves(a, b) &&
           (a.asUnsigned() != low.root || b.asUnsigned() != high.root);
  };
  for (unsigned d = 0; d < 3; ++d)
    if (moves(low.grid.components[d], high.grid.components[d]) ||
        derived(low.block.components[d], high.block.components[d]))
      return true;
  if (derived(low.dynamicSharedBytes, high.dynamicSharedBytes))
    return true;
  for (size_t i = 0; i < low.args.size() && i < high.args.size(); ++i)
    if (derived(low.args[i].value, high.args[i].value))
      return true;
  return false;
}

} // namespace gpurd
