//===- PlacementCounter.cpp - Instructions and replays per site -----------===//

#include "gpurd/Model/Placement/PlacementCounter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <utility>

namespace gpurd::model::placement {

PlacementCounter::PlacementCounter(PlacementCounterConfig config)
    : config(config) {
  if (!this->config.transactionBytes)
    this->config.transactionBytes = 128;
  if (!this->config.constantLineSize)
    this->config.constantLineSize = 64;
}

void PlacementCounter::splitLines(const trace::WarpInstruction &instruction,
                                  unsigned unit) {
  splitIntoLines(instruction, unit, /*sectorSize=*/0, lines);
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
  if (isOffChipSpace(instruction.space)) {
    // Kind (1): seed 002 divides the bytes of the warp by the transaction
    // size; gpurd counts the transactions the addresses touch, which is
    // that for a coalesced access and also counts the divergence the seed
    // names (docs/placement-model.md).
    splitLines(instruction, config.transactionBytes);
    site.divergenceReplays += lines.empty() ? 0 : lines.size() - 1;
  } else if (instruction.space == MemorySpace::Constant) {
    // Kind (3): one replay per distinct address beyond the first.
    unsigned addresses = distinctAddresses(instruction);
    site.constantReplays += addresses ? addresses - 1 : 0;
    // Kind (2): one replay per constant cache miss.
    splitLines(instruction, config.constantLineSize);
    for (const LineRequestRef &line : lines)
      if (!constantHit(line.lineNumber)) {
        ++site.constantMisses;
        if (constantLinesSeen.insert(line.lineNumber).second)
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
  TileWords &tile = tiles[config.siteArray[instruction.site]];
  uint64_t size = std::max<uint32_t>(instruction.size, 1);
  // The chunk of the last word: neighbouring lanes mostly share it.
  uint64_t chunkKey = ~uint64_t(0);
  uint64_t *chunk = nullptr;
  // A lane at the address of the lane before it sets the same words (a
  // broadcast sets one lane's): they count as accessed all the same.
  uint64_t previous = ~uint64_t(0);
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    uint64_t first = instruction.addresses[lane] / 4;
    uint64_t last = (instruction.addresses[lane] + size - 1) / 4;
    tile.accessed += last - first + 1;
    if (std::exchange(previous, instruction.addresses[lane]) ==
        instruction.addresses[lane])
      continue;
    for (uint64_t word = first; word <= last; ++word) {
      if (word >> 6 != chunkKey) {
        chunkKey = word >> 6;
        chunk = &tile.chunks[chunkKey];
      }
      *chunk |= uint64_t(1) << (word & 63);
    }
  }
}

uint64_t PlacementCounter::TileWords::distinct() const {
  uint64_t words = 0;
  for (const auto &entry : chunks)
    words += llvm::popcount(entry.second);
  return words;
}

void PlacementCounter::closeBlock() {
  for (auto &[array, tile] : tiles) {
    if (!tile.accessed)
      continue; // not touched by this block
    uint64_t distinct = tile.distinct();
    ArrayFootprint &footprint = footprints[array];
    ++footprint.blocks;
    footprint.maxWords = std::max<uint64_t>(footprint.maxWords, distinct);
    footprint.totalWords += distinct;
    footprint.accessedWords += tile.accessed;
    // Kept for the next block: its buckets are allocated already.
    tile.chunks.clear();
    tile.accessed = 0;
  }
}

void PlacementCounter::add(const trace::WarpTrace &warp) {
  if (warp.block != currentBlock) {
    closeBlock();
    currentBlock = warp.block;
    constantLru.clear(); // Cold for each block (see the header).
  }
  ++warps;
  if (llvm::any_of(warp.instructions, [](const trace::WarpInstruction &i) {
        return i.kind != AccessKind::Barrier;
      }))
    ++memoryWarps;
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
  counts.memoryWarps = memoryWarps;
  counts.instructions = instructions;
  for (size_t i = 0; i < sites.size(); ++i)
    if (seen[i])
      counts.sites.push_back(sites[i]);
  return counts;
}

} // namespace gpurd::model::placement
