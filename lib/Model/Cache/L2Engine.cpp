//===- L2Engine.cpp - The shared L2 (seed 001 Algorithm 1, §4.4) ----------===//
//
// Seed 001 Algorithm 1: after the L1s, the L2 trace is built from the
// accesses that missed or bypassed the L1s and analysed like the L1 ("due to
// space limitation and its similarities to L1 analysis, the L2 analysis
// algorithms are not covered"). Here the L1s run side by side in time and
// their outgoing requests reach the L2 in the order they leave the L1s (time,
// then SM); each step, the requests that have arrived take the free ports of
// their bank (oldest first) and are stepped by StepCore like the L1's, with
// the L2's MSHR tables (one per partition group, seed 001 §4.4.2) and its
// own latency model (none given: misses fill at once). Writes follow the
// L2's write policy; read misses that reserve an entry are DRAM reads.
//
// Write-back: the sectors a write references become dirty (the line's dirty
// mask; a write-back moves those sectors, as a sectored L2 writes back only
// its dirty sectors). LRU evictions are not
// events here (a line is present while its stack distance is below the
// ways), so a dirty line's write-back is counted when it is found gone: at
// the next request for it, or at the end of the launch; dirty lines still
// present at the end are reported apart (written back after the launch).
//
//===----------------------------------------------------------------------===//

#include "StepCore.h"

#include <deque>

namespace gpurd::model {

struct L2Engine::Impl {
  Impl(const CacheLevelConfig &config, const CacheModelOptions &options,
       const ProfileSettings &profiles)
      : level(config, 2, 0, profiles, options.seed, options.observer),
        latency(config.latency, config.hasLatencyModel),
        core(level, latency, config.mshr, options.clipLatencyMisses, 2, 0,
             options.observer) {
    hooks.onFetch = [this](const PortRequest &, uint8_t sectors) {
      ++dramReads;
      dramReadSectors += sectorCount(sectors);
    };
    hooks.onWrite = [this](const PortRequest &r, bool present) {
      const CacheLevelConfig &c = level.config();
      switch (c.writePolicy) {
      case arch::WritePolicy::WriteEvict:
        if (present)
          level.invalidate(r.line);
        writeThrough(r.sectorMask);
        break;
      case arch::WritePolicy::WriteThrough:
        // A write that allocates makes its sectors valid.
        if (present || c.writeAllocate)
          level.referenceSectors(r.line, level.sectorsOf(r.sectorMask));
        writeThrough(r.sectorMask);
        break;
      case arch::WritePolicy::WriteBack:
        if (present || c.writeAllocate) {
          level.referenceSectors(r.line, level.sectorsOf(r.sectorMask));
          markDirty(r.line, level.sectorsOf(r.sectorMask));
        } else {
          writeThrough(r.sectorMask);
        }
        break;
      }
    };
  }

  void admit(uint64_t step) {
    while (!pending.empty() && pending.front().time <= step) {
      const DownstreamRequest &d = pending.front();
      PortRequest r;
      r.priority = arrivals++;
      r.order = 0;
      r.line = level.lineIndex(d.l2Line, 0);
      r.bank = level.bankOf(level.line(r.line));
      r.site = d.site;
      r.kind = d.kind;
      r.sectorMask = d.sectors;
      r.usesCache =
          level.config().bypass != arch::BypassPolicy::ReadsAndWrites &&
          !(d.kind != OpKind::Read &&
            level.config().bypass == arch::BypassPolicy::Writes);
      if (!r.usesCache) {
        CacheCounters &counters = level.counters(d.site);
        ++counters.bypassed;
        if (d.kind == OpKind::Read) {
          ++dramReads;
          dramReadSectors += sectorCount(level.sectorsOf(d.sectors));
        } else {
          ++counters.writeAccesses;
          writeThrough(d.sectors);
        }
        pending.pop_front();
        continue;
      }
      writeBackIfEvicted(r.line);
      active.push_back(r);
      pending.pop_front();
    }
  }

  /// A write DRAM takes at once (write-through, write-evict, bypassed or
  /// not allocated): its sectors.
  void writeThrough(uint32_t requestMask) {
    ++dramWrites;
    dramWriteSectors += sectorCount(level.sectorsOf(requestMask));
  }
  void markDirty(uint32_t line, uint8_t sectors) {
    if (line >= dirty.size())
      dirty.resize(std::max<size_t>(line + 1, dirty.size() * 2), 0);
    dirty[line] |= sectors;
  }
  void writeBack(uint32_t line) {
    ++dramWrites;
    dramWriteSectors += sectorCount(dirty[line]);
    dirty[line] = 0;
  }
  bool isPresent(uint32_t line) {
    const LineState &state = level.line(line);
    return level.present(state, level.distance(state));
  }
  /// A dirty line that is no longer in the cache was written back when it
  /// left.
  void writeBackIfEvicted(uint32_t line) {
    if (line < dirty.size() && dirty[line] && !isPresent(line))
      writeBack(line);
  }
  void flushDirty() {
    for (uint32_t line = 0; line < dirty.size(); ++line) {
      if (!dirty[line])
        continue;
      if (isPresent(line)) {
        ++dirtyAtEnd;
        dirty[line] = 0;
      } else {
        writeBack(line);
      }
    }
  }

  void runUntil(uint64_t limit) {
    while (time < limit) {
      admit(time);
      if (active.empty()) {
        // Nothing to do until the next arrival.
        uint64_t next =
            pending.empty() ? limit : std::min(pending.front().time, limit);
        next = std::max(next, time + 1);
        level.applyEffectsThrough(next - 1);
        time = next;
        continue;
      }
      core.step(time, active, hooks);
      ++steps;
      // Drop the finished requests, keeping the order of the others.
      size_t kept = 0;
      for (size_t i = 0; i < active.size(); ++i)
        if (active[i].state != PortRequest::Done)
          active[kept++] = active[i];
      active.resize(kept);
      ++time;
    }
  }

  CacheLevel level;
  LatencySampler latency;
  StepCore core;
  StepHooks hooks;
  std::deque<DownstreamRequest> pending;
  std::vector<PortRequest> active;
  uint64_t arrivals = 0;
  uint64_t time = 0;
  uint64_t steps = 0;
  uint64_t dramReads = 0;
  uint64_t dramReadSectors = 0;
  uint64_t dramWrites = 0;
  uint64_t dramWriteSectors = 0;
  uint64_t dirtyAtEnd = 0;
  /// Per line index: the sectors written since its fill.
  std::vector<uint8_t> dirty;
};

L2Engine::L2Engine(const CacheLevelConfig &config,
                   const CacheModelOptions &options,
                   const ProfileSettings &profiles)
    : impl(std::make_unique<Impl>(config, options, profiles)) {}

L2Engine::~L2Engine() = default;

void L2Engine::push(const DownstreamRequest &request) {
  impl->pending.push_back(request);
}

void L2Engine::runUntil(uint64_t limit) { impl->runUntil(limit); }

void L2Engine::finish() {
  while (!impl->pending.empty() || !impl->active.empty())
    impl->runUntil(impl->time + 1024);
  impl->level.applyEffectsThrough(~uint64_t(0));
  impl->flushDirty();
}

CacheLevel &L2Engine::level() { return impl->level; }
uint64_t L2Engine::dramReads() const { return impl->dramReads; }
double L2Engine::readHitRate() const {
  CacheCounters total;
  for (const CacheCounters &c : impl->level.allCounters())
    total.add(c);
  return total.readHitRate();
}
uint64_t L2Engine::dramReadSectors() const { return impl->dramReadSectors; }
uint64_t L2Engine::dramWrites() const { return impl->dramWrites; }
uint64_t L2Engine::dramWriteSectors() const { return impl->dramWriteSectors; }
uint64_t L2Engine::dirtyAtEnd() const { return impl->dirtyAtEnd; }
uint64_t L2Engine::steps() const { return impl->steps; }

} // namespace gpurd::model
