//===- DecodeControl.cpp - Terminators, phis and calls --------------------===//
//
// Branches and switches jump along edges; each edge carries the parallel
// copy of its target's phis (with a temporary when a copy overwrites
// another's source), so phis themselves decode to nothing. Calls dispatch
// on the callee: inline assembly, intrinsics and declared functions have
// decoders of their own; defined device functions are decoded too (the
// worklist) and called with a frame of their own.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "gpurd/Access/DeviceModule.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpurd::trace::emu {

uint32_t Decoder::makeEdge(const BasicBlock *from, const BasicBlock *to,
                           Error &error) {
  Edge edge;
  edge.moveBegin = program->moves.size();
  std::vector<uint32_t> destinations;
  for (const PHINode &phi : to->phis()) {
    const Value *incoming = phi.getIncomingValueForBlock(from);
    auto source = operand(incoming);
    if (!source) {
      if (!error)
        error = source.takeError();
      else
        consumeError(source.takeError());
      continue;
    }
    uint32_t count = leafCount(phi.getType());
    for (uint32_t i = 0; i < count; ++i) {
      program->moves.push_back({slots[&phi] + i, *source + i});
      destinations.push_back(slots[&phi] + i);
    }
  }
  edge.moveCount = program->moves.size() - edge.moveBegin;
  for (uint32_t i = 0; i < edge.moveCount; ++i) {
    uint32_t src = program->moves[edge.moveBegin + i].src;
    for (uint32_t dst : destinations)
      if (dst == src && program->moves[edge.moveBegin + i].dst != src)
        edge.needsTemporary = true;
  }
  if (loops)
    describeControl(from, to, edge);
  uint32_t index = program->edges.size();
  program->edges.push_back(edge);
  pendingEdges.push_back({index, to});
  return index;
}

/// Whether lanes may reach \p block from different predecessors in the
/// same iteration of its loops: it has several, unless it is a loop's
/// header with one predecessor inside the loop (its latch) and one outside
/// (lanes from the latch are an iteration further than lanes entering).
static bool needsJoinMarker(const BasicBlock *block, const LoopInfo &loops) {
  SmallPtrSet<const BasicBlock *, 4> predecessors;
  for (const BasicBlock *predecessor : llvm::predecessors(block))
    predecessors.insert(predecessor);
  if (predecessors.size() < 2)
    return false;
  const Loop *loop = loops.getLoopFor(block);
  if (!loop || loop->getHeader() != block || predecessors.size() > 2)
    return true;
  unsigned inside = 0;
  for (const BasicBlock *predecessor : predecessors)
    inside += loop->contains(predecessor);
  return inside != 1;
}

/// The marker id + 1 of \p key in \p markers, numbered on from
/// \p numMarkers when it is new.
template <typename Map, typename Key>
static uint32_t markerOf(Map &markers, const Key &key, uint32_t &numMarkers) {
  auto [it, inserted] = markers.try_emplace(key, numMarkers + 1);
  if (inserted)
    ++numMarkers;
  return it->second;
}

void Decoder::describeControl(const BasicBlock *from, const BasicBlock *to,
                              Edge &edge) {
  if (succ_size(from) > 1)
    edge.branchMarker =
        markerOf(branchMarkers, std::make_pair(from, to), program->numMarkers);
  if (needsJoinMarker(to, *loops))
    edge.joinMarker = markerOf(joinMarkers, to, program->numMarkers);
  // Natural loops: an edge leaves the loops of `from` that do not hold
  // `to`, then enters `to`'s loop at its header (from outside) or starts
  // its next iteration (a back edge).
  const Loop *source = loops->getLoopFor(from);
  const Loop *target = loops->getLoopFor(to);
  const Loop *common = source;
  while (common && !common->contains(to))
    common = common->getParentLoop();
  unsigned pops = (source ? source->getLoopDepth() : 0) -
                  (common ? common->getLoopDepth() : 0);
  edge.loopPops = uint8_t(std::min(pops, 255u));
  if (target && target->getHeader() == to)
    edge.loopStep = target == common ? LoopStep::Next : LoopStep::Enter;
  edge.control = edge.branchMarker || edge.joinMarker || edge.loopPops ||
                 edge.loopStep != LoopStep::None;
}

Error Decoder::decodeTerminator(const Instruction &inst) {
  if (const auto *ret = dyn_cast<ReturnInst>(&inst))
    return decodeReturn(*ret);
  if (const auto *br = dyn_cast<BranchInst>(&inst))
    return decodeBranch(*br);
  if (const auto *sw = dyn_cast<SwitchInst>(&inst))
    return decodeSwitch(*sw);
  if (isa<UnreachableInst>(inst)) {
    emit(Op::Unreachable, &inst);
    return Error::success();
  }
  unsupported(inst, "the terminator '" + describe(inst) +
                        "' is not supported by the emulator");
  return Error::success();
}

Error Decoder::decodeReturn(const ReturnInst &ret) {
  Inst &out = emit(Op::Ret, &ret);
  if (const Value *value = ret.getReturnValue()) {
    auto slot = operand(value);
    if (!slot)
      return slot.takeError();
    current->code.back().a = *slot;
    current->code.back().b = leafCount(value->getType());
  } else {
    out.b = 0;
  }
  return Error::success();
}

Error Decoder::decodeBranch(const BranchInst &br) {
  if (br.isUnconditional()) {
    Error error = Error::success();
    uint32_t edge = makeEdge(br.getParent(), br.getSuccessor(0), error);
    Inst &out = emit(Op::Jump, &br);
    out.b = edge;
    return error;
  }
  auto condition = operand(br.getCondition());
  if (!condition)
    return condition.takeError();
  Error error = Error::success();
  uint32_t taken = makeEdge(br.getParent(), br.getSuccessor(0), error);
  uint32_t notTaken = makeEdge(br.getParent(), br.getSuccessor(1), error);
  Inst &out = emit(Op::CondJump, &br);
  out.a = *condition;
  out.b = taken;
  out.c = notTaken;
  return error;
}

Error Decoder::decodeSwitch(const SwitchInst &sw) {
  auto condition = operand(sw.getCondition());
  if (!condition)
    return condition.takeError();
  Error error = Error::success();
  SwitchInfo info;
  info.defaultEdge = makeEdge(sw.getParent(), sw.getDefaultDest(), error);
  for (const auto &kase : sw.cases())
    info.cases.emplace_back(
        kase.getCaseValue()->getZExtValue(),
        makeEdge(sw.getParent(), kase.getCaseSuccessor(), error));
  Inst &out = emit(Op::Switch, &sw);
  out.a = *condition;
  out.c = program->switches.size();
  program->switches.push_back(std::move(info));
  return error;
}

Error Decoder::decodeCall(const CallInst &call) {
  if (call.isInlineAsm())
    return decodeInlineAsm(call);
  const llvm::Function *callee = call.getCalledFunction();
  if (!callee)
    return decodeIndirectCall(call);
  if (callee->isIntrinsic())
    return decodeIntrinsic(call, *callee);
  if (callee->isDeclaration())
    return decodeLibraryCall(call, *callee);
  if (callee->isVarArg()) {
    unsupported(call, "calls to variadic functions are not supported");
    return Error::success();
  }
  return decodeDeviceCall(call, *callee);
}

Expected<CallInfo> Decoder::callInfo(const CallInst &call) {
  CallInfo info;
  for (const Use &argument : call.args()) {
    auto slot = operand(argument.get());
    if (!slot)
      return slot.takeError();
    info.arguments.emplace_back(
        *slot, std::max<uint32_t>(leafCount(argument->getType()), 1));
  }
  info.resultCount = leafCount(call.getType());
  return info;
}

Error Decoder::decodeDeviceCall(const CallInst &call,
                                const llvm::Function &callee) {
  auto info = callInfo(call);
  if (!info)
    return info.takeError();
  info->callee = functionIndex(callee);
  Inst &out = emit(Op::Call, &call);
  out.dst = resultSlot(call);
  out.c = program->calls.size();
  program->calls.push_back(std::move(*info));
  return Error::success();
}

/// A call through a function pointer or a vtable: the callee is the
/// function whose address (Decoder::functionAddress) the pointer holds when
/// the call runs.
Error Decoder::decodeIndirectCall(const CallInst &call) {
  if (call.getFunctionType()->isVarArg()) {
    unsupported(call, "calls to variadic functions are not supported");
    return Error::success();
  }
  auto target = operand(call.getCalledOperand());
  if (!target)
    return target.takeError();
  auto info = callInfo(call);
  if (!info)
    return info.takeError();
  // A null pointer here was loaded from memory gpurd filled with zeros, or
  // is an argument the host sets (a table that cudaMemcpyToSymbol fills
  // with addresses of device functions): the likeliest callee is one the
  // host can obtain, a function of the call's type whose address the code
  // takes. The emulator's notes() say so.
  for (const llvm::Function &function : *call.getModule())
    if (access::mayBeCalledThrough(function, *call.getFunctionType()) &&
        function.getCallingConv() != CallingConv::PTX_Kernel) {
      uint64_t address = functionAddress(function);
      info->nullCallee = program->functionsByAddress.at(address);
      break;
    }
  Inst &out = emit(Op::CallIndirect, &call);
  out.dst = resultSlot(call);
  out.a = *target;
  out.c = program->calls.size();
  program->calls.push_back(std::move(*info));
  return Error::success();
}

} // namespace gpurd::trace::emu
