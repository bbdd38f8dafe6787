//===- PlacementTiming.cpp - A run's events and seed 002's time -----------===//

#include "PlacementTiming.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace gpurd::advisor {
namespace {

/// Site id -> the name of the array it accesses, for the arrays placed.
std::map<uint32_t, const PlacementArray *>
sitesOfArrays(const access::AccessModel &model,
              const std::vector<PlacementArray> &arrays) {
  std::map<uint32_t, const PlacementArray *> out;
  for (const access::AccessSite &site : model.sites)
    for (const PlacementArray &array : arrays)
      if (site.array == array.index)
        out[site.id] = &array;
  return out;
}

/// Where a site's memory instructions are served (Eq. 5's levels), in
/// instructions. An instruction waits for the furthest level one of its
/// lines reaches: of a site's n loads, those with a line the L1 does not hit
/// (a miss, or a merge into a fill in flight, which waits for it),
/// min(n, L1 line requests - hits), go beyond the L1 (all n when the L1 is
/// not used), and min(those, L2 line misses) wait for DRAM; stores are
/// served by the L2 (they do not wait for DRAM). Constant loads miss the
/// constant cache min(n, misses) times: a line's first miss in the launch
/// is served by DRAM, later ones by the L2 (constant data is small and
/// stays there).
struct Served {
  double dram = 0, l2 = 0, l1 = 0, constant = 0, shared = 0;

  double total() const { return dram + l2 + l1 + constant + shared; }
  double low() const { return l1 + constant + shared; }

  void add(const Served &other) {
    dram += other.dram;
    l2 += other.l2;
    l1 += other.l1;
    constant += other.constant;
    shared += other.shared;
  }
};

Served servedBy(const model::placement::SitePlacementCounts &site,
                const model::SiteCacheResults *cache) {
  Served out;
  double n = static_cast<double>(site.warpInstructions);
  if (site.space == MemorySpace::Shared) {
    out.shared = n;
    return out;
  }
  if (site.space == MemorySpace::Constant) {
    double misses = std::min<double>(n, site.constantMisses);
    out.dram = std::min<double>(misses, site.constantColdMisses);
    out.l2 = misses - out.dram;
    out.constant = n - misses;
    return out;
  }
  if (!cache || site.kind != AccessKind::Read) {
    out.l2 = n;
    return out;
  }
  double l1Lines = static_cast<double>(cache->l1.readAccesses);
  double beyondL1 =
      l1Lines > 0 ? std::min<double>(
                        n, l1Lines - static_cast<double>(cache->l1.readHits))
                  : n;
  out.dram = std::min<double>(beyondL1, cache->l2.readLineMisses());
  out.l2 = beyondL1 - out.dram;
  out.l1 = n - beyondL1;
  return out;
}

/// Eq. 5's ratios over issue groups (AccessModel::issueGroups): a warp
/// issues a group's instructions back to back and then waits for the
/// slowest of them, so a group is one wait, at the furthest level one of
/// its instructions reaches. The trace replays a warp's instructions one at
/// a time, and a load whose line an earlier load of its group brought in
/// counts as an L1 hit; on the GPU it is issued while that fill is in
/// flight and waits for it (a thread's row walk unrolled by 8 is one miss
/// and 7 such loads a group). Each instruction that goes beyond the L1
/// holds up its whole group: of a group's I issues, min(I, instructions to
/// DRAM) wait for DRAM and min(I, instructions beyond the L1) for at least
/// the L2 (misses spread over the issues, the row walk's case; misses that
/// fall in one issue would hold fewer). The time is then #groups x AMAT,
/// Eq. 4 with MLP = #mem_insts / #groups (Eq. 18). Deviation from seed
/// 002, which takes each instruction's latency on its own and divides
/// their mean by MLP (docs/placement-model.md).
class GroupedShares {
public:
  explicit GroupedShares(const access::AccessModel &model) : model(model) {}

  void add(const model::placement::SitePlacementCounts &site,
           const model::SiteCacheResults *cache) {
    double n = static_cast<double>(site.warpInstructions);
    instructions += n;
    int id =
        site.site < model.sites.size() ? model.sites[site.site].issueGroup : -1;
    Group &group = id < 0 ? alone.emplace_back() : groups[id];
    double copies = copiesIn(id, site.site);
    Served served = servedBy(site, cache);
    if (site.space == MemorySpace::Constant) {
      // A constant array's misses are a warp's first touches of its few
      // lines (the counter's constant cache is cold for each block),
      // together at the start of its loop, not one in every issue: a
      // group's copies miss together (misses / copies waits), where the
      // spread estimate above would hold a whole group for each.
      double together = (served.dram + served.l2) * (1 - 1 / copies);
      served.dram /= copies;
      served.l2 /= copies;
      served.constant += together;
    }
    group.served.add(served);
    group.issues = std::max(group.issues, n / copies);
  }

  /// The levels the groups wait for, in group issues.
  Served waits() const {
    Served out;
    for (const auto &[id, group] : groups)
      addWaits(group, out);
    for (const Group &group : alone)
      addWaits(group, out);
    return out;
  }

  double memoryInstructions() const { return instructions; }

private:
  struct Group {
    Served served;
    double issues = 0;
  };

  double copiesIn(int id, uint32_t site) const {
    if (id < 0 || static_cast<size_t>(id) >= model.issueGroups.size())
      return 1;
    for (const auto &[member, copies] : model.issueGroups[id].copies)
      if (member == site)
        return std::max(1u, copies);
    return 1;
  }

  static void addWaits(const Group &group, Served &out) {
    double issues = group.issues;
    if (issues <= 0)
      return;
    double dram = std::min(issues, group.served.dram);
    double beyond =
        std::max(dram, std::min(issues, group.served.dram + group.served.l2));
    out.dram += dram;
    out.l2 += beyond - dram;
    double rest = issues - beyond;
    double low = group.served.low();
    if (low <= 0) {
      out.l2 += rest;
      return;
    }
    out.l1 += rest * group.served.l1 / low;
    out.constant += rest * group.served.constant / low;
    out.shared += rest * group.served.shared / low;
  }

  const access::AccessModel &model;
  std::map<int, Group> groups;
  std::vector<Group> alone;
  double instructions = 0;
};

/// Seed 002 Eq. 11's events per warp: requests of each memory plus its
/// misses (the L2's line misses for global memory, the constant cache's,
/// the L1's for the read-only path standing for the texture cache, bank
/// conflicts for shared memory), and the row buffer's misses and conflicts.
model::placement::OverlapEvents
overlapEvents(const model::placement::PlacementCounts &counts,
              const driver::KernelAnalysis &run, double warpsPerSm) {
  model::placement::OverlapEvents out;
  for (const model::placement::SitePlacementCounts &site : counts.sites) {
    if (site.kind == AccessKind::Barrier)
      continue;
    double n = static_cast<double>(site.warpInstructions);
    const model::SiteCacheResults *cache = run.results.site(site.site);
    switch (site.space) {
    case MemorySpace::Global:
    case MemorySpace::Local:
      out.global += n + (cache ? cache->l2.readLineMisses() : 0);
      break;
    case MemorySpace::GlobalReadOnly:
    case MemorySpace::Texture:
      out.texture += n + (cache ? cache->l1.readLineMisses() : 0);
      break;
    case MemorySpace::Constant:
      out.constant += n + static_cast<double>(site.constantMisses);
      break;
    case MemorySpace::Shared:
      out.shared += n + static_cast<double>(site.bankConflictReplays);
      break;
    }
  }
  if (run.dram) {
    out.rowMisses = static_cast<double>(run.dram->outcomes.misses);
    out.rowConflicts = static_cast<double>(run.dram->outcomes.conflicts);
  }
  double warps = static_cast<double>(std::max<uint64_t>(1, counts.warps));
  out.global /= warps;
  out.texture /= warps;
  out.constant /= warps;
  out.shared /= warps;
  out.rowMisses /= warps;
  out.rowConflicts /= warps;
  out.warpsPerSm = warpsPerSm;
  return out;
}

/// The memory space \p site's accesses are in: its array's target where
/// \p moved moves it, else the site's own.
MemorySpace
placedSpace(const model::placement::SitePlacementCounts &site,
            std::map<uint32_t, const PlacementArray *>::const_iterator array,
            const std::map<uint32_t, const PlacementArray *> &arrayOfSite,
            const std::map<std::string, PlacementTarget> &moved) {
  if (array != arrayOfSite.end()) {
    auto placed = moved.find(array->second->name);
    if (placed != moved.end())
      return placementSpace(placed->second);
  }
  return site.space;
}

/// What \p run asks of the resources the throughput bound covers, with the
/// accesses of the arrays \p moved to shared or constant memory (their own
/// paths serve them) and of \p freeArray off the L2's and DRAM's traffic.
model::placement::ThroughputDemand
throughputDemand(const driver::KernelAnalysis &run,
                 const std::map<uint32_t, const PlacementArray *> &arrayOfSite,
                 const std::map<std::string, PlacementTarget> &moved,
                 const std::string *freeArray, double sharedWavefrontsPerWarp,
                 double lineRequestsPerWarp, const PlacementMachine &machine) {
  const model::CacheModelResults &results = run.results;
  const model::SamplingInfo &sampling = results.sampling;
  model::placement::ThroughputDemand d;
  double sms = std::max(1u, sampling.activeSms);
  d.warpsOnBusiestSm =
      std::ceil(static_cast<double>(sampling.totalBlocks) / sms) *
      results.execution.warpsPerBlock;
  d.sharedWavefrontsPerWarp = sharedWavefrontsPerWarp;
  d.lineRequestsPerWarp = lineRequestsPerWarp;
  auto sectors = [](const model::CacheCounters &c) {
    return static_cast<double>(c.sectorReadAccesses + c.sectorWriteAccesses);
  };
  double l2Sectors = sectors(results.l2);
  double dramSectors =
      static_cast<double>(results.transactions.dramReadSectors);
  for (const auto &[site, array] : arrayOfSite) {
    auto placed = moved.find(array->name);
    bool offL2 = (freeArray && array->name == *freeArray) ||
                 (placed != moved.end() &&
                  (placed->second == PlacementTarget::Shared ||
                   placed->second == PlacementTarget::Constant));
    if (!offL2)
      continue;
    if (const model::SiteCacheResults *r = results.site(site)) {
      l2Sectors -= sectors(r->l2);
      dramSectors -= static_cast<double>(r->l2.sectorReadMisses);
    }
  }
  double scale = sampling.scale;
  d.l2Bytes = std::max(0.0, l2Sectors) * machine.dramSectorBytes * scale;
  // Dirty lines the L2 still holds when the launch ends are written back
  // after it: not the kernel's time.
  d.dramBytes = (std::max(0.0, dramSectors) +
                 static_cast<double>(results.transactions.dramWriteSectors)) *
                machine.dramSectorBytes * scale;
  return d;
}

} // namespace

uint64_t sharedTileBytes(const std::map<std::string, PlacementTarget> &moved,
                         const std::vector<PlacementArray> &arrays) {
  uint64_t bytes = 0;
  for (const PlacementArray &array : arrays) {
    auto placed = moved.find(array.name);
    if (placed != moved.end() && placed->second == PlacementTarget::Shared &&
        array.tileBytes)
      bytes += *array.tileBytes;
  }
  return bytes;
}

llvm::Expected<PlacementMachine>
placementMachine(const arch::ArchDescription &arch) {
  std::vector<std::string> missing;
  const arch::SmDescription &sm = arch.sm;
  if (!sm.instructionLatency)
    missing.push_back("sm.instructionLatency");
  if (!sm.sharedMemoryLatency)
    missing.push_back("sm.sharedMemoryLatency");
  if (!arch.l2 || !arch.l2->hitLatency)
    missing.push_back("l2.hitLatency");
  if (!arch.clockMHz)
    missing.push_back("clockMHz");
  if (!arch.dram || !arch.dram->bandwidthGBps)
    missing.push_back("dram.bandwidthGBps");
  bool rowBuffers = arch.dram && arch.dram->rowHitLatencyNs &&
                    arch.dram->rowMissLatencyNs &&
                    arch.dram->rowConflictLatencyNs;
  if (!rowBuffers && (!arch.dram || !arch.dram->minLatency))
    missing.push_back("dram.minLatency (or the row-buffer latencies)");
  if (!missing.empty())
    return arch::missingFieldsError(arch, "the placement model (seed 002)",
                                    missing);

  PlacementMachine machine;
  model::placement::MachineFigures &f = machine.figures;
  f.warpSize = sm.warpSize;
  // Sim et al.'s SIMD width: the SM's FP32 lanes, at most what its
  // schedulers issue a cycle.
  double lanes = sm.coresPerSm.value_or(sm.warpSize);
  double issued = static_cast<double>(sm.warpSchedulers.value_or(1)) *
                  sm.issueWidth.value_or(1) * sm.warpSize;
  f.simdWidth = std::min(lanes, issued);
  f.instructionLatency = *sm.instructionLatency;
  f.schedulers = static_cast<double>(sm.warpSchedulers.value_or(1));
  f.sharedLatency = *sm.sharedMemoryLatency;
  f.l2HitLatency = *arch.l2->hitLatency;
  if (arch.l1 && arch.l1->hitLatency)
    f.l1HitLatency = *arch.l1->hitLatency;
  if (arch.constant && arch.constant->hitLatency)
    f.constantHitLatency = *arch.constant->hitLatency;
  // GB/s over MHz: bytes per core cycle.
  f.dramBytesPerCycle = *arch.dram->bandwidthGBps * 1000.0 / *arch.clockMHz;
  if (arch.dram->minLatency)
    machine.constantDramLatency = *arch.dram->minLatency;
  if (arch.l2->sectorSize && arch.l2->lineSize &&
      *arch.l2->sectorSize < *arch.l2->lineSize)
    machine.dramSectorBytes = *arch.l2->sectorSize;
  else if (arch.l2->lineSize)
    machine.dramSectorBytes = *arch.l2->lineSize;
  // The throughput bound's rates (ThroughputBound.h). A shared-memory
  // wavefront is one pass of the banks, each 32 bits a clock (CUDA C++
  // Programming Guide §5.3.2): one a cycle. The L1 takes l1.requestsPerCycle
  // lines of global requests a cycle (one where the arch does not say).
  model::placement::ThroughputRates &rates = machine.rates;
  if (sm.sharedMemoryBanks)
    rates.wavefrontsPerCycle = 1;
  rates.lineRequestsPerCycle =
      arch.l1 && arch.l1->requestsPerCycle ? *arch.l1->requestsPerCycle : 1;
  rates.dramBytesPerCycle = f.dramBytesPerCycle;
  if (arch.noc && arch.noc->bandwidthGBps)
    rates.nocBytesPerCycle = *arch.noc->bandwidthGBps * 1000.0 / *arch.clockMHz;
  return machine;
}

llvm::Expected<PlacementTime>
timePlacement(const driver::KernelAnalysis &run,
              const std::map<std::string, PlacementTarget> &moved,
              const std::vector<PlacementArray> &arrays,
              const PlacementMachine &machine, const std::string *freeArray,
              double maxWarpsPerSm) {
  if (!run.placement || !run.placement->warps)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the run of the placement %s counted no warps for the placement model",
        PlacementTime{moved}.describe().c_str());
  const model::placement::PlacementCounts &counts = *run.placement;
  const model::CacheModelResults &results = run.results;
  std::map<uint32_t, const PlacementArray *> arrayOfSite =
      sitesOfArrays(run.trace->model, arrays);

  PlacementTime out;
  out.moved = moved;
  GroupedShares grouped(run.trace->model);
  double replays = 0, addressing = 0, sharedWavefronts = 0, lineRequests = 0;
  for (const model::placement::SitePlacementCounts &site : counts.sites) {
    if (site.kind == AccessKind::Barrier)
      continue;
    auto array = arrayOfSite.find(site.site);
    if (freeArray && array != arrayOfSite.end() &&
        array->second->name == *freeArray) {
      // Free accesses: not the instruction, nor its addressing.
      addressing -= static_cast<double>(site.warpInstructions) *
                    (1.0 + addressingInstructions(array->second->home));
      continue;
    }
    replays += static_cast<double>(site.replays());
    grouped.add(site, results.site(site.site));
    switch (placedSpace(site, array, arrayOfSite, moved)) {
    case MemorySpace::Constant:
      break; // The constant cache's, not the load-store pipeline's.
    case MemorySpace::Shared:
      sharedWavefronts +=
          static_cast<double>(site.warpInstructions + site.bankConflictReplays);
      break;
    default:
      lineRequests +=
          static_cast<double>(site.warpInstructions + site.divergenceReplays);
      break;
    }
    if (array != arrayOfSite.end()) {
      // Seed 002 Fig. 2: the addressing of the target against that of the
      // memory the kernel as written uses.
      auto placed = moved.find(array->second->name);
      PlacementTarget home = array->second->home;
      PlacementTarget target = placed == moved.end() ? home : placed->second;
      addressing += static_cast<double>(site.warpInstructions) *
                    (static_cast<double>(addressingInstructions(target)) -
                     addressingInstructions(home));
    }
  }
  double memory = grouped.memoryInstructions();
  Served waits = grouped.waits();
  double issues = waits.total();
  double warps = static_cast<double>(counts.warps);
  const model::SamplingInfo &sampling = results.sampling;
  const model::ExecutionInfo &execution = results.execution;
  model::placement::KernelEvents &e = out.events;
  e.totalWarps =
      static_cast<double>(sampling.totalBlocks) * execution.warpsPerBlock;
  e.activeSms = std::max(1u, sampling.activeSms);
  // N: the warps resident on an SM at once.
  e.warpsPerSm = results.residentWarpsPerSm();
  if (maxWarpsPerSm > 0)
    e.warpsPerSm = std::min(e.warpsPerSm, std::max(1.0, maxWarpsPerSm));
  // Seed 002 takes every warp to do the same work. Warps that make no
  // memory access (a `tid == 0` guard leaves 7 of 8 idle) neither wait for
  // memory nor hide another's wait: the memory terms are those of the warps
  // that access memory, at their share of the resident ones (deviation,
  // docs/placement-model.md); Tcomp keeps every warp's instructions.
  double memoryShare =
      counts.memoryWarps > 0 && counts.memoryWarps < counts.warps
          ? static_cast<double>(counts.memoryWarps) / warps
          : 1.0;
  e.memoryWarpShare = memoryShare;
  out.replays = replays / warps;
  out.addressingDelta = addressing / warps;
  e.instructions = static_cast<double>(counts.instructions) / warps +
                   out.replays + out.addressingDelta;
  e.memoryInstructions = memory / warps;
  // Eq. 18's MLP: the memory instructions over the groups they issue in;
  // Eq. 5's ratios are of the groups' waits (GroupedShares).
  e.mlp = issues > 0 ? std::max(1.0, memory / issues) : 1.0;
  if (issues > 0) {
    e.missRatio = waits.dram / issues;
    e.l1Ratio = waits.l1 / issues;
    e.constantRatio = waits.constant / issues;
    e.sharedRatio = waits.shared / issues;
  }
  double dramBytes = static_cast<double>(results.transactions.dramReadSectors) *
                     machine.dramSectorBytes;
  // Sim et al.'s load_bytes_per_warp over the memory instructions Eq. 4
  // counts (#mem_insts), not the off-chip ones alone: with the latter,
  // moving an array the L1 or a constant cache serves between memories
  // changed the bandwidth bound on ITMLP (Eq. 18) with no change in DRAM
  // traffic (convolutionSeparable's 17-float filter in global memory was
  // predicted 42% faster).
  e.bytesPerMemoryInstruction = memory > 0 ? dramBytes / memory : 0;

  double dramLatency = machine.constantDramLatency.value_or(0);
  e.dramRoundTrip = true;
  if (run.dram && run.dram->requests()) {
    e.dramRoundTrip = false; // Service and queue time at the DRAM.
    dramLatency = run.dram->latency;
    out.rowHits = run.dram->outcomes.hits;
    out.rowMisses = run.dram->outcomes.misses;
    out.rowConflicts = run.dram->outcomes.conflicts;
    out.saturatedBanks = run.dram->saturatedBanks;
  }
  out.overlap = overlapEvents(counts, run, e.warpsPerSm);
  out.bound = model::placement::throughputBound(
      throughputDemand(run, arrayOfSite, moved, freeArray,
                       sharedWavefronts / warps, lineRequests / warps, machine),
      machine.rates);
  out.time = model::placement::predictKernelTime(
      e, machine.figures, dramLatency,
      machine.overlap ? &*machine.overlap : nullptr, &out.overlap);
  // Shared memory: each block copies its tile in from global memory; the
  // seed estimates the copy from its size and the bandwidth (§III-B), to
  // which gpurd adds one DRAM round trip for each wave of resident blocks.
  double tileBytes = static_cast<double>(sharedTileBytes(moved, arrays));
  if (tileBytes > 0) {
    double resident = std::max(
        1.0, e.warpsPerSm / std::max<double>(1, execution.warpsPerBlock));
    double waves = std::ceil(static_cast<double>(sampling.totalBlocks) /
                             (e.activeSms * resident));
    out.copyInCycles = static_cast<double>(sampling.totalBlocks) * tileBytes /
                           machine.figures.dramBytesPerCycle +
                       waves * dramLatency;
  }
  return out;
}

void applyProfile(PlacementTime &time,
                  const model::placement::ProfileCorrection &correction,
                  const PlacementMachine &machine) {
  time.events = model::placement::corrected(time.events, correction);
  time.time = model::placement::predictKernelTime(
      time.events, machine.figures, time.time.dramLatency,
      machine.overlap ? &*machine.overlap : nullptr, &time.overlap);
}

std::string decidingFactor(const PlacementTime &written,
                           const PlacementTime &candidate,
                           const PlacementMachine &machine) {
  using model::placement::KernelEvents;
  double change = candidate.total() - written.total();
  if (std::abs(change) <= 1e-9 * std::max(1.0, written.total()))
    return ""; // The time does not move: no term decides it.
  struct Term {
    std::string name;
    double delta;
  };
  // Seed 002's terms move its T, not the throughput bound.
  double base = written.time.total + written.copyInCycles;
  auto timeOf = [&](const KernelEvents &events, double dramLatency,
                    double copyIn) {
    // Toverlap's events stay those of the placement as written: the terms
    // are of Eqs. 2 and 4.
    return model::placement::predictKernelTime(
               events, machine.figures, dramLatency,
               machine.overlap ? &*machine.overlap : nullptr, &written.overlap)
               .total +
           copyIn;
  };
  double dramW = written.time.dramLatency, dramC = candidate.time.dramLatency;
  std::vector<Term> terms;
  KernelEvents e = written.events;
  e.instructions += candidate.addressingDelta - written.addressingDelta;
  terms.push_back({"addressing instructions",
                   timeOf(e, dramW, written.copyInCycles) - base});
  e = written.events;
  e.instructions += candidate.replays - written.replays;
  terms.push_back(
      {"instruction replays", timeOf(e, dramW, written.copyInCycles) - base});
  e = written.events;
  e.missRatio = candidate.events.missRatio;
  e.sharedRatio = candidate.events.sharedRatio;
  e.l1Ratio = candidate.events.l1Ratio;
  e.constantRatio = candidate.events.constantRatio;
  e.memoryInstructions = candidate.events.memoryInstructions;
  e.bytesPerMemoryInstruction = candidate.events.bytesPerMemoryInstruction;
  terms.push_back({"caching", timeOf(e, dramW, written.copyInCycles) - base});
  terms.push_back({"DRAM row buffers and queuing",
                   timeOf(written.events, dramC, written.copyInCycles) - base});
  e = written.events;
  e.warpsPerSm = candidate.events.warpsPerSm;
  terms.push_back({"occupancy", timeOf(e, dramW, written.copyInCycles) - base});
  terms.push_back(
      {"shared-memory copy-in", candidate.copyInCycles - written.copyInCycles});
  // Where the bound sets either time, its move against the other's time.
  if (candidate.throughputBound() || written.throughputBound()) {
    const PlacementTime &bound =
        candidate.throughputBound() ? candidate : written;
    terms.push_back({"throughput of " + bound.bound.resource().str(),
                     candidate.total() - written.total()});
  }
  // The term that moves the time furthest in the direction it moves.
  const Term *best = nullptr;
  for (const Term &term : terms) {
    double along = change < 0 ? -term.delta : term.delta;
    if (along > 0 &&
        (!best || along > (change < 0 ? -best->delta : best->delta)))
      best = &term;
  }
  return best ? best->name : "";
}

} // namespace gpurd::advisor
