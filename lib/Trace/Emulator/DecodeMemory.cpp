//===- DecodeMemory.cpp - Allocas, addresses, loads, stores, atomics ------===//
//
// Static allocas get fixed offsets in the frame's local memory;
// getelementptr folds its constant indices into one offset and keeps the
// others as scaled terms; loads and stores are specialised by size
// (aggregates and vectors through leaf lists); atomics carry their
// operation, width and value kind.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

std::optional<AtomicOp> atomicOp(AtomicRMWInst::BinOp operation) {
  switch (operation) {
  case AtomicRMWInst::Xchg:
    return AtomicOp::Xchg;
  case AtomicRMWInst::Add:
    return AtomicOp::Add;
  case AtomicRMWInst::Sub:
    return AtomicOp::Sub;
  case AtomicRMWInst::And:
    return AtomicOp::And;
  case AtomicRMWInst::Nand:
    return AtomicOp::Nand;
  case AtomicRMWInst::Or:
    return AtomicOp::Or;
  case AtomicRMWInst::Xor:
    return AtomicOp::Xor;
  case AtomicRMWInst::Max:
    return AtomicOp::Max;
  case AtomicRMWInst::Min:
    return AtomicOp::Min;
  case AtomicRMWInst::UMax:
    return AtomicOp::UMax;
  case AtomicRMWInst::UMin:
    return AtomicOp::UMin;
  case AtomicRMWInst::FAdd:
    return AtomicOp::FAdd;
  case AtomicRMWInst::FSub:
    return AtomicOp::FSub;
  case AtomicRMWInst::FMax:
    return AtomicOp::FMax;
  case AtomicRMWInst::FMin:
    return AtomicOp::FMin;
  case AtomicRMWInst::UIncWrap:
    return AtomicOp::UIncWrap;
  case AtomicRMWInst::UDecWrap:
    return AtomicOp::UDecWrap;
  default:
    return std::nullopt;
  }
}

} // namespace

Error Decoder::decodeAlloca(const AllocaInst &alloca) {
  uint32_t dst = resultSlot(alloca);
  std::optional<TypeSize> size = alloca.getAllocationSize(data);
  if (!size || size->isScalable()) {
    unsupported(alloca, "dynamic alloca '" + describe(alloca) +
                            "' is not supported by the emulator");
    return Error::success();
  }
  uint64_t alignment = alloca.getAlign().value();
  uint64_t offset =
      (current->localBytes + alignment - 1) / alignment * alignment;
  current->localBytes = uint32_t(offset + std::max<uint64_t>(*size, 1));
  Inst &out = emit(Op::Alloca, &alloca);
  out.dst = dst;
  out.imm = offset;
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
  for (auto it = gep_type_begin(gep), end = gep_type_end(gep); it != end;
       ++it) {
    const Value *index = it.getOperand();
    unsigned bits = index->getType()->getScalarSizeInBits();
    if (StructType *structType = it.getStructTypeOrNull()) {
      offset +=
          data.getStructLayout(structType)
              ->getElementOffset(cast<ConstantInt>(index)->getZExtValue());
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
  if (terms.size() <= 1) {
    // No variable index (slot 0 holds zero), or one.
    Inst &out = emit(Op::Gep1, &inst);
    out.dst = dst;
    out.a = *base;
    out.b = terms.empty() ? ZeroSlot : terms[0].slot;
    out.width = terms.empty() ? 64 : terms[0].width;
    out.imm = terms.empty() ? 0 : uint64_t(terms[0].scale);
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
  // Volatile loads: a flag another agent writes (Emulator::loadWait).
  const auto *load = dyn_cast<LoadInst>(&inst);
  const uint8_t isVolatile = load && load->isVolatile() ? 1 : 0;
  if (isSupportedScalar(type)) {
    unsigned bytes = data.getTypeStoreSize(type);
    unsigned bits = scalarBits(type);
    Op op = Op::LoadN;
    if (bits == bytes * 8 || type->isIntegerTy(1))
      op = bytes == 1   ? Op::Load1
           : bytes == 2 ? Op::Load2
           : bytes == 4 ? Op::Load4
           : bytes == 8 ? Op::Load8
                        : Op::LoadN;
    Inst &out = emit(op, &inst);
    out.dst = dst;
    out.a = *address;
    out.width = uint8_t(bytes);
    out.imm = widthMask(bits);
    out.flags = isVolatile;
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
  out.flags = isVolatile;
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
    Op op = bytes == 1   ? Op::Store1
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

Error Decoder::decodeAtomicRMW(const AtomicRMWInst &rmw) {
  std::optional<AtomicOp> op = atomicOp(rmw.getOperation());
  if (!op) {
    unsupported(rmw, "'" + describe(rmw) + "' is not supported");
    return Error::success();
  }
  return decodeAtomic(rmw, *op, rmw.getPointerOperand(), rmw.getValOperand());
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
  out.dst = resultSlot(inst);
  out.a = *address;
  out.b = *operandSlot;
  out.c = uint32_t(kindOf(type));
  out.flags = uint8_t(op);
  out.width = scalarBits(type);
  return Error::success();
}

Error Decoder::decodeCmpXchg(const AtomicCmpXchgInst &cas) {
  uint32_t dst = resultSlot(cas);
  auto a = operand(cas.getPointerOperand());
  auto b = operand(cas.getCompareOperand());
  auto c = operand(cas.getNewValOperand());
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  if (!c)
    return c.takeError();
  Type *type = cas.getCompareOperand()->getType();
  if (!isSupportedScalar(type)) {
    unsupported(cas, "'" + describe(cas) + "' is not supported");
    return Error::success();
  }
  Inst &out = emit(Op::CmpXchg, &cas);
  out.dst = dst;
  out.a = *a;
  out.b = *b;
  out.c = *c;
  out.width = scalarBits(type);
  out.flags = 0; // {old, success}
  return Error::success();
}

} // namespace gpurd::trace::emu
