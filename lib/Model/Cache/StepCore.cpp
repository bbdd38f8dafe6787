//===- StepCore.cpp - Seed 001's parallel RD steps over banks and ports ---===//

#include "StepCore.h"

#include <algorithm>
#include <cassert>

namespace gpurd::model {

StepCore::StepCore(CacheLevel &level, const LatencySampler &latency,
                   const MshrConfig &mshr, bool clipLatencyMisses,
                   unsigned level1or2, unsigned sm,
                   CacheModelObserver *observer)
    : level(level), latency(latency), mshr(mshr), clip(clipLatencyMisses),
      levelNumber(level1or2), sm(sm), observer(observer),
      ports(level.config().portsPerBank), busyPorts(level.config().banks(), 0) {
  assert(ports <= 64 && "at most 64 ports per bank are modelled");
}

bool StepCore::step(uint64_t step, std::vector<PortRequest> &requests,
                    const StepHooks &hooks) {
  level.setNow(step);
  // Phase 1: free ports go to waiting requests in priority order, and the
  // new holders look their line up.
  scratch.clear();
  for (uint32_t i = 0; i < requests.size(); ++i)
    if (requests[i].state == PortRequest::Waiting)
      scratch.push_back(i);
  std::sort(scratch.begin(), scratch.end(), [&](uint32_t a, uint32_t b) {
    const PortRequest &x = requests[a], &y = requests[b];
    return x.priority != y.priority ? x.priority < y.priority
                                    : x.order < y.order;
  });
  std::vector<uint32_t> unlimitedCount;
  if (ports == 0)
    unlimitedCount.assign(busyPorts.size(), 0);
  for (uint32_t i : scratch) {
    PortRequest &r = requests[i];
    if (ports == 0) {
      r.port = static_cast<uint16_t>(unlimitedCount[r.bank]++);
    } else {
      uint64_t freeMask =
          ~busyPorts[r.bank] &
          (ports == 64 ? ~uint64_t(0) : (uint64_t(1) << ports) - 1);
      if (!freeMask)
        continue;
      unsigned port = static_cast<unsigned>(__builtin_ctzll(freeMask));
      busyPorts[r.bank] |= uint64_t(1) << port;
      r.port = static_cast<uint16_t>(port);
    }
    r.state = PortRequest::Holding;
    if (r.usesCache && r.kind == OpKind::Read) {
      const LineState &line = level.line(r.line);
      const SectorLookup sectors =
          level.lookupSectors(line, level.present(line, level.distance(line)),
                              level.sectorsOf(r.sectorMask));
      r.hitAtLookup = !r.failedBefore && !(sectors.pending | sectors.missing);
      r.validAtLookup = r.failedBefore ? 0 : sectors.hit;
    }
  }

  // Phase 2: arrivals, in reservation order (seed 001 §4.4).
  level.applyEffectsThrough(step);
  scratch.clear();
  for (uint32_t i = 0; i < requests.size(); ++i)
    if (requests[i].state == PortRequest::Holding)
      scratch.push_back(i);
  std::sort(scratch.begin(), scratch.end(), [&](uint32_t a, uint32_t b) {
    const PortRequest &x = requests[a], &y = requests[b];
    if (x.priority != y.priority)
      return x.priority < y.priority;
    if (x.bank != y.bank)
      return x.bank < y.bank;
    if (x.port != y.port)
      return x.port < y.port;
    return x.order < y.order;
  });
  for (uint32_t i : scratch) {
    PortRequest &r = requests[i];
    if (resolve(step, r, hooks)) {
      r.state = PortRequest::Done;
      if (ports)
        busyPorts[r.bank] &= ~(uint64_t(1) << r.port);
    } else if (mshr.onFailure == arch::ReservationFailurePolicy::Reissue) {
      // Seed 000's policy in steps: the request gives its port up and is
      // issued again.
      r.state = PortRequest::Waiting;
      if (ports)
        busyPorts[r.bank] &= ~(uint64_t(1) << r.port);
    }
  }
  // Misses with a latency of one step arrive at the end of this step.
  level.applyEffectsThrough(step);

  if (observer) {
    StepEvent event;
    event.level = levelNumber;
    event.sm = sm;
    event.step = step;
    for (unsigned t = 0; t < level.tables(); ++t)
      event.freeMshrs.push_back(level.freeEntries(t));
    observer->onStepEnd(event);
  }
  return std::all_of(
      requests.begin(), requests.end(),
      [](const PortRequest &r) { return r.state == PortRequest::Done; });
}

bool StepCore::resolve(uint64_t step, PortRequest &r, const StepHooks &hooks) {
  const uint64_t s = seq++;
  LineState *line = &level.line(r.line);
  CacheCounters &counters = level.counters(r.site);
  const uint64_t distance = level.distance(*line);
  const unsigned table = level.tableOf(*line);
  RequestEvent event;
  if (observer) {
    event.level = levelNumber;
    event.sm = sm;
    event.time = step;
    event.block = r.block;
    event.warp = r.warp;
    event.site = r.site;
    event.lineAddress = line->lineNumber * level.config().lineSize;
    event.bank = r.bank;
    event.port = r.port;
    event.set = line->set;
    event.distance = distance;
    event.mshrsUsedBefore = level.used(table);
  }
  auto report = [&](RequestStatus status) {
    if (observer) {
      event.status = status;
      event.mshrsUsedAfter = level.used(table);
      observer->onRequest(event);
    }
  };
  // A latency of L steps: the block arrives at the end of step i + L - 1.
  auto arrival = [&](uint64_t l) {
    return step + std::max<uint64_t>(l, 1) - 1;
  };

  const uint8_t mask = level.sectorsOf(r.sectorMask);
  if (r.kind != OpKind::Read || !r.usesCache) {
    if (r.kind == OpKind::Read) {
      ++counters.bypassed;
      report(RequestStatus::Bypass);
      return true;
    }
    ++counters.writeAccesses;
    counters.sectorWriteAccesses += sectorCount(mask);
    if (!r.usesCache) {
      ++counters.bypassed;
      report(RequestStatus::Bypass);
      return true;
    }
    bool present = level.present(*line, distance);
    if (present)
      ++counters.writeHits;
    hooks.onWrite(r, present);
    report(RequestStatus::Write);
    return true;
  }

  const bool present = level.present(*line, distance);
  SectorLookup sectors = level.lookupSectors(*line, present, mask);
  // It missed at its lookup and its block arrived since: served by that
  // fill, as a merged (latency) miss; the sectors it lacked were pending.
  const bool servedByFill =
      !r.hitAtLookup && !(sectors.pending | sectors.missing);
  if (r.hitAtLookup) {
    sectors = SectorLookup{mask, 0, 0};
  } else if (servedByFill) {
    sectors.hit = mask & r.validAtLookup;
    sectors.pending = mask & ~r.validAtLookup;
  }
  if (observer)
    recordSectors(event, mask, sectors);
  auto succeed = [&](RequestStatus status, uint64_t effect,
                     uint64_t latencySteps) {
    ++counters.readAccesses;
    countSectors(counters, sectors);
    level.profile(*line, distance);
    line->seen = true;
    if (observer) {
      event.latency = latencySteps;
      event.effectTime = effect;
    }
    report(status);
    return true;
  };

  if (r.hitAtLookup) {
    ++counters.readHits;
    uint64_t effect = arrival(latency.hit());
    level.schedule(effect, s, r.line, -1, Effect::Reference, mask);
    return succeed(RequestStatus::Hit, effect, latency.hit());
  }
  if (servedByFill) {
    ++counters.readMisses[static_cast<unsigned>(MissClass::Latency)];
    ++counters.mshrMerges;
    level.schedule(step, s, r.line, -1, Effect::Reference, mask);
    event.missClass = MissClass::Latency;
    return succeed(RequestStatus::LatencyMiss, step, 0);
  }
  if (line->mshr >= 0) {
    MshrEntry &entry = level.entry(line->mshr);
    if (mshr.maxMerges && entry.merges >= mshr.maxMerges) {
      ++counters.reservationFailures;
      r.failedBefore = true;
      report(RequestStatus::ReservationFailure);
      return false;
    }
    ++entry.merges;
    uint64_t effect = clip ? entry.fillTime : arrival(latency.miss(level));
    if (sectors.missing) {
      entry.sectors |= sectors.missing;
      if (hooks.onFetch)
        hooks.onFetch(r, sectors.missing);
    }
    level.schedule(effect, s, r.line, -1, Effect::Reference, mask);
    MissClass kind = mergeClass(present, sectors);
    ++counters.readMisses[static_cast<unsigned>(kind)];
    ++counters.mshrMerges;
    event.missClass = kind;
    return succeed(RequestStatus::LatencyMiss, effect, effect + 1 - step);
  }
  bool warpLimit = mshr.perWarp && r.owner != NoIndex && hooks.heldBy &&
                   hooks.heldBy(r.owner) >= mshr.perWarp;
  if (!level.hasFreeEntry(table) || warpLimit) {
    ++counters.reservationFailures;
    r.failedBefore = true;
    report(RequestStatus::ReservationFailure);
    return false;
  }
  // A line in the cache without every requested sector: a sector miss.
  MissClass kind = present ? MissClass::Sector : level.classifyMiss(*line);
  level.countNearCapacity(counters, kind, distance);
  const uint64_t missLatency = latency.miss(level);
  uint64_t effect = arrival(missLatency);
  int32_t entry = level.allocateEntry(r.line, table, effect, s, r.owner,
                                      sectors.missing, present);
  line = &level.line(r.line);
  if (hooks.onHold && r.owner != NoIndex)
    hooks.onHold(r.owner);
  level.schedule(effect, s, r.line, entry, Effect::Fill);
  ++counters.readMisses[static_cast<unsigned>(kind)];
  ++counters.mshrAllocations;
  if (hooks.onFetch)
    hooks.onFetch(r, sectors.missing);
  event.missClass = kind;
  return succeed(RequestStatus::Miss, effect, missLatency);
}

} // namespace gpurd::model
