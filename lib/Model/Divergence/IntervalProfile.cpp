//===- IntervalProfile.cpp - A representative warp's intervals ------------===//

#include "gpurd/Model/Divergence/IntervalProfile.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

namespace gpurd::model::divergence {

namespace {

/// splitmix64: a deterministic stream for the warp sample.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

} // namespace

IntervalRecorder::IntervalRecorder(unsigned lineBytes, unsigned sampleSize)
    : lineBytes(lineBytes ? lineBytes : 128),
      sampleSize(std::max(1u, sampleSize)) {}

RecordedWarp IntervalRecorder::record(const trace::WarpTrace &warp) {
  RecordedWarp out;
  out.block = warp.block;
  out.warp = warp.warp;
  out.trailingInstructions = warp.trailingInstructions;
  out.instructions = warp.trailingInstructions;
  out.accesses.reserve(warp.instructions.size());
  for (const trace::WarpInstruction &instruction : warp.instructions) {
    RecordedAccess access;
    access.site = instruction.site;
    access.kind = instruction.kind;
    access.space = instruction.space;
    access.instructionsBefore = instruction.instructionsBefore;
    if (instruction.kind != AccessKind::Barrier && instruction.activeMask &&
        isOffChipSpace(instruction.space)) {
      splitIntoLines(instruction, lineBytes, /*sectorSize=*/0, lineScratch);
      access.lines = static_cast<uint32_t>(lineScratch.size());
    }
    out.instructions += uint64_t(instruction.instructionsBefore) + 1;
    out.lines += access.lines;
    out.accesses.push_back(access);
  }
  return out;
}

void IntervalRecorder::add(const trace::WarpTrace &warp) {
  ++count;
  uint64_t instructions = warp.trailingInstructions;
  uint64_t memory = 0;
  for (const trace::WarpInstruction &instruction : warp.instructions) {
    instructions += uint64_t(instruction.instructionsBefore) + 1;
    memory += isOffChipSpace(instruction.space) &&
              instruction.kind != AccessKind::Barrier;
  }
  sumInstructions += static_cast<double>(instructions);
  sumMemory += static_cast<double>(memory);
  // Reservoir sampling (Vitter's algorithm R): every warp is kept with the
  // same probability, deterministically.
  if (sample.size() < sampleSize) {
    sample.push_back(record(warp));
    sample.back().memoryInstructions = memory;
    return;
  }
  uint64_t slot = nextRandom(rng) % count;
  if (slot < sampleSize) {
    sample[slot] = record(warp);
    sample[slot].memoryInstructions = memory;
  }
}

double IntervalRecorder::meanInstructions() const {
  return count ? sumInstructions / static_cast<double>(count) : 0;
}

const RecordedWarp *IntervalRecorder::representative() const {
  if (sample.empty())
    return nullptr;
  double meanInst = meanInstructions();
  double meanMemory = sumMemory / static_cast<double>(count);
  auto relative = [](double value, double mean) {
    return mean > 0 ? std::abs(value - mean) / mean : std::abs(value);
  };
  const RecordedWarp *best = nullptr;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (const RecordedWarp &warp : sample) {
    double distance =
        relative(static_cast<double>(warp.instructions), meanInst) +
        relative(static_cast<double>(warp.memoryInstructions), meanMemory);
    bool better =
        distance < bestDistance ||
        (distance == bestDistance &&
         std::tie(warp.block, warp.warp) < std::tie(best->block, best->warp));
    if (better) {
      best = &warp;
      bestDistance = distance;
    }
  }
  return best;
}

SiteL1Lines l1LinesOf(const SiteCacheResults &site) {
  if (site.l1.readAccesses)
    return {site.l1.readAccesses, site.l1.mshrAllocations};
  // Loads that bypass the L1: every line goes down.
  return {site.l2.readAccesses, site.l2.readAccesses};
}

std::map<uint32_t, SiteMissRatios>
siteMissRatios(const CacheModelResults &results) {
  std::map<uint32_t, SiteMissRatios> out;
  for (const SiteCacheResults &site : results.sites) {
    SiteMissRatios ratios;
    SiteL1Lines l1 = l1LinesOf(site);
    if (l1.lines)
      ratios.l1Misses =
          static_cast<double>(l1.allocations) / static_cast<double>(l1.lines);
    if (site.l2.readAccesses > 0)
      ratios.llcMisses = static_cast<double>(site.l2.readLineMisses()) /
                         static_cast<double>(site.l2.readAccesses);
    out[site.site] = ratios;
  }
  return out;
}

IntervalProfile
buildIntervalProfile(const RecordedWarp &warp,
                     const std::map<uint32_t, SiteMissRatios> &ratios,
                     double warpsPerSm) {
  IntervalProfile profile;
  profile.warpsPerSm = warpsPerSm;
  Interval current;
  double llcMisses = 0;
  auto close = [&] {
    current.llcMissRatio =
        current.readMisses > 0 ? llcMisses / current.readMisses : 0;
    profile.intervals.push_back(current);
    current = Interval();
    llcMisses = 0;
  };
  for (const RecordedAccess &access : warp.accesses) {
    current.instructions += double(access.instructionsBefore) + 1;
    if (access.kind == AccessKind::Barrier || !access.lines)
      continue;
    if (access.kind != AccessKind::Read) {
      // Stores and atomics: write requests to the L2 (write-through,
      // no-allocate L1; seed 004 §3.1).
      current.writeMisses += access.lines;
      continue;
    }
    auto it = ratios.find(access.site);
    if (it == ratios.end()) {
      ++profile.unmodelledLoads;
      continue;
    }
    if (it->second.l1Misses <= 0)
      continue;
    double misses = access.lines * it->second.l1Misses;
    // The warp waits unless every line hits: 1 - (1 - p)^lines.
    current.missProbability =
        1 - std::pow(1 - std::min(1.0, it->second.l1Misses), access.lines);
    current.readMisses += misses;
    llcMisses += misses * it->second.llcMisses;
    close(); // A long-latency event ends the interval.
  }
  current.instructions += static_cast<double>(warp.trailingInstructions);
  if (current.instructions > 0 || current.writeMisses > 0)
    close();
  return profile;
}

llvm::Expected<MdmMachine> mdmMachine(const arch::ArchDescription &arch,
                                      unsigned activeSms) {
  std::vector<std::string> missing;
  const arch::SmDescription &sm = arch.sm;
  if (!arch.clockMHz)
    missing.push_back("clockMHz");
  if (!arch.l1 || !arch.l1->mshr || !arch.l1->mshr->entries)
    missing.push_back("l1.mshr.entries");
  if (!arch.l1 || !arch.l1->lineSize)
    missing.push_back("l1.lineSize");
  if (!arch.noc || !arch.noc->bandwidthGBps)
    missing.push_back("noc.bandwidthGBps");
  if (!arch.dram || !arch.dram->bandwidthGBps)
    missing.push_back("dram.bandwidthGBps");
  if (!arch.l2 || !arch.l2->hitLatency)
    missing.push_back("l2.hitLatency");
  if (!arch.dram || !arch.dram->minLatency)
    missing.push_back("dram.minLatency");
  if (!missing.empty())
    return arch::missingFieldsError(
        arch, "the memory-divergence model (seed 004)", missing);
  MdmMachine machine;
  machine.clockGHz = *arch.clockMHz / 1000.0;
  machine.sms = activeSms ? activeSms : sm.count;
  // One MSHR table per L1 (sets tables when the arch splits them).
  machine.mshrs = *arch.l1->mshr->entries * arch.l1->mshr->sets.value_or(1);
  machine.blockBytes = *arch.l1->lineSize;
  machine.nocGBps = *arch.noc->bandwidthGBps;
  machine.dramGBps = *arch.dram->bandwidthGBps;
  machine.minLlcLatency = *arch.l2->hitLatency;
  // dram.minLatency is the whole round trip of a load DRAM serves (as
  // GPGPU-Sim's Pascal configuration makes Table 1's 220 cycles: 120 to the
  // L2 and 100 beyond); Eq. 6's L_MinDRAM is the part beyond an LLC hit.
  machine.minDramLatency =
      std::max(0.0, *arch.dram->minLatency - *arch.l2->hitLatency);
  double width = sm.issueWidth.value_or(1);
  machine.warpIssueRate = width;
  machine.smIssueRate = width * sm.warpSchedulers.value_or(1);
  return machine;
}

} // namespace gpurd::model::divergence
