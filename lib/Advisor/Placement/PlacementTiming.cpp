//===- PlacementTiming.cpp - A run's events and seed 002's time -----------===//

#include "PlacementTiming.h"

#include <algorithm>
#include <cmath>

namespace gpurd::advisor {
namespace {

llvm::Error missingFields(const arch::ArchDescription &arch,
                          const std::vector<std::string> &fields) {
  std::string list;
  for (const std::string &field : fields)
    list += (list.empty() ? "" : ", ") + field;
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "the placement model (seed 002) needs %s, which arch '%s' does not give "
      "(docs/arch-format.md)",
      list.c_str(), arch.name.c_str());
}

bool isGlobalLike(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture || space == MemorySpace::Local;
}

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

} // namespace

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
    return missingFields(arch, missing);

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
  f.sharedLatency = *sm.sharedMemoryLatency;
  f.l2HitLatency = *arch.l2->hitLatency;
  // GB/s over MHz: bytes per core cycle.
  f.dramBytesPerCycle = *arch.dram->bandwidthGBps * 1000.0 / *arch.clockMHz;
  if (arch.dram->minLatency)
    machine.constantDramLatency = *arch.dram->minLatency;
  if (arch.l2->sectorSize && arch.l2->lineSize &&
      *arch.l2->sectorSize < *arch.l2->lineSize)
    machine.dramSectorBytes = *arch.l2->sectorSize;
  else if (arch.l2->lineSize)
    machine.dramSectorBytes = *arch.l2->lineSize;
  return machine;
}

llvm::Expected<PlacementTime>
timePlacement(const driver::KernelAnalysis &run,
              const std::map<std::string, PlacementTarget> &moved,
              const std::vector<PlacementArray> &arrays,
              const PlacementMachine &machine) {
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
  double memory = 0, shared = 0, offChip = 0, dramServed = 0;
  double replays = 0, addressing = 0;
  for (const model::placement::SitePlacementCounts &site : counts.sites) {
    if (site.kind == AccessKind::Barrier)
      continue;
    double n = static_cast<double>(site.warpInstructions);
    memory += n;
    replays += static_cast<double>(site.replays());
    if (site.space == MemorySpace::Shared)
      shared += n;
    if (isGlobalLike(site.space)) {
      offChip += n;
      // Seed 002 Eq. 5's miss_ratio: the share of the instructions that
      // wait for DRAM; an instruction whose lines miss the L2 waits once.
      if (const model::SiteCacheResults *cache = results.site(site.site))
        if (site.kind != AccessKind::Write)
          dramServed += std::min<double>(n, cache->l2.readLineMisses());
    }
    auto array = arrayOfSite.find(site.site);
    if (array != arrayOfSite.end()) {
      auto placed = moved.find(array->second->name);
      PlacementTarget target =
          placed == moved.end() ? PlacementTarget::Global : placed->second;
      addressing += n * (static_cast<double>(addressingInstructions(target)) -
                         addressingInstructions(PlacementTarget::Global));
    }
  }
  double warps = static_cast<double>(counts.warps);
  const model::SamplingInfo &sampling = results.sampling;
  const model::ExecutionInfo &execution = results.execution;
  model::placement::KernelEvents &e = out.events;
  e.totalWarps =
      static_cast<double>(sampling.totalBlocks) * execution.warpsPerBlock;
  e.activeSms = std::max(1u, sampling.activeSms);
  e.warpsPerSm =
      std::max(1.0, static_cast<double>(execution.activeBlocksPerSm) *
                        execution.warpsPerBlock);
  out.replays = replays / warps;
  out.addressingDelta = addressing / warps;
  e.instructions = static_cast<double>(counts.instructions) / warps +
                   out.replays + out.addressingDelta;
  e.memoryInstructions = memory / warps;
  e.missRatio = memory > 0 ? dramServed / memory : 0;
  e.sharedRatio = memory > 0 ? shared / memory : 0;
  double dramBytes = static_cast<double>(results.transactions.dramReadSectors) *
                     machine.dramSectorBytes;
  e.bytesPerMemoryInstruction = offChip > 0 ? dramBytes / offChip : 0;

  double dramLatency = machine.constantDramLatency.value_or(0);
  if (run.dram && run.dram->requests()) {
    dramLatency = run.dram->latency;
    out.rowHits = run.dram->outcomes.hits;
    out.rowMisses = run.dram->outcomes.misses;
    out.rowConflicts = run.dram->outcomes.conflicts;
    out.saturatedBanks = run.dram->saturatedBanks;
  }
  out.time =
      model::placement::predictKernelTime(e, machine.figures, dramLatency);
  // Shared memory: each block copies the array in from global memory; the
  // seed estimates the copy from its size and the bandwidth (§III-B).
  for (const auto &[name, target] : moved) {
    if (target != PlacementTarget::Shared)
      continue;
    for (const PlacementArray &array : arrays)
      if (array.name == name && array.bytes)
        out.copyInCycles += static_cast<double>(sampling.totalBlocks) *
                            static_cast<double>(*array.bytes) /
                            machine.figures.dramBytesPerCycle;
  }
  return out;
}

std::string decidingFactor(const PlacementTime &written,
                           const PlacementTime &candidate,
                           const PlacementMachine &machine) {
  using model::placement::KernelEvents;
  double base = written.total();
  double change = candidate.total() - base;
  struct Term {
    const char *name;
    double delta;
  };
  auto timeOf = [&](const KernelEvents &events, double dramLatency,
                    double copyIn) {
    return model::placement::predictKernelTime(events, machine.figures,
                                               dramLatency)
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
  e.bytesPerMemoryInstruction = candidate.events.bytesPerMemoryInstruction;
  terms.push_back({"caching (the requests DRAM serves)",
                   timeOf(e, dramW, written.copyInCycles) - base});
  terms.push_back({"DRAM row buffers and queuing",
                   timeOf(written.events, dramC, written.copyInCycles) - base});
  e = written.events;
  e.warpsPerSm = candidate.events.warpsPerSm;
  terms.push_back({"occupancy", timeOf(e, dramW, written.copyInCycles) - base});
  terms.push_back(
      {"shared-memory copy-in", candidate.copyInCycles - written.copyInCycles});
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
