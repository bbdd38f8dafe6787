//===- CacheLevel.cpp - The state of one cache ----------------------------===//

#include "CacheLevel.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace gpurd::model {

CacheLevel::CacheLevel(const CacheLevelConfig &config, unsigned levelNumber,
                       unsigned sm, const ProfileSettings &profiles,
                       uint64_t seed, CacheModelObserver *observer)
    : cfg(config), levelNumber(levelNumber), sm(sm),
      lru(config.replacement == arch::ReplacementPolicy::Lru),
      sliced(levelNumber == 1 && config.partitions > 1),
      sectored(config.isSectored()),
      allSectors(sectored
                     ? static_cast<uint8_t>(
                           (1u << (config.lineSize / config.sectorSize)) - 1)
                     : 1),
      perSet(profiles.exactLimit),
      random(seed * 0x9e3779b97f4a7c15ull + levelNumber * 1000003ull + sm),
      obs(observer) {
  sets.resize(cfg.setsPerBank * cfg.banks());
  // Hits are at depths below the ways, so the array keeps the ways.
  // Every line within the ways must be there in a cache that invalidates:
  // an invalidated line's hole must stay counted while it is within the
  // ways, and only the array holds holes (a line of the tree invalidated
  // without one, or a hole leaving the array within the ways, would bring a
  // line below the ways back). An L1 invalidates on atomics (and writes, if
  // write-evict), an L2 if write-evict (seed 001 §3.1). Other caches keep at
  // most 128: deeper, a Fenwick query is cheaper than the scan and the move.
  // (The results are the same either way: the stack is exact. On the A100
  // L1's 4 sets of up to 384 ways, 128 entries ran the GEMM benchmark 3-4 %
  // faster than 32 and 1.5 % faster than all 384; see performance.md.)
  const bool invalidates =
      lru &&
      (levelNumber == 1 || cfg.writePolicy == arch::WritePolicy::WriteEvict);
  recentLimit = invalidates ? std::max<size_t>(cfg.assoc, 16)
                            : std::clamp<size_t>(cfg.assoc, 16, 128);
  unsigned numShadows = sliced ? cfg.partitions : 1;
  shadows.resize(numShadows);
  for (Shadow &shadow : shadows)
    shadow.capacity = cfg.totalLines() / numShadows;
  usedEntries.assign(std::max(cfg.mshr.tables, 1u), 0);
  if (cfg.mshr.tables > 1 || !cfg.mshr.tableOfPartition.empty()) {
    // seed 001 §4.4.2: the MSHR table serving each partition (L2) or slice
    // (L1).
    tableOfSet.resize(sets.size());
    for (size_t set = 0; set < sets.size(); ++set) {
      unsigned partition =
          static_cast<unsigned>(set / cfg.setsPerBank / cfg.banksPerPartition);
      tableOfSet[set] =
          static_cast<uint16_t>(cfg.mshr.tableOfPartition.empty()
                                    ? partition % cfg.mshr.tables
                                    : cfg.mshr.tableOfPartition[partition]);
    }
  }
  if (profiles.interval)
    perSetIntervals.emplace(profiles.interval, profiles.exactLimit);
  if (profiles.fullyAssociative) {
    fa.emplace(profiles.exactLimit);
    if (profiles.interval)
      faIntervals.emplace(profiles.interval, profiles.exactLimit);
  }
}

void LineTable::findPage(CachedPage &cached, uint64_t pageKey) {
  auto [it, inserted] =
      pageOfKey.try_emplace(pageKey, static_cast<uint32_t>(pages.size()));
  if (inserted) {
    pages.emplace_back(new uint32_t[PageSize]);
    std::fill_n(pages.back().get(), PageSize, NoIndex);
  }
  cached.key = pageKey;
  cached.page = pages[it->second].get();
}

uint32_t CacheLevel::newLine(uint64_t lineNumber, unsigned slice) {
  const uint32_t index = static_cast<uint32_t>(lines.size());
  LineState l;
  l.lineNumber = lineNumber;
  const unsigned banksPerPartition = cfg.banksPerPartition;
  unsigned partition = 0;
  unsigned bankInPartition = 0;
  uint64_t bankLine = lineNumber;
  if (sliced || cfg.partitions == 1) {
    // seed 001 Table 3: the banks of a cache interleave lines.
    partition = sliced ? slice : 0;
    bankInPartition = static_cast<unsigned>(lineNumber % banksPerPartition);
    bankLine = lineNumber / banksPerPartition;
  } else {
    // seed 001 Fig. 1b: two-level interleaving over partitions, then banks.
    partition = static_cast<unsigned>(lineNumber % cfg.partitions);
    bankInPartition = static_cast<unsigned>((lineNumber / cfg.partitions) %
                                            banksPerPartition);
    bankLine = lineNumber / (uint64_t(cfg.partitions) * banksPerPartition);
  }
  const unsigned bank = partition * banksPerPartition + bankInPartition;
  // seed 000 §4.3, seed 001 Table 2: the index function of the bank's sets,
  // on the line's address within its bank.
  unsigned setInBank =
      cfg.index.setIndex(bankLine * cfg.lineSize, cfg.lineSize,
                         static_cast<unsigned>(cfg.setsPerBank));
  l.set = static_cast<uint32_t>(bank * cfg.setsPerBank + setInBank);
  lines.push_back(l);
  if (!lru)
    wayOf.push_back(NoIndex);
  if (fa)
    faStampOf.push_back(RecencyTree::NoStamp);
  return index;
}

void CacheLevel::touchStackSlow(uint32_t index) {
  LineState &l = lines[index];
  SetState &set = sets[l.set];
  size_t position = ~size_t(0); // in `recent`, if there
  if (l.stamp == InRecent) {
    position = positionInRecent(set, index);
    if (position == 0)
      return; // already the most recent
  }
  if (lru && set.holes) {
    uint64_t depth = l.stamp == RecencyTree::NoStamp ? InfiniteDistance
                     : l.stamp == InRecent
                         ? position
                         : set.recent.size() + set.tree.countAfter(l.stamp);
    if (depth >= cfg.assoc) {
      // A fill takes the way an invalidation freed: the most recent hole
      // absorbs the push-down, so no line below it is evicted.
      size_t hole = 0;
      while (set.recent[hole] != Hole)
        ++hole;
      if (hole < cfg.assoc) {
        eraseRecent(set, hole);
        --set.holes;
        if (position != ~size_t(0) && position > hole)
          --position;
      } else {
        // Every hole is below the ways: the lines under them are gone
        // already, so dropping the holes brings none back.
        size_t kept = 0;
        for (size_t i = 0; i < set.recent.size(); ++i) {
          if (set.recent[i] == Hole)
            continue;
          if (i == position)
            position = kept;
          set.recent[kept++] = set.recent[i];
        }
        set.recent.resize(kept);
        set.holes = 0;
      }
    }
  }
  if (l.stamp == InRecent) {
    // Move to the front (usually a short move: hits are near the top).
    uint32_t *data = set.recent.data();
    if (position < 16) {
      for (size_t i = position; i > 0; --i)
        data[i] = data[i - 1];
    } else {
      std::memmove(data + 1, data, position * sizeof(uint32_t));
    }
    data[0] = index;
    return;
  }
  if (l.stamp != RecencyTree::NoStamp)
    set.tree.remove(l.stamp);
  pushRecent(set, index);
}

void CacheLevel::shadowRemove(uint32_t index) {
  LineState &l = lines[index];
  if (!l.inShadow)
    return;
  Shadow &shadow = shadows[sliceOf(l)];
  if (l.faPrev != NoIndex)
    lines[l.faPrev].faNext = l.faNext;
  else
    shadow.head = l.faNext;
  if (l.faNext != NoIndex)
    lines[l.faNext].faPrev = l.faPrev;
  else
    shadow.tail = l.faPrev;
  l.faPrev = l.faNext = NoIndex;
  l.inShadow = false;
  --shadow.size;
}

void CacheLevel::tagInsert(uint32_t index) {
  LineState &l = lines[index];
  SetState &set = sets[l.set];
  ++insertions;
  uint32_t &lineWay = wayOf[index];
  if (lineWay != NoIndex) {
    // A hit: LFU counts it; FIFO and random do not change.
    if (cfg.replacement == arch::ReplacementPolicy::Lfu)
      ++set.wayMeta[lineWay];
    return;
  }
  if (set.ways.empty()) {
    set.ways.assign(cfg.assoc, NoIndex);
    set.wayMeta.assign(cfg.assoc, 0);
    set.wayOrder.assign(cfg.assoc, 0);
  }
  uint32_t way = NoIndex;
  for (uint32_t w = 0; w < cfg.assoc; ++w)
    if (set.ways[w] == NoIndex) {
      way = w;
      break;
    }
  if (way == NoIndex) {
    switch (cfg.replacement) {
    case arch::ReplacementPolicy::Fifo:
    case arch::ReplacementPolicy::Lru: // not used: LRU comes from the stack
      way = static_cast<uint32_t>(
          std::min_element(set.wayOrder.begin(), set.wayOrder.end()) -
          set.wayOrder.begin());
      break;
    case arch::ReplacementPolicy::Lfu: {
      // Least frequently used since insertion; ties: the oldest.
      way = 0;
      for (uint32_t w = 1; w < cfg.assoc; ++w)
        if (set.wayMeta[w] < set.wayMeta[way] ||
            (set.wayMeta[w] == set.wayMeta[way] &&
             set.wayOrder[w] < set.wayOrder[way]))
          way = w;
      break;
    }
    case arch::ReplacementPolicy::Random:
      way = static_cast<uint32_t>(random.below(cfg.assoc));
      break;
    }
    wayOf[set.ways[way]] = NoIndex;
  }
  set.ways[way] = index;
  set.wayMeta[way] = 1;
  set.wayOrder[way] = insertions;
  lineWay = way;
}

bool CacheLevel::invalidate(uint32_t index) {
  LineState &l = lines[index];
  SetState &set = sets[l.set];
  bool wasPresent;
  if (lru) {
    uint64_t depth = distance(l);
    wasPresent = depth < cfg.assoc;
    if (wasPresent && l.stamp == InRecent) {
      set.recent[depth] = Hole;
      ++set.holes;
      l.stamp = RecencyTree::NoStamp;
      shadowRemove(index);
      l.invalidated = true;
      l.validSectors = 0;
      return true;
    }
  } else {
    wasPresent = wayOf[index] != NoIndex;
    if (wasPresent) {
      set.ways[wayOf[index]] = NoIndex;
      wayOf[index] = NoIndex;
    }
  }
  // Not in the cache (LRU: below the ways already, so removing it lifts
  // only absent lines), or a tag-array policy: out of the stack.
  if (l.stamp == InRecent)
    eraseRecent(set, positionInRecent(set, index));
  else if (l.stamp != RecencyTree::NoStamp)
    set.tree.remove(l.stamp);
  l.stamp = RecencyTree::NoStamp;
  shadowRemove(index);
  l.validSectors = 0;
  if (wasPresent)
    l.invalidated = true;
  return wasPresent;
}

void CacheLevel::completeSectorCounters() {
  for (CacheCounters &c : siteCounters) {
    if (sectored) {
      c.sectorReadAccesses =
          c.sectorReadHits + c.sectorPendingHits + c.sectorReadMisses;
      continue;
    }
    const uint64_t pending = c.readMissCount(MissClass::Latency);
    c.sectorReadAccesses = c.readAccesses;
    c.sectorReadHits = c.readHits;
    c.sectorPendingHits = pending;
    c.sectorReadMisses = c.readAccesses - c.readHits - pending;
    c.sectorWriteAccesses = c.writeAccesses;
  }
}

void CacheLevel::profileFullyAssociative(uint32_t index) {
  LineState &l = lines[index];
  Shadow &shadow = shadows[sliceOf(l)];
  RecencyTree::Stamp &stamp = faStampOf[index];
  uint64_t d = stamp == RecencyTree::NoStamp ? InfiniteDistance
                                             : shadow.faTree.countAfter(stamp);
  fa->add(d);
  if (faIntervals)
    faIntervals->add(d);
  stamp = shadow.faTree.touch(
      stamp, index, [&](uint32_t owner, uint32_t s) { faStampOf[owner] = s; });
}

int32_t CacheLevel::allocateEntry(uint32_t line, unsigned table,
                                  uint64_t fillTime, uint64_t seq,
                                  uint32_t owner, uint8_t sectors,
                                  bool present) {
  int32_t index;
  if (!freeEntryList.empty()) {
    index = freeEntryList.back();
    freeEntryList.pop_back();
  } else {
    index = static_cast<int32_t>(entries.size());
    entries.emplace_back();
  }
  MshrEntry &e = entries[index];
  e.line = line;
  e.table = table;
  e.merges = 0;
  e.owner = owner;
  e.fillTime = fillTime;
  e.seq = seq;
  e.sectors = sectors;
  e.linePresent = present;
  e.active = true;
  if (!present)
    lines[line].validSectors = 0;
  ++usedEntries[table];
  ++totalBusy;
  lines[line].mshr = index;
  return index;
}

std::optional<uint64_t> CacheLevel::earliestFill(unsigned table) const {
  std::optional<uint64_t> best;
  for (const MshrEntry &e : entries)
    if (e.active && e.table == table && (!best || e.fillTime < *best))
      best = e.fillTime;
  return best;
}

} // namespace gpurd::model
