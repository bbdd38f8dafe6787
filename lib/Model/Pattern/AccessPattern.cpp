//===- AccessPattern.cpp - Sectors, banks and addresses per access --------===//

#include "gpurd/Model/AccessPattern.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <optional>

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

/// Local memory is left out: the checks judge the kernel's own arrays, and
/// a local access's sectors follow from where the device interleaves the
/// threads' local memory (Model/LocalMemory.h), not from the code.
bool usesSectors(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture;
}

} // namespace

void SiteAccessPattern::add(const SiteAccessPattern &other) {
  // One step for both only when each has the same one.
  stepKnown = stepKnown && other.stepKnown && laneStep == other.laneStep;
  warpInstructions += other.warpInstructions;
  activeLanes += other.activeLanes;
  sectors += other.sectors;
  idealSectors += other.idealSectors;
  wavefronts += other.wavefronts;
  idealWavefronts += other.idealWavefronts;
  maxWaysPerPhase = std::max(maxWaysPerPhase, other.maxWaysPerPhase);
  constantAddresses += other.constantAddresses;
  laneWalks += other.laneWalks;
  laneRepeats += other.laneRepeats;
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
  // distinct sectors they lie in. Most warps' lanes are in address order
  // already (coalesced, strided, broadcast): no sort for them.
  if (!std::is_sorted(addresses.begin(), addresses.begin() + n))
    std::sort(addresses.begin(), addresses.begin() + n);
  // Sectors are a power of two bytes (32): a shift, where a division would
  // cost more than the rest of the loop.
  const unsigned shift = llvm::Log2_64(sector);
  auto sectorOf = [&](uint64_t address) {
    return llvm::isPowerOf2_64(sector) ? address >> shift : address / sector;
  };
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
    uint64_t first = sectorOf(begin);
    const uint64_t last = sectorOf(end - 1);
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

/// The address every active lane of \p instruction accesses, when they
/// access one.
static std::optional<uint64_t>
commonAddress(const trace::WarpInstruction &instruction) {
  std::optional<uint64_t> one;
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    if (one && *one != instruction.addresses[lane])
      return std::nullopt;
    one = instruction.addresses[lane];
  }
  return one;
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
  // Words and banks by shifts and masks where the sizes are powers of two
  // (every GPU's): this runs for every lane of every shared access.
  const bool pow2 = llvm::isPowerOf2_32(width) && llvm::isPowerOf2_32(banks);
  const unsigned widthShift = llvm::Log2_32(width);
  auto wordOf = [&](uint64_t address) {
    return pow2 ? address >> widthShift : address / width;
  };
  auto bankOf = [&](uint64_t word) {
    return static_cast<unsigned>(pow2 ? word & (banks - 1) : word % banks);
  };
  // Every active lane at one address (a broadcast, as a tiled loop's
  // inner product reads a tile's element): each phase with an active lane
  // reads that address's words alone, the same passes each.
  if (std::optional<uint64_t> one = commonAddress(instruction)) {
    const uint64_t first = wordOf(*one),
                   last = wordOf(*one + instruction.size - 1);
    unsigned ways = 0;
    std::array<uint8_t, 64> counts{};
    for (uint64_t w = first; w <= last; ++w) {
      if (banks > counts.size() || last - first >= trace::WarpSize * 4) {
        ways = 0;
        break; // not a case the fast path counts; the general one below
      }
      ways = std::max<unsigned>(ways, ++counts[bankOf(w)]);
    }
    if (ways) {
      for (unsigned phase = 0; phase < trace::WarpSize;
           phase += lanesPerPhase) {
        const unsigned end = std::min(phase + lanesPerPhase, trace::WarpSize);
        const uint64_t lanes =
            ((uint64_t(1) << end) - 1) & ~((uint64_t(1) << phase) - 1);
        if (!(instruction.activeMask & lanes))
          continue;
        out.wavefronts += ways;
        out.idealWavefronts += 1;
        out.maxWaysPerPhase = std::max(out.maxWaysPerPhase, ways);
      }
      return;
    }
  }
  std::array<uint64_t, trace::WarpSize * 4> words;
  // A count per bank (the most distinct words in one bank is the pass
  // count), on the stack for up to 64 banks.
  std::array<uint8_t, 64> smallCounts;
  std::vector<uint32_t> largeCounts(banks > smallCounts.size() ? banks : 0);
  for (unsigned phase = 0; phase < trace::WarpSize; phase += lanesPerPhase) {
    unsigned n = 0;
    const unsigned end = std::min(phase + lanesPerPhase, trace::WarpSize);
    // A lane at the address of the lane before it adds the same words,
    // which the count below takes once: a broadcast (every lane reading a
    // tile's one element, as a tiled loop's inner product does) is one
    // lane's words, not a sort of 32 copies.
    std::optional<uint64_t> previous;
    for (unsigned lane = phase; lane < end; ++lane) {
      if (!(instruction.activeMask & (1u << lane)))
        continue;
      const uint64_t address = instruction.addresses[lane];
      if (previous == address)
        continue;
      previous = address;
      const uint64_t last = wordOf(address + instruction.size - 1);
      for (uint64_t w = wordOf(address); w <= last && n < words.size(); ++w)
        words[n++] = w;
    }
    if (n == 0)
      continue;
    // Lanes that read the same word share it (a broadcast); distinct words
    // of one bank take a pass each.
    if (!std::is_sorted(words.begin(), words.begin() + n))
      std::sort(words.begin(), words.begin() + n);
    const unsigned distinct = static_cast<unsigned>(
        std::unique(words.begin(), words.begin() + n) - words.begin());
    unsigned ways = 0;
    if (largeCounts.empty()) {
      std::fill_n(smallCounts.begin(), banks, 0);
      for (unsigned i = 0; i < distinct; ++i)
        ways = std::max<unsigned>(ways, ++smallCounts[bankOf(words[i])]);
    } else {
      std::fill(largeCounts.begin(), largeCounts.end(), 0);
      for (unsigned i = 0; i < distinct; ++i)
        ways = std::max(ways, ++largeCounts[bankOf(words[i])]);
    }
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
  if (instruction.site >= sites.size())
    sites.resize(instruction.site + 1);
  SiteState &state = sites[instruction.site];
  SiteAccessPattern &site = state.pattern;
  const bool isNew = !state.seen;
  state.seen = true;
  site.site = instruction.site;
  site.space = instruction.space;
  site.kind = instruction.kind;
  site.accessSize = instruction.size;
  ++site.warpInstructions;
  site.activeLanes += llvm::popcount(instruction.activeMask);
  count(instruction, state);
  // The step between lanes, while every instruction agrees on it.
  if (isNew || site.stepKnown) {
    site.stepKnown = state.step && (isNew || *state.step == site.laneStep);
    site.laneStep = state.step.value_or(0);
  }
  const InstructionPattern &figures = state.figures;
  if (usesSectors(instruction.space)) {
    site.sectors += figures.sectors;
    site.idealSectors += figures.idealSectors;
  } else if (instruction.space == MemorySpace::Shared) {
    site.wavefronts += figures.wavefronts;
    site.idealWavefronts += figures.idealWavefronts;
    site.maxWaysPerPhase =
        std::max(site.maxWaysPerPhase, figures.maxWaysPerPhase);
  } else if (instruction.space == MemorySpace::Constant) {
    site.constantAddresses += figures.distinctAddresses;
    site.maxConstantAddresses =
        std::max(site.maxConstantAddresses, figures.distinctAddresses);
  }
}

void AccessPatternCounter::count(const trace::WarpInstruction &instruction,
                                 SiteState &state) {
  const uint32_t mask = instruction.activeMask;
  const uint64_t base = instruction.addresses[llvm::countr_zero(mask)];
  std::array<uint64_t, trace::WarpSize> relative;
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
    relative[lane] =
        (mask >> lane) & 1 ? instruction.addresses[lane] - base : 0;
  // The shift that keeps the figures: whole sectors, whole bank words.
  uint64_t unit = 1;
  if (usesSectors(instruction.space))
    unit = config.sectorSize;
  else if (instruction.space == MemorySpace::Shared)
    unit = config.sharedBankWidth;
  const bool sameLanes = state.shapeValid && state.mask == mask &&
                         state.size == instruction.size &&
                         state.space == instruction.space &&
                         state.relative == relative;
  // A walk: the same lanes, each moved by a nonzero step under a sector
  // (one element, or the few of an unrolled loop's copy).
  const int64_t moved = static_cast<int64_t>(base - state.lastBase);
  if (sameLanes && moved == 0)
    ++state.pattern.laneRepeats;
  else if (sameLanes && static_cast<uint64_t>(moved < 0 ? -moved : moved) <
                            config.sectorSize)
    ++state.pattern.laneWalks;
  state.lastBase = base;
  const uint64_t shift = base - state.base;
  if (sameLanes && (unit == 0 || shift % unit == 0))
    return;
  state.shapeValid = true;
  state.mask = mask;
  state.size = instruction.size;
  state.space = instruction.space;
  state.base = base;
  state.relative = relative;
  state.step = laneStep(instruction);
  state.figures = InstructionPattern();
  if (usesSectors(instruction.space))
    countSectors(instruction, config, state.figures);
  else if (instruction.space == MemorySpace::Shared)
    countWavefronts(instruction, config, state.figures);
  else if (instruction.space == MemorySpace::Constant)
    state.figures.distinctAddresses = distinctAddresses(instruction);
}

std::vector<SiteAccessPattern> AccessPatternCounter::results() const {
  std::vector<SiteAccessPattern> out;
  for (const SiteState &state : sites)
    if (state.seen)
      out.push_back(state.pattern);
  return out;
}

} // namespace gpurd::model
