//===- AccessPattern.cpp - Sectors, banks and addresses per access --------===//

#include "gpurd/Model/AccessPattern.h"

#include <algorithm>
#include <array>

namespace gpurd::model {
namespace {

/// The addresses of the active lanes, in lane order; returns their count.
unsigned activeAddresses(const trace::WarpInstruction &instruction,
                         std::array<uint64_t, trace::WarpSize> &out) {
  unsigned n = 0;
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
    if (instruction.activeMask & (1u << lane))
      out[n++] = instruction.addresses[lane];
  return n;
}

/// Local memory is left out: its trace addresses are offsets in each
/// thread's own memory, which the hardware interleaves across the lanes.
bool usesSectors(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture;
}

} // namespace

void SiteAccessPattern::add(const SiteAccessPattern &other) {
  warpInstructions += other.warpInstructions;
  activeLanes += other.activeLanes;
  sectors += other.sectors;
  idealSectors += other.idealSectors;
  wavefronts += other.wavefronts;
  idealWavefronts += other.idealWavefronts;
  maxWaysPerPhase = std::max(maxWaysPerPhase, other.maxWaysPerPhase);
  constantAddresses += other.constantAddresses;
  maxConstantAddresses =
      std::max(maxConstantAddresses, other.maxConstantAddresses);
}

void countSectors(const trace::WarpInstruction &instruction,
                  const AccessPatternConfig &config, InstructionPattern &out) {
  std::array<uint64_t, trace::WarpSize> addresses;
  const unsigned n = activeAddresses(instruction, addresses);
  out.sectors = out.idealSectors = 0;
  if (n == 0 || instruction.size == 0)
    return;
  const uint64_t size = instruction.size, sector = config.sectorSize;
  // Each lane's bytes [a, a + size): merged in address order, they give
  // the distinct bytes (the ideal: as few sectors as hold them) and the
  // distinct sectors they lie in.
  std::sort(addresses.begin(), addresses.begin() + n);
  uint64_t bytes = 0, sectors = 0;
  uint64_t coveredEnd = 0;     // end of the bytes merged so far
  uint64_t lastSector = ~0ull; // the last sector counted
  for (unsigned i = 0; i < n; ++i) {
    const uint64_t begin = addresses[i], end = begin + size;
    if (i == 0 || begin >= coveredEnd)
      bytes += size;
    else if (end > coveredEnd)
      bytes += end - coveredEnd;
    coveredEnd = i == 0 ? end : std::max(coveredEnd, end);
    uint64_t first = begin / sector;
    const uint64_t last = (end - 1) / sector;
    if (lastSector != ~0ull && first <= lastSector)
      first = lastSector + 1;
    if (first <= last) {
      sectors += last - first + 1;
      lastSector = last;
    }
  }
  out.sectors = static_cast<unsigned>(sectors);
  out.idealSectors = static_cast<unsigned>((bytes + sector - 1) / sector);
}

void countWavefronts(const trace::WarpInstruction &instruction,
                     const AccessPatternConfig &config,
                     InstructionPattern &out) {
  out.wavefronts = out.idealWavefronts = out.maxWaysPerPhase = 0;
  const unsigned banks = config.sharedBanks, width = config.sharedBankWidth;
  if (banks == 0 || width == 0 || instruction.size == 0)
    return;
  // The banks serve banks * width bytes a pass: wider accesses are split
  // into phases of lanes (half-warps for 8-byte accesses on 4-byte banks).
  const unsigned phaseBytes = banks * width;
  const unsigned lanesPerPhase = std::clamp<unsigned>(
      phaseBytes / std::max(instruction.size, 1u), 1, trace::WarpSize);
  std::array<uint64_t, trace::WarpSize * 4> words;
  std::vector<unsigned> perBank(banks);
  for (unsigned phase = 0; phase < trace::WarpSize; phase += lanesPerPhase) {
    unsigned n = 0;
    for (unsigned lane = phase;
         lane < std::min(phase + lanesPerPhase, trace::WarpSize); ++lane) {
      if (!(instruction.activeMask & (1u << lane)))
        continue;
      const uint64_t address = instruction.addresses[lane];
      for (uint64_t w = address / width;
           w <= (address + instruction.size - 1) / width && n < words.size();
           ++w)
        words[n++] = w;
    }
    if (n == 0)
      continue;
    // Lanes that read the same word share it (a broadcast); distinct words
    // of one bank take a pass each.
    std::sort(words.begin(), words.begin() + n);
    const unsigned distinct = static_cast<unsigned>(
        std::unique(words.begin(), words.begin() + n) - words.begin());
    std::fill(perBank.begin(), perBank.end(), 0);
    unsigned ways = 0;
    for (unsigned i = 0; i < distinct; ++i)
      ways = std::max(ways, ++perBank[words[i] % banks]);
    out.wavefronts += ways;
    out.idealWavefronts += 1;
    out.maxWaysPerPhase = std::max(out.maxWaysPerPhase, ways);
  }
}

std::optional<int64_t> laneStep(const trace::WarpInstruction &instruction) {
  std::array<uint64_t, trace::WarpSize> addresses;
  const unsigned n = activeAddresses(instruction, addresses);
  if (n < 2)
    return std::nullopt;
  const int64_t step = int64_t(addresses[1] - addresses[0]);
  for (unsigned i = 2; i < n; ++i)
    if (int64_t(addresses[i] - addresses[i - 1]) != step)
      return std::nullopt;
  return step;
}

unsigned distinctAddresses(const trace::WarpInstruction &instruction) {
  std::array<uint64_t, trace::WarpSize> addresses;
  const unsigned n = activeAddresses(instruction, addresses);
  std::sort(addresses.begin(), addresses.begin() + n);
  return static_cast<unsigned>(
      std::unique(addresses.begin(), addresses.begin() + n) -
      addresses.begin());
}

AccessPatternCounter::AccessPatternCounter(AccessPatternConfig config)
    : config(config) {}

void AccessPatternCounter::add(const trace::WarpInstruction &instruction) {
  if (instruction.kind == AccessKind::Barrier || instruction.activeMask == 0)
    return;
  auto [it, isNew] = sites.try_emplace(instruction.site);
  SiteAccessPattern &site = it->second;
  site.site = instruction.site;
  // The step between lanes, while every instruction agrees on it.
  if (isNew || site.stepKnown) {
    std::optional<int64_t> step = laneStep(instruction);
    site.stepKnown = step && (isNew || *step == site.laneStep);
    site.laneStep = step.value_or(0);
  }
  site.space = instruction.space;
  site.kind = instruction.kind;
  site.accessSize = instruction.size;
  ++site.warpInstructions;
  site.activeLanes += __builtin_popcount(instruction.activeMask);
  InstructionPattern pattern;
  if (usesSectors(instruction.space)) {
    countSectors(instruction, config, pattern);
    site.sectors += pattern.sectors;
    site.idealSectors += pattern.idealSectors;
  } else if (instruction.space == MemorySpace::Shared) {
    countWavefronts(instruction, config, pattern);
    site.wavefronts += pattern.wavefronts;
    site.idealWavefronts += pattern.idealWavefronts;
    site.maxWaysPerPhase =
        std::max(site.maxWaysPerPhase, pattern.maxWaysPerPhase);
  } else if (instruction.space == MemorySpace::Constant) {
    const unsigned distinct = distinctAddresses(instruction);
    site.constantAddresses += distinct;
    site.maxConstantAddresses = std::max(site.maxConstantAddresses, distinct);
  }
}

std::vector<SiteAccessPattern> AccessPatternCounter::results() const {
  std::vector<SiteAccessPattern> out;
  out.reserve(sites.size());
  for (const auto &[site, pattern] : sites)
    out.push_back(pattern);
  return out;
}

} // namespace gpurd::model
