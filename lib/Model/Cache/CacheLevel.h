//===- CacheLevel.h - The state of one cache --------------------*- C++ -*-===//
//
// What both execution engines share: the geometry (banks, sets, index
// function; seed 000 §4.3, seed 001 Table 2), one reuse stack per set whose
// stack distances decide LRU hits exactly (seed 000 §3.3, §4.3), tag arrays
// for the other replacement policies (seed 001 Table 2), a fully associative
// LRU shadow of the same capacity that tells capacity from associativity
// misses (seed 000 §1: the 3C model), the MSHR tables (seed 000 §4.4, seed
// 001 §3.1), the queue of pending cache effects (seed 000 §4.2: every request
// takes effect at issue time + latency; simultaneous effects in issue order),
// per-site counters and reuse profiles.
//
// Each set's stack is kept in two parts: its `recent` most recent entries in an
// array (a hit near the top, the common case, is a short search and move), and
// the older entries in a Fenwick tree over compact time stamps (Bennett and
// Kruskal, O(log n)); every entry of the array is more recent than every entry
// of the tree, so the stack distance is exact everywhere: the position in the
// array, or the array's length plus the tree's count.
//
// Write-evict invalidations (seed 001 §3.1) leave a hole in the set's stack:
// the invalidated line's place stays counted until a fill uses the freed way,
// so that no line deeper in the stack comes back, as in a real LRU cache.
//
// Sectored caches (Volta and later: 128-byte lines of four 32-byte sectors)
// allocate a line but fetch and validate sectors: each line keeps the mask of
// its valid sectors, and each MSHR entry the sectors it brings. A request
// finds each of its sectors valid (a hit), in flight (a pending hit) or
// neither (a miss, fetched alone); a request to a line in the cache with a
// sector missing is a sector miss. Presence stays a property of the line (its
// stack distance), so a line that left the cache has no valid sector: the
// mask is reset when a line comes back. An unsectored cache is the case of
// one sector per line, whose mask is all ones while the line is present.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_MODEL_CACHE_CACHELEVEL_H
#define GPURD_LIB_MODEL_CACHE_CACHELEVEL_H

#include "Random.h"
#include "TimingWheel.h"

#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/CacheModel.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/ReuseDistance.h"
#include "gpurd/Model/ReuseProfile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Compiler.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <optional>
#include <queue>
#include <vector>

namespace gpurd::model {

constexpr uint32_t NoIndex = ~uint32_t(0);

/// What the model knows of one line (32 bytes: the hot path touches one or
/// two of these per request). Its bank, slice and MSHR table follow from its
/// set; the tag-array way and the fully associative profile stamp live in
/// side arrays that exist only when used.
struct LineState {
  uint64_t lineNumber = 0; ///< Byte address / line size.
  uint32_t set = 0;        ///< Global set.
  RecencyTree::Stamp stamp = RecencyTree::NoStamp;
  uint32_t faPrev = NoIndex, faNext = NoIndex; ///< FA LRU shadow.
  int32_t mshr = -1;                           ///< Pending MSHR entry.
  uint8_t validSectors = 0; ///< Sectored: valid while the line is present.
  bool seen = false;        ///< Requested before (compulsory misses).
  bool inShadow = false;    ///< In the fully associative LRU shadow.
  bool invalidated = false;
};
static_assert(sizeof(LineState) == 32, "the hot path's line state");

/// Line number (or slice key) -> line index: a radix table of 256-entry
/// pages, so that neighbouring lines share a page, with a small cache of
/// recently used pages in front of the page map.
class LineTable {
public:
  /// The index slot of \p key (NoIndex when unused).
  uint32_t &slot(uint64_t key) {
    uint64_t pageKey = key >> PageBits;
    CachedPage &cached = recent[pageKey & (RecentPages - 1)];
    if (LLVM_UNLIKELY(cached.key != pageKey || !cached.page))
      findPage(cached, pageKey);
    return cached.page[key & (PageSize - 1)];
  }

private:
  static constexpr unsigned PageBits = 8;
  static constexpr uint64_t PageSize = uint64_t(1) << PageBits;
  static constexpr unsigned RecentPages = 16;
  struct CachedPage {
    uint64_t key = 0;
    uint32_t *page = nullptr;
  };
  /// Puts page \p pageKey (created if new) in \p cached; out of line, so
  /// that slot() is small enough to inline.
  LLVM_ATTRIBUTE_NOINLINE void findPage(CachedPage &cached, uint64_t pageKey);
  CachedPage recent[RecentPages];
  llvm::DenseMap<uint64_t, uint32_t> pageOfKey;
  std::vector<std::unique_ptr<uint32_t[]>> pages;
};

struct MshrEntry {
  uint32_t line = NoIndex;
  uint32_t table = 0;
  uint32_t merges = 0;
  uint32_t owner = NoIndex; ///< Warp that allocated it (per-warp limit).
  uint64_t fillTime = 0;
  uint64_t seq = 0;
  uint8_t sectors = 0; ///< What its fill brings (1: an unsectored line).
  /// Sectored: the line was in the cache when the entry was reserved (a
  /// sector miss), so it may have left by the fill.
  bool linePresent = false;
  bool active = false;
};

/// A pending cache update (seed 000 §4.2 "cache effect").
struct Effect {
  enum Kind : uint8_t { Reference, Fill, Invalidate };
  uint64_t time;
  uint64_t seq; ///< Issue order, for simultaneous effects.
  uint32_t line;
  int32_t mshr; ///< Fill: the entry it frees.
  Kind kind;
  /// Reference: the sectors it makes valid (the request's); a fill takes
  /// its entry's.
  uint8_t sectors;
  bool operator>(const Effect &o) const {
    return time != o.time ? time > o.time : seq > o.seq;
  }
};

/// How a request's sectors stand in its cache (masks of the line's sectors).
struct SectorLookup {
  uint8_t hit = 0;     ///< Valid.
  uint8_t pending = 0; ///< In flight: they come with a requested fill.
  uint8_t missing = 0; ///< Neither: to fetch.
};

/// The sectors in \p mask, from a table (without -mpopcnt,
/// __builtin_popcount is a library call, a tenth of the hot path's time).
inline unsigned sectorCount(uint8_t mask) {
  static constexpr auto Counts = [] {
    std::array<uint8_t, 256> counts{};
    for (unsigned m = 1; m < 256; ++m)
      counts[m] = static_cast<uint8_t>(counts[m >> 1] + (m & 1));
    return counts;
  }();
  return Counts[mask];
}

/// Adds a read request's sectors to \p c (the common hit touches one
/// counter: the accesses are summed when the results are collected).
inline void countSectors(CacheCounters &c, const SectorLookup &s) {
  c.sectorReadHits += sectorCount(s.hit);
  if (LLVM_UNLIKELY(s.pending | s.missing)) {
    c.sectorPendingHits += sectorCount(s.pending);
    c.sectorReadMisses += sectorCount(s.missing);
  }
}

/// The class of a read that merges into its line's pending MSHR entry: a
/// latency miss (seed 000 §4.2), or a sector miss when the line is in the
/// cache and sectors it lacks join the entry.
inline MissClass mergeClass(bool present, const SectorLookup &s) {
  return present && s.missing ? MissClass::Sector : MissClass::Latency;
}

inline void recordSectors(RequestEvent &event, uint8_t mask,
                          const SectorLookup &s) {
  event.sectorMask = mask;
  event.hitSectors = s.hit;
  event.pendingSectors = s.pending;
  event.missingSectors = s.missing;
}

struct ProfileSettings {
  uint64_t exactLimit = 64;
  uint64_t interval = 0;
  bool fullyAssociative = false;
};

class CacheLevel {
public:
  /// \p config describes the whole level. An L1 with partitions is that
  /// many independent slices (seed 001 §3.1), each with its own banks and
  /// sets; an L2's partitions interleave addresses.
  CacheLevel(const CacheLevelConfig &config, unsigned levelNumber, unsigned sm,
             const ProfileSettings &profiles, uint64_t seed,
             CacheModelObserver *observer);

  const CacheLevelConfig &config() const { return cfg; }
  unsigned level() const { return levelNumber; }

  /// The line state of \p lineNumber in \p slice (L1 partitions are
  /// independent; pass 0 for the L2, whose partitions interleave addresses).
  uint32_t lineIndex(uint64_t lineNumber, unsigned slice) {
    uint64_t key = sliced ? lineNumber * cfg.partitions + slice : lineNumber;
    uint32_t &slot = lineOfKey.slot(key);
    if (LLVM_LIKELY(slot != NoIndex))
      return slot;
    return slot = newLine(lineNumber, slice);
  }
  LineState &line(uint32_t index) { return lines[index]; }
  /// Line states numbered so far (lineIndex() numbers new ones on).
  size_t lineCount() const { return lines.size(); }
  /// Per-set stack distance of the line (InfiniteDistance when not stacked).
  LLVM_ATTRIBUTE_ALWAYS_INLINE uint64_t distance(const LineState &l) const {
    if (l.stamp == RecencyTree::NoStamp)
      return InfiniteDistance;
    const SetState &set = sets[l.set];
    if (l.stamp == InRecent)
      return positionInRecent(set, static_cast<uint32_t>(&l - lines.data()));
    return set.recent.size() + set.tree.countAfter(l.stamp);
  }
  /// Whether the line is in the cache: LRU from the stack distance (seed 000
  /// §3.3: a hit iff d < ways), other policies from the tag array.
  bool present(const LineState &l, uint64_t dist) const {
    if (lru)
      return dist < cfg.assoc;
    return wayOf[&l - lines.data()] != NoIndex;
  }
  /// Counts in \p c a miss of \p kind at per-set stack distance \p dist
  /// that the same cache with twice the ways would have hit (LRU only):
  /// CacheCounters::nearCapacityMisses.
  void countNearCapacity(CacheCounters &c, MissClass kind,
                         uint64_t dist) const {
    if (lru &&
        (kind == MissClass::Capacity || kind == MissClass::Associativity) &&
        dist < 2 * uint64_t(cfg.assoc))
      ++c.nearCapacityMisses;
  }
  /// Why a read of \p l that is not present and not in flight misses.
  MissClass classifyMiss(const LineState &l) const {
    if (!l.seen)
      return MissClass::Compulsory;
    if (l.invalidated)
      return MissClass::Invalidation;
    return l.inShadow ? MissClass::Associativity : MissClass::Capacity;
  }

  // Effects.
  /// The engine's current time stamp or step. One effect due now (a hit
  /// with no latency, the common case) waits in a slot instead of the
  /// wheel; it is the most recently issued, so it is applied after the
  /// wheel's effects of the same time.
  void setNow(uint64_t time) { now = time; }
  LLVM_ATTRIBUTE_ALWAYS_INLINE void schedule(uint64_t time, uint64_t seq,
                                             uint32_t line, int32_t mshr,
                                             Effect::Kind kind,
                                             uint8_t sectors = 0) {
    Effect *e = &dueNow;
    if (time == now && !hasDueNow) {
      hasDueNow = true;
    } else {
      if (hasDueNow) {
        // Keep the issue order: the slot's effect goes to the wheel first.
        effects.push(dueNow.time, dueNow);
        hasDueNow = false;
      }
      e = &effects.add(time);
    }
    // Field by field, in place.
    e->time = time;
    e->seq = seq;
    e->line = line;
    e->mshr = mshr;
    e->kind = kind;
    e->sectors = sectors;
  }
  bool hasEffects() const { return hasDueNow || !effects.empty(); }
  /// Applies every effect with time <= \p time.
  void applyEffectsThrough(uint64_t time) {
    effects.releaseThrough(time, [this](const Effect &e) { apply(e); });
    if (hasDueNow && dueNow.time <= time) {
      hasDueNow = false;
      apply(dueNow);
    }
  }
  /// Applies every effect before (\p time, \p seq) and that one.
  void applyEffectsUpTo(uint64_t time, uint64_t seq) {
    effects.releaseUpTo(
        time, [seq](const Effect &e) { return e.seq > seq; },
        [this](const Effect &e) { apply(e); });
    if (hasDueNow &&
        (dueNow.time < time || (dueNow.time == time && dueNow.seq <= seq))) {
      hasDueNow = false;
      apply(dueNow);
    }
  }
  /// Makes the line the most recent in its set (a hit's update or a fill).
  void reference(uint32_t index);
  /// reference() for a request that brings or writes \p sectors: they
  /// become valid (all the line has when it was not in the cache).
  void referenceSectors(uint32_t index, uint8_t sectors) {
    validate(index, sectors);
    reference(index);
  }

  // Sectors.
  bool isSectored() const { return sectored; }
  /// The sectors of a request mask this cache keeps (all of an unsectored
  /// line's are its one sector).
  uint8_t sectorsOf(uint32_t requestMask) const {
    return sectored ? static_cast<uint8_t>(requestMask & allSectors) : 1;
  }
  /// Where the sectors \p mask of line \p l stand; \p present: the line is
  /// in the cache (present()).
  SectorLookup lookupSectors(const LineState &l, bool present,
                             uint8_t mask) const {
    SectorLookup out;
    const uint8_t valid = present ? (sectored ? l.validSectors : 1) : 0;
    out.hit = mask & valid;
    const uint8_t rest = mask & ~valid;
    if (LLVM_LIKELY(!rest))
      return out; // the common hit
    out.pending = l.mshr >= 0 ? rest & entries[l.mshr].sectors : 0;
    out.missing = rest & ~out.pending;
    return out;
  }
  /// Write-evict: takes the line out of the cache. Returns whether it was
  /// present.
  bool invalidate(uint32_t index);

  // MSHRs.
  unsigned tableOf(const LineState &l) const {
    return tableOfSet.empty() ? 0 : tableOfSet[l.set];
  }
  unsigned used(unsigned table) const { return usedEntries[table]; }
  unsigned tables() const { return static_cast<unsigned>(usedEntries.size()); }
  /// Whether table \p table has a free entry.
  bool hasFreeEntry(unsigned table) const {
    return cfg.mshr.entries == 0 || usedEntries[table] < cfg.mshr.entries;
  }
  unsigned freeEntries(unsigned table) const {
    return cfg.mshr.entries == 0 ? ~0u : cfg.mshr.entries - usedEntries[table];
  }
  /// Reserves an entry for line \p line that brings \p sectors; \p present:
  /// the line is in the cache (a sector miss). A line that is not has no
  /// valid sector from now on.
  int32_t allocateEntry(uint32_t line, unsigned table, uint64_t fillTime,
                        uint64_t seq, uint32_t owner, uint8_t sectors,
                        bool present);
  MshrEntry &entry(int32_t index) { return entries[index]; }
  /// The earliest fill time among the active entries of \p table.
  std::optional<uint64_t> earliestFill(unsigned table) const;
  /// Active entries in all tables.
  unsigned busyEntries() const { return totalBusy; }

  /// Called when an entry is freed with its owner (per-warp accounting).
  std::function<void(uint32_t owner)> onEntryFreed;

  // Accounting.
  CacheCounters &counters(uint32_t site) {
    if (site >= siteCounters.size())
      siteCounters.resize(site + 1);
    return siteCounters[site];
  }
  /// For a site reserveSites covered.
  CacheCounters &countersOfKnownSite(uint32_t site) {
    return siteCounters[site];
  }
  void reserveSites(uint32_t sites) {
    if (sites > siteCounters.size())
      siteCounters.resize(sites);
  }
  const std::vector<CacheCounters> &allCounters() const { return siteCounters; }
  /// Completes the sector counters: the read accesses are the sum of hits,
  /// pending hits and misses (countSectors leaves them out); an unsectored
  /// cache has one sector per line, so its sector counters are its line
  /// counters (the warp-queue engine leaves them to this).
  void completeSectorCounters();
  /// Records the per-set distance (and the fully associative one) of a
  /// request in the profiles.
  void profile(const LineState &l, uint64_t dist) {
    perSet.add(dist);
    if (perSetIntervals)
      perSetIntervals->add(dist);
  }
  /// Fully associative distance of the line (profiles only).
  void profileFullyAssociative(uint32_t index);

  ReuseProfile &perSetProfile() { return perSet; }
  std::optional<IntervalReuseProfile> &perSetIntervalProfile() {
    return perSetIntervals;
  }
  std::optional<ReuseProfile> &faProfile() { return fa; }
  std::optional<IntervalReuseProfile> &faIntervalProfile() {
    return faIntervals;
  }
  bool wantsFullyAssociativeProfile() const { return fa.has_value(); }

  uint64_t randomBelow(uint64_t n) { return random.below(n); }
  double randomHalfNormal() { return random.halfNormal(); }

  CacheModelObserver *observer() const { return obs; }
  unsigned smIndex() const { return sm; }

  /// Global bank of a line (partition * banks + bank; for ports).
  unsigned bankOf(const LineState &l) const {
    return static_cast<unsigned>(l.set / cfg.setsPerBank);
  }
  /// The independent cache (L1 slice) of a line.
  unsigned sliceOf(const LineState &l) const {
    return sliced ? bankOf(l) / cfg.banksPerPartition : 0;
  }

private:
  struct SetState {
    /// The most recent entries, most recent first (line indices, or Hole).
    std::vector<uint32_t> recent;
    /// The older entries (owners: line indices).
    RecencyTree tree;
    unsigned holes = 0;             ///< Holes in `recent`.
    std::vector<uint32_t> ways;     ///< Non-LRU tag array.
    std::vector<uint64_t> wayMeta;  ///< FIFO order / LFU count.
    std::vector<uint64_t> wayOrder; ///< Insertion order (ties).
  };
  struct Shadow { ///< Fully associative LRU of one slice's capacity.
    uint32_t head = NoIndex, tail = NoIndex;
    uint64_t size = 0;
    uint64_t capacity = 0;
    RecencyTree faTree; ///< For fully associative profiles.
  };

  void apply(const Effect &e);
  /// Sectored: \p sectors of the line become valid, on top of those it
  /// holds if it is in the cache.
  void validate(uint32_t index, uint8_t sectors) {
    if (sectored && sectors)
      validateSectors(index, sectors);
  }
  /// A fill's sectors become valid. A line that was not in the cache when
  /// its entry was reserved lost its sectors then (allocateEntry): they are
  /// added to what arrived since; a sector miss's line may have left the
  /// cache meanwhile, which validate() checks.
  void fillSectors(uint32_t index, const MshrEntry &entry) {
    if (!sectored)
      return;
    if (entry.linePresent)
      validateSectors(index, entry.sectors);
    else
      lines[index].validSectors |= entry.sectors;
  }
  /// validate() out of line, so that the unsectored hot path stays small.
  LLVM_ATTRIBUTE_NOINLINE void validateSectors(uint32_t index,
                                               uint8_t sectors) {
    LineState &l = lines[index];
    l.validSectors = (presentNow(index) ? l.validSectors : 0) | sectors;
  }
  /// present() of the line now; short for a line among the most recent of
  /// its set when those all fit in the ways.
  bool presentNow(uint32_t index) const {
    const LineState &l = lines[index];
    if (lru && l.stamp == InRecent && recentLimit <= cfg.assoc &&
        !sets[l.set].holes)
      return true;
    return present(l, distance(l));
  }
  uint32_t newLine(uint64_t lineNumber, unsigned slice);
  void touchStack(uint32_t index);
  /// touchStack for a line not in `recent`, or a set with holes (out of
  /// line: the rare case).
  void touchStackSlow(uint32_t index);
  void shadowTouch(uint32_t index);
  void shadowRemove(uint32_t index);
  void tagInsert(uint32_t index);

  /// LineState::stamp of a line in its set's `recent` array.
  static constexpr RecencyTree::Stamp InRecent = RecencyTree::NoStamp - 1;
  /// A way freed by a write-evict invalidation, in `recent`.
  static constexpr uint32_t Hole = NoIndex;

  /// The position of line \p index in its set's `recent` array (its
  /// size when it is not there). A hit's request looks its line up and its
  /// effect moves the line at the end of the same time stamp: the position
  /// the lookup found is tried first (other effects may have moved it).
  size_t positionInRecent(const SetState &set, uint32_t index) const {
    const uint32_t *begin = set.recent.data();
    const size_t size = set.recent.size();
    if (lastFound.line == index && lastFound.position < size &&
        begin[lastFound.position] == index)
      return lastFound.position;
    const size_t position = scanRecent(begin, size, index);
    lastFound = {index, static_cast<uint32_t>(position)};
    return position;
  }
  static size_t scanRecent(const uint32_t *begin, size_t size, uint32_t index) {
    size_t i = 0;
#ifdef __SSE2__
    // Four entries a compare: `recent` holds up to recentLimit entries, and
    // a hit's is anywhere among them.
    const __m128i key = _mm_set1_epi32(static_cast<int>(index));
    for (; i + 4 <= size; i += 4) {
      const __m128i four =
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(begin + i));
      if (int found =
              _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(four, key))))
        return i + static_cast<size_t>(__builtin_ctz(found));
    }
#endif
    while (i != size && begin[i] != index)
      ++i;
    return i;
  }
  /// positionInRecent's last scan (a cache level is used by one thread).
  struct RecentPosition {
    uint32_t line = NoIndex;
    uint32_t position = 0;
  };
  mutable RecentPosition lastFound;
  /// Removes the entry at \p position of `recent`.
  static void eraseRecent(SetState &set, size_t position) {
    set.recent.erase(set.recent.begin() + position);
  }
  /// Takes the line at the top of the set's stack; \p fromTree: it was in
  /// the tree (or new: NoStamp) rather than in `recent`.
  void pushRecent(SetState &set, uint32_t index);
  size_t recentLimit = 16; ///< Entries kept in `recent` per set.

  CacheLevelConfig cfg;
  unsigned levelNumber;
  unsigned sm;
  bool lru;
  bool sliced; ///< L1 partitions are per-warp slices.
  bool sectored;
  uint8_t allSectors; ///< Mask of a line's sectors.
  uint64_t insertions = 0;
  std::vector<LineState> lines;
  LineTable lineOfKey;
  std::vector<uint32_t> wayOf;      ///< Non-LRU: way of each line.
  std::vector<uint32_t> faStampOf;  ///< FA profiles: stamp of each line.
  std::vector<uint16_t> tableOfSet; ///< MSHR table of each set (if > 1).
  std::vector<SetState> sets;
  std::vector<Shadow> shadows;
  std::vector<MshrEntry> entries;
  std::vector<int32_t> freeEntryList;
  std::vector<unsigned> usedEntries;
  unsigned totalBusy = 0;
  TimingWheel<Effect> effects;
  Effect dueNow{};
  bool hasDueNow = false;
  uint64_t now = ~uint64_t(0);
  std::vector<CacheCounters> siteCounters;
  ReuseProfile perSet;
  std::optional<IntervalReuseProfile> perSetIntervals;
  std::optional<ReuseProfile> fa;
  std::optional<IntervalReuseProfile> faIntervals;
  Random random;
  CacheModelObserver *obs;
};

// The hot path, inline so that the engines can inline it.

inline void CacheLevel::pushRecent(SetState &set, uint32_t index) {
  // The oldest entry of a full array moves to the tree, as its most recent
  // entry (a hole there is below every way: dropped).
  if (set.recent.size() >= recentLimit) {
    uint32_t oldest = set.recent.back();
    set.recent.pop_back();
    if (oldest == Hole) {
      --set.holes;
    } else {
      lines[oldest].stamp = set.tree.touch(
          RecencyTree::NoStamp, oldest,
          [&](uint32_t owner, uint32_t stamp) { lines[owner].stamp = stamp; });
    }
  }
  set.recent.insert(set.recent.begin(), index);
  lines[index].stamp = InRecent;
}

inline void CacheLevel::touchStack(uint32_t index) {
  LineState &l = lines[index];
  SetState &set = sets[l.set];
  if (LLVM_LIKELY(l.stamp == InRecent && !(lru && set.holes))) {
    // The common case, a line among the most recent of a set without
    // holes: move it to the front (usually a short move: hits are near the
    // top).
    size_t position = positionInRecent(set, index);
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
  touchStackSlow(index);
}

inline void CacheLevel::shadowTouch(uint32_t index) {
  LineState &l = lines[index];
  Shadow &shadow = shadows[sliceOf(l)];
  if (l.inShadow) {
    if (shadow.head == index)
      return;
    // Unlink.
    lines[l.faPrev].faNext = l.faNext;
    if (l.faNext != NoIndex)
      lines[l.faNext].faPrev = l.faPrev;
    else
      shadow.tail = l.faPrev;
  } else {
    l.inShadow = true;
    ++shadow.size;
  }
  l.faPrev = NoIndex;
  l.faNext = shadow.head;
  if (shadow.head != NoIndex)
    lines[shadow.head].faPrev = index;
  shadow.head = index;
  if (shadow.tail == NoIndex)
    shadow.tail = index;
  if (shadow.size > shadow.capacity) {
    uint32_t victim = shadow.tail;
    shadowRemove(victim);
  }
}

inline void CacheLevel::reference(uint32_t index) {
  touchStack(index);
  if (!lru)
    tagInsert(index);
  shadowTouch(index);
  lines[index].invalidated = false;
  if (fa)
    profileFullyAssociative(index);
}

LLVM_ATTRIBUTE_ALWAYS_INLINE void CacheLevel::apply(const Effect &e) {
  switch (e.kind) {
  case Effect::Reference:
    validate(e.line, e.sectors);
    reference(e.line);
    break;
  case Effect::Fill:
    fillSectors(e.line, entries[e.mshr]);
    reference(e.line);
    break;
  case Effect::Invalidate:
    invalidate(e.line);
    break;
  }
  if (e.kind == Effect::Fill) {
    MshrEntry &entry = entries[e.mshr];
    assert(entry.active && "fill of a free MSHR entry");
    entry.active = false;
    --usedEntries[entry.table];
    --totalBusy;
    if (lines[entry.line].mshr == e.mshr)
      lines[entry.line].mshr = -1;
    freeEntryList.push_back(e.mshr);
    if (onEntryFreed && entry.owner != NoIndex)
      onEntryFreed(entry.owner);
  }
  if (obs && e.kind != Effect::Invalidate) {
    EffectEvent event;
    event.level = levelNumber;
    event.sm = sm;
    event.time = e.time;
    event.lineAddress = lines[e.line].lineNumber * cfg.lineSize;
    event.fill = e.kind == Effect::Fill;
    obs->onEffect(event);
  }
}

} // namespace gpurd::model

#endif // GPURD_LIB_MODEL_CACHE_CACHELEVEL_H
