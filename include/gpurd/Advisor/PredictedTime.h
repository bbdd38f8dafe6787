//===- PredictedTime.h - Seed 002's time of an analysed run -----*- C++ -*-===//
//
// The kernel time gpurd quotes as the gain of a change (a finding's what-if
// run, a candidate of the tile search): seed 002's T = Tcomp + Tmem -
// Toverlap (Model/Placement/KernelTime.h) of a run with no array moved,
// from the events the run counted (ModelOptions::placementEvents). Every
// figure names the model it comes from and whether Toverlap is calibrated.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_PREDICTEDTIME_H
#define GPURD_ADVISOR_PREDICTEDTIME_H

#include "gpurd/Driver/AnalysisContext.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace gpurd::advisor {

/// Fails, naming the fields, when \p arch lacks a figure the time model
/// reads.
llvm::Error checkTimeModelFigures(const arch::ArchDescription &arch);

/// Seed 002's time of \p run on \p arch (T, Eq. 1, in core cycles), at
/// least the launch's throughput bound (ThroughputBound.h), with the
/// calibration of
/// \p options (--calibration) when it has one. Fails when the run counted
/// no placement events or the arch lacks a figure the model reads (the
/// error names it).
llvm::Expected<double> predictedCycles(const driver::KernelAnalysis &run,
                                       const arch::ArchDescription &arch,
                                       const driver::ModelOptions &options);

/// The same for \p run, a what-if run of \p before with arrays moved to
/// other memory spaces (\p spaces: KernelChange::arraySpaces): their
/// accesses also pay the addressing of the new space instead of the old
/// (seed 002 Fig. 2), which a run's instruction counts do not show.
llvm::Expected<double> predictedCycles(
    const driver::KernelAnalysis &run, const driver::KernelAnalysis &before,
    const std::map<std::string, MemorySpace> &spaces,
    const arch::ArchDescription &arch, const driver::ModelOptions &options);

/// "seed 002's time model and throughput bound, Toverlap uncalibrated" (or
/// "calibrated in FILE"): the provenance a predicted time is quoted with.
std::string timeModelName(const driver::ModelOptions &options);

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_PREDICTEDTIME_H
