//===- WarpTraceMerge.cpp - A warp's thread logs into warp instructions ---===//
//
// Merge rule. Each lane's log is in its program order. The n-th execution
// of site S by a lane joins the n-th execution of S by the warp's other
// lanes: (S, n) is the key of a warp instruction (SIMT lockstep for
// structured code). Warp instructions are emitted one at a time: a key is
// ready when every lane that still has it pending has it at the head of its
// log (nothing that lane does earlier is still unemitted); among the ready
// keys the one at the head of the lowest-numbered lane goes first, and it
// takes every lane whose head it is. (If no key is ready, which only
// unstructured control flow can cause, the lowest lane's head is emitted
// with the lanes that have it at their head, and the other lanes' executions
// of it become a later warp instruction.) So every lane's program order is
// respected, divergent branches come out one after the other, and loops
// whose trip counts differ across lanes continue with the lanes still in
// them.
//
// instructionsBefore is the largest, over the participating lanes, of the
// number of non-memory IR instructions the lane executed since its previous
// traced instruction (phis and branches count; debug, lifetime and assume
// intrinsics do not; untraced memory operations in non-inlined callees
// count as non-memory instructions). trailingInstructions is the largest,
// over the warp's lanes, of the count after the lane's last traced
// instruction.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include <algorithm>

namespace gpurd::trace::emu {

/// Numbers the keys (S, n) of the warp's lanes (siteBase[S] + n) into
/// laneKeys, counts each key's pending executions (remaining) and those at
/// a lane's head (atHead), and sets out.trailingInstructions. Returns the
/// number of pending executions.
size_t Emulator::collectMergeKeys(size_t begin, unsigned lanes,
                                  WarpTrace &out) {
  size_t numSites = model.sites.size();
  std::fill(maxOccurrence.begin(), maxOccurrence.end(), 0);
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    out.trailingInstructions = std::max<uint64_t>(
        out.trailingInstructions, thread.steps - thread.lastMark);
    std::fill(siteCounter.begin(), siteCounter.end(), 0);
    for (const Event &event : thread.events)
      ++siteCounter[event.site];
    for (size_t s = 0; s < numSites; ++s)
      maxOccurrence[s] = std::max(maxOccurrence[s], siteCounter[s]);
  }
  siteBase[0] = 0;
  for (size_t s = 0; s < numSites; ++s)
    siteBase[s + 1] = siteBase[s] + maxOccurrence[s];
  size_t numKeys = siteBase[numSites];
  remaining.assign(numKeys, 0);
  atHead.assign(numKeys, 0);
  size_t pending = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    const Thread &thread = threads[begin + l];
    std::fill(siteCounter.begin(), siteCounter.end(), 0);
    std::vector<uint32_t> &keys = laneKeys[l];
    keys.clear();
    keys.reserve(thread.events.size());
    for (const Event &event : thread.events) {
      uint32_t key = siteBase[event.site] + siteCounter[event.site]++;
      keys.push_back(key);
      ++remaining[key];
    }
    if (!keys.empty())
      ++atHead[keys[0]];
    pending += keys.size();
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

void Emulator::buildWarpTrace(unsigned warp, uint64_t block, WarpTrace &out) {
  out.block = block;
  out.warp = warp;
  out.instructions.clear();
  out.trailingInstructions = 0;
  size_t begin = size_t(warp) * WarpSize;
  size_t end = std::min(threads.size(), begin + WarpSize);
  unsigned lanes = unsigned(end - begin);
  size_t pending = collectMergeKeys(begin, lanes, out);
  size_t heads[WarpSize] = {};
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
    const Event &head = threads[begin + chosenLane].events[heads[chosenLane]];
    bool isBarrier = model.sites[head.site].kind == AccessKind::Barrier;
    WarpInstruction inst = warpInstruction(head);
    for (unsigned l = chosenLane; l < lanes; ++l) {
      if (heads[l] >= laneKeys[l].size() || laneKeys[l][heads[l]] != key)
        continue;
      const Event &event = threads[begin + l].events[heads[l]];
      inst.activeMask |= 1u << l;
      inst.addresses[l] =
          isBarrier ? 0
                    : (tagOf(event.address) == 0 ? event.address
                                                 : event.address & OffsetMask);
      inst.instructionsBefore = std::max(inst.instructionsBefore, event.before);
      --remaining[key];
      --atHead[key];
      --pending;
      if (++heads[l] < laneKeys[l].size())
        ++atHead[laneKeys[l][heads[l]]];
    }
    out.instructions.push_back(inst);
  }
}

} // namespace gpurd::trace::emu
