//===- PlacementCalibration.cpp - Toverlap's fit from measured times ------===//
//
// `--calibrate times.csv`: the measured times of placements of a kernel's
// arrays (a CSV a user makes with their GPU's profiler), each placement run
// and timed by the model, the Toverlap_ratio each measured time implies
// (seed 002 Eqs. 1 and 12), and the calibration file that keeps Eq. 11's
// fitted coefficients.
//
//===----------------------------------------------------------------------===//

#include "CsvFile.h"
#include "PlacementTiming.h"

#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

namespace gpurd::advisor {
namespace {

llvm::Expected<PlacementTarget> targetNamed(llvm::StringRef name,
                                            const std::string &where) {
  if (name == "global")
    return PlacementTarget::Global;
  if (name == "read-only")
    return PlacementTarget::ReadOnly;
  if (name == "constant")
    return PlacementTarget::Constant;
  if (name == "shared")
    return PlacementTarget::Shared;
  return csvError(where, "unknown memory '" + name +
                             "': expected global, read-only, constant or "
                             "shared");
}

/// `x=constant;y=shared` (or `as-written`, or empty).
llvm::Expected<std::map<std::string, PlacementTarget>>
parsePlacement(llvm::StringRef text, const std::string &where) {
  std::map<std::string, PlacementTarget> moved;
  text = text.trim();
  if (text.empty() || text == "as-written")
    return moved;
  llvm::SmallVector<llvm::StringRef, 4> parts;
  text.split(parts, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    auto [name, target] = part.split('=');
    if (name.trim().empty() || target.trim().empty())
      return csvError(where, "expected NAME=MEMORY in the placement, got '" +
                                 part + "'");
    auto parsed = targetNamed(target.trim(), where);
    if (!parsed)
      return parsed.takeError();
    if (*parsed != PlacementTarget::Global)
      moved[name.trim().str()] = *parsed;
  }
  return moved;
}

/// Eq. 11's events in the calibration file, in OverlapEvents::values()
/// order.
constexpr const char *EventNames[model::placement::OverlapEvents::Count] = {
    "global",     "constant",      "texture",     "shared",
    "row_misses", "row_conflicts", "warps_per_sm"};

} // namespace

llvm::Expected<std::vector<MeasuredPlacement>>
readMeasuredPlacements(llvm::StringRef path) {
  auto rows = readCsvRows(path, "measured times");
  if (!rows)
    return rows.takeError();
  std::vector<MeasuredPlacement> out;
  bool header = false;
  for (const CsvRow &csv : *rows) {
    const std::string &where = csv.where;
    std::vector<llvm::StringRef> cells(csv.cells.begin(), csv.cells.end());
    if (!header) {
      if (cells.size() != 3 || cells[0].trim() != "kernel" ||
          cells[1].trim() != "placement" || cells[2].trim() != "time_us")
        return csvError(where,
                        "expected the header 'kernel,placement,time_us'");
      header = true;
      continue;
    }
    if (cells.size() != 3)
      return csvError(where,
                      "expected 3 cells (kernel,placement,time_us), got " +
                          llvm::Twine(cells.size()));
    MeasuredPlacement row;
    row.kernel = cells[0].trim().str();
    row.where = where;
    auto moved = parsePlacement(cells[1], where);
    if (!moved)
      return moved.takeError();
    row.moved = std::move(*moved);
    if (cells[2].trim().getAsDouble(row.microseconds) ||
        !(row.microseconds > 0))
      return csvError(where, "expected a time in microseconds > 0, got '" +
                                 cells[2].trim() + "'");
    out.push_back(std::move(row));
  }
  if (!header)
    return csvError(path, "no header 'kernel,placement,time_us'");
  return out;
}

llvm::Expected<std::vector<model::placement::CalibrationSample>>
calibrationSamples(WhatIfRunner &runner,
                   const std::vector<MeasuredPlacement> &measured) {
  const arch::ArchDescription &arch = runner.analysisContext().arch();
  auto machine = placementMachine(arch);
  if (!machine)
    return machine.takeError();
  machine->overlap.reset(); // The ratios are of the model's Tcomp and Tmem.
  auto baseline = runner.comparedBaseline();
  if (!baseline)
    return baseline.takeError();
  std::vector<PlacementArray> arrays = placementArrays(*baseline, arch);
  std::vector<model::placement::CalibrationSample> out;
  for (const MeasuredPlacement &row : measured) {
    if (row.kernel != runner.kernelInfo().name)
      continue;
    driver::KernelChange change;
    for (const auto &[name, target] : row.moved) {
      if (llvm::none_of(
              arrays, [&](const PlacementArray &a) { return a.name == name; }))
        return csvError(row.where, "kernel '" + row.kernel +
                                       "' has no array '" + name +
                                       "' placement can move");
      change.arraySpaces[name] = placementSpace(target);
    }
    const driver::KernelAnalysis *run = &*baseline;
    if (!change.arraySpaces.empty()) {
      auto compared = runner.compare(change);
      if (!compared)
        return compared.takeError();
      run = &compared->after;
    }
    auto time = timePlacement(*run, row.moved, arrays, *machine);
    if (!time)
      return time.takeError();
    if (time->time.tmem <= 0)
      return csvError(row.where, "the model predicts no memory time for this "
                                 "placement: it cannot calibrate Toverlap");
    double measuredCycles = row.microseconds * *arch.clockMHz;
    model::placement::CalibrationSample sample;
    sample.events = time->overlap;
    // Eq. 1 solved for Toverlap, over Tmem (Eq. 12).
    sample.ratio = (time->time.tcomp + time->time.tmem + time->copyInCycles -
                    measuredCycles) /
                   time->time.tmem;
    out.push_back(sample);
  }
  return out;
}

std::string calibrationJson(const model::placement::CalibrationFit &fit,
                            llvm::StringRef arch, size_t samples) {
  nlohmann::json weights = nlohmann::json::object();
  for (unsigned i = 0; i < model::placement::OverlapEvents::Count; ++i)
    weights[EventNames[i]] = fit.coefficients.weights[i];
  nlohmann::json doc = {{"model", "seed 002 Eq. 11: Toverlap_ratio"},
                        {"arch", arch.str()},
                        {"weights", weights},
                        {"constant", fit.coefficients.constant},
                        {"rms_error", fit.rmsError},
                        {"rank", fit.rank},
                        {"samples", samples}};
  return doc.dump(2) + "\n";
}

llvm::Expected<model::placement::OverlapCoefficients>
readCalibration(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return csvError(path, "cannot read the calibration: " +
                              buffer.getError().message());
  nlohmann::json doc =
      nlohmann::json::parse((*buffer)->getBuffer(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("weights") ||
      !doc["weights"].is_object() || !doc.contains("constant") ||
      !doc["constant"].is_number())
    return csvError(path, "not a calibration file: expected an object with "
                          "'weights' and 'constant' (written by "
                          "--calibrate)");
  model::placement::OverlapCoefficients out;
  out.constant = doc["constant"].get<double>();
  for (unsigned i = 0; i < model::placement::OverlapEvents::Count; ++i) {
    const nlohmann::json &w = doc["weights"];
    if (!w.contains(EventNames[i]) || !w[EventNames[i]].is_number())
      return csvError(path, llvm::Twine("the weight '") + EventNames[i] +
                                "' is missing or not a number");
    out.weights[i] = w[EventNames[i]].get<double>();
  }
  return out;
}

} // namespace gpurd::advisor
