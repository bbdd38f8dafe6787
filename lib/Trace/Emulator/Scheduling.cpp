//===- Scheduling.cpp - A block's threads, warps and barriers -------------===//
//
// traceBlock runs the block's warps one after the other, each until all of
// its threads are finished, at a block barrier or waiting for a flag
// (SpinWaits.cpp), then releases the barrier, until every thread is
// finished; then it merges each warp's thread logs (WarpTraceMerge.cpp). Within
// a warp, threads run one at a time until they block; lanes waiting at
// warp-synchronous operations are released in groups (runWarp).
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include <cstring>

namespace gpurd::trace::emu {

void Emulator::resetThreads() {
  const Function &entry = *program->functions[0];
  for (Thread &thread : threads) {
    if (thread.registers.size() < entry.numSlots)
      thread.registers.resize(entry.numSlots);
    memcpy(thread.registers.data(), entry.initialRegisters.data(),
           entry.numSlots * sizeof(uint64_t));
    thread.local.assign(entry.localBytes, 0);
    thread.frames.clear();
    thread.frames.push_back({0, 0, 0, 0, 0});
    thread.steps = 0;
    thread.waitedCycles = 0;
    thread.lastMark = 0;
    thread.events.clear();
    thread.loops.clear();
    thread.iterations.assign(1, 0); // The empty iteration, at offset 0.
    thread.iteration = 0;
    thread.loopsMoved = false;
    thread.markers = 0;
    thread.markersDropped = false;
    thread.status = Status::Runnable;
    thread.pollWrites = 0;
  }
  writes = 0;
  polls.clear();
}

llvm::Error Emulator::traceBlock(uint64_t block,
                                 std::vector<WarpTrace> &warps) {
  if (block >= traceLaunch.numBlocks())
    return makeError("block " + std::to_string(block) +
                     " is outside the grid of " +
                     std::to_string(traceLaunch.numBlocks()) + " blocks");
  auto index = traceLaunch.blockIndex(block);
  for (unsigned d = 0; d < 3; ++d)
    blockIndex[d] = uint32_t(index[d]);
  currentBlock = block;
  blocksTraced.insert(block);
  beginBlockHeap(block);
  std::fill(shared.begin(), shared.end(), 0);
  resetThreads();
  unsigned numWarps = traceLaunch.warpsPerBlock();
  for (;;) {
    for (unsigned w = 0; w < numWarps; ++w)
      if (llvm::Error error = runWarp(w))
        return error;
    // Threads waiting for a flag poll again once another wrote memory
    // (SpinWaits.cpp), before a barrier is released without them.
    if (wakePollers())
      continue;
    bool waiting = false;
    for (const Thread &thread : threads)
      waiting |= thread.status == Status::AtBarrier;
    if (!waiting)
      break;
    releaseBarrier();
  }
  endPollers();
  warps.resize(numWarps);
  for (unsigned w = 0; w < numWarps; ++w)
    buildWarpTrace(w, block, warps[w]);
  return llvm::Error::success();
}

// Release of the warp's lanes waiting at warp-synchronous operations. A
// lane's operation completes once every lane of its member mask that can
// still arrive (is not finished or at a block barrier) waits at an
// operation of the same family (shuffle, vote, match, reduce, __syncwarp):
// on sm_70+ they need not be at the same instruction (the compiler
// duplicates code after divergent branches). Operations without a mask
// (the legacy, non-sync forms) wait for every waiting lane. activemask is
// not a synchronisation: its lanes are those at the same instruction. If
// no lane can complete (lanes of one mask wait at different kinds of
// operation), the lowest waiting lane's family goes ahead, so the
// emulation always progresses.
llvm::Error Emulator::runWarp(unsigned warp) {
  size_t begin = size_t(warp) * WarpSize;
  size_t end = std::min(threads.size(), begin + WarpSize);
  for (;;) {
    for (size_t i = begin; i < end; ++i) {
      Thread &thread = threads[i];
      if (thread.status != Status::Runnable)
        continue;
      if (run(thread) == RunResult::Error)
        return failure();
    }
    uint32_t waiting = 0;
    unsigned family[WarpSize] = {};
    for (size_t i = begin; i < end; ++i)
      if (threads[i].status == Status::AtWarpSync) {
        waiting |= 1u << threads[i].lane;
        family[threads[i].lane] = warpOpFamily(threads[i]);
      }
    if (!waiting)
      return llvm::Error::success();
    releaseWarpOps(begin, end, readyLanes(begin, end, waiting, family), family);
  }
}

uint32_t Emulator::readyLanes(size_t begin, size_t end, uint32_t waiting,
                              const unsigned *family) const {
  // The waiting lanes of each family (a warp's waiting lanes are of one
  // family or few): a lane is ready when the lanes it requires, all of them
  // waiting ones, are of its family.
  unsigned families[WarpSize], kindOf[WarpSize];
  uint32_t familyLanes[WarpSize];
  unsigned kinds = 0;
  for (uint32_t m = waiting; m; m &= m - 1) {
    const unsigned lane = __builtin_ctz(m);
    unsigned k = 0;
    while (k < kinds && families[k] != family[lane])
      ++k;
    if (k == kinds) {
      families[kinds] = family[lane];
      familyLanes[kinds++] = 0;
    }
    familyLanes[k] |= 1u << lane;
    kindOf[lane] = k;
  }
  uint32_t ready = 0;
  for (size_t i = begin; i < end; ++i) {
    const Thread &thread = threads[i];
    unsigned lane = thread.lane;
    if (!((waiting >> lane) & 1))
      continue;
    const WarpOp &op = program->warpOps[currentInst(thread).c];
    uint32_t required = waiting;
    if (family[lane] == ActiveMaskFamily)
      required = 1u << lane;
    else if (op.hasMask)
      required &= uint32_t(
          thread.registers[thread.frames.back().registerBase + op.mask]);
    if ((required & ~familyLanes[kindOf[lane]]) == 0)
      ready |= 1u << lane;
  }
  if (!ready) {
    unsigned lowest = __builtin_ctz(waiting);
    for (unsigned lane = 0; lane < WarpSize; ++lane)
      if ((waiting >> lane) & 1 && family[lane] == family[lowest])
        ready |= 1u << lane;
  }
  return ready;
}

/// Evaluates the ready lanes' operations, a group per family (and, for
/// activemask, per instruction).
void Emulator::releaseWarpOps(size_t begin, size_t end, uint32_t ready,
                              const unsigned *family) {
  uint32_t handled = 0;
  for (size_t i = begin; i < end; ++i) {
    Thread &thread = threads[i];
    if (!((ready >> thread.lane) & 1) || ((handled >> thread.lane) & 1))
      continue;
    const Frame &frame = thread.frames.back();
    llvm::SmallVector<Thread *, WarpSize> group;
    for (size_t k = i; k < end; ++k) {
      Thread &other = threads[k];
      if (!((ready >> other.lane) & 1) || ((handled >> other.lane) & 1) ||
          family[other.lane] != family[thread.lane])
        continue;
      if (family[thread.lane] == ActiveMaskFamily &&
          (other.frames.back().function != frame.function ||
           other.frames.back().pc != frame.pc))
        continue;
      group.push_back(&other);
      handled |= 1u << other.lane;
    }
    evaluateWarpOp(group);
  }
}

void Emulator::releaseBarrier() {
  uint64_t waiting = 0, count = 0;
  for (Thread &thread : threads)
    if (thread.status == Status::AtBarrier) {
      ++waiting;
      count += thread.barrierPredicate != 0;
    }
  for (Thread &thread : threads) {
    if (thread.status != Status::AtBarrier)
      continue;
    const Inst &inst = currentInst(thread);
    uint64_t result = 0;
    switch (BarrierKind(inst.flags)) {
    case BarrierKind::Plain:
      result = 0;
      break;
    case BarrierKind::Popc:
      result = count;
      break;
    case BarrierKind::And:
      result = count == waiting;
      break;
    case BarrierKind::Or:
      result = count != 0;
      break;
    }
    thread.registers[thread.frames.back().registerBase + inst.dst] = result;
    thread.frames.back().pc++;
    thread.status = Status::Runnable;
  }
}

} // namespace gpurd::trace::emu
