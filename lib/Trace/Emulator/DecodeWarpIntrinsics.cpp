//===- DecodeWarpIntrinsics.cpp - Shuffles, votes and other warp ops ------===//
//
// The NVVM warp-synchronous intrinsics (bar.warp.sync, shfl, vote,
// activemask, match, redux) become WarpSync instructions with a WarpOp:
// the thread suspends there, and the interpreter evaluates the operation
// for the lanes that reach it together (WarpOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"

#include <cstring>

using namespace llvm;

namespace gpurd::trace::emu {

bool Decoder::isWarpIntrinsic(StringRef name) {
  return name == "llvm.nvvm.bar.warp.sync" ||
         name.starts_with("llvm.nvvm.shfl.") ||
         name.starts_with("llvm.nvvm.vote.") ||
         name == "llvm.nvvm.activemask" ||
         name.starts_with("llvm.nvvm.match.") ||
         name.starts_with("llvm.nvvm.redux.sync.");
}

void Decoder::emitWarpOp(const CallInst &call, const WarpOp &op) {
  uint32_t dst = resultSlot(call);
  Inst &out = emit(Op::WarpSync, &call);
  out.dst = dst;
  out.c = program->warpOps.size();
  program->warpOps.push_back(op);
}

Error Decoder::decodeWarpIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  if (name == "llvm.nvvm.bar.warp.sync") {
    WarpOp op;
    op.kind = WarpOpKind::SyncWarp;
    auto mask = operand(call.getArgOperand(0));
    if (!mask)
      return mask.takeError();
    op.mask = *mask;
    emitWarpOp(call, op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.shfl."))
    return decodeShuffleIntrinsic(call);
  if (name.starts_with("llvm.nvvm.vote."))
    return decodeVoteIntrinsic(call);
  if (name == "llvm.nvvm.activemask") {
    WarpOp op;
    op.kind = WarpOpKind::ActiveMask;
    op.hasMask = false;
    emitWarpOp(call, op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.match."))
    return decodeMatchIntrinsic(call);
  return decodeReduxIntrinsic(call);
}

Error Decoder::decodeShuffleIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  StringRef rest = name.drop_front(strlen("llvm.nvvm.shfl."));
  WarpOp op;
  op.hasMask = rest.consume_front("sync.");
  StringRef mode = rest.split('.').first;
  op.kind = StringSwitch<WarpOpKind>(mode)
                .Case("idx", WarpOpKind::ShflIdx)
                .Case("up", WarpOpKind::ShflUp)
                .Case("down", WarpOpKind::ShflDown)
                .Default(WarpOpKind::ShflBfly);
  if (mode != "idx" && mode != "up" && mode != "down" && mode != "bfly") {
    unsupported(call, "the shuffle '" + name + "' is not supported");
    return Error::success();
  }
  op.hasPredicateResult = call.getType()->isStructTy();
  unsigned first = op.hasMask ? 1 : 0;
  if (op.hasMask) {
    auto mask = operand(call.getArgOperand(0));
    if (!mask)
      return mask.takeError();
    op.mask = *mask;
  }
  auto value = operand(call.getArgOperand(first));
  auto lane = operand(call.getArgOperand(first + 1));
  auto clamp = operand(call.getArgOperand(first + 2));
  if (!value)
    return value.takeError();
  if (!lane)
    return lane.takeError();
  if (!clamp)
    return clamp.takeError();
  op.value = *value;
  op.laneOrOffset = *lane;
  op.clamp = *clamp;
  op.width = 32;
  emitWarpOp(call, op);
  return Error::success();
}

Error Decoder::decodeVoteIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  StringRef rest = name.drop_front(strlen("llvm.nvvm.vote."));
  WarpOp op;
  StringRef mode = rest.split('.').first;
  op.hasMask = rest.ends_with(".sync");
  op.kind = StringSwitch<WarpOpKind>(mode)
                .Case("all", WarpOpKind::VoteAll)
                .Case("any", WarpOpKind::VoteAny)
                .Case("uni", WarpOpKind::VoteUni)
                .Default(WarpOpKind::VoteBallot);
  unsigned first = op.hasMask ? 1 : 0;
  if (op.hasMask) {
    auto mask = operand(call.getArgOperand(0));
    if (!mask)
      return mask.takeError();
    op.mask = *mask;
  }
  auto value = operand(call.getArgOperand(first));
  if (!value)
    return value.takeError();
  op.value = *value;
  emitWarpOp(call, op);
  return Error::success();
}

Error Decoder::decodeMatchIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  WarpOp op;
  op.kind = name.starts_with("llvm.nvvm.match.any") ? WarpOpKind::MatchAny
                                                    : WarpOpKind::MatchAll;
  op.hasPredicateResult = call.getType()->isStructTy();
  auto mask = operand(call.getArgOperand(0));
  auto value = operand(call.getArgOperand(1));
  if (!mask)
    return mask.takeError();
  if (!value)
    return value.takeError();
  op.mask = *mask;
  op.value = *value;
  op.width = call.getArgOperand(1)->getType()->getIntegerBitWidth();
  emitWarpOp(call, op);
  return Error::success();
}

Error Decoder::decodeReduxIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  StringRef mode = name.drop_front(strlen("llvm.nvvm.redux.sync."));
  WarpOp op;
  op.kind = StringSwitch<WarpOpKind>(mode)
                .Case("add", WarpOpKind::ReduxAdd)
                .Case("min", WarpOpKind::ReduxMin)
                .Case("max", WarpOpKind::ReduxMax)
                .Case("umin", WarpOpKind::ReduxUMin)
                .Case("umax", WarpOpKind::ReduxUMax)
                .Case("and", WarpOpKind::ReduxAnd)
                .Case("or", WarpOpKind::ReduxOr)
                .Default(WarpOpKind::ReduxXor);
  auto value = operand(call.getArgOperand(0));
  auto mask = operand(call.getArgOperand(1));
  if (!value)
    return value.takeError();
  if (!mask)
    return mask.takeError();
  op.value = *value;
  op.mask = *mask;
  emitWarpOp(call, op);
  return Error::success();
}

} // namespace gpurd::trace::emu
