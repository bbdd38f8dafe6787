//===- DecodeIntrinsics.cpp - LLVM and NVVM intrinsics for the emulator ---===//
//
// Intrinsics without an effect the emulator models are dropped, identities
// become moves, memory intrinsics, special registers, barriers, NVVM loads
// and atomics and overflow arithmetic get instructions of their own, and
// the rest are pure scalar functions (Math.cpp) called lane by lane. The
// warp-synchronous intrinsics are in DecodeWarpIntrinsics.cpp.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"

#include <cstring>

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

/// Intrinsics without an effect the emulator models (when their result, if
/// any, is unused; invariant markers always).
bool isDropped(StringRef name, const CallInst &call) {
  auto skipped = {"llvm.dbg.",           "llvm.lifetime.",
                  "llvm.assume",         "llvm.experimental.noalias.scope.decl",
                  "llvm.invariant.",     "llvm.prefetch",
                  "llvm.sideeffect",     "llvm.donothing",
                  "llvm.nvvm.membar",    "llvm.nvvm.fence",
                  "llvm.var.annotation", "llvm.codeview.annotation",
                  "llvm.pseudoprobe",    "llvm.experimental.",
                  "llvm.nvvm.nanosleep"};
  for (const char *prefix : skipped)
    if (name.starts_with(prefix) &&
        (call.getType()->isVoidTy() || call.use_empty() ||
         name.starts_with("llvm.invariant.")))
      return true;
  return false;
}

/// Intrinsics that return their first argument.
bool isIdentity(StringRef name) {
  for (const char *prefix :
       {"llvm.expect", "llvm.ptr.annotation", "llvm.launder.invariant.group",
        "llvm.strip.invariant.group", "llvm.threadlocal.address",
        "llvm.nvvm.ptr.", "llvm.ssa.copy", "llvm.arithmetic.fence"})
    if (name.starts_with(prefix))
      return true;
  return false;
}

std::optional<OverflowOp> overflowOp(StringRef name) {
  for (auto [prefix, op] :
       {std::pair{"llvm.sadd.with.overflow", OverflowOp::SAdd},
        {"llvm.uadd.with.overflow", OverflowOp::UAdd},
        {"llvm.ssub.with.overflow", OverflowOp::SSub},
        {"llvm.usub.with.overflow", OverflowOp::USub},
        {"llvm.smul.with.overflow", OverflowOp::SMul},
        {"llvm.umul.with.overflow", OverflowOp::UMul}})
    if (name.starts_with(prefix))
      return op;
  return std::nullopt;
}

/// `llvm.nvvm.atomic.<op>.gen.<i|f>.<scope>...` and the older spellings.
std::optional<AtomicOp> nvvmAtomicOp(StringRef name, bool &isCas) {
  isCas = false;
  StringRef rest = name.drop_front(strlen("llvm.nvvm.atomic."));
  if (rest.starts_with("load.inc"))
    return AtomicOp::UIncWrap;
  if (rest.starts_with("load.dec"))
    return AtomicOp::UDecWrap;
  if (rest.starts_with("load.add.f"))
    return AtomicOp::FAdd;
  bool isFloat = rest.contains(".gen.f.");
  StringRef op = rest.split('.').first;
  if (op == "cas") {
    isCas = true;
    return AtomicOp::Xchg;
  }
  if (op == "add")
    return isFloat ? AtomicOp::FAdd : AtomicOp::Add;
  if (op == "exch")
    return AtomicOp::Xchg;
  if (op == "max")
    return AtomicOp::Max;
  if (op == "min")
    return AtomicOp::Min;
  if (op == "inc")
    return AtomicOp::UIncWrap;
  if (op == "dec")
    return AtomicOp::UDecWrap;
  if (op == "and")
    return AtomicOp::And;
  if (op == "or")
    return AtomicOp::Or;
  if (op == "xor")
    return AtomicOp::Xor;
  return std::nullopt;
}

std::optional<SpecialRegister> specialRegister(StringRef name) {
  return StringSwitch<std::optional<SpecialRegister>>(name)
      .Case("tid.x", SpecialRegister::TidX)
      .Case("tid.y", SpecialRegister::TidY)
      .Case("tid.z", SpecialRegister::TidZ)
      .Case("ntid.x", SpecialRegister::NtidX)
      .Case("ntid.y", SpecialRegister::NtidY)
      .Case("ntid.z", SpecialRegister::NtidZ)
      .Case("ctaid.x", SpecialRegister::CtaidX)
      .Case("ctaid.y", SpecialRegister::CtaidY)
      .Case("ctaid.z", SpecialRegister::CtaidZ)
      .Case("nctaid.x", SpecialRegister::NctaidX)
      .Case("nctaid.y", SpecialRegister::NctaidY)
      .Case("nctaid.z", SpecialRegister::NctaidZ)
      .Case("warpsize", SpecialRegister::WarpSize)
      .Case("laneid", SpecialRegister::LaneId)
      .Case("warpid", SpecialRegister::WarpId)
      .Case("nwarpid", SpecialRegister::NWarpId)
      .Case("smid", SpecialRegister::SmId)
      .Case("nsmid", SpecialRegister::NSmId)
      .Case("clock", SpecialRegister::Clock)
      .Case("clock64", SpecialRegister::Clock64)
      .Case("globaltimer", SpecialRegister::Clock64)
      .Case("lanemask.eq", SpecialRegister::LanemaskEq)
      .Case("lanemask.lt", SpecialRegister::LanemaskLt)
      .Case("lanemask.le", SpecialRegister::LanemaskLe)
      .Case("lanemask.gt", SpecialRegister::LanemaskGt)
      .Case("lanemask.ge", SpecialRegister::LanemaskGe)
      .Case("gridid", SpecialRegister::Zero)
      .Default(std::nullopt);
}

uint64_t isGlobalSpace(uint64_t a, uint64_t, uint64_t, unsigned) {
  return tagOf(a) == 0;
}
uint64_t isSharedSpace(uint64_t a, uint64_t, uint64_t, unsigned) {
  return tagOf(a) == 1;
}
uint64_t isLocalSpace(uint64_t a, uint64_t, uint64_t, unsigned) {
  return tagOf(a) == 2;
}
uint64_t ptrMask(uint64_t a, uint64_t b, uint64_t, unsigned) { return a & b; }

} // namespace

Error Decoder::decodeIntrinsic(const CallInst &call,
                               const llvm::Function &callee) {
  StringRef name = callee.getName();
  if (isDropped(name, call))
    return Error::success();
  if (isIdentity(name))
    return decodeIdentity(call);
  if (name.starts_with("llvm.ptrmask"))
    return scalarCall(call, ptrMask, 64);
  if (name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") ||
      name.starts_with("llvm.memset"))
    return decodeMemoryIntrinsic(call);
  if (name.starts_with("llvm.nvvm.read.ptx.sreg."))
    return decodeSpecialRegister(call);
  if (name.starts_with("llvm.nvvm.barrier") || name == "llvm.nvvm.bar.sync")
    return decodeBarrier(call);
  if (isWarpIntrinsic(name))
    return decodeWarpIntrinsic(call);
  if (name.starts_with("llvm.nvvm.ldg.global.") ||
      name.starts_with("llvm.nvvm.ldu.global."))
    return decodeLoad(call, call.getArgOperand(0), call.getType());
  if (name.starts_with("llvm.nvvm.atomic."))
    return decodeNvvmAtomic(call);
  if (name.starts_with("llvm.nvvm.texsurf.handle")) {
    auto a = operand(call.getArgOperand(call.arg_size() - 1));
    if (!a)
      return a.takeError();
    move(&call, resultSlot(call), *a);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.isspacep.")) {
    StringRef space = name.drop_front(strlen("llvm.nvvm.isspacep."));
    ScalarFn fn = space == "shared"  ? isSharedSpace
                  : space == "local" ? isLocalSpace
                                     : isGlobalSpace;
    return scalarCall(call, fn, 1);
  }
  if (name == "llvm.trap" || name == "llvm.debugtrap" ||
      name == "llvm.nvvm.trap") {
    emit(Op::Trap, &call);
    return Error::success();
  }
  if (std::optional<OverflowOp> op = overflowOp(name))
    return decodeWithOverflow(call, *op);
  return decodeScalarIntrinsic(call, callee);
}

Error Decoder::decodeIdentity(const CallInst &call) {
  uint32_t dst = resultSlot(call);
  auto a = operand(call.getArgOperand(0));
  if (!a)
    return a.takeError();
  for (uint32_t i = 0; i < leafCount(call.getType()); ++i)
    move(&call, dst + i, *a + i);
  return Error::success();
}

Error Decoder::decodeMemoryIntrinsic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  bool isSet = name.starts_with("llvm.memset");
  auto a = operand(call.getArgOperand(0));
  auto b = operand(call.getArgOperand(1));
  auto c = operand(call.getArgOperand(2));
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  if (!c)
    return c.takeError();
  Inst &out = emit(isSet ? Op::MemSet : Op::MemCpy, &call);
  out.a = *a;
  out.b = *b;
  out.c = *c;
  out.flags = name.starts_with("llvm.memmove");
  return Error::success();
}

Error Decoder::decodeSpecialRegister(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  auto reg =
      specialRegister(name.drop_front(strlen("llvm.nvvm.read.ptx.sreg.")));
  if (!reg) {
    unsupported(call, "the special register '" + name + "' is not supported");
    return Error::success();
  }
  Inst &out = emit(Op::SReg, &call);
  out.dst = resultSlot(call);
  out.imm = uint64_t(*reg);
  out.width = scalarBits(call.getType());
  return Error::success();
}

Error Decoder::decodeBarrier(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  uint32_t dst = resultSlot(call);
  Inst &out = emit(Op::Barrier, &call);
  out.dst = dst;
  if (name.starts_with("llvm.nvvm.barrier0.")) {
    StringRef kind = name.drop_front(strlen("llvm.nvvm.barrier0."));
    out.flags = uint8_t(kind == "popc"  ? BarrierKind::Popc
                        : kind == "and" ? BarrierKind::And
                        : kind == "or"  ? BarrierKind::Or
                                        : BarrierKind::Plain);
    auto a = operand(call.getArgOperand(0));
    if (!a)
      return a.takeError();
    current->code.back().a = *a;
  }
  return Error::success();
}

Error Decoder::decodeNvvmAtomic(const CallInst &call) {
  StringRef name = call.getCalledFunction()->getName();
  bool isCas = false;
  std::optional<AtomicOp> op = nvvmAtomicOp(name, isCas);
  if (!op) {
    unsupported(call, "the atomic intrinsic '" + name + "' is not supported");
    return Error::success();
  }
  if (!isCas)
    return decodeAtomic(call, *op, call.getArgOperand(0),
                        call.getArgOperand(1));
  uint32_t dst = resultSlot(call);
  auto a = operand(call.getArgOperand(0));
  auto b = operand(call.getArgOperand(1));
  auto c = operand(call.getArgOperand(2));
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  if (!c)
    return c.takeError();
  Inst &out = emit(Op::CmpXchg, &call);
  out.dst = dst;
  out.a = *a;
  out.b = *b;
  out.c = *c;
  out.width = scalarBits(call.getType());
  out.flags = 1; // result is the old value only
  return Error::success();
}

Error Decoder::decodeWithOverflow(const CallInst &call, OverflowOp op) {
  StringRef name = call.getCalledFunction()->getName();
  auto a = operand(call.getArgOperand(0));
  auto b = operand(call.getArgOperand(1));
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  Type *type = call.getArgOperand(0)->getType();
  if (!type->isIntegerTy() || type->getIntegerBitWidth() > 64) {
    unsupported(call, "'" + name + "' is not supported for this type");
    return Error::success();
  }
  Inst &out = emit(Op::WithOverflow, &call);
  out.dst = resultSlot(call);
  out.a = *a;
  out.b = *b;
  out.flags = uint8_t(op);
  out.width = type->getIntegerBitWidth();
  return Error::success();
}

Error Decoder::decodeScalarIntrinsic(const CallInst &call,
                                     const llvm::Function &callee) {
  StringRef name = callee.getName();
  // Pure scalar functions: the overloaded type is the result's (or the
  // first argument's for predicates).
  Type *type = call.getType()->isVoidTy() || call.getType()->isIntegerTy(1)
                   ? (call.arg_size() ? call.getArgOperand(0)->getType()
                                      : call.getType())
                   : call.getType();
  Type *scalar = type->getScalarType();
  if (ScalarFn fn =
          lookupScalarIntrinsic(name, callee.getIntrinsicID(), scalar))
    return scalarCall(call, fn, scalarBits(scalar));
  unsupported(call,
              "the intrinsic '" + name + "' is not supported by the emulator");
  return Error::success();
}

Error Decoder::scalarCall(const CallInst &call, ScalarFn fn, unsigned width) {
  uint32_t argumentSlots[3] = {0, 0, 0};
  for (unsigned i = 0; i < call.arg_size() && i < 3; ++i) {
    auto slot = operand(call.getArgOperand(i));
    if (!slot)
      return slot.takeError();
    argumentSlots[i] = *slot;
  }
  uint32_t lanes = std::max<uint32_t>(leafCount(call.getType()), 1);
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    Inst &out = emit(Op::Call3, &call);
    out.dst = call.getType()->isVoidTy() ? DiscardSlot : slots[&call] + lane;
    // Vector operands (llvm.fabs.v2f32...) advance lane by lane; scalar
    // operands (powi's exponent) stay.
    auto laneOf = [&](unsigned i) {
      return argumentSlots[i] +
             (i < call.arg_size() &&
                      call.getArgOperand(i)->getType()->isVectorTy()
                  ? lane
                  : 0);
    };
    out.a = laneOf(0);
    out.b = laneOf(1);
    out.c = laneOf(2);
    out.imm = reinterpret_cast<uint64_t>(fn);
    out.width = uint8_t(width);
  }
  return Error::success();
}

} // namespace gpurd::trace::emu
