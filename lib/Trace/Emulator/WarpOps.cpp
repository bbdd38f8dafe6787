//===- WarpOps.cpp - Shuffles, votes, matches and reductions of a warp ----===//
//
// A warp-synchronous operation is evaluated once for the group of lanes
// that reach it together (Scheduling.cpp forms the groups): each lane
// reads the other lanes' operands from their own instruction (the lanes of
// a group may wait at different copies of the operation), and each lane
// names its partners in its own member mask (the tiles of a warp pass
// different masks); only lanes of the group take part.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include <algorithm>

namespace gpurd::trace::emu {
namespace {

/// The lanes evaluating one warp operation together, with the value each
/// contributes (its own instruction's operand, read once).
struct LaneGroup {
  const Program &program;
  Thread *byLane[WarpSize] = {};
  uint64_t values[WarpSize] = {};
  uint32_t mask = 0;

  static uint64_t *registers(Thread &thread) {
    return thread.registers.data() + thread.frames.back().registerBase;
  }
  const Inst &instruction(const Thread &thread) const {
    const Frame &frame = thread.frames.back();
    return program.functions[frame.function]->code[frame.pc];
  }
  const WarpOp &operation(const Thread &thread) const {
    return program.warpOps[instruction(thread).c];
  }
  uint64_t valueOf(unsigned other) const { return values[other]; }
};

/// shfl.sync (PTX ISA): c packs the clamp (bits 0-4) and the segment mask
/// (bits 8-12). Sets \p valid as the predicate result.
uint64_t shuffle(const WarpOp &op, unsigned lane, const uint64_t *R,
                 const LaneGroup &group, uint64_t &valid) {
  int self = int(lane);
  int b = int(R[op.laneOrOffset] & 31);
  uint32_t c = uint32_t(R[op.clamp]);
  int segmentMask = int((c >> 8) & 31);
  int maxLane = (self & segmentMask) | (int(c & 31) & ~segmentMask);
  int minLane = self & segmentMask;
  int j = self;
  bool inRange = false;
  switch (op.kind) {
  case WarpOpKind::ShflUp:
    j = self - b;
    inRange = j >= maxLane;
    break;
  case WarpOpKind::ShflDown:
    j = self + b;
    inRange = j <= maxLane;
    break;
  case WarpOpKind::ShflBfly:
    j = self ^ b;
    inRange = j <= maxLane;
    break;
  default:
    j = minLane | (b & ~segmentMask);
    inRange = j <= maxLane;
    break;
  }
  if (!inRange || j < 0 || j >= int(WarpSize))
    j = self;
  valid = inRange;
  // Reading a lane that is not executing the shuffle is undefined; the lane
  // keeps its own value then.
  return (group.mask >> j) & 1 ? group.valueOf(unsigned(j)) : R[op.value];
}

uint64_t vote(const WarpOp &op, uint32_t members, const LaneGroup &group) {
  uint32_t ballot = 0;
  for (unsigned other = 0; other < WarpSize; ++other)
    if ((members >> other) & 1 && (group.valueOf(other) & 1))
      ballot |= 1u << other;
  return op.kind == WarpOpKind::VoteBallot ? ballot
         : op.kind == WarpOpKind::VoteAll  ? ballot == members
         : op.kind == WarpOpKind::VoteAny  ? ballot != 0
                                           : (ballot == 0 || ballot == members);
}

/// match.any: the members with the same value; match.all: the members if
/// all have it (and \p all as the predicate result).
uint64_t match(const WarpOp &op, uint32_t members, const uint64_t *R,
               const LaneGroup &group, uint64_t &all) {
  uint64_t mine = R[op.value];
  uint32_t same = 0;
  for (unsigned other = 0; other < WarpSize; ++other)
    if ((members >> other) & 1 && group.valueOf(other) == mine)
      same |= 1u << other;
  if (op.kind == WarpOpKind::MatchAny)
    return same;
  all = same == members;
  return same == members ? members : 0;
}

uint32_t reduce(WarpOpKind kind, uint32_t accumulator, uint32_t v) {
  switch (kind) {
  case WarpOpKind::ReduxAdd:
    return accumulator + v;
  case WarpOpKind::ReduxMin:
    return uint32_t(std::min(int32_t(accumulator), int32_t(v)));
  case WarpOpKind::ReduxMax:
    return uint32_t(std::max(int32_t(accumulator), int32_t(v)));
  case WarpOpKind::ReduxUMin:
    return std::min(accumulator, v);
  case WarpOpKind::ReduxUMax:
    return std::max(accumulator, v);
  case WarpOpKind::ReduxAnd:
    return accumulator & v;
  case WarpOpKind::ReduxOr:
    return accumulator | v;
  default:
    return accumulator ^ v;
  }
}

/// redux.sync over the members' values (32 bits).
uint64_t reduction(const WarpOp &op, uint32_t members, const LaneGroup &group) {
  uint32_t accumulator = 0;
  bool seen = false;
  for (unsigned other = 0; other < WarpSize; ++other) {
    if (!((members >> other) & 1))
      continue;
    uint32_t v = uint32_t(group.valueOf(other));
    accumulator = seen ? reduce(op.kind, accumulator, v) : v;
    seen = true;
  }
  return accumulator;
}

} // namespace

unsigned Emulator::warpOpFamily(const Thread &thread) const {
  switch (program->warpOps[currentInst(thread).c].kind) {
  case WarpOpKind::ShflIdx:
  case WarpOpKind::ShflUp:
  case WarpOpKind::ShflDown:
  case WarpOpKind::ShflBfly:
    return 0;
  case WarpOpKind::VoteAll:
  case WarpOpKind::VoteAny:
  case WarpOpKind::VoteUni:
  case WarpOpKind::VoteBallot:
    return 1;
  case WarpOpKind::MatchAny:
  case WarpOpKind::MatchAll:
    return 2;
  case WarpOpKind::ActiveMask:
    return ActiveMaskFamily;
  case WarpOpKind::SyncWarp:
    return 5;
  default:
    return 3; // redux
  }
}

void Emulator::evaluateWarpOp(const llvm::SmallVectorImpl<Thread *> &lanes) {
  LaneGroup group{*program};
  for (Thread *thread : lanes) {
    group.byLane[thread->lane] = thread;
    group.mask |= 1u << thread->lane;
    const WarpOp &op = group.operation(*thread);
    if (op.kind != WarpOpKind::SyncWarp && op.kind != WarpOpKind::ActiveMask)
      group.values[thread->lane] = LaneGroup::registers(*thread)[op.value];
  }
  uint64_t results[WarpSize] = {}, predicates[WarpSize] = {};
  for (Thread *thread : lanes) {
    unsigned lane = thread->lane;
    const uint64_t *R = LaneGroup::registers(*thread);
    const WarpOp &op = group.operation(*thread);
    uint32_t members = group.mask;
    if (op.hasMask) {
      uint32_t mask = uint32_t(R[op.mask]) & group.mask;
      members = mask ? mask : group.mask;
    }
    switch (op.kind) {
    case WarpOpKind::SyncWarp:
      break;
    case WarpOpKind::ActiveMask:
      results[lane] = group.mask;
      break;
    case WarpOpKind::ShflIdx:
    case WarpOpKind::ShflUp:
    case WarpOpKind::ShflDown:
    case WarpOpKind::ShflBfly:
      results[lane] = shuffle(op, lane, R, group, predicates[lane]);
      break;
    case WarpOpKind::VoteAll:
    case WarpOpKind::VoteAny:
    case WarpOpKind::VoteUni:
    case WarpOpKind::VoteBallot:
      results[lane] = vote(op, members, group);
      break;
    case WarpOpKind::MatchAny:
    case WarpOpKind::MatchAll:
      results[lane] = match(op, members, R, group, predicates[lane]);
      break;
    default:
      results[lane] = reduction(op, members, group);
      break;
    }
  }
  for (Thread *thread : lanes) {
    uint64_t *R = LaneGroup::registers(*thread);
    const Inst &inst = currentInst(*thread);
    R[inst.dst] = results[thread->lane];
    if (group.operation(*thread).hasPredicateResult)
      R[inst.dst + 1] = predicates[thread->lane];
    thread->frames.back().pc++;
    thread->status = Status::Runnable;
  }
}

} // namespace gpurd::trace::emu
