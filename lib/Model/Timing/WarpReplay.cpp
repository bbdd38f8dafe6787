//===- WarpReplay.cpp - Issue every warp's lines cycle by cycle -----------===//
//
// The SMs run in lock step, one cycle at a time; a scheduler none of whose
// warps can issue sleeps until the earliest cycle one can (its registers'
// ready times and its units' intervals say when), so idle stretches cost
// nothing. Blocks start round-robin over the SMs, up to the occupancy, and
// a finished block's SM takes the next block in linear order (GPGPU-Sim's
// and the hardware's greedy block dispatch).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/Timing/WarpReplay.h"

#include "ReplayMemory.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <limits>

namespace gpurd::model::timing {
namespace {

constexpr uint64_t Never = std::numeric_limits<uint64_t>::max();

struct WarpState {
  const ReplayWarp *trace = nullptr;
  size_t next = 0;
  unsigned block = 0; ///< The SM's block slot.
  uint64_t age = 0;   ///< Start order: lower is older.
  uint64_t start = 0; ///< The cycle its block starts.
  /// When its memory instructions are all done (a store when the L2
  /// acknowledges it): the warp ends no earlier.
  uint64_t drained = 0;
  bool live = false;
  bool atBarrier = false;
  std::array<uint64_t, 256> ready{};
};

struct BlockState {
  std::vector<ReplayWarp> warps;
  std::vector<unsigned> slots; ///< The SM's warp slots of its warps.
  unsigned running = 0;        ///< Warps not exited.
  unsigned arrived = 0;        ///< Warps at the barrier.
  uint64_t end = 0;            ///< When its warps that ended did.
  bool live = false;
};

/// Why a scheduler could not issue.
enum class Wait { None, Register, Other };

struct Scheduler {
  std::vector<unsigned> warps; ///< Warp slots, oldest first.
  int lastIssued = -1;
  std::array<uint64_t, ReplayUnitCount> unitFree{};
  uint64_t nextCheck = 0;
  Wait waiting = Wait::None;
  uint64_t waitSince = 0;
};

struct SmState {
  std::vector<BlockState> blocks;
  std::vector<WarpState> warps;
  std::vector<Scheduler> schedulers;
  unsigned liveBlocks = 0;
  bool used = false;
};

class Replay {
public:
  Replay(const ReplayParameters &p, uint64_t blocks, BlockLoader load)
      : p(p), blockCount(blocks), load(load), memory(p, result) {
    sms.resize(p.sms);
    for (SmState &sm : sms) {
      sm.blocks.resize(p.blocksPerSm);
      sm.warps.resize(uint64_t(p.blocksPerSm) * p.warpsPerBlock);
      sm.schedulers.resize(p.schedulers);
    }
  }

  /// run() returns a failure as soon as it is stored; what is left is a
  /// success (checked here, as llvm::Error requires).
  ~Replay() { (void)static_cast<bool>(pending); }

  llvm::Expected<ReplayResult> run();

private:
  /// Starts the next block on \p sm at cycle \p start, if a slot is free.
  llvm::Error startBlock(unsigned sm, uint64_t start);
  /// The cycle warp \p slot's next line can issue (Never: it cannot until
  /// something else happens), and why it waits until then.
  uint64_t earliest(SmState &sm, Scheduler &scheduler, unsigned slot,
                    Wait &why) const;
  void issue(unsigned smIndex, Scheduler &scheduler, unsigned slot,
             uint64_t now);
  void releaseBarrier(SmState &sm, BlockState &block, uint64_t now);
  void wake(SmState &sm, uint64_t now) {
    for (Scheduler &scheduler : sm.schedulers)
      scheduler.nextCheck = std::min(scheduler.nextCheck, now);
  }
  void account(Scheduler &scheduler, uint64_t now) {
    if (scheduler.waiting == Wait::Register)
      result.registerWaitCycles += now - scheduler.waitSince;
    else if (scheduler.waiting == Wait::Other)
      result.otherWaitCycles += now - scheduler.waitSince;
    scheduler.waiting = Wait::None;
  }

  const ReplayParameters &p;
  uint64_t blockCount;
  BlockLoader load;
  ReplayResult result;
  ReplayMemory memory;
  std::vector<SmState> sms;
  uint64_t nextBlock = 0, nextAge = 0, lastEnd = 0;
  llvm::Error pending = llvm::Error::success();
};

llvm::Error Replay::startBlock(unsigned smIndex, uint64_t start) {
  SmState &sm = sms[smIndex];
  auto slot =
      llvm::find_if(sm.blocks, [](const BlockState &b) { return !b.live; });
  if (slot == sm.blocks.end() || nextBlock >= blockCount)
    return llvm::Error::success();
  unsigned blockSlot = unsigned(slot - sm.blocks.begin());
  BlockState &block = *slot;
  block.warps.clear();
  if (llvm::Error error = load(nextBlock, block.warps))
    return error;
  for (ReplayWarp &warp : block.warps) // every stream ends with EXIT
    if (warp.lines.empty() || warp.lines.back().unit != ReplayUnit::Exit) {
      warp.lines.emplace_back();
      warp.lines.back().unit = ReplayUnit::Exit;
    }
  ++nextBlock;
  block.live = true;
  block.arrived = 0;
  block.end = start;
  block.running = unsigned(block.warps.size());
  block.slots.clear();
  ++sm.liveBlocks;
  sm.used = true;
  for (unsigned w = 0; w < block.warps.size(); ++w) {
    unsigned warpSlot = blockSlot * p.warpsPerBlock + w;
    WarpState &warp = sm.warps[warpSlot];
    warp = WarpState();
    warp.trace = &block.warps[w];
    warp.block = blockSlot;
    warp.age = nextAge++;
    warp.start = start;
    warp.live = true;
    block.slots.push_back(warpSlot);
    Scheduler &scheduler = sm.schedulers[warpSlot % p.schedulers];
    // Ages grow with each start: the list stays oldest first.
    scheduler.warps.push_back(warpSlot);
  }
  if (block.warps.empty()) { // nothing runs: the slot is free again
    block.live = false;
    --sm.liveBlocks;
  }
  wake(sm, start);
  return llvm::Error::success();
}

uint64_t Replay::earliest(SmState &sm, Scheduler &scheduler, unsigned slot,
                          Wait &why) const {
  const WarpState &warp = sm.warps[slot];
  if (!warp.live || warp.atBarrier) {
    why = Wait::Other;
    return Never;
  }
  const ReplayLine &line = warp.trace->lines[warp.next];
  uint64_t registers = 0;
  for (unsigned i = 0; i < line.sourceCount; ++i)
    registers = std::max(registers, warp.ready[line.sources[i]]);
  if (line.dest != NoRegister) // a destination still being written
    registers = std::max(registers, warp.ready[line.dest]);
  uint64_t unit = std::max(scheduler.unitFree[unsigned(line.unit)], warp.start);
  why = registers >= unit ? Wait::Register : Wait::Other;
  return std::max(registers, unit);
}

void Replay::releaseBarrier(SmState &sm, BlockState &block, uint64_t now) {
  if (!block.running || block.arrived < block.running)
    return;
  for (unsigned slot : block.slots)
    sm.warps[slot].atBarrier = false;
  block.arrived = 0;
  ++result.barriers;
  wake(sm, now + 1);
}

void Replay::issue(unsigned smIndex, Scheduler &scheduler, unsigned slot,
                   uint64_t now) {
  SmState &sm = sms[smIndex];
  WarpState &warp = sm.warps[slot];
  const ReplayWarp &trace = *warp.trace;
  const ReplayLine &line = trace.lines[warp.next++];
  ++result.warpInstructions;
  scheduler.unitFree[unsigned(line.unit)] =
      now + p.interval[unsigned(line.unit)];
  llvm::ArrayRef<LineRequest> requests(
      trace.requests.data() + line.firstRequest, line.requestCount);
  uint64_t ready = now + p.aluLatency;
  switch (line.unit) {
  case ReplayUnit::Global:
    if (line.store)
      warp.drained =
          std::max(warp.drained, memory.store(smIndex, now, requests));
    else
      ready = memory.load(smIndex, now, requests);
    break;
  case ReplayUnit::Atomic:
    ready = memory.atomic(smIndex, now, requests, line.serial);
    break;
  case ReplayUnit::Shared:
    ready = memory.shared(smIndex, now, line.serial);
    break;
  case ReplayUnit::Constant:
    ready = memory.constant(smIndex, now, line.serial);
    break;
  case ReplayUnit::Barrier: {
    BlockState &block = sm.blocks[warp.block];
    warp.atBarrier = true;
    ++block.arrived;
    releaseBarrier(sm, block, now);
    break;
  }
  case ReplayUnit::Exit: {
    BlockState &block = sm.blocks[warp.block];
    warp.live = false;
    llvm::erase(scheduler.warps, slot);
    scheduler.lastIssued = -1;
    // A warp ends when its memory instructions are done too (a load or
    // an atomic no line reads, a store's acknowledgement), and its block
    // frees its slot when its last warp ends.
    block.end = std::max({block.end, now, warp.drained});
    if (--block.running == 0) {
      block.live = false;
      --sm.liveBlocks;
      lastEnd = std::max(lastEnd, block.end);
      if (llvm::Error error = startBlock(smIndex, block.end + 1))
        pending = llvm::joinErrors(std::move(pending), std::move(error));
    } else {
      releaseBarrier(sm, block, now); // the others may all be waiting
    }
    return;
  }
  default:
    break;
  }
  if (line.unit == ReplayUnit::Global || line.unit == ReplayUnit::Atomic ||
      line.unit == ReplayUnit::Shared || line.unit == ReplayUnit::Constant)
    warp.drained = std::max(warp.drained, ready);
  if (line.dest != NoRegister && !line.store)
    warp.ready[line.dest] = ready;
}

llvm::Expected<ReplayResult> Replay::run() {
  // The first blocks: round-robin over the SMs, up to the occupancy.
  for (unsigned round = 0; round < p.blocksPerSm; ++round)
    for (unsigned sm = 0; sm < p.sms && nextBlock < blockCount; ++sm)
      if (llvm::Error error = startBlock(sm, 0))
        return std::move(error);
  uint64_t now = 0;
  while (true) {
    bool anyLive = false, issued = false;
    uint64_t nextEvent = Never;
    for (unsigned smIndex = 0; smIndex < p.sms; ++smIndex) {
      SmState &sm = sms[smIndex];
      if (!sm.liveBlocks)
        continue;
      anyLive = true;
      for (Scheduler &scheduler : sm.schedulers) {
        if (scheduler.nextCheck > now) {
          nextEvent = std::min(nextEvent, scheduler.nextCheck);
          continue;
        }
        account(scheduler, now);
        unsigned issuedHere = 0;
        uint64_t soonest = Never;
        Wait soonestWhy = Wait::Other;
        for (unsigned n = 0; n < p.issueWidth; ++n) {
          int chosen = -1;
          auto consider = [&](unsigned slot) {
            Wait why;
            uint64_t at = earliest(sm, scheduler, slot, why);
            if (at <= now)
              return true;
            if (at < soonest || (at == soonest && why == Wait::Register)) {
              soonest = at;
              soonestWhy = why;
            }
            return false;
          };
          if (p.greedyThenOldest && scheduler.lastIssued >= 0 &&
              consider(unsigned(scheduler.lastIssued)))
            chosen = scheduler.lastIssued;
          for (size_t i = 0; chosen < 0 && i < scheduler.warps.size(); ++i) {
            // Loose round-robin starts after the warp that issued last.
            size_t k = i;
            if (!p.greedyThenOldest && scheduler.lastIssued >= 0) {
              auto at =
                  llvm::find(scheduler.warps, unsigned(scheduler.lastIssued));
              k = (size_t(at - scheduler.warps.begin()) + 1 + i) %
                  scheduler.warps.size();
            }
            if (consider(scheduler.warps[k]))
              chosen = int(scheduler.warps[k]);
          }
          if (chosen < 0)
            break;
          scheduler.lastIssued = chosen;
          issue(smIndex, scheduler, unsigned(chosen), now);
          if (pending)
            return std::move(pending);
          ++issuedHere;
        }
        if (issuedHere) {
          ++result.issueCycles;
          issued = true;
          scheduler.nextCheck = now + 1;
        } else if (!scheduler.warps.empty()) {
          scheduler.waiting = soonestWhy;
          scheduler.waitSince = now;
          scheduler.nextCheck = soonest;
        } else {
          scheduler.nextCheck = Never;
        }
        nextEvent = std::min(nextEvent, scheduler.nextCheck);
      }
    }
    if (!anyLive)
      break;
    if (!issued && nextEvent == Never)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "the warp replay stopped at cycle " + llvm::Twine(now) +
              ": every resident warp waits at a barrier no other warp of "
              "its block reaches");
    now = issued ? now + 1 : std::max(now + 1, nextEvent);
  }
  result.cycles = lastEnd + 1;
  for (SmState &sm : sms)
    for (Scheduler &scheduler : sm.schedulers)
      account(scheduler, std::max(result.cycles, scheduler.waitSince));
  for (const SmState &sm : sms)
    if (sm.used) {
      ++result.activeSms;
      result.schedulerCount += p.schedulers;
    }
  result.meanMissLatency = memory.meanMissLatency();
  return result;
}

} // namespace

llvm::Expected<ReplayResult> replayKernel(const ReplayParameters &parameters,
                                          uint64_t blocks, BlockLoader load) {
  if (!blocks)
    return ReplayResult();
  Replay replay(parameters, blocks, load);
  return replay.run();
}

} // namespace gpurd::model::timing
