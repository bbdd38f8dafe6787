//===- MemoryIntrinsics.cpp - memcpy/memmove/memset as the GPU runs them --===//
//
// Clang copies a struct (`*(int4 *)dst = *(int4 *)src`, a `float3`, a
// user's struct) with llvm.memcpy, and the optimiser keeps that call. A
// memcpy is one call with two memory operations: a read of the source and
// a write of the destination. The GPU never runs it as a call: NVPTX's back
// end turns a copy of at most 128 bytes with a known length into loads and
// stores (SelectionDAG), and any other into a loop (NVPTXLowerAggrCopies).
// gpurd does the same before the access model and the emulator look at the
// kernel, so that the copy's global read is counted like any load.
//
// Small copies take the widest access the alignment of both sides allows,
// up to 16 bytes (a 16-byte aligned int4 copy is one 16-byte load and one
// 16-byte store per thread, the ld.global.v4.u32 / st.shared.v4.u32 nvcc
// emits for it).
//
//===----------------------------------------------------------------------===//

#include "MemoryIntrinsics.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/LowerMemIntrinsics.h"

#include <vector>

namespace gpurd::access {
namespace {

/// NVPTXLowerAggrCopies' MaxAggrCopySize: longer copies become loops.
constexpr uint64_t MaxUnrolledBytes = 128;

/// The type of one access of \p bytes (1, 2, 4, 8 or 16).
llvm::Type *chunkType(llvm::LLVMContext &context, uint64_t bytes) {
  if (bytes == 16)
    return llvm::FixedVectorType::get(llvm::Type::getInt32Ty(context), 4);
  return llvm::Type::getIntNTy(context, unsigned(bytes * 8));
}

/// The accesses a copy of \p length bytes with alignment \p align takes:
/// (offset, bytes) each, widest first.
std::vector<std::pair<uint64_t, uint64_t>> chunks(uint64_t length,
                                                  llvm::Align align) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  uint64_t offset = 0;
  while (offset < length) {
    uint64_t bytes = 16;
    while (bytes > 1 && (bytes > length - offset || bytes > align.value() ||
                         offset % bytes != 0))
      bytes /= 2;
    out.push_back({offset, bytes});
    offset += bytes;
  }
  return out;
}

llvm::Value *byteAddress(llvm::IRBuilder<> &builder, llvm::Value *base,
                         uint64_t offset) {
  if (offset == 0)
    return base;
  return builder.CreateConstInBoundsGEP1_64(builder.getInt8Ty(), base, offset);
}

/// memcpy and memmove of a small known length: every load first, then the
/// stores (right for overlapping memmoves too).
void unrollTransfer(llvm::MemTransferInst &copy, uint64_t length) {
  llvm::IRBuilder<> builder(&copy);
  llvm::Align align = std::min(copy.getDestAlign().valueOrOne(),
                               copy.getSourceAlign().valueOrOne());
  std::vector<llvm::Value *> values;
  auto pieces = chunks(length, align);
  for (auto [offset, bytes] : pieces) {
    llvm::Type *type = chunkType(builder.getContext(), bytes);
    values.push_back(builder.CreateAlignedLoad(
        type, byteAddress(builder, copy.getRawSource(), offset),
        llvm::commonAlignment(align, offset), copy.isVolatile()));
  }
  for (size_t i = 0; i < pieces.size(); ++i)
    builder.CreateAlignedStore(
        values[i], byteAddress(builder, copy.getRawDest(), pieces[i].first),
        llvm::commonAlignment(align, pieces[i].first), copy.isVolatile());
}

/// memset of a small known length.
void unrollSet(llvm::MemSetInst &set, uint64_t length) {
  llvm::IRBuilder<> builder(&set);
  llvm::Align align = set.getDestAlign().valueOrOne();
  llvm::Value *byte = set.getValue();
  for (auto [offset, bytes] : chunks(length, align)) {
    llvm::Type *type = chunkType(builder.getContext(), bytes);
    // The byte repeated over the access: v * 0x0101... (and per lane).
    unsigned laneBytes = bytes == 16 ? 4 : unsigned(bytes);
    llvm::Type *lane = builder.getIntNTy(laneBytes * 8);
    llvm::Value *value = builder.CreateZExt(byte, lane);
    if (laneBytes > 1)
      value = builder.CreateMul(
          value,
          llvm::ConstantInt::get(
              lane, llvm::APInt::getSplat(laneBytes * 8, llvm::APInt(8, 1))));
    if (type->isVectorTy())
      value = builder.CreateVectorSplat(4, value);
    builder.CreateAlignedStore(
        value, byteAddress(builder, set.getRawDest(), offset),
        llvm::commonAlignment(align, offset), set.isVolatile());
  }
}

/// Runs \p expand (one of LLVM's loop expansions, which leave the new
/// instructions without a location) and gives its instructions the
/// location of \p call, so that they map to the source's copy.
template <typename Expand>
bool expandAtCall(llvm::MemIntrinsic &call, Expand expand) {
  llvm::Function &function = *call.getFunction();
  llvm::DenseSet<const llvm::Instruction *> before;
  for (llvm::Instruction &inst : llvm::instructions(function))
    before.insert(&inst);
  if (!expand())
    return false;
  for (llvm::Instruction &inst : llvm::instructions(function))
    if (!before.count(&inst) && !inst.getDebugLoc())
      inst.setDebugLoc(call.getDebugLoc());
  return true;
}

std::optional<uint64_t> smallLength(const llvm::MemIntrinsic &call) {
  if (auto *length = llvm::dyn_cast<llvm::ConstantInt>(call.getLength()))
    if (length->getZExtValue() <= MaxUnrolledBytes)
      return length->getZExtValue();
  return std::nullopt;
}

} // namespace

unsigned lowerMemoryIntrinsics(llvm::Function &function,
                               const llvm::TargetTransformInfo &tti) {
  std::vector<llvm::MemIntrinsic *> calls;
  for (llvm::Instruction &inst : llvm::instructions(function))
    if (auto *call = llvm::dyn_cast<llvm::MemIntrinsic>(&inst))
      calls.push_back(call);
  unsigned replaced = 0;
  for (llvm::MemIntrinsic *call : calls) {
    std::optional<uint64_t> length = smallLength(*call);
    if (auto *set = llvm::dyn_cast<llvm::MemSetInst>(call)) {
      if (length)
        unrollSet(*set, *length);
      else
        expandAtCall(*call, [&] {
          llvm::expandMemSetAsLoop(set);
          return true;
        });
    } else if (auto *transfer = llvm::dyn_cast<llvm::MemTransferInst>(call)) {
      if (length)
        unrollTransfer(*transfer, *length);
      else if (auto *copy = llvm::dyn_cast<llvm::MemCpyInst>(call))
        expandAtCall(*call, [&] {
          llvm::expandMemCpyAsLoop(copy, tti);
          return true;
        });
      else if (!expandAtCall(*call, [&] {
                 return llvm::expandMemMoveAsLoop(
                     llvm::cast<llvm::MemMoveInst>(call), tti);
               }))
        continue; // Stays a call: the access model reports it.
    } else {
      continue; // memset.inline and the like: stay calls.
    }
    call->eraseFromParent();
    ++replaced;
  }
  return replaced;
}

} // namespace gpurd::access
