//===- PredictedTime.cpp - Seed 002's time of an analysed run -------------===//

#include "gpurd/Advisor/PredictedTime.h"

#include "Placement/PlacementTiming.h"

namespace gpurd::advisor {

llvm::Error checkTimeModelFigures(const arch::ArchDescription &arch) {
  auto machine = placementMachine(arch);
  return machine ? llvm::Error::success() : machine.takeError();
}

namespace {

/// The placement target whose accesses are in \p space.
PlacementTarget targetOf(MemorySpace space) {
  switch (space) {
  case MemorySpace::GlobalReadOnly:
  case MemorySpace::Texture:
    return PlacementTarget::ReadOnly;
  case MemorySpace::Constant:
    return PlacementTarget::Constant;
  case MemorySpace::Shared:
    return PlacementTarget::Shared;
  default:
    return PlacementTarget::Global;
  }
}

/// The time of \p run with \p moved of \p arrays placed so.
llvm::Expected<PredictedTime>
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
  PredictedTime out;
  out.cycles = time->total();
  out.microseconds = out.cycles / *arch.clockMHz;
  out.calibrated = time->time.calibratedOverlap;
  return out;
}

} // namespace

llvm::Expected<PredictedTime>
predictedTime(const driver::KernelAnalysis &run,
              const arch::ArchDescription &arch,
              const driver::ModelOptions &options) {
  // No array moved: the run's own events at its own addressing.
  return timeOf(run, {}, {}, arch, options);
}

llvm::Expected<PredictedTime> predictedTime(
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
    array.home = targetOf(old->space);
    moved[info.name] = targetOf(space->second);
    arrays.push_back(std::move(array));
  }
  return timeOf(run, moved, arrays, arch, options);
}

std::string timeModelName(const driver::ModelOptions &options) {
  return options.placementCalibration
             ? "seed 002's time model, Toverlap calibrated in " +
                   options.placementCalibrationSource
             : "seed 002's time model, Toverlap uncalibrated";
}

} // namespace gpurd::advisor
