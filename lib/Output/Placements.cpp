//===- Placements.cpp - The placement ranking as text and JSON ------------===//

#include "gpurd/Output/Placements.h"
#include "Numbers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd {
namespace {

std::string cycles(double value) { return formatv("{0:F0}", value).str(); }

/// "-23.4%" against the placement as written.
std::string relative(double time, double written) {
  if (written <= 0)
    return "-";
  double change = (time - written) / written * 100.0;
  if (std::abs(change) < 0.05)
    return "0%";
  return formatv("{0:+0.0;-0.0}%", change).str();
}

std::vector<std::string>
rowOf(size_t rank, const advisor::PlacementTime &candidate, double written) {
  return {std::to_string(rank),
          candidate.describe() + (candidate.asWritten() ? "*" : ""),
          cycles(candidate.total()),
          relative(candidate.total(), written),
          cycles(candidate.time.tcomp),
          cycles(candidate.time.tmem),
          cycles(candidate.time.toverlap),
          candidate.copyInCycles > 0 ? cycles(candidate.copyInCycles) : "-",
          candidate.factor.empty() ? "-" : candidate.factor};
}

void printTable(raw_ostream &os,
                const std::vector<std::vector<std::string>> &rows) {
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const auto &row : rows)
    for (size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (const auto &row : rows) {
    os << "   ";
    for (size_t i = 0; i < row.size(); ++i)
      os << "  " << left_justify(row[i], i + 1 < row.size() ? widths[i] : 0);
    os << "\n";
  }
}

nlohmann::json candidateJson(const advisor::PlacementTime &candidate,
                             double written) {
  nlohmann::json moved = nlohmann::json::object();
  for (const auto &[name, target] : candidate.moved)
    moved[name] = placementTargetName(target).str();
  const model::placement::KernelTime &t = candidate.time;
  nlohmann::json out = {
      {"placement", moved},
      {"description", candidate.describe()},
      {"predicted_cycles", candidate.total()},
      {"relative_to_written",
       written > 0 ? (candidate.total() - written) / written : 0.0},
      {"tcomp", t.tcomp},
      {"tmem", t.tmem},
      {"toverlap", t.toverlap},
      {"copy_in_cycles", candidate.copyInCycles},
      {"throughput_bound",
       {{"cycles", candidate.bound.cycles()},
        {"load_store", candidate.bound.loadStore},
        {"l2", candidate.bound.noc},
        {"dram", candidate.bound.dram},
        {"binds", candidate.throughputBound()},
        {"resource", candidate.bound.resource().str()}}},
      {"overlap_calibrated", t.calibratedOverlap},
      {"deciding_factor", candidate.factor},
      {"figures",
       {{"instructions_per_warp", candidate.events.instructions},
        {"replays_per_warp", candidate.replays},
        {"addressing_delta_per_warp", candidate.addressingDelta},
        {"memory_instructions_per_warp", candidate.events.memoryInstructions},
        {"miss_ratio", candidate.events.missRatio},
        {"shared_ratio", candidate.events.sharedRatio},
        {"l1_ratio", candidate.events.l1Ratio},
        {"constant_ratio", candidate.events.constantRatio},
        {"total_warps", candidate.events.totalWarps},
        {"active_sms", candidate.events.activeSms},
        {"instruction_throughput", t.instructionThroughput},
        {"effective_memory_requests", t.effectiveMemoryRequests},
        {"warps_per_sm", candidate.events.warpsPerSm},
        {"amat", t.amat},
        {"dram_latency", t.dramLatency},
        {"itilp", t.itilp},
        {"mlp", candidate.events.mlp},
        {"itmlp", t.itmlp},
        {"cwp", t.cwp},
        {"mwp", t.mwp}}}};
  if (candidate.rowHits) {
    out["row_buffer"] = {{"hits", *candidate.rowHits},
                         {"misses", *candidate.rowMisses},
                         {"conflicts", *candidate.rowConflicts},
                         {"saturated_banks", candidate.saturatedBanks}};
  }
  return out;
}

} // namespace

void printPlacements(raw_ostream &os,
                     const advisor::PlacementRanking &ranking) {
  double written = ranking.asWritten().total();
  os << "  placements of kernel '" << ranking.kernel << "' ("
     << ranking.candidates.size() << " of " << ranking.combinations
     << (ranking.exhaustive ? ""
                            : ", pruned: each array's moves alone and "
                              "the best of them together")
     << "), predicted time by seed 002's model, T = Tcomp + Tmem - Toverlap, "
        "in cycles:\n";
  std::vector<std::vector<std::string>> rows = {
      {"rank", "placement", "T", "vs written", "Tcomp", "Tmem", "Toverlap",
       "copy-in", "deciding factor"}};
  for (auto [i, candidate] : llvm::enumerate(ranking.candidates))
    rows.push_back(rowOf(i + 1, candidate, written));
  printTable(os, rows);
  os << "    (* as written)\n";
  for (const advisor::PlacementArray &array : ranking.arrays)
    for (const std::string &reason : array.excluded)
      os << "    " << reason << "\n";
  if (ranking.measured && ranking.measured->microseconds &&
      ranking.clockMHz > 0)
    os << "    measured as written: "
       << formatv("{0:F2}", *ranking.measured->microseconds) << " us ("
       << ranking.measured->source << "); predicted as written: "
       << formatv("{0:F2}", written / ranking.clockMHz) << " us at "
       << formatv("{0:F0}", ranking.clockMHz) << " MHz\n";
  for (const std::string &assumption : ranking.assumptions)
    os << "    assumes: " << assumption << "\n";
}

/// The `--sample-profile` events the ranking started from.
static nlohmann::json measuredJson(const model::placement::MeasuredEvents &m,
                                   double writtenMicroseconds) {
  auto optional = [](const std::optional<double> &value) {
    return value ? nlohmann::json(*value) : nlohmann::json();
  };
  return {{"source", m.source},
          {"kernel", m.kernel},
          {"inst_issued", optional(m.instructionsIssued)},
          {"warps_launched", optional(m.warpsLaunched)},
          {"l1_hit_rate", optional(m.l1HitRate)},
          {"l2_hit_rate", optional(m.l2HitRate)},
          {"time_us", optional(m.microseconds)},
          {"predicted_time_us", writtenMicroseconds > 0
                                    ? nlohmann::json(writtenMicroseconds)
                                    : nlohmann::json()}};
}

nlohmann::json placementsJson(const advisor::PlacementRanking &ranking) {
  double written = ranking.asWritten().total();
  nlohmann::json candidates = nlohmann::json::array();
  for (const advisor::PlacementTime &candidate : ranking.candidates)
    candidates.push_back(candidateJson(candidate, written));
  nlohmann::json arrays = nlohmann::json::array();
  for (const advisor::PlacementArray &array : ranking.arrays) {
    nlohmann::json targets = nlohmann::json::array();
    for (advisor::PlacementTarget target : array.targets)
      targets.push_back(placementTargetName(target).str());
    arrays.push_back({{"name", array.name},
                      {"written", array.written},
                      {"home", placementTargetName(array.home).str()},
                      {"targets", targets},
                      {"excluded", array.excluded}});
    if (array.bytes)
      arrays.back()["bytes"] = *array.bytes;
    if (array.tileBytes) {
      arrays.back()["tile_bytes"] = *array.tileBytes;
      arrays.back()["reuse"] = array.reuse;
    }
  }
  nlohmann::json out = {{"kernel", ranking.kernel},
                        {"model", "seed 002: T = Tcomp + Tmem - Toverlap"},
                        {"unit", "cycles"},
                        {"combinations", ranking.combinations},
                        {"exhaustive", ranking.exhaustive},
                        {"arrays", arrays},
                        {"candidates", candidates},
                        {"assumptions", ranking.assumptions}};
  if (ranking.measured)
    out["sample_profile"] =
        measuredJson(*ranking.measured,
                     ranking.clockMHz > 0 ? written / ranking.clockMHz : 0);
  return out;
}

} // namespace gpurd
