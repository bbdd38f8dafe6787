//===- SmEngine.cpp - What the L1 engines share ---------------------------===//

#include "Engines.h"

#include "llvm/Support/FormatVariadic.h"

namespace gpurd::model {

CacheModelObserver::~CacheModelObserver() = default;

SmEngine::SmEngine(const SmEngineSetup &setup)
    : setup(setup), level(setup.l1, 1, setup.sm, setup.profiles,
                          setup.options->seed, setup.options->observer),
      latency(setup.l1.latency, setup.l1.hasLatencyModel) {}

SmEngine::~SmEngine() = default;

llvm::Error SmEngine::loadBlock(uint64_t block,
                                std::vector<WarpRequests> &warps) {
  if (setup.input->requestBlock) {
    if (llvm::Error e =
            setup.input->requestBlock(block, setup.l1, setup.l2LineSize, warps))
      return e;
    for (size_t w = 0; w < warps.size(); ++w) {
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
  auto prepare = [&](const trace::WarpTrace &trace) {
    // `warps` keeps the previous block's requests: their storage is reused.
    if (numWarps == warps.size())
      warps.emplace_back();
    WarpRequests &out = warps[numWarps];
    prepareWarpRequests(trace, setup.l1, setup.l2LineSize, out, counts);
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

void SmEngine::emitFill(uint64_t l1Line, uint32_t sectorMask, uint32_t site) {
  if (!setup.l2LineSize)
    return;
  const uint64_t l1Size = setup.l1.lineSize;
  const uint64_t l2Size = setup.l2LineSize;
  const uint64_t base = l1Line * l1Size;
  if (l2Size >= l1Size) {
    emit(base / l2Size, site, OpKind::Read);
    return;
  }
  // An L1 line spans several L2 lines: those overlapping the requested
  // sectors (all of them for an unsectored L1, whose fill is the whole line).
  uint64_t sectorBytes = l1Size;
  if (setup.l1.sectorSize)
    sectorBytes = setup.l1.sectorSize;
  for (uint64_t offset = 0; offset < l1Size; offset += l2Size) {
    bool wanted = true;
    if (setup.l1.sectorSize) {
      wanted = false;
      for (uint64_t s = offset / sectorBytes;
           s * sectorBytes < offset + l2Size && s < 32; ++s)
        if (sectorMask & (1u << s))
          wanted = true;
    }
    if (wanted)
      emit((base + offset) / l2Size, site, OpKind::Read);
  }
}

void SmEngine::emitLines(const WarpRequests &warp, uint32_t site, OpKind kind,
                         uint32_t l2Begin, uint32_t l2Count) {
  if (!setup.l2LineSize)
    return;
  if (kind == OpKind::Write && !forwardsWrite(kind))
    return;
  for (uint32_t i = l2Begin; i < l2Begin + l2Count; ++i)
    emit(warp.l2Lines[i], site, kind);
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
