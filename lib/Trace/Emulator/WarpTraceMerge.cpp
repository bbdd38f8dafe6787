//===- WarpTraceMerge.cpp - A warp's thread logs into warp instructions ---===//
//
// Merge rule. Each lane's log is in its program order. An entry of a lane's
// log joins the entries of the warp's other lanes with the same key: the
// site (or marker, ControlMarks.cpp), the iteration of every loop around it
// (a warp runs each iteration with the lanes still in it), and its
// occurrence among the lane's entries with that site and iteration (which
// only control flow that LLVM finds no loop in repeats). Warp instructions
// are emitted one at a time: a key is ready when every lane that still has
// it pending has it at the head of its log (nothing that lane does earlier
// is still unemitted); among the ready keys the one at the head of the
// lowest-numbered lane goes first, and it takes every lane whose head it
// is. (If no key is ready, which only unstructured control flow can cause,
// the lowest lane's head is emitted with the lanes that have it at their
// head, and the other lanes' executions of it become a later warp
// instruction.) So every lane's program order is respected, divergent
// branches come out one after the other, and loops whose trip counts differ
// across lanes continue with the lanes still in them. Markers are emitted
// the same way but become no warp instruction.
//
// Instructions issued. A log entry's `before` counts the lane's non-memory
// IR instructions since its previous entry (branches count, phis do not; debug,
// lifetime and assume intrinsics do not; untraced memory operations in
// non-inlined callees count as non-memory instructions). With markers, the
// code between two consecutive entries is straight-line code that the entry
// it starts from decides, so the warp issues it once for all lanes that
// start from the same emitted entry: as long as the longest of them
// (`charged` keeps, per starting entry, what was issued so far). Lanes
// that start from different entries (two sides of a branch) ran different
// code, and both count. The instructions of markers go to the next warp
// instruction (instructionsBefore) or to the warp's trailingInstructions
// after its last. A warp with a lane that dropped its markers (past its
// share of the log) is merged without them: each warp instruction counts
// the largest `before` of its lanes, markers' instructions folded into the
// next entry of their lane, and the trailing count is the largest over the
// lanes.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <tuple>

namespace gpurd::trace::emu {

namespace {
/// No entry: the start of a lane's log.
constexpr uint32_t NoKey = UINT32_MAX;

/// A lane's address in a warp instruction: flat global addresses as they
/// are, shared and local ones as offsets in their space.
uint64_t laneAddress(const Event &event) {
  return tagOf(event.address) == 0 ? event.address : event.address & OffsetMask;
}

/// Whether \p a (of \p at) and \p b (of \p bt) have the same site in the
/// same iteration of every loop around it.
bool sameSiteAndIteration(const Event &a, const Thread &at, const Event &b,
                          const Thread &bt) {
  if (a.site != b.site)
    return false;
  const uint32_t *x = at.iterations.data() + a.iteration;
  const uint32_t *y = bt.iterations.data() + b.iteration;
  return x[0] == y[0] && std::equal(x + 1, x + 1 + x[0], y + 1);
}
} // namespace

/// Numbers the keys of the warp's log entries into laneKeys (with each
/// entry's instructions before it in laneBefore and its event in laneEvent),
/// sets laneTrailing, and counts each key's pending entries (remaining) and
/// those at a lane's head (atHead). Returns the number of pending entries.
size_t Emulator::collectMergeKeys(size_t begin, unsigned lanes,
                                  bool withMarkers) {
  // Their keys point into this warp's threads: no entry outlives the call.
  iterationIds.clear();
  keyIds.clear();
  size_t numSites = model.sites.size();
  size_t slots = numSites + program->numMarkers;
  size_t pending = 0;
  // A lane whose log begins as the first lane's takes the first lane's keys
  // for that part without hashing its iterations and keys again: the lanes
  // of a converged warp log alike (the hashing was a quarter of Rodinia
  // fdwt97's run).
  const Thread &first = threads[begin];
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    lastIteration.assign(slots, UINT32_MAX);
    occurrence.assign(slots, 0);
    laneKeys[l].clear();
    laneBefore[l].clear();
    laneEvent[l].clear();
    if (l == 0) {
      firstKeys.assign(thread.events.size(), NoKey);
      firstIterations.assign(thread.events.size(), 0);
      firstCounts.assign(thread.events.size(), 0);
    }
    bool alike = l > 0;
    uint32_t cachedOffset = UINT32_MAX, cachedId = 0;
    uint64_t folded = 0; // Instructions of markers merged without them.
    for (size_t e = 0; e < thread.events.size(); ++e) {
      const Event &event = thread.events[e];
      alike = alike && e < first.events.size() &&
              sameSiteAndIteration(event, thread, first.events[e], first);
      bool isMarker = event.site & MarkerSite;
      if (isMarker && !withMarkers) {
        folded += event.before;
        continue;
      }
      size_t slot =
          isMarker ? numSites + (event.site & ~MarkerSite) : event.site;
      uint32_t count = 0, key = 0;
      if (alike) {
        // The state the hashing path below leaves, as it left it for the
        // first lane.
        cachedOffset = event.iteration;
        cachedId = firstIterations[e];
        count = firstCounts[e];
        lastIteration[slot] = cachedId;
        occurrence[slot] = count;
        key = firstKeys[e];
      } else {
        if (event.iteration != cachedOffset) {
          const uint32_t *run = thread.iterations.data() + event.iteration;
          llvm::ArrayRef<uint32_t> counters(run + 1, run[0]);
          cachedOffset = event.iteration;
          cachedId = iterationIds.try_emplace(counters, iterationIds.size())
                         .first->second;
        }
        if (lastIteration[slot] == cachedId)
          count = ++occurrence[slot];
        else
          lastIteration[slot] = cachedId, occurrence[slot] = 0;
        key = keyIds.try_emplace({event.site, cachedId, count}, keyIds.size())
                  .first->second;
      }
      if (l == 0) {
        firstKeys[e] = key;
        firstIterations[e] = cachedId;
        firstCounts[e] = count;
      }
      laneKeys[l].push_back(key);
      laneBefore[l].push_back(
          uint32_t(std::min<uint64_t>(event.before + folded, UINT32_MAX)));
      laneEvent[l].push_back(uint32_t(e));
      folded = 0;
    }
    laneTrailing[l] = thread.steps - thread.lastMark + folded;
    pending += laneKeys[l].size();
  }
  size_t numKeys = keyIds.size();
  remaining.assign(numKeys, 0);
  atHead.assign(numKeys, 0);
  for (unsigned l = 0; l < lanes; ++l) {
    for (uint32_t key : laneKeys[l])
      ++remaining[key];
    if (!laneKeys[l].empty())
      ++atHead[laneKeys[l][0]];
  }
  return pending;
}

/// The warp instruction of \p head's site, without lanes: the runtime
/// space wins over the static one for generic pointers, and texture
/// fetches read through the texture path.
WarpInstruction Emulator::warpInstruction(const Event &head) const {
  const access::AccessSite &site = model.sites[head.site];
  WarpInstruction inst;
  inst.site = head.site;
  inst.kind = site.kind;
  inst.space = site.space;
  inst.size = site.sizeBytes;
  if (textureSite[head.site]) {
    inst.space = MemorySpace::Texture;
  } else if (site.kind != AccessKind::Barrier) {
    switch (tagOf(head.address)) {
    case 1:
      inst.space = MemorySpace::Shared;
      break;
    case 2:
      inst.space = MemorySpace::Local;
      break;
    default:
      if (site.space == MemorySpace::Shared || site.space == MemorySpace::Local)
        inst.space = MemorySpace::Global;
      break;
    }
  }
  return inst;
}

/// Issues the run of straight-line code a lane ran from its entry \p from
/// (NoKey: its start) for \p before instructions: what it adds to what the
/// warp issued of that run so far.
static uint64_t issueRun(std::vector<uint32_t> &charged, uint32_t from,
                         uint64_t before) {
  uint32_t &issued = charged[from == NoKey ? charged.size() - 1 : from];
  if (before <= issued)
    return 0;
  uint64_t added = before - issued;
  issued = uint32_t(std::min<uint64_t>(before, UINT32_MAX));
  return added;
}

/// Whether \p a's entry \p i and \p b's entry \p j name the same iteration.
static bool sameIteration(const Thread &a, uint32_t i, const Thread &b,
                          uint32_t j) {
  const uint32_t *x = a.iterations.data() + i, *y = b.iterations.data() + j;
  return x[0] == y[0] && std::equal(x + 1, x + 1 + x[0], y + 1);
}

/// Whether every lane's log has the same entries as the first lane's (the
/// same sites and markers in the same iterations): a converged warp.
static bool converged(const Thread *lanes, unsigned count) {
  const std::vector<Event> &first = lanes[0].events;
  for (unsigned l = 1; l < count; ++l) {
    const std::vector<Event> &events = lanes[l].events;
    if (events.size() != first.size())
      return false;
    uint32_t lastA = 0, lastB = 0;
    for (size_t e = 0; e < events.size(); ++e) {
      if (events[e].site != first[e].site)
        return false;
      uint32_t a = first[e].iteration, b = events[e].iteration;
      if ((a != lastA || b != lastB) &&
          !sameIteration(lanes[0], a, lanes[l], b))
        return false;
      lastA = a, lastB = b;
    }
  }
  return true;
}

/// The merge of a converged warp: every entry with every lane, as the
/// general merge would give it (all lanes start each run from the same
/// entry, so each run counts as its longest lane's).
void Emulator::mergeConverged(size_t begin, unsigned lanes, WarpTrace &out) {
  const std::vector<Event> &first = threads[begin].events;
  uint32_t mask = lanes == WarpSize ? ~0u : (1u << lanes) - 1;
  uint64_t carried = 0;
  for (size_t e = 0; e < first.size(); ++e) {
    uint32_t before = 0;
    for (unsigned l = 0; l < lanes; ++l)
      before = std::max(before, threads[begin + l].events[e].before);
    carried += before;
    if (first[e].site & MarkerSite)
      continue;
    WarpInstruction inst = warpInstruction(first[e]);
    bool isBarrier = model.sites[first[e].site].kind == AccessKind::Barrier;
    inst.activeMask = mask;
    for (unsigned l = 0; l < lanes && !isBarrier; ++l)
      inst.addresses[l] = laneAddress(threads[begin + l].events[e]);
    inst.instructionsBefore = uint32_t(std::min<uint64_t>(carried, UINT32_MAX));
    carried = 0;
    out.instructions.push_back(inst);
  }
  uint64_t trailing = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    trailing = std::max<uint64_t>(trailing, thread.steps - thread.lastMark);
  }
  out.trailingInstructions = carried + trailing;
}

void Emulator::buildWarpTrace(unsigned warp, uint64_t block, WarpTrace &out) {
  out.block = block;
  out.warp = warp;
  out.instructions.clear();
  out.trailingInstructions = 0;
  size_t begin = size_t(warp) * WarpSize;
  size_t end = std::min(threads.size(), begin + WarpSize);
  unsigned lanes = unsigned(end - begin);
  bool withMarkers = true;
  for (size_t t = begin; t < end; ++t)
    withMarkers &= !threads[t].markersDropped;
  if (lanes && withMarkers && converged(&threads[begin], lanes))
    return mergeConverged(begin, lanes, out);
  size_t pending = collectMergeKeys(begin, lanes, withMarkers);
  charged.assign(remaining.size() + 1, 0); // The last: NoKey.
  size_t heads[WarpSize] = {};
  uint64_t carried = 0; // Instructions of emitted markers.
  while (pending) {
    // The lowest lane whose head key is ready, or else the lowest lane.
    int chosenLane = -1;
    int firstLane = -1;
    for (unsigned l = 0; l < lanes; ++l) {
      if (heads[l] >= laneKeys[l].size())
        continue;
      if (firstLane < 0)
        firstLane = int(l);
      uint32_t key = laneKeys[l][heads[l]];
      if (atHead[key] == remaining[key]) {
        chosenLane = int(l);
        break;
      }
    }
    if (chosenLane < 0)
      chosenLane = firstLane;
    uint32_t key = laneKeys[chosenLane][heads[chosenLane]];
    const Event &head = threads[begin + chosenLane]
                            .events[laneEvent[chosenLane][heads[chosenLane]]];
    bool isMarker = head.site & MarkerSite;
    bool isBarrier =
        !isMarker && model.sites[head.site].kind == AccessKind::Barrier;
    WarpInstruction inst;
    if (!isMarker)
      inst = warpInstruction(head);
    uint64_t issued = 0;
    for (unsigned l = chosenLane; l < lanes; ++l) {
      if (heads[l] >= laneKeys[l].size() || laneKeys[l][heads[l]] != key)
        continue;
      size_t h = heads[l];
      uint64_t before = laneBefore[l][h];
      if (withMarkers)
        issued += issueRun(charged, h ? laneKeys[l][h - 1] : NoKey, before);
      else
        issued = std::max(issued, before);
      if (!isMarker) {
        const Event &event = threads[begin + l].events[laneEvent[l][h]];
        inst.activeMask |= 1u << l;
        inst.addresses[l] = isBarrier ? 0 : laneAddress(event);
      }
      --remaining[key];
      --atHead[key];
      --pending;
      if (++heads[l] < laneKeys[l].size())
        ++atHead[laneKeys[l][heads[l]]];
    }
    carried += issued;
    if (isMarker)
      continue;
    inst.instructionsBefore = uint32_t(std::min<uint64_t>(carried, UINT32_MAX));
    carried = 0;
    out.instructions.push_back(inst);
  }
  uint64_t trailing = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    size_t count = laneKeys[l].size();
    if (withMarkers)
      trailing += issueRun(charged, count ? laneKeys[l][count - 1] : NoKey,
                           laneTrailing[l]);
    else
      trailing = std::max(trailing, laneTrailing[l]);
  }
  out.trailingInstructions = carried + trailing;
}

} // namespace gpurd::trace::emu
