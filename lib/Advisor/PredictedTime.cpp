//===- PredictedTime.cpp - Seed 002's time of an analysed run -------------===//

#include "gpurd/Advisor/PredictedTime.h"

#include "Placement/PlacementTiming.h"

namespace gpurd::advisor {

llvm::Error checkTimeModelFigures(const arch::ArchDescription &arch) {
  auto machine = placementMachine(arch);
  return machine ? llvm::Error::success() : machine.takeError();
}

llvm::Expected<PredictedTime>
predictedTime(const driver::KernelAnalysis &run,
              const arch::ArchDescription &arch,
              const driver::ModelOptions &options) {
  auto machine = placementMachine(arch);
  if (!machine)
    return machine.takeError();
  machine->overlap = options.placementCalibration;
  // No array moved: the run's own events, at the addressing of global
  // memory its arrays are in.
  auto time = timePlacement(run, {}, {}, *machine);
  if (!time)
    return time.takeError();
  PredictedTime out;
  out.cycles = time->total();
  out.microseconds = out.cycles / *arch.clockMHz;
  out.calibrated = time->time.calibratedOverlap;
  return out;
}

std::string timeModelName(const driver::ModelOptions &options) {
  return options.placementCalibration
             ? "seed 002's time model, Toverlap calibrated in " +
                   options.placementCalibrationSource
             : "seed 002's time model, Toverlap uncalibrated";
}

} // namespace gpurd::advisor
