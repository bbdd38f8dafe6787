//===- WarpQueueEngine.cpp - Seed 000's execution and warp-queue model ----===//
//
// Seed 000 §4.1-§4.5 for one SM:
//  - §4.1: the SM's blocks, round robin over the SMs; `activeBlocks` of them
//    resident, a new one starting when one is done (first-done,
//    first-serve); warps of a block enter the warp queue in warp order.
//  - §4.5: the warp queue is FIFO; the warp at its head issues its next
//    memory instruction, one line request per time stamp (§4.2: "every
//    memory request occurs at a fixed time"), and re-enters the queue after
//    the latency of its requests; a warp whose request finds no MSHR goes to
//    the back of the queue at once.
//  - §4.2: a request issued at time t takes effect at t + latency (hits:
//    the hit latency; misses: the miss latency). A request sees the effects
//    with an earlier time; effects with the same time are applied after the
//    time stamp's lookup, in issue order (Tables 3 and 4). A request to a
//    line in flight is a latency miss; with clipping its effect is that of
//    the pending fill. A request that arrives exactly when its line's fill
//    completes is served by the fill (Table 5, time 2: a hit with distance
//    0 that needs no MSHR).
//  - §4.3: one stack per set; a hit iff the per-set distance < ways.
//  - §4.4: before a miss changes anything it must get an MSHR entry (or merge
//    into its line's entry); otherwise it is cancelled and re-issued later
//    (reissue), or, with seed 001's policy (stall-warp), the warp stops and
//    waits until its outstanding requests are served.
//
//===----------------------------------------------------------------------===//

#include "Engines.h"

#include <algorithm>
#include <optional>

namespace gpurd::model {
namespace {

/// One instantiation per form of the L1 (\p Sectored) and of the clock
/// (\p Cycles): the hot loop tests neither per request.
template <bool Sectored, bool Cycles>
class WarpQueueEngine final : public SmEngine {
public:
  explicit WarpQueueEngine(const SmEngineSetup &setup) : SmEngine(setup) {
    // Entries held per warp matter only under a per-warp limit (seed 001's
    // Max#MSHRs per warp); otherwise a fill need not call back.
    if (setup.l1.mshr.perWarp)
      level.onEntryFreed = [this](uint32_t owner) {
        if (owner < warps.size() && warps[owner].mshrHeld)
          --warps[owner].mshrHeld;
      };
  }

  llvm::Error runUntil(uint64_t limit) override;

private:
  /// What a turn needs of an instruction, packed in the warp's stream.
  struct TurnOp {
    uint32_t site;
    uint32_t count; ///< L1 line requests.
    OpKind kind;
    bool usesL1;
  };
  /// The header words of an instruction in a stream: its site, then its
  /// request count, kind and whether it uses the L1, then, with cycles only,
  /// the instructions the warp issues before it
  /// (WarpMemoryOp::instructionsBefore). Writes and reads past the L1, which
  /// send their own lines to the L2, have two trailer words after their
  /// requests: the range of their L2 lines (so that the turn need not reload
  /// the instruction; a trailer keeps the header, which every turn reads, the
  /// same for all).
  static uint32_t trailerWords(const TurnOp &op) {
    return op.kind != OpKind::Read || !op.usesL1 ? 2 : 0;
  }
  static uint32_t packMeta(const WarpMemoryOp &op) {
    return uint32_t(op.l1Count) | uint32_t(op.kind) << 16 |
           uint32_t(op.usesL1) << 24;
  }
  static TurnOp unpack(const uint32_t *header) {
    return {header[0], header[1] & 0xffff,
            static_cast<OpKind>((header[1] >> 16) & 0xff),
            ((header[1] >> 24) & 1) != 0};
  }
  /// A request in a stream, as many words as the line model's where it can
  /// be (the stream is what each turn waits for): unsectored, one word, its
  /// line state; sectored, one word, the line state in the low 24 bits and
  /// the sectors above, or, for a warp whose requests could name a line
  /// state past 2^24 (SmEngineSetup::packedLineStates), two words (wide).
  /// Requests of instructions past the L1 have no line state.
  static constexpr unsigned PackedIndexBits = 24;
  static constexpr uint32_t PackedIndexMask = (1u << PackedIndexBits) - 1;
  struct RequestWords {
    uint32_t line;   ///< Its line state (not for requests past the L1).
    uint8_t sectors; ///< The sectors it asks for (1: unsectored).
  };

  struct Warp {
    /// The warp's stream (owned by its block's slot, whose buffers are
    /// reused by the next block, so loading a block does not allocate):
    /// per instruction its header words, then the L1 line state of each of
    /// its requests (NoIndex for instructions that do not use the L1). One
    /// packed stream, read in order, is what each turn touches of the
    /// block: the warps' streams are far apart in memory, and the turns of
    /// other warps run between two of a warp's.
    const uint32_t *stream = nullptr;
    uint32_t position = 0; ///< Of the current instruction's header.
    uint32_t l1Cursor = 0; ///< Its first request in trace->l1Lines.
    uint32_t op = 0;       ///< Its index in trace->ops.
    uint32_t opCount = 0;  ///< trace->ops.size().
    uint32_t mshrHeld = 0; ///< MSHR entries (counted under a per-warp limit).
    uint32_t slot = 0;
    uint32_t scheduler = 0;    ///< Clock::Cycles: the one issuing it.
    uint64_t pendingUntil = 0; ///< Latest effect time of its requests.
    const WarpRequests *trace = nullptr;
    /// Sectored: its requests take two words each (see RequestWords).
    bool wide = false;
    std::vector<uint32_t> retry; ///< Requests to re-issue (indices into
                                 ///< trace.l1Lines).
    bool done = false;

    TurnOp next() const { return unpack(stream + position); }
    /// Words per request of its stream.
    uint32_t stride() const { return sectored && wide ? 2 : 1; }
    /// Instructions it issues before its current memory instruction.
    /// (Cycles only: the requests clock's headers leave it out.)
    uint32_t issuesBefore() const { return stream[position + 2]; }
    /// The first word of request \p req of the current instruction, whose
    /// header takes \p header words and requests \p stride each.
    const uint32_t *requestAt(uint32_t req, uint32_t header,
                              uint32_t stride) const {
      return stream + position + header + (req - l1Cursor) * stride;
    }
  };
  struct Slot {
    std::vector<WarpRequests> traces;
    /// Per warp, reused block after block and never zero-filled (every word
    /// a turn reads is written first).
    struct Stream {
      std::unique_ptr<uint32_t[]> words;
      size_t capacity = 0;
      bool wide = false; ///< Warp::wide.
      uint32_t *reserve(size_t size) {
        if (size > capacity) {
          words.reset(new uint32_t[size]);
          capacity = size;
        }
        return words.get();
      }
    };
    std::vector<Stream> streams;
    uint64_t block = 0;
    unsigned warpsLeft = 0;
    bool busy = false;
  };
  llvm::Error startBlocks();
  llvm::Error startBlock(uint32_t slot, uint64_t block);
  /// Writes the requests of \p op to \p out (see RequestWords); returns
  /// the end.
  uint32_t *writeRequests(const WarpRequests &trace, const WarpMemoryOp &op,
                          unsigned slice, bool wide, uint32_t *out);
  void finishWarp(uint32_t id);
  void releaseDelayed() {
    delayed.releaseThrough(time, [this](uint32_t id) {
      // Its turn comes soon: ask for the instruction it will read.
      const Warp &warp = warps[id];
      __builtin_prefetch(warp.stream + warp.position);
      fifo.push(id);
    });
  }
  void beginTurn(uint32_t id);
  /// Processes request \p req of the current turn at `time`; false when it
  /// found no MSHR.
  /// (Sectored: the L1 keeps sectors apart; an unsectored L1 takes the
  /// line model's path, and its sector counters are the line counters.)
  template <bool Observe>
  bool processRequest(Warp &warp, const TurnOp &op, uint32_t req,
                      bool firstOfOp);
  /// Request \p req of the current turn's instruction, from the stream.
  RequestWords decode(const Warp &warp, uint32_t req) const {
    if constexpr (!Sectored)
      return {*warp.requestAt(req, headerWords, 1), 1};
    if (LLVM_UNLIKELY(warp.wide)) {
      const uint32_t *words = warp.requestAt(req, headerWords, 2);
      return {words[0], static_cast<uint8_t>(words[1])};
    }
    const uint32_t word = *warp.requestAt(req, headerWords, 1);
    return {word & PackedIndexMask,
            static_cast<uint8_t>(word >> PackedIndexBits)};
  }
  /// processRequest for writes and reads that bypass the L1.
  template <bool Observe>
  LLVM_ATTRIBUTE_NOINLINE bool
  processWriteOrBypass(Warp &warp, const TurnOp &op, RequestWords request,
                       bool firstOfOp, CacheCounters &counters, uint64_t s,
                       std::optional<RequestEvent> &event);
  void endTurn();
  /// Clock::Cycles: when a warp ready at \p ready has issued the
  /// instructions before its next memory instruction: its scheduler issues
  /// issueWidth a cycle, to the warps in the order they ask (seed 000 §4.2
  /// leaves non-memory instructions out; the Requests clock still does).
  /// (The count is read from the warp's stream only with cycles: the
  /// stream's next words are still on their way from memory when the turn
  /// ends, and the requests clock has no use for them.)
  uint64_t afterIssuing(Warp &warp, uint64_t ready) {
    if (!cycles)
      return ready;
    const uint32_t count = warp.issuesBefore();
    if (count == 0)
      return ready;
    uint64_t &free = issueFree[warp.scheduler];
    uint64_t done = std::max(ready, free) +
                    (count + setup.issueWidth - 1) / setup.issueWidth;
    free = done;
    return done;
  }
  /// Puts a warp ready at \p ready in the queue (now) or among the delayed.
  void enqueue(uint32_t id, uint64_t ready) {
    if (ready <= time)
      fifo.push(id);
    else
      delayed.push(ready, id);
  }

  std::vector<Warp> warps;
  std::vector<Slot> slots;
  size_t nextBlock = 0;
  WarpFifo fifo;
  TimingWheel<uint32_t> delayed; ///< Warps by the time they are ready.
  uint64_t seq = 0;
  bool started = false;
  bool slotFreed = false;
  /// Clock::Cycles: requests per cycle (0: Clock::Requests), the requests
  /// handled in the current cycle, and when each scheduler can issue next.
  static constexpr bool cycles = Cycles;
  static constexpr bool sectored = Sectored;
  /// Whether an observer takes the requests (tested once per request).
  const bool observe = setup.options->observer != nullptr;
  /// Stream words per instruction header (the count of instructions before
  /// it only with cycles).
  static constexpr uint32_t headerWords = cycles ? 3 : 2;
  unsigned lookupsThisCycle = 0;
  std::vector<uint64_t> issueFree;

  // The current turn.
  uint32_t current = NoIndex;
  TurnOp turnOp{};
  std::vector<uint32_t> turnRequests; ///< Retries.
  uint32_t turnBase = 0;              ///< First request of the instruction.
  size_t turnCount = 0;
  size_t turnPosition = 0;
  bool turnIsRetry = false;
  std::vector<uint32_t> turnFailed;
  uint64_t turnReady = 0;
  unsigned failedTable = 0;
};

template <bool Sectored, bool Cycles>
llvm::Error WarpQueueEngine<Sectored, Cycles>::startBlock(uint32_t slot,
                                                          uint64_t block) {
  Slot &s = slots[slot];
  if (llvm::Error e = loadBlock(block, s.traces))
    return e;
  s.block = block;
  s.busy = true;
  s.warpsLeft = 0;
  // Look the block's lines up once, now: the lookups of a whole block
  // overlap in the processor, where one per time stamp would wait for the
  // line table in turn. (Lines get their indices, mere names of their
  // states, in another order; nothing depends on it.)
  s.streams.resize(s.traces.size());
  for (size_t w = 0; w < s.traces.size(); ++w) {
    const WarpRequests &trace = s.traces[w];
    // At most: every instruction with a trailer, every request wide.
    uint32_t *out = s.streams[w].reserve((headerWords + 2) * trace.ops.size() +
                                         trace.l1Lines.size() * 2);
    const unsigned slice = sliceOf(trace.warp);
    // New line states are numbered on: the warp's stay below the current
    // count plus its requests.
    const bool wide = sectored && level.lineCount() + trace.l1Lines.size() >
                                      setup.packedLineStates;
    s.streams[w].wide = wide;
    uint32_t expectedBegin = trace.ops.empty() ? 0 : trace.ops[0].l1Begin;
    for (const WarpMemoryOp &op : trace.ops) {
      // The turns step from one instruction's requests to the next.
      if (op.l1Begin != expectedBegin || op.l1End() > trace.l1Lines.size())
        return llvm::createStringError(
            "warp %u of block %llu: the L1 requests of its instructions are "
            "not consecutive in l1Lines",
            trace.warp, static_cast<unsigned long long>(block));
      expectedBegin = op.l1End();
      *out++ = op.site;
      *out++ = packMeta(op);
      if (cycles)
        *out++ = op.instructionsBefore;
      out = writeRequests(trace, op, slice, wide, out);
      if (op.kind != OpKind::Read || !op.usesL1) {
        *out++ = op.l2Begin;
        *out++ = op.l2Count;
      }
    }
  }
  for (size_t w = 0; w < s.traces.size(); ++w) {
    const WarpRequests &trace = s.traces[w];
    uint32_t id = static_cast<uint32_t>(warps.size());
    warps.emplace_back();
    Warp &warp = warps.back();
    warp.trace = &trace;
    warp.stream = s.streams[w].words.get();
    warp.wide = s.streams[w].wide;
    warp.slot = slot;
    warp.opCount = static_cast<uint32_t>(trace.ops.size());
    if (trace.ops.empty()) {
      warp.done = true;
      continue;
    }
    warp.l1Cursor = trace.ops[0].l1Begin;
    warp.scheduler =
        static_cast<uint32_t>(trace.warp % std::max(setup.warpSchedulers, 1u));
    ++s.warpsLeft;
    enqueue(id, afterIssuing(warp, time));
  }
  return llvm::Error::success();
}

template <bool Sectored, bool Cycles>
uint32_t *WarpQueueEngine<Sectored, Cycles>::writeRequests(
    const WarpRequests &trace, const WarpMemoryOp &op, unsigned slice,
    bool wide, uint32_t *out) {
  // processRequest looks up exactly these lines; sectored, the masks go
  // with them (the trace's own array would be a second stream to wait for,
  // a tenth of the read path's time). One loop per form.
  const uint64_t *lines = trace.l1Lines.data();
  auto lineAt = [&](uint32_t r) {
    return op.usesL1 ? level.lineIndex(lines[r], slice) : NoIndex;
  };
  if (!sectored) {
    for (uint32_t r = op.l1Begin; r < op.l1End(); ++r)
      *out++ = lineAt(r);
    return out;
  }
  // One mask per request (SmEngine::loadBlock checks).
  const uint32_t *masks = trace.l1SectorMasks.data();
  if (LLVM_UNLIKELY(wide)) {
    for (uint32_t r = op.l1Begin; r < op.l1End(); ++r) {
      *out++ = lineAt(r);
      *out++ = level.sectorsOf(masks[r]);
    }
    return out;
  }
  for (uint32_t r = op.l1Begin; r < op.l1End(); ++r)
    *out++ = (lineAt(r) & PackedIndexMask) | uint32_t(level.sectorsOf(masks[r]))
                                                 << PackedIndexBits;
  return out;
}

template <bool Sectored, bool Cycles>
llvm::Error WarpQueueEngine<Sectored, Cycles>::startBlocks() {
  // seed 000 §4.1: a block starts when a resident one is done (refill);
  // seed 001 Algorithm 2: the next CB blocks when all are done (waves).
  // Blocks without modelled requests finish at once.
  while (nextBlock < setup.blocks.size()) {
    bool anyBusy = false;
    uint32_t freeSlot = NoIndex;
    for (uint32_t s = 0; s < slots.size(); ++s) {
      if (slots[s].busy)
        anyBusy = true;
      else if (freeSlot == NoIndex)
        freeSlot = s;
    }
    if (freeSlot == NoIndex || (setup.waves && anyBusy))
      break;
    if (!setup.waves) {
      if (llvm::Error e = startBlock(freeSlot, setup.blocks[nextBlock++]))
        return e;
      if (slots[freeSlot].warpsLeft == 0)
        slots[freeSlot].busy = false;
      continue;
    }
    for (uint32_t s = 0; s < slots.size() && nextBlock < setup.blocks.size();
         ++s) {
      if (llvm::Error e = startBlock(s, setup.blocks[nextBlock++]))
        return e;
      if (slots[s].warpsLeft == 0)
        slots[s].busy = false;
    }
  }
  return llvm::Error::success();
}

template <bool Sectored, bool Cycles>
void WarpQueueEngine<Sectored, Cycles>::finishWarp(uint32_t id) {
  Warp &warp = warps[id];
  warp.done = true;
  warp.trace = nullptr;
  Slot &slot = slots[warp.slot];
  if (--slot.warpsLeft == 0) {
    slot.busy = false;
    slotFreed = true;
  }
}

template <bool Sectored, bool Cycles>
void WarpQueueEngine<Sectored, Cycles>::beginTurn(uint32_t id) {
  current = id;
  Warp &warp = warps[id];
  turnOp = warp.next();
  turnFailed.clear();
  turnPosition = 0;
  turnReady = time;
  if (!warp.retry.empty()) {
    turnIsRetry = true;
    turnRequests.swap(warp.retry);
    warp.retry.clear();
    turnCount = turnRequests.size();
  } else {
    turnIsRetry = false;
    turnBase = warp.l1Cursor;
    turnCount = turnOp.count;
  }
}

template <bool Sectored, bool Cycles>
template <bool Observe>
bool WarpQueueEngine<Sectored, Cycles>::processWriteOrBypass(
    Warp &warp, const TurnOp &op, RequestWords request, bool firstOfOp,
    CacheCounters &counters, uint64_t s, std::optional<RequestEvent> &event) {
  if (firstOfOp) {
    const uint32_t *trailer =
        warp.stream + warp.position + headerWords + op.count * warp.stride();
    emitLines(*warp.trace, op.site, op.kind, trailer[0], trailer[1]);
  }
  if (op.kind == OpKind::Read) {
    // A read past the L1: the warp waits for the level below.
    ++counters.bypassed;
    turnReady = std::max(turnReady, time + latency.miss(level));
    if constexpr (Observe) {
      event->status = RequestStatus::Bypass;
      report(*event);
    }
    return true;
  }
  ++counters.writeAccesses;
  const uint8_t sectors = request.sectors;
  counters.sectorWriteAccesses += sectorCount(sectors);
  if (!op.usesL1) {
    ++counters.bypassed;
    if constexpr (Observe) {
      event->status = RequestStatus::Bypass;
      report(*event);
    }
    return true;
  }
  const uint32_t index = request.line;
  LineState &line = level.line(index);
  uint64_t distance = level.distance(line);
  bool present = level.present(line, distance);
  if (present)
    ++counters.writeHits;
  switch (writeAction(op.kind, present)) {
  case WriteAction::None:
    break;
  case WriteAction::Reference:
    // The written sectors become valid.
    level.schedule(time, s, index, -1, Effect::Reference, sectors);
    break;
  case WriteAction::Invalidate:
    level.schedule(time, s, index, -1, Effect::Invalidate);
    break;
  }
  if constexpr (Observe) {
    event->status = RequestStatus::Write;
    event->distance = distance;
    event->set = line.set;
    event->bank = level.bankOf(line);
    report(*event);
  }
  return true;
}

template <bool Sectored, bool Cycles>
template <bool Observe>
bool WarpQueueEngine<Sectored, Cycles>::processRequest(Warp &warp,
                                                       const TurnOp &op,
                                                       uint32_t req,
                                                       bool firstOfOp) {
  const uint32_t warpId = current;
  const uint64_t s = seq++;
  CacheCounters &counters = level.countersOfKnownSite(op.site);
  // Observation is for tests and tools; the event is only built for them.
  std::optional<RequestEvent> event;
  if constexpr (Observe) {
    event.emplace();
    event->time = time;
    event->block = warp.trace->block;
    event->warp = warp.trace->warp;
    event->site = op.site;
    event->lineAddress = warp.trace->l1Lines[req] * setup.l1.lineSize;
  }

  const RequestWords request = decode(warp, req);
  if (op.kind != OpKind::Read || !op.usesL1)
    // Out of line: the read path is the hot one, and smaller without it.
    return processWriteOrBypass<Observe>(warp, op, request, firstOfOp, counters,
                                         s, event);

  const uint32_t index = request.line;
  LineState *line = &level.line(index);
  // seed 000 Table 5 (time 2): the request meets its line's fill.
  if (line->mshr >= 0 && level.entry(line->mshr).fillTime == time)
    level.applyEffectsUpTo(time, level.entry(line->mshr).seq);
  line = &level.line(index);
  const uint64_t distance = level.distance(*line);
  const unsigned table = level.tableOf(*line);
  const uint8_t mask = request.sectors;
  const bool present = level.present(*line, distance);
  SectorLookup sectors;
  if constexpr (Sectored)
    sectors = level.lookupSectors(*line, present, mask);
  else
    sectors = present           ? SectorLookup{1, 0, 0}
              : line->mshr >= 0 ? SectorLookup{0, 1, 0}
                                : SectorLookup{0, 0, 1};
  if constexpr (Observe) {
    event->distance = distance;
    event->set = line->set;
    event->bank = level.bankOf(*line);
    event->mshrsUsedBefore = level.used(table);
    recordSectors(*event, mask, sectors);
  }

  auto fail = [&]() {
    ++counters.reservationFailures;
    failedTable = table;
    if constexpr (Observe) {
      event->status = RequestStatus::ReservationFailure;
      event->mshrsUsedAfter = level.used(table);
      report(*event);
    }
    return false;
  };
  auto succeed = [&](RequestStatus status, uint64_t effectTime) {
    ++counters.readAccesses;
    if constexpr (Sectored)
      countSectors(counters, sectors);
    level.profile(*line, distance);
    line->seen = true;
    turnReady = std::max(turnReady, effectTime);
    warp.pendingUntil = std::max(warp.pendingUntil, effectTime);
    if constexpr (Observe) {
      event->status = status;
      event->latency = effectTime - time;
      event->effectTime = effectTime;
      event->mshrsUsedAfter = level.used(table);
      report(*event);
    }
    return true;
  };

  if (!(sectors.pending | sectors.missing)) {
    // The line is in the cache with every requested sector.
    ++counters.readHits;
    uint64_t effect = time + latency.hit();
    // The line holds the sectors: a hit that takes effect now changes none
    // (a later one re-validates them, in case the line left meanwhile).
    level.schedule(effect, s, index, -1, Effect::Reference,
                   effect == time ? 0 : mask);
    return succeed(RequestStatus::Hit, effect);
  }
  const MshrConfig &mshr = setup.l1.mshr;
  if (line->mshr >= 0) {
    // seed 000 §4.2: a latency miss; seed 000 §4.4: it merges into the
    // line's MSHR entry (up to seed 001's Max#Merges). Sectors the entry
    // does not bring yet join it and are fetched now.
    MshrEntry &entry = level.entry(line->mshr);
    if (mshr.maxMerges && entry.merges >= mshr.maxMerges)
      return fail();
    ++entry.merges;
    uint64_t effect = setup.options->clipLatencyMisses
                          ? entry.fillTime
                          : time + latency.miss(level);
    if (sectors.missing) {
      entry.sectors |= sectors.missing;
      emitFill(line->lineNumber, sectors.missing, op.site);
    }
    // Clipped, the merge takes effect with the entry's fill, which brings
    // its sectors (applied first: it was issued first); otherwise it
    // validates them itself.
    level.schedule(effect, s, index, -1, Effect::Reference,
                   setup.options->clipLatencyMisses ? 0 : mask);
    MissClass kind = mergeClass(present, sectors);
    ++counters.readMisses[static_cast<unsigned>(kind)];
    ++counters.mshrMerges;
    if constexpr (Observe)
      event->missClass = kind;
    return succeed(RequestStatus::LatencyMiss, effect);
  }
  if (!level.hasFreeEntry(table) ||
      (mshr.perWarp && warp.mshrHeld >= mshr.perWarp))
    return fail();
  // A line in the cache without every requested sector: a sector miss.
  MissClass kind = present ? MissClass::Sector : level.classifyMiss(*line);
  level.countNearCapacity(counters, kind, distance);
  uint64_t effect = time + latency.miss(level);
  int32_t entry = level.allocateEntry(index, table, effect, s, warpId,
                                      sectors.missing, present);
  line = &level.line(index);
  if (mshr.perWarp)
    ++warp.mshrHeld;
  level.schedule(effect, s, index, entry, Effect::Fill);
  ++counters.readMisses[static_cast<unsigned>(kind)];
  ++counters.mshrAllocations;
  emitFill(line->lineNumber, sectors.missing, op.site);
  if constexpr (Observe)
    event->missClass = kind;
  return succeed(RequestStatus::Miss, effect);
}

template <bool Sectored, bool Cycles>
void WarpQueueEngine<Sectored, Cycles>::endTurn() {
  uint32_t id = current;
  current = NoIndex;
  Warp &warp = warps[id];
  if (!turnFailed.empty()) {
    warp.retry = turnFailed;
    if (setup.l1.mshr.onFailure == arch::ReservationFailurePolicy::Reissue) {
      // seed 000 §4.5: "sent to the back of the warp queue".
      fifo.push(id);
      return;
    }
    // seed 001 §4.4: the warp stalls until its accesses are served, and an
    // entry is free again.
    uint64_t ready = std::max(warp.pendingUntil, time);
    if (std::optional<uint64_t> fill = level.earliestFill(failedTable))
      ready = std::max(ready, *fill);
    delayed.push(ready + 1, id);
    return;
  }
  if (++warp.op == warp.opCount) {
    finishWarp(id);
    return;
  }
  warp.l1Cursor += turnOp.count;
  warp.position +=
      headerWords + turnOp.count * warp.stride() + trailerWords(turnOp);
  // What the warp's next turn reads, asked for while it waits in the queue
  // (the hardware prefetchers do not follow dozens of interleaved streams).
  // (Written here rather than in a helper, which GCC would find pure and
  // drop.)
  __builtin_prefetch(warp.stream + warp.position);
  // seed 000 §4.5: delayed in proportion to the request's latency; with
  // cycles, then by the instructions before its next memory instruction.
  uint64_t ready = setup.options->delayWarpsByLatency ? turnReady : time;
  enqueue(id, afterIssuing(warp, ready));
}

template <bool Sectored, bool Cycles>
llvm::Error WarpQueueEngine<Sectored, Cycles>::runUntil(uint64_t limit) {
  if (!started) {
    slots.resize(std::max(setup.activeBlocks, 1u));
    // One entry per warp the SM will run (warp ids are not reused): one
    // allocation instead of a vector that doubles (and faults in new pages)
    // block after block.
    warps.reserve(setup.blocks.size() *
                  std::max<size_t>(setup.input->launch.warpsPerBlock(), 1));
    issueFree.assign(std::max(setup.warpSchedulers, 1u), 0);
    if (llvm::Error e = startBlocks())
      return e;
    started = true;
  }
  while (time < limit && !finished) {
    if (current == NoIndex) {
      releaseDelayed();
      if (fifo.empty()) {
        if (delayed.empty()) {
          // Everything issued: let the pending effects land.
          level.applyEffectsThrough(~uint64_t(0));
          finished = true;
          break;
        }
        // Idle until the next warp is ready.
        uint64_t next = std::min(delayed.nextTime(), limit);
        level.applyEffectsThrough(next - 1);
        time = next;
        continue;
      }
      uint32_t id = fifo.pop();
      beginTurn(id);
    }
    Warp &warp = warps[current];
    const TurnOp &op = turnOp;
    auto requestAt = [&](size_t position) {
      return turnIsRetry ? turnRequests[position]
                         : turnBase + static_cast<uint32_t>(position);
    };
    uint32_t req = requestAt(turnPosition);
    bool firstOfOp = !turnIsRetry && turnPosition == 0;
    level.setNow(time);
    const bool ok = observe ? processRequest<true>(warp, op, req, firstOfOp)
                            : processRequest<false>(warp, op, req, firstOfOp);
    ++turnPosition;
    if (!ok) {
      turnFailed.push_back(req);
      if (setup.l1.mshr.onFailure ==
          arch::ReservationFailurePolicy::StallWarp) {
        // The rest of the instruction waits with the failed request.
        for (; turnPosition < turnCount; ++turnPosition)
          turnFailed.push_back(requestAt(turnPosition));
      }
    }
    const bool turnEnded = turnPosition == turnCount;
    if (turnEnded) {
      endTurn();
      if (slotFreed) {
        slotFreed = false;
        if (llvm::Error e = startBlocks())
          return e;
      }
    }
    // Cycles: the L1 takes requestsPerCycle requests of one instruction per
    // cycle; the next instruction starts in the next cycle.
    if (cycles && ++lookupsThisCycle < setup.requestsPerCycle && !turnEnded)
      continue;
    lookupsThisCycle = 0;
    // The end of the time stamp (cycle): its effects, in issue order (seed
    // 000 §4.2 Table 4).
    level.applyEffectsThrough(time);
    ++time;
  }
  return llvm::Error::success();
}

template <bool Sectored, bool Cycles>
std::unique_ptr<SmEngine> createEngine(const SmEngineSetup &setup) {
  return std::make_unique<WarpQueueEngine<Sectored, Cycles>>(setup);
}

} // namespace

std::unique_ptr<SmEngine> createWarpQueueEngine(const SmEngineSetup &setup) {
  const bool cycles = setup.requestsPerCycle != 0;
  if (setup.l1.isSectored())
    return cycles ? createEngine<true, true>(setup)
                  : createEngine<true, false>(setup);
  return cycles ? createEngine<false, true>(setup)
                : createEngine<false, false>(setup);
}

} // namespace gpurd::model
