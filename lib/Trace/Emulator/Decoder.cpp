//===- Decoder.cpp - Functions, slots and operands of the decoded program -===//
//
// The decoder's core (Decoder.h describes the whole): the worklist of
// functions, the register-file slots of every value, operands (constants
// are materialised into the frame's initial registers), leaf lists of
// aggregates in memory, and the dispatch from an IR instruction to the
// decoder of its group.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace llvm;

namespace gpurd::trace::emu {

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
    return uint32_t(array->getNumElements()) *
           leafCount(array->getElementType());
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

//===----------------------------------------------------------------------===//
// Functions and slots
//===----------------------------------------------------------------------===//

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

uint64_t Decoder::functionAddress(const llvm::Function &function) {
  const llvm::Module &module = *function.getParent();
  uint64_t position = std::distance(module.begin(), function.getIterator());
  uint64_t address = FunctionTag | position;
  program->functionsByAddress[address] = functionIndex(function);
  return address;
}

void Decoder::addressInitialiserFunctions(const llvm::Module &module) {
  SmallVector<const Constant *, 16> work;
  SmallPtrSet<const Constant *, 32> seen;
  for (const GlobalVariable &global : module.globals())
    if (global.hasInitializer())
      work.push_back(global.getInitializer());
  while (!work.empty()) {
    const Constant *constant = work.pop_back_val();
    if (!seen.insert(constant).second)
      continue;
    if (const auto *function = dyn_cast<llvm::Function>(constant)) {
      if (!function->isDeclaration())
        functionAddress(*function);
      continue;
    }
    if (isa<GlobalValue>(constant))
      continue;
    for (const Use &operand : constant->operands())
      if (const auto *inner = dyn_cast<Constant>(operand.get()))
        work.push_back(inner);
  }
}

Expected<std::unique_ptr<Program>> Decoder::run(const llvm::Function &kernel) {
  functionIndex(kernel);
  addressInitialiserFunctions(*kernel.getParent());
  for (size_t i = 0; i < worklist.size(); ++i) {
    const llvm::Function *ir = worklist[i];
    Function &fn = *program->functions[functions[ir]];
    if (Error error = decodeFunction(*ir, fn, i == 0))
      return error;
  }
  return std::move(program);
}

Error Decoder::assignArgumentSlots(const llvm::Function &ir, Function &fn,
                                   bool isKernel) {
  for (const Argument &arg : ir.args()) {
    slots[&arg] = nextSlot;
    fn.argumentSlots.push_back(nextSlot);
    uint32_t count = std::max<uint32_t>(leafCount(arg.getType()), 1);
    if (isKernel) {
      // The kernel's arguments are constants of the launch.
      std::optional<uint64_t> value;
      if (env.kernelArguments.size() > arg.getArgNo())
        value = env.kernelArguments[arg.getArgNo()];
      if (!value && !arg.use_empty())
        return makeError(arg.getArgNo() < env.argumentErrors.size() &&
                                 !env.argumentErrors[arg.getArgNo()].empty()
                             ? env.argumentErrors[arg.getArgNo()]
                             : "no value for parameter " +
                                   std::to_string(arg.getArgNo()));
      constants.emplace_back(nextSlot,
                             SmallVector<uint64_t, 4>{value.value_or(0)});
    }
    nextSlot += count;
  }
  return Error::success();
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
  loops.reset();
  if (isKernel) {
    // Analyses only read the function; LoopInfo keeps no reference to the
    // dominator tree it is built from.
    DominatorTree dominators(const_cast<llvm::Function &>(ir));
    loops = std::make_unique<LoopInfo>(dominators);
  }
  nextSlot = 2; // Slot 0 holds zero, slot 1 discards.
  constants.emplace_back(ZeroSlot, SmallVector<uint64_t, 4>{0});

  if (Error error = assignArgumentSlots(ir, fn, isKernel))
    return error;
  for (const BasicBlock &block : ir)
    for (const Instruction &inst : block)
      if (!inst.getType()->isVoidTy()) {
        slots[&inst] = nextSlot;
        nextSlot += std::max<uint32_t>(leafCount(inst.getType()), 1);
      }

  // Phis are decoded with the edges into their block (makeEdge).
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

bool Decoder::isSiteOwner(Op op) {
  switch (op) {
  case Op::Load1:
  case Op::Load2:
  case Op::Load4:
  case Op::Load8:
  case Op::LoadN:
  case Op::LoadAgg:
  case Op::Store1:
  case Op::Store2:
  case Op::Store4:
  case Op::Store8:
  case Op::StoreN:
  case Op::StoreAgg:
  case Op::AtomicRMW:
  case Op::CmpXchg:
  case Op::MemCpy:
  case Op::MemSet:
  case Op::Barrier:
  case Op::TexFetch:
  case Op::Opaque:
    return true;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

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
  if (const auto *unary = dyn_cast<UnaryOperator>(&inst))
    return decodeUnary(*unary);
  if (const auto *cmp = dyn_cast<CmpInst>(&inst))
    return decodeCompare(*cmp);
  if (const auto *select = dyn_cast<SelectInst>(&inst))
    return decodeSelect(*select);
  if (const auto *alloca = dyn_cast<AllocaInst>(&inst))
    return decodeAlloca(*alloca);
  if (const auto *rmw = dyn_cast<AtomicRMWInst>(&inst))
    return decodeAtomicRMW(*rmw);
  if (const auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst))
    return decodeCmpXchg(*cas);
  if (const auto *extract = dyn_cast<ExtractValueInst>(&inst))
    return decodeExtractValue(*extract);
  if (const auto *insert = dyn_cast<InsertValueInst>(&inst))
    return decodeInsertValue(*insert);
  if (const auto *extract = dyn_cast<ExtractElementInst>(&inst))
    return decodeExtractElement(*extract);
  if (const auto *insert = dyn_cast<InsertElementInst>(&inst))
    return decodeInsertElement(*insert);
  if (const auto *shuffle = dyn_cast<ShuffleVectorInst>(&inst))
    return decodeShuffle(*shuffle);
  if (const auto *freeze = dyn_cast<FreezeInst>(&inst))
    return decodeFreeze(*freeze);
  unsupported(inst, "the instruction '" + describe(inst) +
                        "' is not supported by the emulator");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

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
