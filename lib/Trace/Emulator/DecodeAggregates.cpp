//===- DecodeAggregates.cpp - Aggregate and vector element access ---------===//
//
// First-class aggregates and vectors live in consecutive slots, one per
// scalar leaf, so extractvalue/insertvalue, shufflevector and element
// accesses at constant indices are moves; only vector elements at run-time
// indices need instructions of their own (ExtractDyn, InsertDyn).
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

/// The first leaf of the member of \p type that \p indices select.
uint32_t leafOffset(Type *type, ArrayRef<unsigned> indices) {
  uint32_t offset = 0;
  for (unsigned index : indices) {
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
  return offset;
}

} // namespace

Error Decoder::decodeExtractValue(const ExtractValueInst &extract) {
  uint32_t dst = resultSlot(extract);
  auto a = operand(extract.getAggregateOperand());
  if (!a)
    return a.takeError();
  uint32_t offset = leafOffset(extract.getAggregateOperand()->getType(),
                               extract.getIndices());
  for (uint32_t i = 0; i < leafCount(extract.getType()); ++i)
    move(&extract, dst + i, *a + offset + i);
  return Error::success();
}

Error Decoder::decodeInsertValue(const InsertValueInst &insert) {
  uint32_t dst = resultSlot(insert);
  auto a = operand(insert.getAggregateOperand());
  auto b = operand(insert.getInsertedValueOperand());
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  uint32_t offset =
      leafOffset(insert.getAggregateOperand()->getType(), insert.getIndices());
  uint32_t total = leafCount(insert.getType());
  uint32_t inserted = leafCount(insert.getInsertedValueOperand()->getType());
  for (uint32_t i = 0; i < total; ++i)
    move(&insert, dst + i,
         i >= offset && i < offset + inserted ? *b + (i - offset) : *a + i);
  return Error::success();
}

Error Decoder::decodeExtractElement(const ExtractElementInst &extract) {
  uint32_t dst = resultSlot(extract);
  auto a = operand(extract.getVectorOperand());
  if (!a)
    return a.takeError();
  uint32_t lanes = leafCount(extract.getVectorOperand()->getType());
  if (const auto *index = dyn_cast<ConstantInt>(extract.getIndexOperand())) {
    move(&extract, dst,
         *a + std::min<uint64_t>(index->getZExtValue(), lanes - 1));
    return Error::success();
  }
  auto b = operand(extract.getIndexOperand());
  if (!b)
    return b.takeError();
  Inst &out = emit(Op::ExtractDyn, &extract);
  out.dst = dst;
  out.a = *a;
  out.b = *b;
  out.imm = lanes;
  return Error::success();
}

Error Decoder::decodeInsertElement(const InsertElementInst &insert) {
  uint32_t dst = resultSlot(insert);
  auto a = operand(insert.getOperand(0));
  auto b = operand(insert.getOperand(1));
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  uint32_t lanes = leafCount(insert.getType());
  if (const auto *index = dyn_cast<ConstantInt>(insert.getOperand(2))) {
    for (uint32_t i = 0; i < lanes; ++i)
      move(&insert, dst + i, i == index->getZExtValue() ? *b : *a + i);
    return Error::success();
  }
  auto c = operand(insert.getOperand(2));
  if (!c)
    return c.takeError();
  Inst &out = emit(Op::InsertDyn, &insert);
  out.dst = dst;
  out.a = *a;
  out.b = *b;
  out.c = *c;
  out.imm = lanes;
  return Error::success();
}

Error Decoder::decodeShuffle(const ShuffleVectorInst &shuffle) {
  uint32_t dst = resultSlot(shuffle);
  auto a = operand(shuffle.getOperand(0));
  auto b = operand(shuffle.getOperand(1));
  if (!a)
    return a.takeError();
  if (!b)
    return b.takeError();
  int first = int(leafCount(shuffle.getOperand(0)->getType()));
  SmallVector<int, 16> mask;
  shuffle.getShuffleMask(mask);
  for (size_t i = 0; i < mask.size(); ++i)
    move(&shuffle, dst + i,
         mask[i] < 0       ? 0
         : mask[i] < first ? *a + mask[i]
                           : *b + (mask[i] - first));
  return Error::success();
}

} // namespace gpurd::trace::emu
