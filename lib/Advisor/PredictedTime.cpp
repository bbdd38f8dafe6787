//===- PredictedTime.cpp - Seed 002's time of an analysed run -------------===//

#include "gpurd/Advisor/PredictedTime.h"

#include "Placement/PlacementTiming.h"

namespace gpurd::advisor {

llvm::Error checkTimeModelFigures(const arch::ArchDescription &arch) {
  auto machine = placementMachine(arch);
  return machine ? llvm::Error::success() : machine.takeError();
}

namespace {

/// The time of \p run with \p moved of \p arrays placed so.
llvm::Expected<double>
timeOf(const driver::KernelAnalysis &run,
       const std::map<std::string, PlacementTarget> &moved,
       const std::vector<PlacementArray> &arrays,
       const arch::ArchDescription &arch, const driver::ModelOptions &options) {
  auto machine = placementMachine(arch);
  if (!machine)
    return machine.takeError();
  machine->overlap = options.placementCalibration;
  auto time = timePlacement(run, moved, arrays, *machine);
  if (!time)
    return time.takeError();
  return time->total();
}

} // namespace

llvm::Expected<double> predictedCycles(const driver::KernelAnalysis &run,
                                       const arch::ArchDescription &arch,
                                       const driver::ModelOptions &options) {
  // No array moved: the run's own events at its own addressing.
  return timeOf(run, {}, {}, arch, options);
}

llvm::Expected<double> predictedCycles(
    const driver::KernelAnalysis &run, const driver::KernelAnalysis &before,
    const std::map<std::string, MemorySpace> &spaces,
    const arch::ArchDescription &arch, const driver::ModelOptions &options) {
  std::map<std::string, PlacementTarget> moved;
  std::vector<PlacementArray> arrays;
  const std::vector<access::ArrayInfo> &was = before.trace->model.arrays;
  for (auto [index, info] : llvm::enumerate(run.trace->model.arrays)) {
    auto space = spaces.find(info.name);
    auto old = llvm::find_if(
        was, [&](const access::ArrayInfo &a) { return a.name == info.name; });
    if (space == spaces.end() || old == was.end())
      continue;
    PlacementArray array;
    array.name = info.name;
    array.index = static_cast<int>(index);
    array.home = placementTargetOf(old->space);
    moved[info.name] = placementTargetOf(space->second);
    arrays.push_back(std::move(array));
  }
  return timeOf(run, moved, arrays, arch, options);
}

std::string timeModelName(const driver::ModelOptions &options) {
  return options.placementCalibration
             ? "seed 002's time model and throughput bound, Toverlap "
               "calibrated in " +
                   options.placementCalibrationSource
             : "seed 002's time model and throughput bound, Toverlap "
               "uncalibrated";
}

} // namespace gpurd::advisor
