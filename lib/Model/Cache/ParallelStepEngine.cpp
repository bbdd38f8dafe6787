//===- ParallelStepEngine.cpp - Seed 001's L1 analysis (Algorithm 2) ------===//
//
// Seed 001 §4.3, Algorithms 2 and 3 for one SM: the SM's blocks run in waves
// of CB blocks; within a wave, for every access number j, for every block k,
// for every group l of n_scheduler warps, the group's j-th accesses are
// coalesced into a list W and RD_profile(W) steps them over the banks and
// ports of the L1 (StepCore, §4.4) until every one has hit or holds an MSHR
// entry (the schedulers stall until their accesses are resolved, §4.4); then
// the next group issues. Misses stay in flight across groups.
//
//===----------------------------------------------------------------------===//

#include "StepCore.h"

#include <algorithm>

namespace gpurd::model {
namespace {

class ParallelStepEngine final : public SmEngine {
public:
  explicit ParallelStepEngine(const SmEngineSetup &setup)
      : SmEngine(setup),
        core(level, latency, setup.l1.mshr, setup.options->clipLatencyMisses, 1,
             setup.sm, setup.options->observer) {
    level.onEntryFreed = [this](uint32_t owner) {
      if (owner < held.size() && held[owner])
        --held[owner];
    };
    hooks.onFetch = [this](const PortRequest &r, uint8_t sectors) {
      emitFill(level.line(r.line).lineNumber, sectors, r.site);
    };
    hooks.onWrite = [this](const PortRequest &r, bool present) {
      switch (writeAction(r.kind, present)) {
      case WriteAction::None:
        break;
      case WriteAction::Reference:
        // The written sectors become valid.
        level.referenceSectors(r.line, level.sectorsOf(r.sectorMask));
        break;
      case WriteAction::Invalidate:
        level.invalidate(r.line);
        break;
      }
    };
    hooks.heldBy = [this](uint32_t owner) {
      return owner < held.size() ? held[owner] : 0u;
    };
    hooks.onHold = [this](uint32_t owner) {
      if (owner >= held.size())
        held.resize(owner + 1, 0);
      ++held[owner];
    };
  }

  llvm::Error runUntil(uint64_t limit) override;

private:
  llvm::Error startWave();
  /// Builds the next group with requests (or with reads past the L1 only);
  /// false when the wave is over.
  bool nextGroup();

  StepCore core;
  StepHooks hooks;
  std::vector<unsigned> held; ///< MSHR entries per warp id.
  size_t nextBlock = 0;
  std::vector<std::vector<WarpRequests>> wave;
  std::vector<uint32_t> warpIdBase; ///< Id of warp 0 of each wave block.
  uint32_t nextWarpId = 0;
  size_t maxOps = 0;
  // The position (j, k, l) of Algorithm 2 in the wave.
  size_t j = 0, k = 0, l = 0;
  bool inWave = false;
  std::vector<PortRequest> group;
  bool groupActive = false;
};

llvm::Error ParallelStepEngine::startWave() {
  warpIdBase.clear();
  maxOps = 0;
  // seed 001 Algorithm 3: CB blocks per iteration. The previous wave's
  // request buffers are reused.
  size_t blocks = 0;
  for (unsigned b = 0;
       b < std::max(setup.activeBlocks, 1u) && nextBlock < setup.blocks.size();
       ++b) {
    if (blocks == wave.size())
      wave.emplace_back();
    std::vector<WarpRequests> &warps = wave[blocks++];
    if (llvm::Error e = loadBlock(setup.blocks[nextBlock++], warps)) {
      wave.resize(blocks);
      return e;
    }
    warpIdBase.push_back(nextWarpId);
    nextWarpId += static_cast<uint32_t>(warps.size());
    for (const WarpRequests &w : warps)
      maxOps = std::max(maxOps, w.ops.size());
  }
  wave.resize(blocks);
  j = k = l = 0;
  inWave = !wave.empty();
  return llvm::Error::success();
}

bool ParallelStepEngine::nextGroup() {
  const unsigned n = std::max(setup.warpSchedulers, 1u);
  for (; j < maxOps; ++j, k = 0) {
    for (; k < wave.size(); ++k, l = 0) {
      const std::vector<WarpRequests> &warps = wave[k];
      size_t groups = (warps.size() + n - 1) / n;
      while (l < groups) {
        size_t first = l * n;
        ++l;
        group.clear();
        bool bypassed = false;
        // seed 001 Algorithm 2 line 10: the j-th accesses of the group.
        for (size_t w = first; w < std::min(warps.size(), first + n); ++w) {
          const WarpRequests &warp = warps[w];
          if (j >= warp.ops.size())
            continue;
          const WarpMemoryOp &op = warp.ops[j];
          bool emitted = false;
          for (uint32_t q = op.l1Begin; q < op.l1End(); ++q) {
            PortRequest r;
            r.priority = w - first; // smaller warp index first (§4.4)
            r.order = group.size();
            r.line = level.lineIndex(warp.l1Lines[q],
                                     sliceOf(static_cast<unsigned>(w)));
            r.bank = level.bankOf(level.line(r.line));
            r.site = op.site;
            r.owner = warpIdBase[k] + static_cast<uint32_t>(w);
            r.sectorMask = warp.sectorMask(q);
            r.block = warp.block;
            r.warp = warp.warp;
            r.kind = op.kind;
            r.usesCache = op.usesL1;
            if (!emitted && (op.kind != OpKind::Read || !op.usesL1)) {
              emitLines(warp, op);
              emitted = true;
            }
            if (op.kind == OpKind::Read && !op.usesL1) {
              // Past the L1: no bank, no port.
              ++level.counters(op.site).bypassed;
              bypassed = true;
              continue;
            }
            group.push_back(r);
          }
        }
        // A group whose reads all bypass the L1 still takes its step (the
        // instruction issues through the SM's load/store pipeline); else the
        // SMs would send all their bypassed reads to the L2 at once, which
        // no GPU does (seed 001's L2 analysis, separate from the L1's, has
        // no time to get wrong).
        if (!group.empty() || bypassed)
          return true;
      }
    }
  }
  return false;
}

llvm::Error ParallelStepEngine::runUntil(uint64_t limit) {
  while (time < limit && !finished) {
    if (!groupActive) {
      while (true) {
        if (!inWave) {
          if (nextBlock >= setup.blocks.size()) {
            level.applyEffectsThrough(~uint64_t(0));
            finished = true;
            return llvm::Error::success();
          }
          if (llvm::Error e = startWave())
            return e;
          continue;
        }
        if (nextGroup()) {
          groupActive = true;
          break;
        }
        inWave = false; // next wave
      }
    }
    bool resolved = core.step(time, group, hooks);
    ++time;
    if (resolved)
      groupActive = false;
  }
  return llvm::Error::success();
}

} // namespace

std::unique_ptr<SmEngine> createParallelStepEngine(const SmEngineSetup &setup) {
  return std::make_unique<ParallelStepEngine>(setup);
}

} // namespace gpurd::model
