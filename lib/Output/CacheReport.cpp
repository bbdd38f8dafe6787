//===- CacheReport.cpp - Print cache-model results ------------------------===//

#include "gpurd/Output/CacheReport.h"
#include "Numbers.h"
#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/Format.h"

#include <map>

namespace gpurd {
namespace {

using model::CacheCounters;
using model::MissClass;

/// With --seeds: how a level's figures move over the seeds.
struct LevelSpread {
  const model::SeedSpread::Level *level = nullptr;
  const std::vector<uint64_t> *seeds = nullptr;
};

/// "; 55.8-68.0% over seeds 0-3" when \p range (of \p spread) is wider
/// than a point, else nothing.
std::string over(const LevelSpread &spread,
                 const model::FigureRange model::SeedSpread::Level::*range) {
  if (!spread.level ||
      (spread.level->*range).width() <= model::SeedSpread::RateTolerance)
    return "";
  const model::FigureRange &r = spread.level->*range;
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("; %.1f-%.1f%% over seeds ", 100 * r.min, 100 * r.max)
     << spread.seeds->front() << "-" << spread.seeds->back();
  return out;
}

void printLevel(llvm::raw_ostream &os, const char *name, const CacheCounters &c,
                bool sectored, const LevelSpread &spread) {
  using Level = model::SeedSpread::Level;
  os << "  " << name << ": " << c.readAccesses
     << (c.readAccesses == 1 ? " read request" : " read requests");
  // A rate of no requests is no number.
  if (c.readAccesses) {
    os << ", hit rate " << percent(c.readHitRate());
    std::string range = over(spread, &Level::readHitRate);
    if (!range.empty())
      os << " (" << range.substr(2) << ")";
  }
  os << "; misses";
  for (unsigned k = 0; k < model::NumMissClasses; ++k) {
    // Only a sectored cache has sector misses.
    if (static_cast<MissClass>(k) == MissClass::Sector && !sectored)
      continue;
    os << (k ? ", " : " ") << model::missClassName(static_cast<MissClass>(k))
       << " " << c.readMisses[k];
  }
  os << "; " << c.writeAccesses
     << (c.writeAccesses == 1 ? " write" : " writes");
  if (c.bypassed)
    os << ", " << c.bypassed << " bypassed";
  if (c.mshrAllocations + c.mshrMerges)
    os << "; MSHR merge rate " << percent(c.mshrMergeRate());
  else
    os << "; no MSHR use";
  os << ", reservation failures " << c.reservationFailures << "\n";
  if (!sectored)
    return;
  // What profilers and simulators count: sectors, with the pending hits
  // (sectors in flight) apart from hits and misses.
  os << "    " << name << " sectors: " << c.sectorReadAccesses << " read";
  if (c.sectorReadAccesses)
    os << ", hits " << c.sectorReadHits << " (" << percent(c.sectorHitRate())
       << over(spread, &Level::sectorHitRate) << "), pending hits "
       << c.sectorPendingHits << " (" << percent(c.sectorHitRateWithPending())
       << " with the hits" << over(spread, &Level::sectorHitRateWithPending)
       << "), misses " << c.sectorReadMisses;
  os << "; " << c.sectorWriteAccesses << " written\n";
}

nlohmann::json samplingJson(const model::SamplingInfo &s) {
  nlohmann::json out = {{"description", s.description},
                        {"method", s.method},
                        {"total_sms", s.totalSms},
                        {"active_sms", s.activeSms},
                        {"modelled_sms", s.modelledSms},
                        {"total_blocks", s.totalBlocks},
                        {"modelled_blocks", s.modelledBlocks},
                        {"scale", s.scale},
                        {"l2_sees_every_sm", s.l2SeesEverySm()}};
  if (s.requestBudget) {
    out["request_budget"] = s.requestBudget;
    out["requests_of_first_block"] = s.requestsOfFirstBlock;
    out["estimated_requests"] = s.estimatedRequests;
  }
  if (s.instructionBudget) {
    out["instruction_budget"] = s.instructionBudget;
    out["instructions_of_first_block"] = s.instructionsOfFirstBlock;
  }
  if (s.blocksPerSmLimit)
    out["blocks_per_sm_limit"] = s.blocksPerSmLimit;
  if (s.blocksCut)
    out["blocks_cut"] = s.blocksCut;
  if (s.blocksWaiting)
    out["blocks_waiting"] = s.blocksWaiting;
  if (s.l2SetsPerBankFull) {
    out["l2_sets_per_bank"] = s.l2SetsPerBank;
    out["l2_sets_per_bank_full"] = s.l2SetsPerBankFull;
    out["l2_mshr_entries"] = s.l2MshrEntries;
    out["l2_mshr_entries_full"] = s.l2MshrEntriesFull;
  }
  return out;
}

/// "R reads (hit rate H%), W writes", leaving out what is zero (a hit rate
/// of no reads means nothing).
void printReadsAndWrites(llvm::raw_ostream &os, const CacheCounters &c) {
  if (c.readAccesses)
    os << c.readAccesses << (c.readAccesses == 1 ? " read" : " reads")
       << " (hit rate " << percent(c.readHitRate()) << ")";
  if (c.readAccesses && c.writeAccesses)
    os << ", ";
  if (c.writeAccesses)
    os << c.writeAccesses << (c.writeAccesses == 1 ? " write" : " writes");
  if (!c.readAccesses && !c.writeAccesses)
    os << "no requests";
}

nlohmann::json levelJson(const CacheCounters &c) {
  nlohmann::json misses = nlohmann::json::object();
  for (unsigned k = 0; k < model::NumMissClasses; ++k)
    misses[model::missClassName(static_cast<MissClass>(k))] = c.readMisses[k];
  nlohmann::json sectors = {
      {"read", c.sectorReadAccesses},
      {"hits", c.sectorReadHits},
      {"pending_hits", c.sectorPendingHits},
      {"misses", c.sectorReadMisses},
      {"hit_rate", c.sectorHitRate()},
      {"hit_rate_with_pending", c.sectorHitRateWithPending()},
      {"written", c.sectorWriteAccesses}};
  return {{"read_requests", c.readAccesses},
          {"read_hits", c.readHits},
          {"read_hit_rate", c.readHitRate()},
          {"read_misses", misses},
          {"pending_hits", c.readMissCount(MissClass::Latency)},
          {"writes", c.writeAccesses},
          {"write_hits", c.writeHits},
          {"bypassed", c.bypassed},
          {"mshr_allocations", c.mshrAllocations},
          {"mshr_merges", c.mshrMerges},
          {"mshr_merge_rate", c.mshrMergeRate()},
          {"reservation_failures", c.reservationFailures},
          {"sectors", std::move(sectors)}};
}

nlohmann::json rangeJson(const model::FigureRange &range) {
  return {{"min", range.min}, {"max", range.max}};
}

nlohmann::json seedSpreadJson(const model::SeedSpread &spread, bool l2) {
  auto level = [](const model::SeedSpread::Level &l) {
    return nlohmann::json{{"read_hit_rate", rangeJson(l.readHitRate)},
                          {"sector_hit_rate", rangeJson(l.sectorHitRate)},
                          {"sector_hit_rate_with_pending",
                           rangeJson(l.sectorHitRateWithPending)}};
  };
  nlohmann::json out = {
      {"seeds", spread.seeds},
      {"l1", level(spread.l1)},
      {"dram_read_sectors", rangeJson(spread.dramReadSectors)}};
  if (l2)
    out["l2"] = level(spread.l2);
  return out;
}

nlohmann::json profileJson(const model::ReuseProfile &profile) {
  nlohmann::json bins = nlohmann::json::array();
  for (const model::ReuseProfile::Bin &bin : profile.bins())
    if (bin.low != model::InfiniteDistance) // That is `infinite`.
      bins.push_back(
          {{"low", bin.low}, {"high", bin.high}, {"count", bin.count}});
  return {{"total", profile.total()},
          {"infinite", profile.infinite()},
          {"bins", bins}};
}

void printProfile(llvm::raw_ostream &os, const char *name,
                  const model::ReuseProfile &profile) {
  os << "  " << name << " reuse-distance profile (per-set stack distances, "
     << profile.total() << " requests; distance: count):\n   ";
  unsigned column = 0;
  for (const model::ReuseProfile::Bin &bin : profile.bins()) {
    if (!bin.count || bin.low == model::InfiniteDistance)
      continue;
    os << " " << bin.low;
    if (bin.high != bin.low)
      os << "-" << bin.high;
    os << ": " << bin.count;
    if (++column % 8 == 0)
      os << "\n   ";
  }
  os << " inf: " << profile.infinite() << "\n";
}

/// Counters per array, summed over its sites.
std::map<int, std::pair<CacheCounters, CacheCounters>>
perArray(const access::AccessModel &model,
         const model::CacheModelResults &results) {
  std::map<int, std::pair<CacheCounters, CacheCounters>> out;
  for (const model::SiteCacheResults &site : results.sites) {
    if (site.site >= model.sites.size())
      continue;
    int array = model.sites[site.site].array;
    out[array].first.add(site.l1);
    out[array].second.add(site.l2);
  }
  return out;
}

} // namespace

void printCacheReport(llvm::raw_ostream &os, const std::string &archName,
                      const access::AccessModel &model,
                      const model::CacheModelResults &results,
                      bool reuseProfile) {
  os << "kernel " << model.kernel << " on " << archName
     << " (predicted by the cache model; " << results.execution.engine
     << "): " << results.sampling.description << "\n";
  const model::ExecutionInfo &execution = results.execution;
  LevelSpread l1Spread, l2Spread;
  if (const std::optional<model::SeedSpread> &spread = results.seedSpread) {
    l1Spread = {&spread->l1, &spread->seeds};
    l2Spread = {&spread->l2, &spread->seeds};
  }
  printLevel(os, "L1", results.l1, execution.l1SectorSize != 0, l1Spread);
  if (results.l2Modelled)
    printLevel(os, "L2", results.l2, execution.l2SectorSize != 0, l2Spread);
  const model::TransactionCounts &t = results.transactions;
  os << "  transactions: L1 reads " << t.l1Reads << ", L1 writes " << t.l1Writes
     << ", L2 reads " << t.l2Reads << ", L2 writes " << t.l2Writes
     << ", DRAM reads " << t.dramReads;
  if (results.l2Modelled && execution.l2SectorSize) {
    os << " (" << t.dramReadSectors << " sectors";
    if (results.seedSpread && results.seedSpread->dramReadSectors.width() > 0)
      os << "; " << uint64_t(results.seedSpread->dramReadSectors.min) << "-"
         << uint64_t(results.seedSpread->dramReadSectors.max) << " over seeds "
         << results.seedSpread->seeds.front() << "-"
         << results.seedSpread->seeds.back();
    os << ")";
  }
  os << ", DRAM writes " << t.dramWrites;
  if (t.l2DirtyAtEnd)
    os << " (and " << t.l2DirtyAtEnd
       << (t.l2DirtyAtEnd == 1 ? " dirty L2 line" : " dirty L2 lines")
       << " to write back after the launch)";
  os << "\n";
  for (const model::SiteCacheResults &site : results.sites) {
    if (site.site >= model.sites.size())
      continue;
    const access::AccessSite &s = model.sites[site.site];
    os << "  S" << s.id << " " << displayPath(s.position.file) << ":"
       << s.position.line << ":" << s.position.column;
    if (!s.sourceText.empty())
      os << " '" << s.sourceText << "'";
    os << ": L1 ";
    printReadsAndWrites(os, site.l1);
    if (results.l2Modelled) {
      os << "; L2 ";
      printReadsAndWrites(os, site.l2);
    }
    os << "\n";
  }
  for (const auto &[array, counters] : perArray(model, results)) {
    // Sites whose pointer does not point into one array (a function's
    // parameter, a pointer loaded from memory) are summed apart.
    os << "  "
       << (array >= 0 ? "array " + model.arrays[array].name
                      : std::string("no single array"))
       << ": L1 ";
    printReadsAndWrites(os, counters.first);
    if (results.l2Modelled) {
      os << "; L2 ";
      printReadsAndWrites(os, counters.second);
    }
    os << "\n";
  }
  if (reuseProfile) {
    printProfile(os, "L1", results.l1Profiles.perSet);
    if (results.l2Modelled)
      printProfile(os, "L2", results.l2Profiles.perSet);
  }
  for (const std::string &note : results.notes)
    os << "  note: " << note << "\n";
}

nlohmann::json cacheReportJson(const std::string &archName,
                               const access::AccessModel &model,
                               const model::CacheModelResults &results,
                               bool reuseProfile) {
  nlohmann::json sites = nlohmann::json::array();
  for (const model::SiteCacheResults &site : results.sites) {
    nlohmann::json j = {{"site", site.site},
                        {"warp_instructions", site.warpInstructions},
                        {"l1", levelJson(site.l1)}};
    if (results.l2Modelled)
      j["l2"] = levelJson(site.l2);
    if (site.site < model.sites.size())
      j["source"] = model.sites[site.site].sourceText;
    sites.push_back(std::move(j));
  }
  nlohmann::json arrays = nlohmann::json::array();
  for (const auto &[array, counters] : perArray(model, results)) {
    nlohmann::json j = {{"array", array >= 0 ? model.arrays[array].name : ""},
                        {"l1", levelJson(counters.first)}};
    if (results.l2Modelled)
      j["l2"] = levelJson(counters.second);
    arrays.push_back(std::move(j));
  }
  const model::TransactionCounts &t = results.transactions;
  nlohmann::json out = {{"kernel", model.kernel},
                        {"arch", archName},
                        {"predicted", true},
                        {"engine", results.execution.engine},
                        {"clock", results.execution.clock},
                        {"sampling", samplingJson(results.sampling)},
                        {"l1", levelJson(results.l1)},
                        {"transactions",
                         {{"l1_reads", t.l1Reads},
                          {"l1_writes", t.l1Writes},
                          {"l2_reads", t.l2Reads},
                          {"l2_writes", t.l2Writes},
                          {"dram_reads", t.dramReads},
                          {"dram_read_sectors", t.dramReadSectors},
                          {"dram_writes", t.dramWrites},
                          {"dram_write_sectors", t.dramWriteSectors},
                          {"l2_dirty_at_end", t.l2DirtyAtEnd}}},
                        {"sites", std::move(sites)},
                        {"arrays", std::move(arrays)},
                        {"notes", results.notes}};
  if (!model.warnings.empty())
    out["warnings"] = model.warnings;
  if (results.l2Modelled)
    out["l2"] = levelJson(results.l2);
  if (results.seedSpread)
    out["seed_spread"] =
        seedSpreadJson(*results.seedSpread, results.l2Modelled);
  const model::ExecutionInfo &execution = results.execution;
  out["l1_geometry"] = {{"bytes", execution.l1Bytes},
                        {"sets", execution.l1Sets},
                        {"ways", execution.l1Assoc},
                        {"sector_bytes", execution.l1SectorSize}};
  if (execution.sharedCarveoutBytes)
    out["l1_geometry"]["shared_carveout_bytes"] =
        *execution.sharedCarveoutBytes;
  if (reuseProfile) {
    out["l1_reuse_profile"] = profileJson(results.l1Profiles.perSet);
    if (results.l2Modelled)
      out["l2_reuse_profile"] = profileJson(results.l2Profiles.perSet);
  }
  // seed 003 §IV-B: profiles of fixed-length intervals of each level's
  // request stream.
  auto intervals = [](const model::CacheReuseProfiles &profiles) {
    nlohmann::json list = nlohmann::json::array();
    for (const model::ReuseProfile &profile : profiles.perSetIntervals)
      list.push_back(profileJson(profile));
    return nlohmann::json{{"length", profiles.intervalLength},
                          {"profiles", std::move(list)}};
  };
  if (results.l1Profiles.intervalLength) {
    out["l1_reuse_profile_intervals"] = intervals(results.l1Profiles);
    if (results.l2Modelled)
      out["l2_reuse_profile_intervals"] = intervals(results.l2Profiles);
  }
  return out;
}

} // namespace gpurd
