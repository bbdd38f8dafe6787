//===- PlacementCounter.cpp - Instructions and replays per site -----------===//

#include "gpurd/Model/Placement/PlacementCounter.h"

#include <algorithm>
#include <array>

namespace gpurd::model::placement {
namespace {

bool isGlobalLike(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture || space == MemorySpace::Local;
}

/// How many distinct \p unit-byte blocks the active lanes' bytes fall in:
/// 1 at once when they all lie in one (a coalesced access), else counted.
size_t distinctBlockCount(const trace::WarpInstruction &instruction,
                          unsigned unit);

/// The distinct \p unit-byte blocks the active lanes' bytes fall in, sorted.
std::vector<uint64_t> distinctBlocks(const trace::WarpInstruction &instruction,
                                     unsigned unit) {
  std::vector<uint64_t> blocks;
  blocks.reserve(2 * trace::WarpSize);
  uint64_t size = std::max<uint32_t>(instruction.size, 1);
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    uint64_t first = instruction.addresses[lane] / unit;
    uint64_t last = (instruction.addresses[lane] + size - 1) / unit;
    for (uint64_t block = first; block <= last; ++block)
      blocks.push_back(block);
  }
  std::sort(blocks.begin(), blocks.end());
  blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
  return blocks;
}

size_t distinctBlockCount(const trace::WarpInstruction &instruction,
                          unsigned unit) {
  uint64_t low = ~uint64_t(0), high = 0;
  uint64_t size = std::max<uint32_t>(instruction.size, 1);
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    low = std::min(low, instruction.addresses[lane]);
    high = std::max(high, instruction.addresses[lane] + size - 1);
  }
  if (low > high)
    return 0;
  if (low / unit == high / unit)
    return 1;
  return distinctBlocks(instruction, unit).size();
}

} // namespace

PlacementCounter::PlacementCounter(PlacementCounterConfig config)
    : config(config) {
  if (!this->config.transactionBytes)
    this->config.transactionBytes = 128;
  if (!this->config.constantLineSize)
    this->config.constantLineSize = 64;
}

bool PlacementCounter::constantHit(uint64_t line) {
  auto it = std::find(constantLru.begin(), constantLru.end(), line);
  bool hit = it != constantLru.end();
  if (hit)
    constantLru.erase(it);
  else if (constantLru.size() >= config.constantLines && !constantLru.empty())
    constantLru.pop_back();
  if (config.constantLines)
    constantLru.insert(constantLru.begin(), line);
  return hit;
}

void PlacementCounter::count(const trace::WarpInstruction &instruction,
                             SitePlacementCounts &site) {
  ++site.warpInstructions;
  if (instruction.kind == AccessKind::Barrier || !instruction.activeMask)
    return;
  if (isGlobalLike(instruction.space)) {
    // Kind (1): seed 002 divides the bytes of the warp by the transaction
    // size; gpurd counts the transactions the addresses touch, which is
    // that for a coalesced access and also counts the divergence the seed
    // names (docs/placement-model.md).
    size_t transactions =
        distinctBlockCount(instruction, config.transactionBytes);
    site.divergenceReplays += transactions ? transactions - 1 : 0;
  } else if (instruction.space == MemorySpace::Constant) {
    // Kind (3): one replay per distinct address beyond the first.
    unsigned addresses = distinctAddresses(instruction);
    site.constantReplays += addresses ? addresses - 1 : 0;
    // Kind (2): one replay per constant cache miss.
    for (uint64_t line : distinctBlocks(instruction, config.constantLineSize))
      if (!constantHit(line)) {
        ++site.constantMisses;
        if (constantLinesSeen.insert(line).second)
          ++site.constantColdMisses;
      }
  } else if (instruction.space == MemorySpace::Shared) {
    // Kind (4): one replay per bank conflict, the wavefronts beyond the
    // fewest.
    InstructionPattern pattern;
    countWavefronts(instruction, config.banks, pattern);
    if (pattern.wavefronts > pattern.idealWavefronts)
      site.bankConflictReplays += pattern.wavefronts - pattern.idealWavefronts;
  }
}

void PlacementCounter::addToTile(const trace::WarpInstruction &instruction) {
  if (instruction.site >= config.siteArray.size() ||
      config.siteArray[instruction.site] < 0 ||
      instruction.kind == AccessKind::Barrier)
    return;
  auto &[words, accessed] = tiles[config.siteArray[instruction.site]];
  uint64_t size = std::max<uint32_t>(instruction.size, 1);
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    uint64_t first = instruction.addresses[lane] / 4;
    uint64_t last = (instruction.addresses[lane] + size - 1) / 4;
    for (uint64_t word = first; word <= last; ++word)
      words.push_back(word);
    accessed += last - first + 1;
  }
}

void PlacementCounter::closeBlock() {
  for (auto &[array, tile] : tiles) {
    std::vector<uint64_t> &words = tile.first;
    std::sort(words.begin(), words.end());
    uint64_t distinct = std::unique(words.begin(), words.end()) - words.begin();
    ArrayFootprint &footprint = footprints[array];
    ++footprint.blocks;
    footprint.maxWords = std::max<uint64_t>(footprint.maxWords, distinct);
    footprint.totalWords += distinct;
    footprint.accessedWords += tile.second;
  }
  tiles.clear();
}

void PlacementCounter::add(const trace::WarpTrace &warp) {
  if (warp.block != currentBlock) {
    closeBlock();
    currentBlock = warp.block;
    constantLru.clear(); // Cold for each block (see the header).
  }
  ++warps;
  instructions += warp.trailingInstructions;
  for (const trace::WarpInstruction &instruction : warp.instructions) {
    instructions += instruction.instructionsBefore + 1;
    if (instruction.site >= sites.size()) {
      sites.resize(instruction.site + 1);
      seen.resize(instruction.site + 1);
    }
    SitePlacementCounts &site = sites[instruction.site];
    if (!seen[instruction.site]) {
      seen[instruction.site] = true;
      site.site = instruction.site;
    }
    site.space = instruction.space;
    site.kind = instruction.kind;
    count(instruction, site);
    addToTile(instruction);
  }
}

PlacementCounts PlacementCounter::results() {
  closeBlock();
  PlacementCounts counts;
  counts.footprints = footprints;
  counts.warps = warps;
  counts.instructions = instructions;
  for (size_t i = 0; i < sites.size(); ++i)
    if (seen[i])
      counts.sites.push_back(sites[i]);
  return counts;
}

} // namespace gpurd::model::placement
