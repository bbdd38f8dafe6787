//===- DecodeConstants.cpp - Constants and initialisers for the emulator --===//
//
// Constants become slot values (scalar leaves in slot order): integers
// zero-extended, floating-point values as their bits, globals as their
// addresses in the memory layout (shared variables tagged), and the
// constant expressions device code uses for addresses. Global initialisers
// are written to memory as the device lays them out.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Operator.h"

#include <cstring>

using namespace llvm;

namespace gpurd::trace::emu {

Expected<uint64_t> Decoder::globalAddress(const GlobalValue &global) {
  if (const auto *alias = dyn_cast<GlobalAlias>(&global))
    if (const auto *target =
            dyn_cast<GlobalValue>(alias->getAliasee()->stripPointerCasts()))
      return globalAddress(*target);
  if (const auto *function = dyn_cast<llvm::Function>(&global))
    // A declaration (printf, libdevice) has no body to call indirectly.
    return function->isDeclaration() ? 0 : functionAddress(*function);
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
  return constantExpression(*expr, out);
}

Error Decoder::constantExpression(const ConstantExpr &expr,
                                  SmallVectorImpl<uint64_t> &out) {
  Type *type = expr.getType();
  auto scalarOperand = [&](unsigned i) {
    return constantScalar(cast<Constant>(expr.getOperand(i)));
  };
  switch (expr.getOpcode()) {
  case Instruction::GetElementPtr: {
    const auto *gep = cast<GEPOperator>(&expr);
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
    if (expr.getOpcode() == Instruction::IntToPtr) {
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
    unsigned space = expr.getOperand(0)->getType()->getPointerAddressSpace();
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
    switch (expr.getOpcode()) {
    case Instruction::Add:
      r = *a + *b;
      break;
    case Instruction::Sub:
      r = *a - *b;
      break;
    case Instruction::Mul:
      r = *a * *b;
      break;
    case Instruction::Xor:
      r = *a ^ *b;
      break;
    default:
      r = *b < 64 ? *a << *b : 0;
      break;
    }
    out.push_back(r & widthMask(scalarBits(type)));
    return Error::success();
  }
  default:
    return makeError("unsupported constant expression " + describe(expr));
  }
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
    uint64_t stride =
        data.getTypeStoreSize(vector->getType()->getElementType());
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

} // namespace gpurd::trace::emu
