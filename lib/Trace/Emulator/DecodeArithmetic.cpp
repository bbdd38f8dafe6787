//===- DecodeArithmetic.cpp - Operators, comparisons and casts ------------===//
//
// Unary and binary operators, integer and floating-point comparisons,
// select, casts and freeze. Vectors are decoded lane by lane: one
// instruction per scalar leaf.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/IR/Instructions.h"

#include <utility>

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

/// The opcode (and its flags) of a binary operator on \p scalar, or
/// Op::Unsupported.
std::pair<Op, uint8_t> binaryOp(unsigned opcode, Type *scalar) {
  if (scalar->isIntegerTy()) {
    switch (opcode) {
    case Instruction::Add:
      return {Op::Add, 0};
    case Instruction::Sub:
      return {Op::Sub, 0};
    case Instruction::Mul:
      return {Op::Mul, 0};
    case Instruction::UDiv:
      return {Op::UDiv, 0};
    case Instruction::SDiv:
      return {Op::SDiv, 0};
    case Instruction::URem:
      return {Op::URem, 0};
    case Instruction::SRem:
      return {Op::SRem, 0};
    case Instruction::Shl:
      return {Op::Shl, 0};
    case Instruction::LShr:
      return {Op::LShr, 0};
    case Instruction::AShr:
      return {Op::AShr, 0};
    case Instruction::And:
      return {Op::And, 0};
    case Instruction::Or:
      return {Op::Or, 0};
    case Instruction::Xor:
      return {Op::Xor, 0};
    default:
      return {Op::Unsupported, 0};
    }
  }
  if (scalar->isFloatTy() || scalar->isDoubleTy()) {
    bool f32 = scalar->isFloatTy();
    switch (opcode) {
    case Instruction::FAdd:
      return {f32 ? Op::FAdd32 : Op::FAdd64, 0};
    case Instruction::FSub:
      return {f32 ? Op::FSub32 : Op::FSub64, 0};
    case Instruction::FMul:
      return {f32 ? Op::FMul32 : Op::FMul64, 0};
    case Instruction::FDiv:
      return {f32 ? Op::FDiv32 : Op::FDiv64, 0};
    case Instruction::FRem:
      return {f32 ? Op::FRem32 : Op::FRem64, 0};
    default:
      return {Op::Unsupported, 0};
    }
  }
  if (scalar->isHalfTy()) {
    // FArith16's flags: 0 add 1 sub 2 mul 3 div 4 rem (5 neg).
    switch (opcode) {
    case Instruction::FAdd:
      return {Op::FArith16, 0};
    case Instruction::FSub:
      return {Op::FArith16, 1};
    case Instruction::FMul:
      return {Op::FArith16, 2};
    case Instruction::FDiv:
      return {Op::FArith16, 3};
    case Instruction::FRem:
      return {Op::FArith16, 4};
    default:
      return {Op::Unsupported, 0};
    }
  }
  return {Op::Unsupported, 0};
}

Op integerComparison(CmpInst::Predicate predicate) {
  switch (predicate) {
  case CmpInst::ICMP_EQ:
    return Op::ICmpEq;
  case CmpInst::ICMP_NE:
    return Op::ICmpNe;
  case CmpInst::ICMP_ULT:
    return Op::ICmpUlt;
  case CmpInst::ICMP_ULE:
    return Op::ICmpUle;
  case CmpInst::ICMP_UGT:
    return Op::ICmpUgt;
  case CmpInst::ICMP_UGE:
    return Op::ICmpUge;
  case CmpInst::ICMP_SLT:
    return Op::ICmpSlt;
  case CmpInst::ICMP_SLE:
    return Op::ICmpSle;
  case CmpInst::ICMP_SGT:
    return Op::ICmpSgt;
  default:
    return Op::ICmpSge;
  }
}

} // namespace

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
  auto [op, flags] = binaryOp(inst.getOpcode(), scalar);
  if (op == Op::Unsupported) {
    unsupported(inst, "'" + describe(inst) + "' is not supported");
    return Error::success();
  }
  unsigned bits = scalarBits(scalar);
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    Inst &out = emit(op, &inst);
    out.dst = dst + lane;
    out.a = *a + lane;
    out.b = *b + lane;
    out.flags = flags;
    out.width = uint8_t(bits);
    out.imm = widthMask(bits);
  }
  return Error::success();
}

Error Decoder::decodeUnary(const UnaryOperator &unary) {
  uint32_t dst = resultSlot(unary);
  Type *scalar = unary.getType()->getScalarType();
  auto a = operand(unary.getOperand(0));
  if (!a)
    return a.takeError();
  if (unary.getOpcode() != Instruction::FNeg || !isSupportedScalar(scalar)) {
    unsupported(unary, "'" + describe(unary) + "' is not supported");
    return Error::success();
  }
  for (uint32_t lane = 0; lane < leafCount(unary.getType()); ++lane) {
    Inst &out = emit(scalar->isFloatTy()    ? Op::FNeg32
                     : scalar->isDoubleTy() ? Op::FNeg64
                                            : Op::FArith16,
                     &unary);
    out.dst = dst + lane;
    out.a = *a + lane;
    out.b = *a + lane;
    out.flags = 5;
  }
  return Error::success();
}

Error Decoder::decodeCompare(const CmpInst &cmp) {
  uint32_t dst = resultSlot(cmp);
  auto a = operand(cmp.getOperand(0));
  if (!a)
    return a.takeError();
  auto b = operand(cmp.getOperand(1));
  if (!b)
    return b.takeError();
  Type *scalar = cmp.getOperand(0)->getType()->getScalarType();
  if (!isSupportedScalar(scalar)) {
    unsupported(cmp, "'" + describe(cmp) + "' is not supported");
    return Error::success();
  }
  for (uint32_t lane = 0; lane < leafCount(cmp.getType()); ++lane) {
    Inst &out = emit(Op::FCmp, &cmp);
    out.dst = dst + lane;
    out.a = *a + lane;
    out.b = *b + lane;
    if (isa<FCmpInst>(cmp)) {
      out.flags = uint8_t(kindOf(scalar));
      out.width = uint8_t(cmp.getPredicate());
      continue;
    }
    out.width = scalarBits(scalar);
    out.op = integerComparison(cmp.getPredicate());
  }
  return Error::success();
}

Error Decoder::decodeSelect(const SelectInst &select) {
  uint32_t dst = resultSlot(select);
  auto condition = operand(select.getCondition());
  auto a = operand(select.getTrueValue());
  auto b = operand(select.getFalseValue());
  if (!condition)
    return condition.takeError();
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  bool vectorCondition = select.getCondition()->getType()->isVectorTy();
  for (uint32_t lane = 0; lane < leafCount(select.getType()); ++lane) {
    Inst &out = emit(Op::Select, &select);
    out.dst = dst + lane;
    out.a = *a + lane;
    out.b = *b + lane;
    out.c = *condition + (vectorCondition ? lane : 0);
  }
  return Error::success();
}

Error Decoder::decodeFreeze(const FreezeInst &freeze) {
  uint32_t dst = resultSlot(freeze);
  auto a = operand(freeze.getOperand(0));
  if (!a)
    return a.takeError();
  for (uint32_t i = 0; i < leafCount(freeze.getType()); ++i)
    move(&freeze, dst + i, *a + i);
  return Error::success();
}

Error Decoder::decodeBitCast(const CastInst &inst, uint32_t source) {
  Type *from = inst.getSrcTy(), *to = inst.getDestTy();
  uint32_t dst = slots[&inst];
  SmallVector<Type *, 8> fromLeaves, toLeaves;
  leafTypes(from, fromLeaves);
  leafTypes(to, toLeaves);
  bool sameShape = fromLeaves.size() == toLeaves.size();
  for (size_t i = 0; sameShape && i < fromLeaves.size(); ++i)
    sameShape = scalarBits(fromLeaves[i]) == scalarBits(toLeaves[i]);
  if (sameShape) {
    for (size_t i = 0; i < fromLeaves.size(); ++i)
      move(&inst, dst + i, source + i);
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
  out.a = source;
  out.c = program->repacks.size();
  program->repacks.push_back(std::move(repack));
  return Error::success();
}

Error Decoder::decodeCast(const CastInst &inst) {
  Type *from = inst.getSrcTy(), *to = inst.getDestTy();
  auto a = operand(inst.getOperand(0));
  if (!a)
    return a.takeError();
  if (inst.getOpcode() == Instruction::BitCast)
    return decodeBitCast(inst, *a);
  uint32_t dst = slots[&inst];
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
      out.op =
          inst.getOpcode() == Instruction::FPToSI ? Op::FPToSI : Op::FPToUI;
      out.flags = uint8_t(kindOf(fromScalar));
      out.width = scalarBits(toScalar);
      break;
    case Instruction::SIToFP:
    case Instruction::UIToFP:
      out.op =
          inst.getOpcode() == Instruction::SIToFP ? Op::SIToFP : Op::UIToFP;
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

} // namespace gpurd::trace::emu
