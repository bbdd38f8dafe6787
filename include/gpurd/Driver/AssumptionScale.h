//===- AssumptionScale.h - Assumed values of a retry ------------*- C++ -*-===//
//
// A run under assumed values (docs/assumptions.md) that leaves a bound the
// launch's sizes decide (LaunchBoundError: an access out of bounds, a
// buffer past the layout's span, a block longer than gpurd traces) is
// retried with smaller assumed sizes or more assumed dynamic shared memory;
// the scale says how far a retry's assumptions lie from the first choice.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_ASSUMPTIONSCALE_H
#define GPURD_DRIVER_ASSUMPTIONSCALE_H

#include <string>

namespace gpurd::driver {

/// How far the assumed values of a retry lie from the first choice, after a
/// run under larger ones left a launch-sized bound (LaunchBoundError): the
/// first run uses the defaults (both counts 0).
struct AssumptionScale {
  /// Assumed integer arguments are the launch's extent divided by
  /// SizeDivisor this many times.
  unsigned sizeDivisions = 0;
  /// Assumed integer arguments that bound a loop (IndexUse::loopBounds) are
  /// divided by SizeDivisor this many more times: a block that ran longer
  /// than gpurd traces is shortened through its loops, while a guard on the
  /// thread's index (`if (i >= n) return`) keeps the launch's extent and
  /// every block of the assumed grid keeps its work.
  unsigned loopDivisions = 0;
  /// Assumed dynamic shared memory is doubled this many times.
  unsigned sharedDoublings = 0;
  /// What the last run under larger values did ("an access went past the
  /// block's shared memory"), for the assumptions' basis.
  std::string reason;
  /// The values are as small as the retries make them and a block is still
  /// longer than gpurd holds: trace the prefix of each thread's run that
  /// fits (TraceSourceRequest::cutLongBlocks).
  bool cutLongBlocks = false;
  /// With cutLongBlocks: each block is cut at its share of the request
  /// budget (AnalysisContext::cutBlockTraceBound), as the retry that found
  /// the blocks too long cuts them. Without: at the bound a whole run has,
  /// where it would otherwise fail; a what-if variant of a kernel whose run
  /// was whole is cut only past it, so that its figures are of the same
  /// work as the kernel's as written (the CUDA samples' nbody with its
  /// `__constant__` softening in global memory, cut at the share, was
  /// compared with the whole run and predicted 77% faster).
  bool cutAtBudgetShare = true;
  /// Assumed values that leave the compiled kernel no memory operation are
  /// the run's (LaunchBound::NoWork is not raised): smaller ones did no
  /// better, so the kernel does nothing at them as written.
  bool acceptNoWork = false;
};

} // namespace gpurd::driver

#endif // GPURD_DRIVER_ASSUMPTIONSCALE_H
