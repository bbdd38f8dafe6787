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
  /// Assumed dynamic shared memory is doubled this many times.
  unsigned sharedDoublings = 0;
  /// What the last run under larger values did ("an access went past the
  /// block's shared memory"), for the assumptions' basis.
  std::string reason;
  /// The values are as small as the retries make them and a block is still
  /// longer than gpurd holds: trace the prefix of each thread's run that
  /// fits (TraceSourceRequest::cutLongBlocks).
  bool cutLongBlocks = false;
};

} // namespace gpurd::driver

#endif // GPURD_DRIVER_ASSUMPTIONSCALE_H
