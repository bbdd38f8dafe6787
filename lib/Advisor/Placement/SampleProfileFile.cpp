//===- SampleProfileFile.cpp - Reading `--sample-profile` -----------------===//
//
// The measured events of the placement as written, from a CSV file in one
// of two layouts (docs/placement-model.md, "The sample placement"):
// gpurd's own, a header `kernel,event,value` and a row per event, or
// Nsight Compute's `ncu --csv` output, a row per metric with the columns
// "Kernel Name", "Metric Name", "Metric Unit" and "Metric Value" (and "ID",
// the launch). Errors name the file and line.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Advisor/Placement.h"

#include "CsvFile.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

namespace gpurd::advisor {
namespace {

using model::placement::MeasuredEvents;

/// The events a profile may give: gpurd's name, Nsight Compute's metric,
/// and the MeasuredEvents field; rates are in percent in both layouts.
struct EventName {
  const char *name;
  const char *metric;
  std::optional<double> MeasuredEvents::*field;
  bool percent = false;
};
constexpr EventName Events[] = {
    {"inst_issued", "smsp__inst_issued.sum",
     &MeasuredEvents::instructionsIssued},
    {"warps_launched", "smsp__warps_launched.sum",
     &MeasuredEvents::warpsLaunched},
    {"l1_hit_rate", "l1tex__t_sector_hit_rate.pct", &MeasuredEvents::l1HitRate,
     true},
    {"l2_hit_rate", "lts__t_sector_hit_rate.pct", &MeasuredEvents::l2HitRate,
     true},
    {"time_us", "gpu__time_duration.sum", &MeasuredEvents::microseconds},
};

const EventName *eventNamed(llvm::StringRef name) {
  for (const EventName &event : Events)
    if (name == event.name || name == event.metric)
      return &event;
  return nullptr;
}

/// A number as profilers print it (`1,234,567` with separators).
std::optional<double> numberIn(llvm::StringRef text) {
  std::string digits;
  for (char c : text)
    if (c != ',')
      digits += c;
  double value;
  if (llvm::StringRef(digits).trim().getAsDouble(value))
    return std::nullopt;
  return value;
}

/// Microseconds per \p unit of Nsight Compute's duration.
std::optional<double> microsecondsPer(llvm::StringRef unit) {
  if (unit == "nsecond" || unit == "ns")
    return 1e-3;
  if (unit == "usecond" || unit == "us")
    return 1;
  if (unit == "msecond" || unit == "ms")
    return 1e3;
  if (unit == "second" || unit == "s")
    return 1e6;
  return std::nullopt;
}

/// `void mm<16>(const float *, int)` -> `mm<16>`: the kernel's name as
/// Nsight Compute prints its signature.
std::string kernelNameIn(llvm::StringRef signature) {
  signature = signature.split('(').first.trim();
  if (signature.consume_front("void "))
    signature = signature.trim();
  return signature.str();
}

/// The profile's kernels, in the order they first appear.
class Profiles {
public:
  explicit Profiles(llvm::StringRef source) : source(source.str()) {}

  MeasuredEvents &of(const std::string &kernel) {
    auto [it, inserted] = index.try_emplace(kernel, kernels.size());
    if (inserted) {
      kernels.emplace_back();
      kernels.back().kernel = kernel;
      kernels.back().source = source;
    }
    return kernels[it->second];
  }
  std::vector<MeasuredEvents> take() { return std::move(kernels); }

private:
  std::string source;
  std::map<std::string, size_t> index;
  std::vector<MeasuredEvents> kernels;
};

llvm::Error setEvent(MeasuredEvents &kernel, const EventName &event,
                     double value, const std::string &where) {
  if (value < 0)
    return csvError(where, llvm::Twine("'") + event.name +
                               "' is negative: " + std::to_string(value));
  if (kernel.*event.field)
    return csvError(where, llvm::Twine("'") + event.name + "' of kernel '" +
                               kernel.kernel + "' is given twice");
  kernel.*event.field = event.percent ? value / 100 : value;
  return llvm::Error::success();
}

/// Column index of each of \p names in \p header, or an error naming the
/// first missing.
llvm::Expected<std::vector<size_t>>
columnsOf(const std::vector<std::string> &header,
          std::initializer_list<const char *> names, const std::string &where) {
  std::vector<size_t> out;
  for (const char *name : names) {
    auto it = llvm::find(header, name);
    if (it == header.end())
      return csvError(where, llvm::Twine("Nsight Compute's CSV has no '") +
                                 name + "' column");
    out.push_back(it - header.begin());
  }
  return out;
}

} // namespace

llvm::Expected<std::vector<MeasuredEvents>>
readSampleProfile(llvm::StringRef path) {
  auto rows = readCsvRows(path, "sample profile");
  if (!rows)
    return rows.takeError();
  Profiles profiles(path);
  std::optional<std::vector<std::string>> header;
  // Nsight Compute: the columns of kernel, metric, unit, value and launch.
  std::optional<std::vector<size_t>> ncu;
  std::optional<size_t> idColumn;
  std::map<std::string, std::string> firstLaunch; // kernel -> its ID
  for (const CsvRow &row : *rows) {
    const std::string &where = row.where;
    const std::vector<std::string> &cells = row.cells;
    if (!header) {
      header = cells;
      if (llvm::is_contained(cells, "Metric Name")) {
        auto columns = columnsOf(
            cells,
            {"Kernel Name", "Metric Name", "Metric Unit", "Metric Value"},
            where);
        if (!columns)
          return columns.takeError();
        ncu = std::move(*columns);
        if (auto it = llvm::find(cells, "ID"); it != cells.end())
          idColumn = it - cells.begin();
      } else if (cells !=
                 std::vector<std::string>{"kernel", "event", "value"}) {
        return csvError(where, "expected the header 'kernel,event,value', or "
                               "Nsight Compute's CSV (ncu --csv) with a "
                               "'Metric Name' column");
      }
      continue;
    }
    if (cells.size() != header->size())
      return csvError(where, "expected " + llvm::Twine(header->size()) +
                                 " cells, got " + llvm::Twine(cells.size()));
    if (ncu) {
      const std::string kernel = kernelNameIn(cells[(*ncu)[0]]);
      // The first launch of each kernel: later ones are other launches.
      if (idColumn) {
        auto [it, inserted] = firstLaunch.try_emplace(kernel, cells[*idColumn]);
        if (!inserted && it->second != cells[*idColumn])
          continue;
      }
      const EventName *event = eventNamed(cells[(*ncu)[1]]);
      if (!event)
        continue; // a metric the model does not read
      auto value = numberIn(cells[(*ncu)[3]]);
      if (!value)
        return csvError(where, "'" + cells[(*ncu)[3]] + "' is not a number");
      if (event->field == &MeasuredEvents::microseconds) {
        auto scale = microsecondsPer(cells[(*ncu)[2]]);
        if (!scale)
          return csvError(where, "unknown time unit '" + cells[(*ncu)[2]] +
                                     "' (expected nsecond, usecond, msecond "
                                     "or second)");
        *value *= *scale;
      }
      if (llvm::Error error =
              setEvent(profiles.of(kernel), *event, *value, where))
        return std::move(error);
      continue;
    }
    const EventName *event = eventNamed(cells[1]);
    if (!event)
      return csvError(where, "unknown event '" + cells[1] +
                                 "': expected inst_issued, warps_launched, "
                                 "l1_hit_rate, l2_hit_rate or time_us");
    auto value = numberIn(cells[2]);
    if (!value)
      return csvError(where, "'" + cells[2] + "' is not a number");
    if (cells[0].empty())
      return csvError(where, "the kernel is empty");
    if (llvm::Error error =
            setEvent(profiles.of(cells[0]), *event, *value, where))
      return std::move(error);
  }
  if (!header)
    return csvError(path, "the sample profile is empty: expected the header "
                          "'kernel,event,value' and a row per event");
  return profiles.take();
}

const model::placement::MeasuredEvents *
measuredEventsOf(const std::vector<model::placement::MeasuredEvents> &profile,
                 llvm::StringRef kernel) {
  for (const MeasuredEvents &events : profile)
    if (events.kernel == kernel)
      return &events;
  // A template's instance by its template's name, when only one is given.
  const MeasuredEvents *byBase = nullptr;
  llvm::StringRef base = kernel.split('<').first;
  for (const MeasuredEvents &events : profile)
    if (llvm::StringRef(events.kernel).split('<').first == base) {
      if (byBase)
        return nullptr;
      byBase = &events;
    }
  return byBase;
}

} // namespace gpurd::advisor
