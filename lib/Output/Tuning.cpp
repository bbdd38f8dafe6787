//===- Tuning.cpp - The tile search's ranking as text and JSON ------------===//

#include "gpurd/Output/Tuning.h"
#include "Numbers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace gpurd {
namespace {

std::string countText(double count) { return formatv("{0:F0}", count).str(); }

/// `-12.3%`: \p cycles against \p written's.
std::string vsWrittenText(double cycles, double written) {
  if (written <= 0)
    return "-";
  double change = cycles / written - 1;
  if (std::abs(change) < 0.0005)
    return "0%";
  return formatv("{0}{1:F1}%", change > 0 ? "+" : "-", std::abs(change) * 100)
      .str();
}

/// The cells of one row; \p writtenCycles: the predicted time as written
/// (0 when unknown).
std::vector<std::string> rowOf(const advisor::TuneCandidate &candidate,
                               bool withTime, bool withMdm,
                               double writtenCycles) {
  std::vector<std::string> row;
  row.push_back(candidate.rank ? std::to_string(candidate.rank) : "-");
  for (const auto &[name, value] : candidate.values)
    row.push_back(value + (candidate.asWritten ? "*" : ""));
  if (!candidate.figures)
    return row;
  const advisor::TuneFigures &f = *candidate.figures;
  row.push_back(dimText(f.grid));
  row.push_back(dimText(f.block));
  row.push_back(std::to_string(f.sharedBytesPerBlock));
  row.push_back(std::to_string(f.blocksPerSm));
  row.push_back(f.occupancy > 0 ? percent(f.occupancy) : "-");
  row.push_back(percent(f.l1SectorHitRate));
  row.push_back(f.sampled ? "-" : percent(f.l2SectorHitRate));
  row.push_back(countText(f.l2ReadSectors));
  row.push_back(f.sampled ? "-" : countText(f.dramReadSectors));
  if (withTime) {
    row.push_back(f.predictedCycles ? countText(*f.predictedCycles) : "-");
    row.push_back(f.predictedCycles
                      ? vsWrittenText(*f.predictedCycles, writtenCycles)
                      : "-");
  }
  if (withMdm) {
    row.push_back(f.mdmCycles ? countText(*f.mdmCycles) : "-");
    row.push_back(f.mdmIpcSm ? formatv("{0:F2}", *f.mdmIpcSm).str() : "-");
  }
  return row;
}

} // namespace

void printTuning(raw_ostream &os, const advisor::TuneResult &result) {
  std::vector<std::string> axes;
  for (const advisor::TuneAxis &axis : result.axes)
    axes.push_back(axis.name);
  os << "  tile search over " << join(axes, ", ") << " ("
     << result.candidates.size()
     << (result.candidates.size() == 1 ? " combination" : " combinations")
     << "), " << result.metric << ":\n";
  std::vector<std::string> header = {"rank"};
  llvm::append_range(header, axes);
  for (const std::string &column :
       {std::string("grid"), std::string("block"), std::string("shared B"),
        std::string("blocks/SM"), std::string("occupancy"),
        std::string("L1 hit"), std::string("L2 hit"), "L2 read " + result.unit,
        "DRAM read " + result.unit})
    header.push_back(column);
  const bool withTime = !result.timeModel.empty();
  if (withTime) {
    header.push_back("time (cycles)");
    header.push_back("vs written");
  }
  const bool withMdm = llvm::any_of(result.candidates, [](const auto &c) {
    return c.figures && c.figures->mdmCycles;
  });
  if (withMdm) {
    header.push_back("MDM cycles");
    header.push_back("MDM IPC/SM");
  }
  const advisor::TuneCandidate *written = result.asWritten();
  const double writtenCycles =
      written && written->figures && written->figures->predictedCycles
          ? *written->figures->predictedCycles
          : 0;
  std::vector<std::vector<std::string>> rows = {header};
  for (const advisor::TuneCandidate &candidate : result.candidates)
    rows.push_back(rowOf(candidate, withTime, withMdm, writtenCycles));
  std::vector<size_t> widths(header.size(), 0);
  for (const auto &row : rows)
    for (size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto &row = rows[r];
    os << "   ";
    for (size_t i = 0; i < row.size(); ++i)
      os << "  " << left_justify(row[i], i + 1 < row.size() ? widths[i] : 0);
    if (r > 0) {
      const advisor::TuneCandidate &candidate = result.candidates[r - 1];
      if (!candidate.illegal.empty())
        os << "  illegal: " << candidate.illegal;
      else if (!candidate.failed.empty())
        os << "  not analysed: " << candidate.failed;
      else if (!candidate.otherWork.empty())
        os << "  not ranked: " << candidate.otherWork;
    }
    os << "\n";
  }
  if (result.asWritten())
    os << "    (* as written)\n";
  for (const std::string &note : result.notes)
    os << "  note: " << note << "\n";
}

nlohmann::json tuningJson(const advisor::TuneResult &result) {
  nlohmann::json axes = nlohmann::json::array();
  for (const advisor::TuneAxis &axis : result.axes)
    axes.push_back(
        {{"name", axis.name},
         {"kind",
          axis.kind == advisor::TuneAxis::Kind::Block ? "block" : "tunable"},
         {"values", axis.values}});
  nlohmann::json candidates = nlohmann::json::array();
  for (const advisor::TuneCandidate &candidate : result.candidates) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto &[name, value] : candidate.values)
      values[name] = value;
    nlohmann::json entry = {{"values", values},
                            {"as_written", candidate.asWritten},
                            {"rank", candidate.rank
                                         ? nlohmann::json(candidate.rank)
                                         : nlohmann::json()}};
    if (!candidate.illegal.empty())
      entry["illegal"] = candidate.illegal;
    if (!candidate.failed.empty())
      entry["error"] = candidate.failed;
    if (!candidate.otherWork.empty())
      entry["other_work"] = candidate.otherWork;
    if (const auto &f = candidate.figures)
      entry["predicted"] = {
          {"grid", f->grid},
          {"block", f->block},
          {"shared_bytes_per_block", f->sharedBytesPerBlock},
          {"blocks_per_sm", f->blocksPerSm},
          {"occupancy", f->occupancy},
          {"l1_sector_hit_rate", f->l1SectorHitRate},
          {"sampled", f->sampled},
          {"l2_sector_hit_rate",
           f->sampled ? nlohmann::json() : nlohmann::json(f->l2SectorHitRate)},
          {"l2_read_sectors", f->l2ReadSectors},
          {"dram_read_sectors",
           f->sampled ? nlohmann::json() : nlohmann::json(f->dramReadSectors)},
          {"bytes_written", f->bytesWritten},
          {"kernel_cycles", f->predictedCycles
                                ? nlohmann::json(*f->predictedCycles)
                                : nlohmann::json()},
          {"mdm_cycles",
           f->mdmCycles ? nlohmann::json(*f->mdmCycles) : nlohmann::json()},
          {"mdm_ipc_sm",
           f->mdmIpcSm ? nlohmann::json(*f->mdmIpcSm) : nlohmann::json()}};
    candidates.push_back(std::move(entry));
  }
  return {{"axes", axes},
          {"metric", result.metric},
          {"ranked_by", result.rankedByTime   ? "kernel_cycles"
                        : result.rankedByDram ? "dram_read_sectors"
                                              : "l2_read_sectors"},
          {"time_model", result.timeModel.empty()
                             ? nlohmann::json()
                             : nlohmann::json(result.timeModel)},
          {"candidates", candidates},
          {"notes", result.notes}};
}

} // namespace gpurd
