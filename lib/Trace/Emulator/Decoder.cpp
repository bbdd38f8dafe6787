//===- Decoder.cpp - LLVM IR to the emulator's compact form ---------------===//
//
// Decodes the prepared kernel (and every defined function it calls) into
// EmulatorProgram.h's form. Instructions the emulator cannot execute are
// decoded into `Unsupported` records carrying a message, so a kernel fails
// only if such an instruction is actually reached, with an error naming it.
//
// Supported: integer arithmetic, comparisons and casts of any width up to
// 64 bits; half/float/double arithmetic, comparisons and conversions
// (saturating float-to-integer, as PTX's cvt); getelementptr; select,
// freeze, phi (as edge copies), br, switch, ret, unreachable; vectors and
// first-class aggregates (lane by lane; extract/insert/shuffle; bitcasts
// between shapes); alloca (static sizes); load/store of scalars, vectors
// and aggregates; atomicrmw (all operations), cmpxchg, fence (ignored);
// calls to defined functions; LLVM intrinsics (min/max/abs, ctpop/ctlz/
// cttz, bswap/bitreverse, fshl/fshr, saturating and overflow arithmetic,
// fabs/fma/fmuladd/sqrt/rounding/minnum/maxnum/copysign/pow/exp/log/trig,
// memcpy/memmove/memset, ptrmask, expect; dbg/lifetime/assume/noalias and
// similar are dropped); NVVM special registers, barriers (barrier0,
// .popc/.and/.or, barrier.sync), bar.warp.sync, shfl(.sync) in all modes,
// vote(.sync), activemask, match, redux, ldg/ldu, atomics, isspacep,
// address-space conversions, texsurf handles and the NVVM math intrinsics;
// libdevice (__nv_*, Math.cpp), vprintf/printf (ignored),
// __assertfail (an error with the message); inline PTX for 1-D texture
// fetches, funnel shifts, activemask, %laneid/%lanemask_*/%clock reads,
// moves and trap; the prelude's opaque wmma calls (no effect, as in the
// access model).
//
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

/// Scalar leaves of a type, in slot order.
void leafTypes(Type *type, SmallVectorImpl<Type *> &out) {
  if (auto *structType = dyn_cast<StructType>(type)) {
    for (Type *element : structType->elements())
      leafTypes(element, out);
  } else if (auto *array = dyn_cast<ArrayType>(type)) {
    for (uint64_t i = 0; i < array->getNumElements(); ++i)
      leafTypes(array->getElementType(), out);
  } else if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    for (unsigned i = 0; i < vector->getNumElements(); ++i)
      leafTypes(vector->getElementType(), out);
  } else {
    out.push_back(type);
  }
}

uint32_t leafCount(Type *type) {
  if (type->isVoidTy() || type->isLabelTy() || type->isMetadataTy() ||
      type->isTokenTy())
    return 0;
  if (auto *structType = dyn_cast<StructType>(type)) {
    uint32_t n = 0;
    for (Type *element : structType->elements())
      n += leafCount(element);
    return n;
  }
  if (auto *array = dyn_cast<ArrayType>(type))
    return uint32_t(array->getNumElements()) * leafCount(array->getElementType());
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return vector->getNumElements() * leafCount(vector->getElementType());
  return 1;
}

Kind kindOf(Type *type) {
  if (type->isHalfTy())
    return Kind::Half;
  if (type->isFloatTy())
    return Kind::Float;
  if (type->isDoubleTy())
    return Kind::Double;
  if (type->isPointerTy())
    return Kind::Pointer;
  return Kind::Int;
}

/// Bits a scalar leaf occupies in its slot.
unsigned scalarBits(Type *type) {
  if (type->isPointerTy())
    return 64;
  if (type->isIntegerTy())
    return type->getIntegerBitWidth();
  return type->getPrimitiveSizeInBits().getFixedValue();
}

bool isSupportedScalar(Type *type) {
  if (type->isIntegerTy())
    return type->getIntegerBitWidth() <= 64;
  return type->isHalfTy() || type->isFloatTy() || type->isDoubleTy() ||
         type->isPointerTy();
}

std::string describe(const Value &value) {
  std::string text;
  raw_string_ostream os(text);
  value.print(os);
  StringRef trimmed = StringRef(text).trim();
  if (trimmed.size() > 160)
    return trimmed.substr(0, 157).str() + "...";
  return trimmed.str();
}

class Decoder {
public:
  Decoder(const DecodeEnvironment &env, const DataLayout &data)
      : env(env), data(data), program(std::make_unique<Program>()) {}

  Expected<std::unique_ptr<Program>> run(const llvm::Function &kernel);
  Error write(const Constant &value, uint8_t *out);

private:
  // Per-function state.
  struct Pending {
    uint32_t edge;
    const BasicBlock *target;
  };

  Error decodeFunction(const llvm::Function &ir, Function &fn, bool isKernel);
  uint32_t functionIndex(const llvm::Function &callee);

  /// Slot of a value (materialising constants).
  Expected<uint32_t> operand(const Value *value);
  Error constantLeaves(const Constant *constant, SmallVectorImpl<uint64_t> &out);
  Expected<uint64_t> constantScalar(const Constant *constant);
  Expected<uint64_t> globalAddress(const GlobalValue &global);

  Inst &emit(Op op, const Instruction *origin) {
    current->code.emplace_back();
    current->origin.push_back(origin);
    Inst &inst = current->code.back();
    inst.op = op;
    auto site = env.sites.find(origin);
    if (site != env.sites.end() && isSiteOwner(op))
      inst.site = int32_t(site->second);
    return inst;
  }
  static bool isSiteOwner(Op op) {
    switch (op) {
    case Op::Load1: case Op::Load2: case Op::Load4: case Op::Load8:
    case Op::LoadN: case Op::LoadAgg: case Op::Store1: case Op::Store2:
    case Op::Store4: case Op::Store8: case Op::StoreN: case Op::StoreAgg:
    case Op::AtomicRMW: case Op::CmpXchg: case Op::MemCpy: case Op::MemSet:
    case Op::Barrier: case Op::TexFetch: case Op::Opaque:
      return true;
    default:
      return false;
    }
  }
  void unsupported(const Instruction &inst, const Twine &why) {
    Inst &out = emit(Op::Unsupported, &inst);
    out.site = -1;
    out.imm = program->messages.size();
    program->messages.push_back(why.str());
  }
  void move(const Instruction *origin, uint32_t dst, uint32_t src) {
    Inst &inst = emit(Op::Move, origin);
    inst.dst = dst;
    inst.a = src;
  }
  uint32_t leafList(Type *type);
  bool leafListOf(Type *type, LeafList &out);

  Error decodeInstruction(const Instruction &inst);
  Error decodeBinary(const BinaryOperator &inst);
  Error decodeCast(const CastInst &inst);
  Error decodeGep(const GetElementPtrInst &inst);
  Error decodeLoad(const Instruction &inst, const Value *pointer, Type *type);
  Error decodeStore(const StoreInst &inst);
  Error decodeCall(const CallInst &call);
  Error decodeIntrinsic(const CallInst &call, const llvm::Function &callee);
  Error decodeLibraryCall(const CallInst &call, const llvm::Function &callee);
  Error decodeInlineAsm(const CallInst &call);
  Error decodeTerminator(const Instruction &inst);
  Error decodeAtomic(const Instruction &inst, AtomicOp op, const Value *pointer,
                     const Value *value);
  uint32_t makeEdge(const BasicBlock *from, const BasicBlock *to,
                    Error &error);
  Error scalarCall(const CallInst &call, ScalarFn fn, unsigned width);

  const DecodeEnvironment &env;
  const DataLayout &data;
  std::unique_ptr<Program> program;
  DenseMap<const llvm::Function *, uint32_t> functions;
  std::vector<const llvm::Function *> worklist;

  Function *current = nullptr;
  DenseMap<const Value *, uint32_t> slots;
  uint32_t nextSlot = 0;
  std::vector<std::pair<uint32_t, SmallVector<uint64_t, 4>>> constants;
  std::vector<Pending> pendingEdges;
  DenseMap<const BasicBlock *, uint32_t> blockStart;
};

uint32_t Decoder::functionIndex(const llvm::Function &callee) {
  auto it = functions.find(&callee);
  if (it != functions.end())
    return it->second;
  uint32_t index = program->functions.size();
  program->functions.push_back(std::make_unique<Function>());
  functions[&callee] = index;
  worklist.push_back(&callee);
  return index;
}

Expected<std::unique_ptr<Program>> Decoder::run(const llvm::Function &kernel) {
  functionIndex(kernel);
  for (size_t i = 0; i < worklist.size(); ++i) {
    const llvm::Function *ir = worklist[i];
    Function &fn = *program->functions[functions[ir]];
    if (Error error = decodeFunction(*ir, fn, i == 0))
      return error;
  }
  return std::move(program);
}

Expected<uint64_t> Decoder::globalAddress(const GlobalValue &global) {
  if (const auto *alias = dyn_cast<GlobalAlias>(&global))
    if (const auto *target =
            dyn_cast<GlobalValue>(alias->getAliasee()->stripPointerCasts()))
      return globalAddress(*target);
  if (isa<llvm::Function>(global))
    return 0; // Only reachable through indirect calls, which are errors.
  std::string name = global.getName().str();
  if (global.getAddressSpace() == 3) {
    if (auto base = env.layout->sharedBase(name))
      return SharedTag | *base;
    const auto *variable = dyn_cast<GlobalVariable>(&global);
    if (variable && env.dynamicSharedBase &&
        (variable->isDeclaration() ||
         data.getTypeAllocSize(variable->getValueType()) == 0))
      return SharedTag | *env.dynamicSharedBase;
    return makeError("shared variable '" + name +
                     "' is not in the memory layout");
  }
  if (auto base = env.layout->globalBase(name))
    return *base;
  return makeError("global variable '" + name +
                   "' is not in the memory layout");
}

Expected<uint64_t> Decoder::constantScalar(const Constant *constant) {
  SmallVector<uint64_t, 4> leaves;
  if (Error error = constantLeaves(constant, leaves))
    return error;
  if (leaves.size() != 1)
    return makeError("expected a scalar constant: " + describe(*constant));
  return leaves[0];
}

Error Decoder::constantLeaves(const Constant *constant,
                              SmallVectorImpl<uint64_t> &out) {
  Type *type = constant->getType();
  if (isa<UndefValue>(constant) || isa<ConstantAggregateZero>(constant) ||
      isa<ConstantPointerNull>(constant)) {
    out.append(leafCount(type), 0);
    return Error::success();
  }
  if (const auto *integer = dyn_cast<ConstantInt>(constant)) {
    if (integer->getBitWidth() > 64)
      return makeError("integer constant wider than 64 bits");
    out.push_back(integer->getZExtValue());
    return Error::success();
  }
  if (const auto *fp = dyn_cast<ConstantFP>(constant)) {
    if (!isSupportedScalar(type))
      return makeError("unsupported floating-point type in a constant");
    out.push_back(fp->getValueAPF().bitcastToAPInt().getZExtValue());
    return Error::success();
  }
  if (const auto *global = dyn_cast<GlobalValue>(constant)) {
    auto address = globalAddress(*global);
    if (!address)
      return address.takeError();
    out.push_back(*address);
    return Error::success();
  }
  if (const auto *sequence = dyn_cast<ConstantDataSequential>(constant)) {
    for (unsigned i = 0; i < sequence->getNumElements(); ++i)
      if (Error error = constantLeaves(sequence->getElementAsConstant(i), out))
        return error;
    return Error::success();
  }
  if (isa<ConstantAggregate>(constant)) {
    for (const Use &element : constant->operands())
      if (Error error = constantLeaves(cast<Constant>(element.get()), out))
        return error;
    return Error::success();
  }
  const auto *expr = dyn_cast<ConstantExpr>(constant);
  if (!expr)
    return makeError("unsupported constant " + describe(*constant));
  auto scalarOperand = [&](unsigned i) {
    return constantScalar(cast<Constant>(expr->getOperand(i)));
  };
  switch (expr->getOpcode()) {
  case Instruction::GetElementPtr: {
    const auto *gep = cast<GEPOperator>(expr);
    auto base = scalarOperand(0);
    if (!base)
      return base.takeError();
    int64_t offset = 0;
    for (auto it = gep_type_begin(gep), end = gep_type_end(gep); it != end;
         ++it) {
      auto index = constantScalar(cast<Constant>(it.getOperand()));
      if (!index)
        return index.takeError();
      unsigned bits = it.getOperand()->getType()->getScalarSizeInBits();
      if (StructType *structType = it.getStructTypeOrNull())
        offset += data.getStructLayout(structType)->getElementOffset(*index);
      else
        offset += signExtend(*index, bits) *
                  int64_t(it.getSequentialElementStride(data));
    }
    out.push_back(*base + uint64_t(offset));
    return Error::success();
  }
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::IntToPtr: {
    auto value = scalarOperand(0);
    if (!value)
      return value.takeError();
    uint64_t v = *value;
    if (expr->getOpcode() == Instruction::IntToPtr) {
      unsigned space = type->getPointerAddressSpace();
      if (space == 3)
        v = SharedTag | (v & OffsetMask);
      else if (space == 5)
        v = LocalTag | (v & OffsetMask);
    }
    out.push_back(v);
    return Error::success();
  }
  case Instruction::PtrToInt: {
    auto value = scalarOperand(0);
    if (!value)
      return value.takeError();
    unsigned space = expr->getOperand(0)->getType()->getPointerAddressSpace();
    uint64_t v = (space == 3 || space == 5) ? (*value & OffsetMask) : *value;
    out.push_back(v & widthMask(type->getIntegerBitWidth()));
    return Error::success();
  }
  case Instruction::Trunc: {
    auto value = scalarOperand(0);
    if (!value)
      return value.takeError();
    out.push_back(*value & widthMask(type->getIntegerBitWidth()));
    return Error::success();
  }
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Xor:
  case Instruction::Shl: {
    auto a = scalarOperand(0);
    if (!a)
      return a.takeError();
    auto b = scalarOperand(1);
    if (!b)
      return b.takeError();
    uint64_t r = 0;
    switch (expr->getOpcode()) {
    case Instruction::Add: r = *a + *b; break;
    case Instruction::Sub: r = *a - *b; break;
    case Instruction::Mul: r = *a * *b; break;
    case Instruction::Xor: r = *a ^ *b; break;
    default: r = *b < 64 ? *a << *b : 0; break;
    }
    out.push_back(r & widthMask(scalarBits(type)));
    return Error::success();
  }
  default:
    return makeError("unsupported constant expression " + describe(*constant));
  }
}

Expected<uint32_t> Decoder::operand(const Value *value) {
  auto it = slots.find(value);
  if (it != slots.end())
    return it->second;
  const auto *constant = dyn_cast<Constant>(value);
  if (!constant)
    return makeError("value without a slot: " + describe(*value));
  SmallVector<uint64_t, 4> leaves;
  if (Error error = constantLeaves(constant, leaves))
    return error;
  uint32_t slot = nextSlot;
  nextSlot += std::max<size_t>(leaves.size(), 1);
  constants.emplace_back(slot, leaves);
  slots[value] = slot;
  return slot;
}

bool Decoder::leafListOf(Type *type, LeafList &out) {
  out.totalBytes = data.getTypeStoreSize(type);
  std::function<bool(Type *, uint64_t)> walk = [&](Type *t,
                                                   uint64_t base) -> bool {
    if (auto *structType = dyn_cast<StructType>(t)) {
      const StructLayout *layout = data.getStructLayout(structType);
      for (unsigned i = 0; i < structType->getNumElements(); ++i)
        if (!walk(structType->getElementType(i),
                  base + layout->getElementOffset(i)))
          return false;
      return true;
    }
    if (auto *array = dyn_cast<ArrayType>(t)) {
      uint64_t stride = data.getTypeAllocSize(array->getElementType());
      for (uint64_t i = 0; i < array->getNumElements(); ++i)
        if (!walk(array->getElementType(), base + i * stride))
          return false;
      return true;
    }
    if (auto *vector = dyn_cast<FixedVectorType>(t)) {
      unsigned bits = vector->getElementType()->getPrimitiveSizeInBits();
      if (vector->getElementType()->isPointerTy())
        bits = 64;
      if (bits % 8)
        return false;
      for (unsigned i = 0; i < vector->getNumElements(); ++i)
        if (!walk(vector->getElementType(), base + i * (bits / 8)))
          return false;
      return true;
    }
    if (!isSupportedScalar(t))
      return false;
    Leaf leaf;
    leaf.offset = uint32_t(base);
    leaf.bytes = uint8_t(data.getTypeStoreSize(t));
    leaf.bits = uint8_t(scalarBits(t));
    out.leaves.push_back(leaf);
    return true;
  };
  return walk(type, 0);
}

uint32_t Decoder::leafList(Type *type) {
  LeafList list;
  if (!leafListOf(type, list))
    return ~0u;
  program->leafLists.push_back(std::move(list));
  return program->leafLists.size() - 1;
}

Error Decoder::decodeFunction(const llvm::Function &ir, Function &fn,
                              bool isKernel) {
  current = &fn;
  fn.name = ir.getName().str();
  fn.ir = &ir;
  slots.clear();
  constants.clear();
  pendingEdges.clear();
  blockStart.clear();
  nextSlot = 2; // Slot 0 holds zero, slot 1 discards.
  constants.emplace_back(ZeroSlot, SmallVector<uint64_t, 4>{0});

  for (const Argument &arg : ir.args()) {
    slots[&arg] = nextSlot;
    fn.argumentSlots.push_back(nextSlot);
    uint32_t count = std::max<uint32_t>(leafCount(arg.getType()), 1);
    if (isKernel) {
      std::optional<uint64_t> value;
      if (env.kernelArguments.size() > arg.getArgNo())
        value = env.kernelArguments[arg.getArgNo()];
      if (!value && !arg.use_empty())
        return makeError(
            arg.getArgNo() < env.argumentErrors.size() &&
                    !env.argumentErrors[arg.getArgNo()].empty()
                ? env.argumentErrors[arg.getArgNo()]
                : "no value for parameter " + std::to_string(arg.getArgNo()));
      constants.emplace_back(nextSlot, SmallVector<uint64_t, 4>{value.value_or(0)});
    }
    nextSlot += count;
  }
  for (const BasicBlock &block : ir)
    for (const Instruction &inst : block)
      if (!inst.getType()->isVoidTy()) {
        slots[&inst] = nextSlot;
        nextSlot += std::max<uint32_t>(leafCount(inst.getType()), 1);
      }

  // Static allocas get fixed offsets in the frame's local memory.
  for (const BasicBlock &block : ir) {
    for (const Instruction &inst : block) {
      if (!blockStart.count(&block) && !isa<PHINode>(inst))
        blockStart[&block] = fn.code.size();
      if (isa<PHINode>(inst))
        continue;
      if (Error error = decodeInstruction(inst))
        return error;
    }
  }
  for (const Pending &pending : pendingEdges)
    program->edges[pending.edge].target = blockStart.lookup(pending.target);

  fn.numSlots = nextSlot;
  fn.initialRegisters.assign(nextSlot, 0);
  for (auto &[slot, values] : constants)
    for (size_t i = 0; i < values.size(); ++i)
      fn.initialRegisters[slot + i] = values[i];
  current = nullptr;
  return Error::success();
}

uint32_t Decoder::makeEdge(const BasicBlock *from, const BasicBlock *to,
                           Error &error) {
  Edge edge;
  edge.moveBegin = program->moves.size();
  std::vector<uint32_t> destinations;
  for (const PHINode &phi : to->phis()) {
    ++edge.phiCount;
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
  uint32_t index = program->edges.size();
  program->edges.push_back(edge);
  pendingEdges.push_back({index, to});
  return index;
}

Error Decoder::decodeTerminator(const Instruction &inst) {
  Error error = Error::success();
  if (const auto *ret = dyn_cast<ReturnInst>(&inst)) {
    Inst &out = emit(Op::Ret, &inst);
    if (const Value *value = ret->getReturnValue()) {
      auto slot = operand(value);
      if (!slot)
        return slot.takeError();
      current->code.back().a = *slot;
      current->code.back().b = leafCount(value->getType());
    } else {
      out.b = 0;
    }
    return error;
  }
  if (const auto *br = dyn_cast<BranchInst>(&inst)) {
    if (br->isUnconditional()) {
      uint32_t edge = makeEdge(inst.getParent(), br->getSuccessor(0), error);
      Inst &out = emit(Op::Jump, &inst);
      out.b = edge;
      return error;
    }
    auto condition = operand(br->getCondition());
    if (!condition)
      return condition.takeError();
    uint32_t taken = makeEdge(inst.getParent(), br->getSuccessor(0), error);
    uint32_t notTaken = makeEdge(inst.getParent(), br->getSuccessor(1), error);
    Inst &out = emit(Op::CondJump, &inst);
    out.a = *condition;
    out.b = taken;
    out.c = notTaken;
    return error;
  }
  if (const auto *sw = dyn_cast<SwitchInst>(&inst)) {
    auto condition = operand(sw->getCondition());
    if (!condition)
      return condition.takeError();
    SwitchInfo info;
    info.defaultEdge = makeEdge(inst.getParent(), sw->getDefaultDest(), error);
    for (const auto &kase : sw->cases())
      info.cases.emplace_back(
          kase.getCaseValue()->getZExtValue(),
          makeEdge(inst.getParent(), kase.getCaseSuccessor(), error));
    Inst &out = emit(Op::Switch, &inst);
    out.a = *condition;
    out.c = program->switches.size();
    program->switches.push_back(std::move(info));
    return error;
  }
  if (isa<UnreachableInst>(inst)) {
    emit(Op::Unreachable, &inst);
    return error;
  }
  unsupported(inst, "the terminator '" + describe(inst) +
                        "' is not supported by the emulator");
  return error;
}

Error Decoder::decodeBinary(const BinaryOperator &inst) {
  Type *type = inst.getType();
  Type *scalar = type->getScalarType();
  uint32_t lanes = leafCount(type);
  auto a = operand(inst.getOperand(0));
  if (!a)
    return a.takeError();
  auto b = operand(inst.getOperand(1));
  if (!b)
    return b.takeError();
  uint32_t dst = slots[&inst];
  if (!isSupportedScalar(scalar)) {
    unsupported(inst, "the type of '" + describe(inst) + "' is not supported");
    return Error::success();
  }
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    Op op = Op::Unsupported;
    uint8_t flags = 0;
    if (scalar->isIntegerTy()) {
      switch (inst.getOpcode()) {
      case Instruction::Add: op = Op::Add; break;
      case Instruction::Sub: op = Op::Sub; break;
      case Instruction::Mul: op = Op::Mul; break;
      case Instruction::UDiv: op = Op::UDiv; break;
      case Instruction::SDiv: op = Op::SDiv; break;
      case Instruction::URem: op = Op::URem; break;
      case Instruction::SRem: op = Op::SRem; break;
      case Instruction::Shl: op = Op::Shl; break;
      case Instruction::LShr: op = Op::LShr; break;
      case Instruction::AShr: op = Op::AShr; break;
      case Instruction::And: op = Op::And; break;
      case Instruction::Or: op = Op::Or; break;
      case Instruction::Xor: op = Op::Xor; break;
      default: break;
      }
    } else if (scalar->isFloatTy() || scalar->isDoubleTy()) {
      bool f32 = scalar->isFloatTy();
      switch (inst.getOpcode()) {
      case Instruction::FAdd: op = f32 ? Op::FAdd32 : Op::FAdd64; break;
      case Instruction::FSub: op = f32 ? Op::FSub32 : Op::FSub64; break;
      case Instruction::FMul: op = f32 ? Op::FMul32 : Op::FMul64; break;
      case Instruction::FDiv: op = f32 ? Op::FDiv32 : Op::FDiv64; break;
      case Instruction::FRem: op = f32 ? Op::FRem32 : Op::FRem64; break;
      default: break;
      }
    } else if (scalar->isHalfTy()) {
      op = Op::FArith16;
      switch (inst.getOpcode()) {
      case Instruction::FAdd: flags = 0; break;
      case Instruction::FSub: flags = 1; break;
      case Instruction::FMul: flags = 2; break;
      case Instruction::FDiv: flags = 3; break;
      case Instruction::FRem: flags = 4; break;
      default: op = Op::Unsupported; break;
      }
    }
    if (op == Op::Unsupported) {
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
    Inst &out = emit(op, &inst);
    out.dst = dst + lane;
    out.a = *a + lane;
    out.b = *b + lane;
    out.flags = flags;
    unsigned bits = scalarBits(scalar);
    out.width = uint8_t(bits);
    out.imm = widthMask(bits);
  }
  return Error::success();
}

Error Decoder::decodeCast(const CastInst &inst) {
  Type *from = inst.getSrcTy(), *to = inst.getDestTy();
  auto a = operand(inst.getOperand(0));
  if (!a)
    return a.takeError();
  uint32_t dst = slots[&inst];
  if (inst.getOpcode() == Instruction::BitCast) {
    SmallVector<Type *, 8> fromLeaves, toLeaves;
    leafTypes(from, fromLeaves);
    leafTypes(to, toLeaves);
    bool sameShape = fromLeaves.size() == toLeaves.size();
    for (size_t i = 0; sameShape && i < fromLeaves.size(); ++i)
      sameShape = scalarBits(fromLeaves[i]) == scalarBits(toLeaves[i]);
    if (sameShape) {
      for (size_t i = 0; i < fromLeaves.size(); ++i)
        move(&inst, dst + i, *a + i);
      return Error::success();
    }
    Repack repack;
    if (!leafListOf(from, repack.from) || !leafListOf(to, repack.to) ||
        repack.from.totalBytes != repack.to.totalBytes) {
      unsupported(inst, "the bitcast '" + describe(inst) + "' is not supported");
      return Error::success();
    }
    Inst &out = emit(Op::Repack, &inst);
    out.dst = dst;
    out.a = *a;
    out.c = program->repacks.size();
    program->repacks.push_back(std::move(repack));
    return Error::success();
  }
  Type *fromScalar = from->getScalarType(), *toScalar = to->getScalarType();
  if (!isSupportedScalar(fromScalar) || !isSupportedScalar(toScalar)) {
    unsupported(inst, "the type of '" + describe(inst) + "' is not supported");
    return Error::success();
  }
  uint32_t lanes = leafCount(to);
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    Inst &out = emit(Op::Move, &inst);
    out.dst = dst + lane;
    out.a = *a + lane;
    switch (inst.getOpcode()) {
    case Instruction::Trunc:
      out.op = Op::Trunc;
      out.imm = widthMask(scalarBits(toScalar));
      break;
    case Instruction::ZExt:
    case Instruction::AddrSpaceCast:
      break; // Canonical values and tagged pointers: a move.
    case Instruction::SExt:
      out.op = Op::SExt;
      out.width = scalarBits(fromScalar);
      out.imm = widthMask(scalarBits(toScalar));
      break;
    case Instruction::FPTrunc:
    case Instruction::FPExt:
      out.op = Op::FConv;
      out.flags = uint8_t(kindOf(fromScalar));
      out.width = uint8_t(kindOf(toScalar));
      break;
    case Instruction::FPToSI:
    case Instruction::FPToUI:
      out.op = inst.getOpcode() == Instruction::FPToSI ? Op::FPToSI : Op::FPToUI;
      out.flags = uint8_t(kindOf(fromScalar));
      out.width = scalarBits(toScalar);
      break;
    case Instruction::SIToFP:
    case Instruction::UIToFP:
      out.op = inst.getOpcode() == Instruction::SIToFP ? Op::SIToFP : Op::UIToFP;
      out.flags = uint8_t(kindOf(toScalar));
      out.width = scalarBits(fromScalar);
      break;
    case Instruction::PtrToInt: {
      unsigned space = fromScalar->getPointerAddressSpace();
      out.op = Op::PtrToInt;
      out.flags = space == 3 || space == 5;
      out.imm = widthMask(scalarBits(toScalar));
      break;
    }
    case Instruction::IntToPtr: {
      unsigned space = toScalar->getPointerAddressSpace();
      out.op = Op::IntToPtr;
      out.flags = space == 3 || space == 5;
      out.imm = space == 3 ? SharedTag : space == 5 ? LocalTag : 0;
      break;
    }
    default:
      current->code.pop_back();
      current->origin.pop_back();
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
  }
  return Error::success();
}

Error Decoder::decodeGep(const GetElementPtrInst &inst) {
  if (inst.getType()->isVectorTy()) {
    unsupported(inst, "vector getelementptr '" + describe(inst) +
                          "' is not supported");
    return Error::success();
  }
  auto base = operand(inst.getPointerOperand());
  if (!base)
    return base.takeError();
  int64_t offset = 0;
  std::vector<GepTerm> terms;
  const auto *gep = cast<GEPOperator>(&inst);
  for (auto it = gep_type_begin(gep), end = gep_type_end(gep); it != end; ++it) {
    const Value *index = it.getOperand();
    unsigned bits = index->getType()->getScalarSizeInBits();
    if (StructType *structType = it.getStructTypeOrNull()) {
      offset += data.getStructLayout(structType)->getElementOffset(
          cast<ConstantInt>(index)->getZExtValue());
      continue;
    }
    int64_t stride = int64_t(it.getSequentialElementStride(data));
    if (const auto *constant = dyn_cast<ConstantInt>(index)) {
      offset += constant->getSExtValue() * stride;
      continue;
    }
    auto slot = operand(index);
    if (!slot)
      return slot.takeError();
    terms.push_back({*slot, bits, stride});
  }
  uint32_t dst = slots[&inst];
  if (terms.empty()) {
    Inst &out = emit(Op::Gep1, &inst);
    out.dst = dst;
    out.a = *base;
    out.b = 0; // slot 0 holds zero
    out.width = 64;
    out.imm = 0;
    out.imm2 = offset;
    return Error::success();
  }
  if (terms.size() == 1) {
    Inst &out = emit(Op::Gep1, &inst);
    out.dst = dst;
    out.a = *base;
    out.b = terms[0].slot;
    out.width = terms[0].width;
    out.imm = uint64_t(terms[0].scale);
    out.imm2 = offset;
    return Error::success();
  }
  Inst &out = emit(Op::GepN, &inst);
  out.dst = dst;
  out.a = *base;
  out.c = program->gepTerms.size();
  out.b = terms.size();
  out.imm2 = offset;
  program->gepTerms.insert(program->gepTerms.end(), terms.begin(), terms.end());
  return Error::success();
}

Error Decoder::decodeLoad(const Instruction &inst, const Value *pointer,
                          Type *type) {
  auto address = operand(pointer);
  if (!address)
    return address.takeError();
  uint32_t dst = slots[&inst];
  if (isSupportedScalar(type)) {
    unsigned bytes = data.getTypeStoreSize(type);
    unsigned bits = scalarBits(type);
    Op op = Op::LoadN;
    if (bits == bytes * 8 || type->isIntegerTy(1))
      op = bytes == 1 ? Op::Load1
           : bytes == 2 ? Op::Load2
           : bytes == 4 ? Op::Load4
           : bytes == 8 ? Op::Load8
                        : Op::LoadN;
    Inst &out = emit(op, &inst);
    out.dst = dst;
    out.a = *address;
    out.width = uint8_t(bytes);
    out.imm = widthMask(bits);
    return Error::success();
  }
  uint32_t list = leafList(type);
  if (list == ~0u) {
    unsupported(inst, "loading the type of '" + describe(inst) +
                          "' is not supported");
    return Error::success();
  }
  Inst &out = emit(Op::LoadAgg, &inst);
  out.dst = dst;
  out.a = *address;
  out.c = list;
  out.width = 0;
  return Error::success();
}

Error Decoder::decodeStore(const StoreInst &inst) {
  auto address = operand(inst.getPointerOperand());
  if (!address)
    return address.takeError();
  auto value = operand(inst.getValueOperand());
  if (!value)
    return value.takeError();
  Type *type = inst.getValueOperand()->getType();
  if (isSupportedScalar(type)) {
    unsigned bytes = data.getTypeStoreSize(type);
    Op op = bytes == 1 ? Op::Store1
            : bytes == 2 ? Op::Store2
            : bytes == 4 ? Op::Store4
            : bytes == 8 ? Op::Store8
                         : Op::StoreN;
    Inst &out = emit(op, &inst);
    out.a = *address;
    out.b = *value;
    out.width = uint8_t(bytes);
    return Error::success();
  }
  uint32_t list = leafList(type);
  if (list == ~0u) {
    unsupported(inst, "storing the type of '" + describe(inst) +
                          "' is not supported");
    return Error::success();
  }
  Inst &out = emit(Op::StoreAgg, &inst);
  out.a = *address;
  out.b = *value;
  out.c = list;
  return Error::success();
}

Error Decoder::decodeAtomic(const Instruction &inst, AtomicOp op,
                            const Value *pointer, const Value *value) {
  auto address = operand(pointer);
  if (!address)
    return address.takeError();
  auto operandSlot = operand(value);
  if (!operandSlot)
    return operandSlot.takeError();
  Type *type = value->getType();
  if (!isSupportedScalar(type) || type->isHalfTy()) {
    unsupported(inst, "the atomic '" + describe(inst) + "' is not supported");
    return Error::success();
  }
  Inst &out = emit(Op::AtomicRMW, &inst);
  out.dst = inst.getType()->isVoidTy() ? DiscardSlot : slots[&inst];
  out.a = *address;
  out.b = *operandSlot;
  out.c = uint32_t(kindOf(type));
  out.flags = uint8_t(op);
  out.width = scalarBits(type);
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

Error Decoder::decodeIntrinsic(const CallInst &call,
                               const llvm::Function &callee) {
  StringRef name = callee.getName();
  auto skipped = {"llvm.dbg.", "llvm.lifetime.", "llvm.assume",
                  "llvm.experimental.noalias.scope.decl", "llvm.invariant.",
                  "llvm.prefetch", "llvm.sideeffect", "llvm.donothing",
                  "llvm.nvvm.membar", "llvm.nvvm.fence", "llvm.var.annotation",
                  "llvm.codeview.annotation", "llvm.pseudoprobe",
                  "llvm.experimental.", "llvm.nvvm.nanosleep"};
  for (const char *prefix : skipped)
    if (name.starts_with(prefix) &&
        (call.getType()->isVoidTy() || call.use_empty() ||
         name.starts_with("llvm.invariant.")))
      return Error::success();
  auto arg = [&](unsigned i) { return operand(call.getArgOperand(i)); };
  uint32_t dst = call.getType()->isVoidTy() ? DiscardSlot : slots[&call];

  // Identities.
  for (const char *prefix :
       {"llvm.expect", "llvm.ptr.annotation", "llvm.launder.invariant.group",
        "llvm.strip.invariant.group", "llvm.threadlocal.address",
        "llvm.nvvm.ptr.", "llvm.ssa.copy", "llvm.arithmetic.fence"}) {
    if (name.starts_with(prefix)) {
      auto a = arg(0);
      if (!a)
        return a.takeError();
      for (uint32_t i = 0; i < leafCount(call.getType()); ++i)
        move(&call, dst + i, *a + i);
      return Error::success();
    }
  }
  if (name.starts_with("llvm.ptrmask"))
    return scalarCall(call, ptrMask, 64);
  if (name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") ||
      name.starts_with("llvm.memset")) {
    bool isSet = name.starts_with("llvm.memset");
    auto a = arg(0), b = arg(1), c = arg(2);
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
  if (name.starts_with("llvm.nvvm.read.ptx.sreg.")) {
    auto reg = specialRegister(name.drop_front(strlen("llvm.nvvm.read.ptx.sreg.")));
    if (!reg) {
      unsupported(call, "the special register '" + name + "' is not supported");
      return Error::success();
    }
    Inst &out = emit(Op::SReg, &call);
    out.dst = dst;
    out.imm = uint64_t(*reg);
    out.width = scalarBits(call.getType());
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.barrier") || name == "llvm.nvvm.bar.sync") {
    Inst &out = emit(Op::Barrier, &call);
    out.dst = dst;
    if (name.starts_with("llvm.nvvm.barrier0.")) {
      StringRef kind = name.drop_front(strlen("llvm.nvvm.barrier0."));
      out.flags = uint8_t(kind == "popc"  ? BarrierKind::Popc
                          : kind == "and" ? BarrierKind::And
                          : kind == "or"  ? BarrierKind::Or
                                          : BarrierKind::Plain);
      auto a = arg(0);
      if (!a)
        return a.takeError();
      current->code.back().a = *a;
    }
    return Error::success();
  }
  auto warpOp = [&](WarpOp op) {
    Inst &out = emit(Op::WarpSync, &call);
    out.dst = dst;
    out.c = program->warpOps.size();
    program->warpOps.push_back(op);
  };
  if (name == "llvm.nvvm.bar.warp.sync") {
    WarpOp op;
    op.kind = WarpOpKind::SyncWarp;
    auto mask = arg(0);
    if (!mask)
      return mask.takeError();
    op.mask = *mask;
    warpOp(op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.shfl.")) {
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
      auto mask = arg(0);
      if (!mask)
        return mask.takeError();
      op.mask = *mask;
    }
    auto value = arg(first), lane = arg(first + 1), clamp = arg(first + 2);
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
    warpOp(op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.vote.")) {
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
      auto mask = arg(0);
      if (!mask)
        return mask.takeError();
      op.mask = *mask;
    }
    auto value = arg(first);
    if (!value)
      return value.takeError();
    op.value = *value;
    warpOp(op);
    return Error::success();
  }
  if (name == "llvm.nvvm.activemask") {
    WarpOp op;
    op.kind = WarpOpKind::ActiveMask;
    op.hasMask = false;
    warpOp(op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.match.")) {
    WarpOp op;
    op.kind = name.starts_with("llvm.nvvm.match.any") ? WarpOpKind::MatchAny
                                                       : WarpOpKind::MatchAll;
    op.hasPredicateResult = call.getType()->isStructTy();
    auto mask = arg(0), value = arg(1);
    if (!mask)
      return mask.takeError();
    if (!value)
      return value.takeError();
    op.mask = *mask;
    op.value = *value;
    op.width = call.getArgOperand(1)->getType()->getIntegerBitWidth();
    warpOp(op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.redux.sync.")) {
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
    auto value = arg(0), mask = arg(1);
    if (!value)
      return value.takeError();
    if (!mask)
      return mask.takeError();
    op.value = *value;
    op.mask = *mask;
    warpOp(op);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.ldg.global.") ||
      name.starts_with("llvm.nvvm.ldu.global."))
    return decodeLoad(call, call.getArgOperand(0), call.getType());
  if (name.starts_with("llvm.nvvm.atomic.")) {
    bool isCas = false;
    std::optional<AtomicOp> op = nvvmAtomicOp(name, isCas);
    if (!op) {
      unsupported(call, "the atomic intrinsic '" + name + "' is not supported");
      return Error::success();
    }
    if (!isCas)
      return decodeAtomic(call, *op, call.getArgOperand(0),
                          call.getArgOperand(1));
    auto a = arg(0), b = arg(1), c = arg(2);
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
  if (name.starts_with("llvm.nvvm.texsurf.handle")) {
    auto a = arg(call.arg_size() - 1);
    if (!a)
      return a.takeError();
    move(&call, dst, *a);
    return Error::success();
  }
  if (name.starts_with("llvm.nvvm.isspacep.")) {
    StringRef space = name.drop_front(strlen("llvm.nvvm.isspacep."));
    ScalarFn fn = space == "shared" ? isSharedSpace
                  : space == "local" ? isLocalSpace
                                     : isGlobalSpace;
    return scalarCall(call, fn, 1);
  }
  if (name == "llvm.trap" || name == "llvm.debugtrap" ||
      name == "llvm.nvvm.trap") {
    emit(Op::Trap, &call);
    return Error::success();
  }
  for (auto [prefix, op] :
       {std::pair{"llvm.sadd.with.overflow", OverflowOp::SAdd},
        {"llvm.uadd.with.overflow", OverflowOp::UAdd},
        {"llvm.ssub.with.overflow", OverflowOp::SSub},
        {"llvm.usub.with.overflow", OverflowOp::USub},
        {"llvm.smul.with.overflow", OverflowOp::SMul},
        {"llvm.umul.with.overflow", OverflowOp::UMul}}) {
    if (!name.starts_with(prefix))
      continue;
    auto a = arg(0), b = arg(1);
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
    out.dst = dst;
    out.a = *a;
    out.b = *b;
    out.flags = uint8_t(op);
    out.width = type->getIntegerBitWidth();
    return Error::success();
  }
  // Pure scalar functions: the overloaded type is the result's (or the
  // first argument's for predicates).
  Type *type = call.getType()->isVoidTy() || call.getType()->isIntegerTy(1)
                   ? (call.arg_size() ? call.getArgOperand(0)->getType()
                                      : call.getType())
                   : call.getType();
  Type *scalar = type->getScalarType();
  if (ScalarFn fn = lookupScalarIntrinsic(name, callee.getIntrinsicID(), scalar))
    return scalarCall(call, fn, scalarBits(scalar));
  unsupported(call, "the intrinsic '" + name +
                        "' is not supported by the emulator");
  return Error::success();
}

Error Decoder::decodeLibraryCall(const CallInst &call,
                                 const llvm::Function &callee) {
  StringRef name = callee.getName();
  uint32_t dst = call.getType()->isVoidTy() ? DiscardSlot : slots[&call];
  if (name == "vprintf" || name == "printf") {
    if (!call.getType()->isVoidTy())
      move(&call, dst, 0);
    return Error::success();
  }
  if (name == "__assertfail" || name == "__assert_fail") {
    auto message = operand(call.getArgOperand(0));
    if (!message)
      return message.takeError();
    Inst &out = emit(Op::AssertFail, &call);
    out.a = *message;
    return Error::success();
  }
  auto mathStore = StringSwitch<std::optional<MathStoreKind>>(name)
                       .Case("__nv_sincosf", MathStoreKind::SinCosF)
                       .Case("__nv_fast_sincosf", MathStoreKind::SinCosF)
                       .Case("__nv_sincos", MathStoreKind::SinCosD)
                       .Case("__nv_sincospif", MathStoreKind::SinCosPiF)
                       .Case("__nv_sincospi", MathStoreKind::SinCosPiD)
                       .Case("__nv_modff", MathStoreKind::ModfF)
                       .Case("__nv_modf", MathStoreKind::ModfD)
                       .Case("__nv_frexpf", MathStoreKind::FrexpF)
                       .Case("__nv_frexp", MathStoreKind::FrexpD)
                       .Default(std::nullopt);
  if (mathStore) {
    auto x = operand(call.getArgOperand(0));
    auto p = operand(call.getArgOperand(1));
    if (!x)
      return x.takeError();
    if (!p)
      return p.takeError();
    Inst &out = emit(Op::MathStore, &call);
    out.dst = dst;
    out.a = *x;
    out.b = *p;
    out.flags = uint8_t(*mathStore);
    if (call.arg_size() > 2) {
      auto q = operand(call.getArgOperand(2));
      if (!q)
        return q.takeError();
      current->code.back().c = *q;
    }
    return Error::success();
  }
  // The prelude's tensor-core API (mma.h) declares these without a
  // definition: opaque calls whose per-lane memory mapping CUDA leaves
  // unspecified. The access model has no operations for them, so neither
  // does the emulator: they leave memory and the fragments unchanged.
  std::string demangled = llvm::demangle(name.str());
  for (const char *opaque :
       {"void nvcuda::wmma::load_matrix_sync<", "void nvcuda::wmma::store_matrix_sync<",
        "void nvcuda::wmma::mma_sync<", "void nvcuda::wmma::bmma_sync<"}) {
    if (StringRef(demangled).starts_with(opaque)) {
      // The access model makes such a call a site at its first pointer
      // argument; record that, as it does.
      uint32_t address = ZeroSlot;
      for (const Use &argument : call.args())
        if (argument->getType()->isPointerTy()) {
          auto slot = operand(argument.get());
          if (!slot)
            return slot.takeError();
          address = *slot;
          break;
        }
      Inst &out = emit(Op::Opaque, &call);
      out.a = address;
      return Error::success();
    }
  }
  if (StringRef(demangled).starts_with("nvcuda::wmma::__float_to_tf32(") &&
      call.arg_size() == 1) {
    auto x = operand(call.getArgOperand(0));
    if (!x)
      return x.takeError();
    move(&call, dst, *x);
    return Error::success();
  }
  if (ScalarFn fn = lookupLibdeviceFunction(name)) {
    if (call.arg_size() > 3) {
      unsupported(call, "'" + name + "' takes too many arguments");
      return Error::success();
    }
    Type *type = call.getType()->isVoidTy() ? nullptr : call.getType();
    return scalarCall(call, fn, type ? scalarBits(type->getScalarType()) : 0);
  }
  if (StringRef(demangled).contains("grid_sync"))
    unsupported(call, "grid-wide synchronisation ('" + demangled +
                          "') cannot be emulated: blocks run one at a time");
  else
    unsupported(call, "the function '" + demangled +
                          "' has no definition the emulator can run");
  return Error::success();
}

/// PTX funnel shifts (__funnelshift_l/r): (hi:lo) shifted, 32 bits kept.
template <bool Left, bool Clamp>
uint64_t funnelShift(uint64_t lo, uint64_t hi, uint64_t shift, unsigned) {
  uint64_t n = Clamp ? std::min<uint64_t>(uint32_t(shift), 32) : (shift & 31);
  uint64_t wide = (uint64_t(uint32_t(hi)) << 32) | uint32_t(lo);
  return Left ? uint32_t((wide << n) >> 32) : uint32_t(wide >> n);
}

Error Decoder::decodeInlineAsm(const CallInst &call) {
  const auto *code = cast<InlineAsm>(call.getCalledOperand());
  StringRef text = StringRef(code->getAsmString()).trim();
  uint32_t dst = call.getType()->isVoidTy() ? DiscardSlot : slots[&call];
  auto startsWithAny = [&](std::initializer_list<const char *> prefixes) {
    for (const char *prefix : prefixes)
      if (text.starts_with(prefix))
        return true;
    return false;
  };
  if (text.starts_with("tex.1d.v4.")) {
    // tex.1d.v4.<dtype>.<ctype> {$0..$3}, [$4, {$5}]: arguments (handle,
    // coordinate).
    StringRef types = text.drop_front(strlen("tex.1d.v4.")).split(' ').first;
    types = types.split('\t').first;
    StringRef dtype = types.split('.').first, ctype = types.split('.').second;
    if (call.arg_size() != 2 || leafCount(call.getType()) != 4 ||
        (dtype != "f32" && dtype != "s32" && dtype != "u32") ||
        (ctype != "s32" && ctype != "f32")) {
      unsupported(call, "the texture fetch '" + text +
                            "' is not supported by the emulator");
      return Error::success();
    }
    auto handle = operand(call.getArgOperand(0));
    auto coordinate = operand(call.getArgOperand(1));
    if (!handle)
      return handle.takeError();
    if (!coordinate)
      return coordinate.takeError();
    TextureFetch fetch;
    fetch.handle = *handle;
    fetch.coordinate = *coordinate;
    fetch.floatCoordinate = ctype == "f32";
    fetch.resultKind = dtype == "f32" ? Kind::Float : Kind::Int;
    fetch.signedResult = dtype == "s32";
    Inst &out = emit(Op::TexFetch, &call);
    out.dst = dst;
    out.c = program->textures.size();
    program->textures.push_back(fetch);
    return Error::success();
  }
  if (startsWithAny({"tex.", "tld4.", "suld.", "sust."})) {
    unsupported(call, "the texture/surface instruction '" +
                          text.split(';').first +
                          "' is not supported by the emulator (only 1-D "
                          "fetches, tex1Dfetch/tex1D, are)");
    return Error::success();
  }
  auto is = [&](StringRef pattern) {
    // Compare ignoring whitespace differences.
    SmallString<64> a, b;
    for (char ch : text)
      if (!isspace(static_cast<unsigned char>(ch)))
        a.push_back(ch);
    for (char ch : pattern)
      if (!isspace(static_cast<unsigned char>(ch)))
        b.push_back(ch);
    return a == b;
  };
  if (call.arg_size() == 1 && !call.getType()->isVoidTy() &&
      (is("mov.b64 $0, $1;") || is("mov.u64 $0, $1;") ||
       is("mov.b32 $0, $1;") || is("mov.u32 $0, $1;") ||
       is("cvta.to.global.u64 $0, $1;") || is("cvta.global.u64 $0, $1;"))) {
    auto a = operand(call.getArgOperand(0));
    if (!a)
      return a.takeError();
    move(&call, dst, *a);
    return Error::success();
  }
  if (call.arg_size() == 3 && text.starts_with("shf.")) {
    ScalarFn fn = nullptr;
    if (is("shf.l.wrap.b32 $0, $1, $2, $3;"))
      fn = funnelShift<true, false>;
    else if (is("shf.l.clamp.b32 $0, $1, $2, $3;"))
      fn = funnelShift<true, true>;
    else if (is("shf.r.wrap.b32 $0, $1, $2, $3;"))
      fn = funnelShift<false, false>;
    else if (is("shf.r.clamp.b32 $0, $1, $2, $3;"))
      fn = funnelShift<false, true>;
    if (fn)
      return scalarCall(call, fn, 32);
  }
  if (is("activemask.b32 $0;")) {
    WarpOp op;
    op.kind = WarpOpKind::ActiveMask;
    op.hasMask = false;
    Inst &out = emit(Op::WarpSync, &call);
    out.dst = dst;
    out.c = program->warpOps.size();
    program->warpOps.push_back(op);
    return Error::success();
  }
  for (auto [pattern, reg] :
       {std::pair{"mov.u32 $0, %laneid;", SpecialRegister::LaneId},
        {"mov.u32 $0, %warpid;", SpecialRegister::WarpId},
        {"mov.u32 $0, %smid;", SpecialRegister::SmId},
        {"mov.u32 $0, %lanemask_lt;", SpecialRegister::LanemaskLt},
        {"mov.u32 $0, %lanemask_le;", SpecialRegister::LanemaskLe},
        {"mov.u32 $0, %lanemask_gt;", SpecialRegister::LanemaskGt},
        {"mov.u32 $0, %lanemask_ge;", SpecialRegister::LanemaskGe},
        {"mov.u32 $0, %lanemask_eq;", SpecialRegister::LanemaskEq},
        {"mov.u64 $0, %clock64;", SpecialRegister::Clock64},
        {"mov.u64 $0, %globaltimer;", SpecialRegister::Clock64},
        {"mov.u32 $0, %clock;", SpecialRegister::Clock}}) {
    if (is(pattern)) {
      Inst &out = emit(Op::SReg, &call);
      out.dst = dst;
      out.imm = uint64_t(reg);
      out.width = scalarBits(call.getType());
      return Error::success();
    }
  }
  if (text.starts_with("trap")) {
    emit(Op::Trap, &call);
    return Error::success();
  }
  if (call.getType()->isVoidTy() &&
      startsWithAny({"brkpt", "nanosleep", "membar", "fence", "pmevent",
                     "prefetch", "discard"}))
    return Error::success();
  unsupported(call, "inline assembly '" + text +
                        "' is not supported by the emulator");
  return Error::success();
}

Error Decoder::decodeCall(const CallInst &call) {
  if (call.isInlineAsm())
    return decodeInlineAsm(call);
  const llvm::Function *callee = call.getCalledFunction();
  if (!callee) {
    unsupported(call, "indirect calls are not supported by the emulator");
    return Error::success();
  }
  if (callee->isIntrinsic())
    return decodeIntrinsic(call, *callee);
  if (callee->isDeclaration())
    return decodeLibraryCall(call, *callee);
  if (callee->isVarArg()) {
    unsupported(call, "calls to variadic functions are not supported");
    return Error::success();
  }
  CallInfo info;
  info.callee = functionIndex(*callee);
  for (const Use &argument : call.args()) {
    auto slot = operand(argument.get());
    if (!slot)
      return slot.takeError();
    info.arguments.emplace_back(*slot, std::max<uint32_t>(
                                           leafCount(argument->getType()), 1));
  }
  info.resultCount = leafCount(call.getType());
  Inst &out = emit(Op::Call, &call);
  out.dst = call.getType()->isVoidTy() ? DiscardSlot : slots[&call];
  out.c = program->calls.size();
  program->calls.push_back(std::move(info));
  return Error::success();
}

Error Decoder::decodeInstruction(const Instruction &inst) {
  if (inst.isTerminator())
    return decodeTerminator(inst);
  if (const auto *binary = dyn_cast<BinaryOperator>(&inst))
    return decodeBinary(*binary);
  if (const auto *cast = dyn_cast<CastInst>(&inst))
    return decodeCast(*cast);
  if (const auto *gep = dyn_cast<GetElementPtrInst>(&inst))
    return decodeGep(*gep);
  if (const auto *load = dyn_cast<LoadInst>(&inst))
    return decodeLoad(inst, load->getPointerOperand(), load->getType());
  if (const auto *store = dyn_cast<StoreInst>(&inst))
    return decodeStore(*store);
  if (const auto *call = dyn_cast<CallInst>(&inst))
    return decodeCall(*call);
  if (isa<FenceInst>(inst))
    return Error::success();
  uint32_t dst = inst.getType()->isVoidTy() ? DiscardSlot : slots[&inst];

  if (const auto *unary = dyn_cast<UnaryOperator>(&inst)) {
    Type *scalar = inst.getType()->getScalarType();
    auto a = operand(unary->getOperand(0));
    if (!a)
      return a.takeError();
    if (unary->getOpcode() != Instruction::FNeg || !isSupportedScalar(scalar)) {
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
    for (uint32_t lane = 0; lane < leafCount(inst.getType()); ++lane) {
      Inst &out = emit(scalar->isFloatTy()    ? Op::FNeg32
                       : scalar->isDoubleTy() ? Op::FNeg64
                                              : Op::FArith16,
                       &inst);
      out.dst = dst + lane;
      out.a = *a + lane;
      out.b = *a + lane;
      out.flags = 5;
    }
    return Error::success();
  }
  if (const auto *cmp = dyn_cast<CmpInst>(&inst)) {
    auto a = operand(cmp->getOperand(0));
    if (!a)
      return a.takeError();
    auto b = operand(cmp->getOperand(1));
    if (!b)
      return b.takeError();
    Type *scalar = cmp->getOperand(0)->getType()->getScalarType();
    if (!isSupportedScalar(scalar)) {
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
    for (uint32_t lane = 0; lane < leafCount(inst.getType()); ++lane) {
      Inst &out = emit(Op::FCmp, &inst);
      out.dst = dst + lane;
      out.a = *a + lane;
      out.b = *b + lane;
      if (isa<FCmpInst>(cmp)) {
        out.flags = uint8_t(kindOf(scalar));
        out.width = uint8_t(cmp->getPredicate());
        continue;
      }
      out.width = scalarBits(scalar);
      switch (cmp->getPredicate()) {
      case CmpInst::ICMP_EQ: out.op = Op::ICmpEq; break;
      case CmpInst::ICMP_NE: out.op = Op::ICmpNe; break;
      case CmpInst::ICMP_ULT: out.op = Op::ICmpUlt; break;
      case CmpInst::ICMP_ULE: out.op = Op::ICmpUle; break;
      case CmpInst::ICMP_UGT: out.op = Op::ICmpUgt; break;
      case CmpInst::ICMP_UGE: out.op = Op::ICmpUge; break;
      case CmpInst::ICMP_SLT: out.op = Op::ICmpSlt; break;
      case CmpInst::ICMP_SLE: out.op = Op::ICmpSle; break;
      case CmpInst::ICMP_SGT: out.op = Op::ICmpSgt; break;
      default: out.op = Op::ICmpSge; break;
      }
    }
    return Error::success();
  }
  if (const auto *select = dyn_cast<SelectInst>(&inst)) {
    auto condition = operand(select->getCondition());
    auto a = operand(select->getTrueValue());
    auto b = operand(select->getFalseValue());
    if (!condition)
      return condition.takeError();
    if (!a)
      return a.takeError();
    if (!b)
      return b.takeError();
    bool vectorCondition = select->getCondition()->getType()->isVectorTy();
    for (uint32_t lane = 0; lane < leafCount(inst.getType()); ++lane) {
      Inst &out = emit(Op::Select, &inst);
      out.dst = dst + lane;
      out.a = *a + lane;
      out.b = *b + lane;
      out.c = *condition + (vectorCondition ? lane : 0);
    }
    return Error::success();
  }
  if (const auto *alloca = dyn_cast<AllocaInst>(&inst)) {
    std::optional<TypeSize> size = alloca->getAllocationSize(data);
    if (!size || size->isScalable()) {
      unsupported(inst, "dynamic alloca '" + describe(inst) +
                            "' is not supported by the emulator");
      return Error::success();
    }
    uint64_t alignment = alloca->getAlign().value();
    uint64_t offset =
        (current->localBytes + alignment - 1) / alignment * alignment;
    current->localBytes = uint32_t(offset + std::max<uint64_t>(*size, 1));
    Inst &out = emit(Op::Alloca, &inst);
    out.dst = dst;
    out.imm = offset;
    return Error::success();
  }
  if (const auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) {
    std::optional<AtomicOp> op;
    switch (rmw->getOperation()) {
    case AtomicRMWInst::Xchg: op = AtomicOp::Xchg; break;
    case AtomicRMWInst::Add: op = AtomicOp::Add; break;
    case AtomicRMWInst::Sub: op = AtomicOp::Sub; break;
    case AtomicRMWInst::And: op = AtomicOp::And; break;
    case AtomicRMWInst::Nand: op = AtomicOp::Nand; break;
    case AtomicRMWInst::Or: op = AtomicOp::Or; break;
    case AtomicRMWInst::Xor: op = AtomicOp::Xor; break;
    case AtomicRMWInst::Max: op = AtomicOp::Max; break;
    case AtomicRMWInst::Min: op = AtomicOp::Min; break;
    case AtomicRMWInst::UMax: op = AtomicOp::UMax; break;
    case AtomicRMWInst::UMin: op = AtomicOp::UMin; break;
    case AtomicRMWInst::FAdd: op = AtomicOp::FAdd; break;
    case AtomicRMWInst::FSub: op = AtomicOp::FSub; break;
    case AtomicRMWInst::FMax: op = AtomicOp::FMax; break;
    case AtomicRMWInst::FMin: op = AtomicOp::FMin; break;
    case AtomicRMWInst::UIncWrap: op = AtomicOp::UIncWrap; break;
    case AtomicRMWInst::UDecWrap: op = AtomicOp::UDecWrap; break;
    default: break;
    }
    if (!op) {
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
    return decodeAtomic(inst, *op, rmw->getPointerOperand(),
                        rmw->getValOperand());
  }
  if (const auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst)) {
    auto a = operand(cas->getPointerOperand());
    auto b = operand(cas->getCompareOperand());
    auto c = operand(cas->getNewValOperand());
    if (!a)
      return a.takeError();
    if (!b)
      return b.takeError();
    if (!c)
      return c.takeError();
    Type *type = cas->getCompareOperand()->getType();
    if (!isSupportedScalar(type)) {
      unsupported(inst, "'" + describe(inst) + "' is not supported");
      return Error::success();
    }
    Inst &out = emit(Op::CmpXchg, &inst);
    out.dst = dst;
    out.a = *a;
    out.b = *b;
    out.c = *c;
    out.width = scalarBits(type);
    out.flags = 0; // {old, success}
    return Error::success();
  }
  if (const auto *extract = dyn_cast<ExtractValueInst>(&inst)) {
    auto a = operand(extract->getAggregateOperand());
    if (!a)
      return a.takeError();
    Type *type = extract->getAggregateOperand()->getType();
    uint32_t offset = 0;
    for (unsigned index : extract->indices()) {
      if (auto *structType = dyn_cast<StructType>(type)) {
        for (unsigned i = 0; i < index; ++i)
          offset += leafCount(structType->getElementType(i));
        type = structType->getElementType(index);
      } else {
        Type *element = cast<ArrayType>(type)->getElementType();
        offset += index * leafCount(element);
        type = element;
      }
    }
    for (uint32_t i = 0; i < leafCount(inst.getType()); ++i)
      move(&inst, dst + i, *a + offset + i);
    return Error::success();
  }
  if (const auto *insert = dyn_cast<InsertValueInst>(&inst)) {
    auto a = operand(insert->getAggregateOperand());
    auto b = operand(insert->getInsertedValueOperand());
    if (!a)
      return a.takeError();
    if (!b)
      return b.takeError();
    Type *type = insert->getAggregateOperand()->getType();
    uint32_t offset = 0;
    for (unsigned index : insert->indices()) {
      if (auto *structType = dyn_cast<StructType>(type)) {
        for (unsigned i = 0; i < index; ++i)
          offset += leafCount(structType->getElementType(i));
        type = structType->getElementType(index);
      } else {
        Type *element = cast<ArrayType>(type)->getElementType();
        offset += index * leafCount(element);
        type = element;
      }
    }
    uint32_t total = leafCount(inst.getType());
    uint32_t inserted = leafCount(insert->getInsertedValueOperand()->getType());
    for (uint32_t i = 0; i < total; ++i)
      move(&inst, dst + i,
           i >= offset && i < offset + inserted ? *b + (i - offset) : *a + i);
    return Error::success();
  }
  if (const auto *extract = dyn_cast<ExtractElementInst>(&inst)) {
    auto a = operand(extract->getVectorOperand());
    if (!a)
      return a.takeError();
    uint32_t lanes = leafCount(extract->getVectorOperand()->getType());
    if (const auto *index = dyn_cast<ConstantInt>(extract->getIndexOperand())) {
      move(&inst, dst, *a + std::min<uint64_t>(index->getZExtValue(), lanes - 1));
      return Error::success();
    }
    auto b = operand(extract->getIndexOperand());
    if (!b)
      return b.takeError();
    Inst &out = emit(Op::ExtractDyn, &inst);
    out.dst = dst;
    out.a = *a;
    out.b = *b;
    out.imm = lanes;
    return Error::success();
  }
  if (const auto *insert = dyn_cast<InsertElementInst>(&inst)) {
    auto a = operand(insert->getOperand(0));
    auto b = operand(insert->getOperand(1));
    if (!a)
      return a.takeError();
    if (!b)
      return b.takeError();
    uint32_t lanes = leafCount(inst.getType());
    if (const auto *index = dyn_cast<ConstantInt>(insert->getOperand(2))) {
      for (uint32_t i = 0; i < lanes; ++i)
        move(&inst, dst + i, i == index->getZExtValue() ? *b : *a + i);
      return Error::success();
    }
    auto c = operand(insert->getOperand(2));
    if (!c)
      return c.takeError();
    Inst &out = emit(Op::InsertDyn, &inst);
    out.dst = dst;
    out.a = *a;
    out.b = *b;
    out.c = *c;
    out.imm = lanes;
    return Error::success();
  }
  if (const auto *shuffle = dyn_cast<ShuffleVectorInst>(&inst)) {
    auto a = operand(shuffle->getOperand(0));
    auto b = operand(shuffle->getOperand(1));
    if (!a)
      return a.takeError();
    if (!b)
      return b.takeError();
    int first = int(leafCount(shuffle->getOperand(0)->getType()));
    SmallVector<int, 16> mask;
    shuffle->getShuffleMask(mask);
    for (size_t i = 0; i < mask.size(); ++i)
      move(&inst, dst + i,
           mask[i] < 0        ? 0
           : mask[i] < first ? *a + mask[i]
                             : *b + (mask[i] - first));
    return Error::success();
  }
  if (const auto *freeze = dyn_cast<FreezeInst>(&inst)) {
    auto a = operand(freeze->getOperand(0));
    if (!a)
      return a.takeError();
    for (uint32_t i = 0; i < leafCount(inst.getType()); ++i)
      move(&inst, dst + i, *a + i);
    return Error::success();
  }
  unsupported(inst, "the instruction '" + describe(inst) +
                        "' is not supported by the emulator");
  return Error::success();
}

Error Decoder::write(const Constant &value, uint8_t *out) {
  if (isa<ConstantAggregateZero>(value) || isa<UndefValue>(value) ||
      isa<ConstantPointerNull>(value))
    return Error::success();
  Type *type = value.getType();
  if (const auto *sequence = dyn_cast<ConstantDataSequential>(&value)) {
    StringRef raw = sequence->getRawDataValues();
    memcpy(out, raw.data(), raw.size());
    return Error::success();
  }
  if (const auto *array = dyn_cast<ConstantArray>(&value)) {
    uint64_t stride = data.getTypeAllocSize(array->getType()->getElementType());
    for (unsigned i = 0; i < array->getNumOperands(); ++i)
      if (Error error = write(*array->getOperand(i), out + i * stride))
        return error;
    return Error::success();
  }
  if (const auto *structure = dyn_cast<ConstantStruct>(&value)) {
    const StructLayout *layout = data.getStructLayout(structure->getType());
    for (unsigned i = 0; i < structure->getNumOperands(); ++i)
      if (Error error = write(*structure->getOperand(i),
                              out + layout->getElementOffset(i)))
        return error;
    return Error::success();
  }
  if (const auto *vector = dyn_cast<ConstantVector>(&value)) {
    uint64_t stride = data.getTypeStoreSize(vector->getType()->getElementType());
    for (unsigned i = 0; i < vector->getNumOperands(); ++i)
      if (Error error = write(*vector->getOperand(i), out + i * stride))
        return error;
    return Error::success();
  }
  if (!isSupportedScalar(type))
    return makeError("cannot lay out the initialiser " + describe(value));
  SmallVector<uint64_t, 4> leaves;
  if (Error error = constantLeaves(&value, leaves))
    return error;
  uint64_t bits = leaves.empty() ? 0 : leaves[0];
  memcpy(out, &bits, std::min<uint64_t>(8, data.getTypeStoreSize(type)));
  return Error::success();
}

} // namespace

llvm::Error writeConstant(const llvm::Constant &value,
                          const MemoryLayout &layout,
                          const llvm::DataLayout &data, uint8_t *out) {
  DecodeEnvironment env;
  env.layout = &layout;
  Decoder decoder(env, data);
  return decoder.write(value, out);
}

llvm::Expected<std::unique_ptr<Program>>
decodeProgram(const llvm::Function &kernel, const DecodeEnvironment &env) {
  Decoder decoder(env, kernel.getParent()->getDataLayout());
  return decoder.run(kernel);
}

} // namespace gpurd::trace::emu
