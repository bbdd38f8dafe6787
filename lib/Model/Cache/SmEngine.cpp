//===- SmEngine.cpp - What the L1 engines share ---------------------------===//

#include "Engines.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

namespace gpurd::model {

CacheModelObserver::~CacheModelObserver() = default;

SmEngine::SmEngine(const SmEngineSetup &setup)
    : setup(setup), level(setup.l1, 1, setup.sm, setup.profiles,
                          setup.options->seed, setup.options->observer),
      latency(setup.l1.latency, setup.l1.hasLatencyModel),
      local(localMemoryLayout(setup.input->launch.numBlocks(),
                              setup.input->launch.warpsPerBlock())) {}

SmEngine::~SmEngine() = default;

llvm::Error SmEngine::loadBlock(uint64_t block,
                                std::vector<WarpRequests> &warps) {
  if (setup.input->requestBlock) {
    if (llvm::Error e =
            setup.input->requestBlock(block, setup.l1, setup.l2LineSize, warps))
      return e;
    const bool sectored = level.isSectored();
    for (size_t w = 0; w < warps.size(); ++w) {
      // prepareWarpRequests' form: a sectored L1 needs each request's
      // sectors.
      if (sectored && warps[w].l1SectorMasks.size() != warps[w].l1Lines.size())
        return llvm::createStringError(
            "warp %zu of block %llu: %zu L1 line requests but %zu sector "
            "masks; a sectored L1 (%u-byte sectors) needs one per request "
            "(see prepareWarpRequests)",
            w, static_cast<unsigned long long>(block), warps[w].l1Lines.size(),
            warps[w].l1SectorMasks.size(), setup.l1.sectorSize);
      warps[w].block = block;
      warps[w].warp = static_cast<unsigned>(w);
      counts.modelled += warps[w].ops.size();
      for (const WarpMemoryOp &op : warps[w].ops) {
        countInstruction(op.site);
        level.reserveSites(op.site + 1);
      }
    }
    return llvm::Error::success();
  }
  size_t numWarps = 0;
  auto prepare = [&](const trace::WarpTrace &given) {
    // `warps` keeps the previous block's requests: their storage is reused.
    if (numWarps == warps.size())
      warps.emplace_back();
    WarpRequests &out = warps[numWarps];
    // Every consumer sees local accesses where the device keeps them.
    const trace::WarpTrace &trace = placeLocalMemory(given, local, placed);
    if (setup.input->onModelledWarp)
      setup.input->onModelledWarp(trace);
    prepareWarpRequests(trace, setup.l1, setup.l2LineSize, out, counts,
                        setup.l2SectorSize);
    out.block = block;
    out.warp = static_cast<unsigned>(numWarps++);
    for (const WarpMemoryOp &op : out.ops) {
      countInstruction(op.site);
      level.reserveSites(op.site + 1);
    }
  };
  if (setup.input->traceWarps) {
    if (llvm::Error e =
            setup.input->traceWarps(block, [&](const trace::WarpTrace &trace) {
              prepare(trace);
              return llvm::Error::success();
            }))
      return e;
  } else {
    // `scratch` keeps the previous block's traces: producers resize it and
    // refill each warp's instructions, so a block's (large) instruction
    // vectors reuse the storage of the last one instead of growing from
    // empty.
    if (llvm::Error e = setup.input->traceBlock(block, scratch))
      return e;
    for (const trace::WarpTrace &trace : scratch)
      prepare(trace);
  }
  warps.resize(numWarps);
  return llvm::Error::success();
}

void SmEngine::emitFill(uint64_t l1Line, uint8_t l1Sectors, uint32_t site) {
  if (!setup.l2LineSize)
    return;
  const uint64_t l1Size = setup.l1.lineSize;
  const uint64_t l2Size = setup.l2LineSize;
  if (!setup.emitRequests && l2Size == l1Size) {
    // Only counted: one request, whatever its sectors.
    ++readsDown;
    return;
  }
  const bool l1Sectored = setup.l1.isSectored();
  const bool l2Sectored =
      setup.l2SectorSize && setup.l2SectorSize < setup.l2LineSize;
  const uint64_t l1SectorBytes = l1Sectored ? setup.l1.sectorSize : l1Size;
  const uint64_t l2SectorBytes = l2Sectored ? setup.l2SectorSize : l2Size;
  const uint64_t base = l1Line * l1Size;
  // The requested sectors' bytes, L2 line by L2 line in address order
  // (an unsectored L1 fills its whole line).
  uint64_t line = ~uint64_t(0);
  uint8_t mask = 0;
  for (unsigned s = 0; s * l1SectorBytes < l1Size; ++s) {
    if (l1Sectored && !(l1Sectors & (1u << s)))
      continue;
    const uint64_t first = base + s * l1SectorBytes;
    const uint64_t last = first + l1SectorBytes - 1;
    for (uint64_t l = first / l2Size; l <= last / l2Size; ++l) {
      if (l != line) {
        if (mask)
          emit(line, site, OpKind::Read, mask);
        line = l;
        mask = 0;
      }
      if (!l2Sectored) {
        mask = 1;
        continue;
      }
      const uint64_t from = std::max(first, l * l2Size) - l * l2Size;
      const uint64_t to = std::min(last, l * l2Size + l2Size - 1) - l * l2Size;
      for (uint64_t t = from / l2SectorBytes; t <= to / l2SectorBytes; ++t)
        mask |= static_cast<uint8_t>(1u << t);
    }
  }
  if (mask)
    emit(line, site, OpKind::Read, mask);
}

void SmEngine::emitLines(const WarpRequests &warp, uint32_t site, OpKind kind,
                         uint32_t l2Begin, uint32_t l2Count) {
  if (!setup.l2LineSize)
    return;
  if (kind == OpKind::Write && !forwardsWrite(kind))
    return;
  for (uint32_t i = l2Begin; i < l2Begin + l2Count; ++i)
    emit(warp.l2Lines[i], site, kind,
         static_cast<uint8_t>(warp.l2SectorMask(i)));
}

SmEngine::WriteAction SmEngine::writeAction(OpKind kind, bool present) const {
  const CacheLevelConfig &c = setup.l1;
  if (c.bypass == arch::BypassPolicy::ReadsAndWrites)
    return WriteAction::None;
  // Atomics are performed at the L2 (seed 001 §3.1); the L1 copy goes.
  if (kind == OpKind::Atomic || c.writePolicy == arch::WritePolicy::WriteEvict)
    // seed 001 §3.1: "a write hit imposes an eviction".
    return present ? WriteAction::Invalidate : WriteAction::None;
  if (c.bypass == arch::BypassPolicy::Writes)
    // Writes bypass (WON): no allocation; a present copy is updated.
    return present ? WriteAction::Reference : WriteAction::None;
  if (present)
    return WriteAction::Reference;
  return c.writeAllocate ? WriteAction::Reference : WriteAction::None;
}

} // namespace gpurd::model
