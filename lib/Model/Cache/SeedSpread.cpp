//===- SeedSpread.cpp - How the figures move with the random draws --------===//
//
// Seed 000 §4.2 draws each miss latency from a half-normal distribution; a
// run's figures therefore depend on its seed where requests race fills in
// flight (above all at the L2, where the SMs' requests for a shared line
// meet its fill in an order the draws decide). runCacheModelOverSeeds runs
// a few seeds and reports the range of the whole-launch figures; a run of
// one seed says when its L2 hit rates may move (docs/cache-model.md,
// "Seeds").
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/CacheModel.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace gpurd::model {
namespace {

void widen(FigureRange &range, double value, bool first) {
  if (first) {
    range = {value, value};
    return;
  }
  range.min = std::min(range.min, value);
  range.max = std::max(range.max, value);
}

void widen(SeedSpread::Level &level, const CacheCounters &c, bool first) {
  widen(level.readHitRate, c.readHitRate(), first);
  widen(level.sectorHitRate, c.sectorHitRate(), first);
  widen(level.sectorHitRateWithPending, c.sectorHitRateWithPending(), first);
}

/// "55.8-68.0%", or "58.3%" when both ends print the same.
std::string percentRange(const FigureRange &range) {
  std::string low, high;
  llvm::raw_string_ostream(low) << llvm::format("%.1f", 100 * range.min);
  llvm::raw_string_ostream(high) << llvm::format("%.1f", 100 * range.max);
  return (low == high ? low : low + "-" + high) + "%";
}

/// "seeds 3-6".
std::string seedList(const std::vector<uint64_t> &seeds) {
  return "seeds " + std::to_string(seeds.front()) + "-" +
         std::to_string(seeds.back());
}

/// "L2 hit rate 55.8-68.0%, ..." for the figures of \p spread that move by
/// more than a point (\p moved) or not.
std::string figures(const SeedSpread &spread, bool l2, bool moved) {
  std::string out;
  auto add = [&](const char *name, const FigureRange &range) {
    if ((range.width() > SeedSpread::RateTolerance) != moved)
      return;
    out += (out.empty() ? "" : ", ") + std::string(name) + " " +
           percentRange(range);
  };
  auto level = [&](const char *prefix, const SeedSpread::Level &l) {
    std::string p = prefix;
    add((p + " hit rate").c_str(), l.readHitRate);
    add((p + " sector hit rate").c_str(), l.sectorHitRate);
    add((p + " sector hits with pending hits").c_str(),
        l.sectorHitRateWithPending);
  };
  level("L1", spread.l1);
  if (l2)
    level("L2", spread.l2);
  return out;
}

std::string spreadNote(const SeedSpread &spread, bool l2) {
  std::string note = "the figures are seed " +
                     std::to_string(spread.seeds.front()) + "'s; over " +
                     seedList(spread.seeds) +
                     " (--seeds=" + std::to_string(spread.seeds.size()) + ") ";
  std::string moved = figures(spread, l2, /*moved=*/true);
  if (moved.empty())
    return note + "every hit rate stays within a point";
  note += "these move by more than a point: " + moved;
  std::string steady = figures(spread, l2, /*moved=*/false);
  if (!steady.empty())
    note += "; these do not: " + steady;
  return note;
}

/// For the results of one seed (see runCacheModelOverSeeds).
std::optional<std::string> seedSensitivityNote(const CacheModelResults &r) {
  const CacheCounters &l2 = r.l2;
  if (!r.execution.randomDraws || !r.l2Modelled || !l2.sectorReadAccesses)
    return std::nullopt;
  const double pending =
      double(l2.sectorPendingHits) / double(l2.sectorReadAccesses);
  if (pending <= SeedSpread::RateTolerance)
    return std::nullopt;
  std::string share;
  llvm::raw_string_ostream os(share);
  os << llvm::format("%.1f%%", 100 * pending);
  return share +
         " of the L2's read sectors were pending hits (requests that met a "
         "fill in flight): whether such a request is a hit or a pending hit "
         "depends on when the fill lands, which the random latencies decide, "
         "so the L2 hit rates may move by several points with --seed (hits "
         "plus pending hits move less); --seeds=N reports their range over N "
         "seeds";
}

} // namespace

llvm::Expected<CacheModelResults>
runCacheModelOverSeeds(const arch::ArchDescription &arch,
                       const KernelTraceInput &input,
                       const CacheModelOptions &options, unsigned seeds) {
  CacheModelOptions run = options;
  llvm::Expected<CacheModelResults> first = runCacheModel(arch, input, run);
  if (!first)
    return first;
  if (seeds <= 1) {
    if (std::optional<std::string> note = seedSensitivityNote(*first))
      first->notes.push_back(*note);
    return first;
  }
  SeedSpread spread;
  auto add = [&](const CacheModelResults &r, bool isFirst) {
    spread.seeds.push_back(run.seed);
    widen(spread.l1, r.l1, isFirst);
    widen(spread.l2, r.l2, isFirst);
    widen(spread.dramReadSectors, double(r.transactions.dramReadSectors),
          isFirst);
  };
  add(*first, true);
  // The later runs see the same traces: their observer has seen them.
  KernelTraceInput again = input;
  again.onModelledWarp = nullptr;
  for (unsigned i = 1; i < seeds; ++i) {
    ++run.seed;
    llvm::Expected<CacheModelResults> next = runCacheModel(arch, again, run);
    if (!next)
      return next.takeError();
    add(*next, false);
  }
  first->notes.push_back(spreadNote(spread, first->l2Modelled));
  first->seedSpread = std::move(spread);
  return first;
}

} // namespace gpurd::model
