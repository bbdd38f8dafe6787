//===- ReplayMemory.cpp - The warp replay's memory system -----------------===//

#include "ReplayMemory.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model::timing {
namespace {

/// The slice of \p line among \p slices: its bits folded by XOR, log2
/// of the slices at a time. GPUs hash addresses over their L2 slices and
/// memory controllers so that a power-of-two stride does not fall on a
/// few of them (NVIDIA publishes no function; GPGPU-Sim's V100
/// configuration hashes too, -gpgpu_memory_partition_indexing 2), and
/// the replay takes the simplest such hash.
unsigned sliceOf(uint64_t line, unsigned slices) {
  if (slices & (slices - 1))
    return unsigned((line ^ (line >> 7) ^ (line >> 17)) % slices);
  unsigned bits = unsigned(__builtin_ctz(slices));
  if (bits == 0)
    return 0;
  uint64_t folded = 0;
  for (; line; line >>= bits)
    folded ^= line & (slices - 1);
  return unsigned(folded);
}

} // namespace

SectorCache::SectorCache(uint64_t bytes, unsigned lineSize, unsigned assoc)
    : assoc(std::max(1u, assoc)) {
  uint64_t lines = std::max<uint64_t>(1, bytes / lineSize);
  sets = unsigned(std::max<uint64_t>(1, lines / this->assoc));
  ways.resize(uint64_t(sets) * this->assoc);
}

SectorCache::Way *SectorCache::find(uint64_t line) {
  Way *first = &ways[(line % sets) * assoc];
  for (unsigned w = 0; w < assoc; ++w)
    if (first[w].line == line)
      return &first[w];
  return nullptr;
}

SectorCache::Way &SectorCache::allocate(uint64_t line, Way &evicted) {
  Way *first = &ways[(line % sets) * assoc];
  Way *victim = first;
  for (unsigned w = 1; w < assoc; ++w)
    if (first[w].stamp < victim->stamp)
      victim = &first[w];
  evicted = *victim;
  *victim = Way();
  victim->line = line;
  touch(*victim);
  return *victim;
}

ReplayMemory::ReplayMemory(const ReplayParameters &parameters,
                           ReplayResult &result)
    : p(parameters), result(result),
      l2(parameters.l2Bytes, parameters.lineSize, parameters.l2Assoc),
      tagFree(parameters.sms, 0), outFree(parameters.sms, 0),
      inBusy(parameters.sms), constantFree(parameters.sms, 0),
      sliceFree(parameters.l2Slices, 0),
      channelFree(parameters.dramChannels, 0) {
  l1.reserve(p.sms);
  for (unsigned i = 0; i < p.sms; ++i)
    l1.emplace_back(p.l1Bytes, p.lineSize, p.l1Assoc);
  l1Sets = l1.front().setCount();
}

void ReplayMemory::scheduleLookups(unsigned sm, uint64_t now,
                                   llvm::ArrayRef<LineRequest> lines) {
  // The tag stage resolves l1RequestsPerCycle sets a cycle (NVIDIA: "4 sets
  // x 4 sectors per cycle"), one line of each: a line waits for the lines
  // of its set before it, and for the cycle's share of the requests.
  uint64_t base = std::max(now, tagFree[sm]);
  lookups.assign(lines.size(), base);
  setRank.clear();
  uint64_t last = base;
  for (unsigned i = 0; i < lines.size(); ++i) {
    unsigned rank = setRank[lines[i].line % l1Sets]++;
    lookups[i] = base + std::max<uint64_t>(rank, i / p.l1RequestsPerCycle);
    last = std::max(last, lookups[i]);
  }
  tagFree[sm] = last + 1;
}

unsigned ReplayMemory::channelOf(uint64_t line) const {
  // A slice sits in front of one memory controller: the slices split
  // evenly over the channels where they can.
  unsigned slice = sliceOf(line, p.l2Slices);
  if (p.l2Slices % p.dramChannels == 0)
    return slice / (p.l2Slices / p.dramChannels);
  return sliceOf(line, p.dramChannels);
}

void ReplayMemory::writeBack(uint64_t line, uint8_t dirty, uint64_t now) {
  // The evicted line's dirty sectors take their channel's time.
  if (!dirty)
    return;
  double &channel = channelFree[channelOf(line)];
  channel = std::max<double>(channel, double(now)) +
            __builtin_popcount(dirty) / p.channelSectorsPerCycle;
}

uint64_t ReplayMemory::l2Sector(uint64_t line, unsigned sector, uint64_t arrive,
                                bool write, double extraService) {
  double &slice = sliceFree[sliceOf(line, p.l2Slices)];
  double start = std::max<double>(double(arrive), slice);
  slice = start + 1.0 / p.sliceSectorsPerCycle + extraService;
  uint64_t taken = uint64_t(std::ceil(start));
  uint8_t bit = uint8_t(1u << sector);
  SectorCache::Way *way = l2.find(line);
  if (!way) {
    SectorCache::Way evicted;
    way = &l2.allocate(line, evicted);
    if (evicted.line != ~uint64_t(0))
      writeBack(evicted.line, evicted.dirty, taken);
  }
  l2.touch(*way);
  if (write) {
    // Write-back, allocating without a fetch: the sector is the store's.
    way->present |= bit;
    way->dirty |= bit;
    way->readyAt[sector] = taken;
    ++result.l2Hits;
    return taken + p.l2HitLatency;
  }
  if (way->present & bit) {
    ++result.l2Hits;
    return std::max(way->readyAt[sector], taken) + p.l2HitLatency;
  }
  ++result.l2Misses;
  double &channel = channelFree[channelOf(line)];
  double channelStart = std::max<double>(double(taken), channel);
  channel = channelStart + 1.0 / p.channelSectorsPerCycle;
  uint64_t ready = uint64_t(std::ceil(channelStart)) + p.dramLatency;
  way->present |= bit;
  // The L2 holds the sector when the DRAM's data passes it, the L2 hit
  // latency before it reaches the SM.
  way->readyAt[sector] = ready > p.l2HitLatency ? ready - p.l2HitLatency : 0;
  return ready;
}

uint64_t ReplayMemory::remote(unsigned sm, uint64_t line, unsigned sector,
                              uint64_t lookup, bool write, double extra) {
  if (!p.smPort)
    return l2Sector(line, sector, lookup, write, extra);
  // The request leaves through the SM's port in order, one a cycle; its
  // reply (data or a store's acknowledgement) comes in through the port's
  // other direction at the first cycle it is free from the reply's arrival.
  uint64_t depart = std::max(lookup, outFree[sm]);
  outFree[sm] = depart + 1;
  uint64_t back = l2Sector(line, sector, depart, write, extra);
  std::set<uint64_t> &in = inBusy[sm];
  // Replies arrive after their requests' lookups, which come in order: the
  // cycles before this one are of no further use.
  in.erase(in.begin(), in.lower_bound(lookup));
  for (auto at = in.lower_bound(back); at != in.end() && *at == back; ++at)
    ++back;
  in.insert(back);
  return back;
}

uint64_t ReplayMemory::load(unsigned sm, uint64_t now,
                            llvm::ArrayRef<LineRequest> lines) {
  uint64_t ready = now;
  bool left = false;
  SectorCache &cache = l1[sm];
  scheduleLookups(sm, now, lines);
  for (unsigned i = 0; i < lines.size(); ++i) {
    const LineRequest &request = lines[i];
    uint64_t lookup = lookups[i];
    SectorCache::Way *way = cache.find(request.line);
    if (!way) {
      SectorCache::Way evicted; // written through: nothing to write back
      way = &cache.allocate(request.line, evicted);
    }
    cache.touch(*way);
    unsigned sectors = p.lineSize / p.sectorSize;
    for (unsigned s = 0; s < sectors; ++s) {
      uint8_t bit = uint8_t(1u << s);
      if (!(request.sectors & bit))
        continue;
      if (way->present & bit) {
        if (way->readyAt[s] <= lookup + p.l1HitLatency) {
          ++result.l1Hits;
          ready = std::max(ready, lookup + p.l1HitLatency);
        } else {
          ++result.l1PendingHits;
          ready = std::max(ready, way->readyAt[s]);
          left = true;
        }
        continue;
      }
      ++result.l1Misses;
      uint64_t back = remote(sm, request.line, s, lookup, /*write=*/false);
      way->present |= bit;
      way->readyAt[s] = back;
      ready = std::max(ready, back);
      left = true;
    }
  }
  if (left) {
    missLatency += ready - now;
    ++missLoads;
  }
  return ready;
}

uint64_t ReplayMemory::store(unsigned sm, uint64_t now,
                             llvm::ArrayRef<LineRequest> lines) {
  SectorCache &cache = l1[sm];
  uint64_t acknowledged = now;
  scheduleLookups(sm, now, lines);
  for (unsigned i = 0; i < lines.size(); ++i) {
    const LineRequest &request = lines[i];
    uint64_t lookup = lookups[i];
    SectorCache::Way *way = cache.find(request.line);
    unsigned sectors = p.lineSize / p.sectorSize;
    for (unsigned s = 0; s < sectors; ++s) {
      uint8_t bit = uint8_t(1u << s);
      if (!(request.sectors & bit))
        continue;
      // Write-through: the L1 keeps a line it holds up to date.
      if (way && (way->present & bit))
        way->readyAt[s] = std::max(way->readyAt[s], lookup);
      acknowledged = std::max(
          acknowledged, remote(sm, request.line, s, lookup, /*write=*/true));
    }
  }
  return acknowledged;
}

uint64_t ReplayMemory::atomic(unsigned sm, uint64_t now,
                              llvm::ArrayRef<LineRequest> lines,
                              unsigned serial) {
  uint64_t ready = now;
  scheduleLookups(sm, now, lines);
  for (unsigned i = 0; i < lines.size(); ++i) {
    const LineRequest &request = lines[i];
    uint64_t lookup = lookups[i];
    unsigned sectors = p.lineSize / p.sectorSize;
    bool first = true;
    for (unsigned s = 0; s < sectors; ++s) {
      if (!(request.sectors & (1u << s)))
        continue;
      // Lanes on one address take the slice's unit in turn.
      double extra = first && serial > 1
                         ? double(serial - 1) / p.sliceSectorsPerCycle
                         : 0.0;
      first = false;
      uint64_t back =
          remote(sm, request.line, s, lookup, /*write=*/false, extra);
      SectorCache::Way *way = l2.find(request.line);
      if (way)
        way->dirty |= uint8_t(1u << s);
      ready = std::max(ready, back);
    }
  }
  missLatency += ready - now;
  ++missLoads;
  return ready;
}

uint64_t ReplayMemory::shared(unsigned sm, uint64_t now, unsigned wavefronts) {
  // Shared memory is the same array and data path as the L1 (V100
  // whitepaper: a combined 128 KB L1 data cache and shared memory unit):
  // its wavefronts take the pipe the L1's lookups take, one a cycle.
  uint64_t start = std::max(now, tagFree[sm]);
  tagFree[sm] = start + wavefronts;
  return start + wavefronts - 1 + p.sharedLatency;
}

uint64_t ReplayMemory::constant(unsigned sm, uint64_t now, unsigned addresses) {
  double start = std::max<double>(double(now), constantFree[sm]);
  constantFree[sm] = start + addresses;
  return uint64_t(std::ceil(start)) + addresses - 1 + p.aluLatency;
}

} // namespace gpurd::model::timing
