//===- Decoder.h - LLVM IR to the emulator's compact form -------*- C++ -*-===//
//
// Private to the emulator. The Decoder turns the prepared kernel (and every
// defined function it calls) into Program.h's form. Its work is split by
// the instructions it decodes:
//
//  * Decoder.cpp: functions, slots, operands, the per-instruction dispatch;
//  * DecodeConstants.cpp: constants, constant expressions, initialisers;
//  * DecodeArithmetic.cpp: unary and binary operators, comparisons, select,
//    casts, freeze;
//  * DecodeAggregates.cpp: extract/insert of aggregates and vectors,
//    shufflevector;
//  * DecodeMemory.cpp: alloca, getelementptr, loads, stores, atomics;
//  * DecodeControl.cpp: terminators (phis become edge copies), calls;
//  * DecodeIntrinsics.cpp, DecodeWarpIntrinsics.cpp: LLVM and NVVM
//    intrinsics;
//  * DecodeLibraryCalls.cpp: declared functions (libdevice, printf,
//    __assertfail, the prelude's opaque calls);
//  * DecodeInlineAsm.cpp: the inline PTX the emulator knows.
//
// Instructions the emulator cannot execute are decoded into `Unsupported`
// records carrying a message, so a kernel fails only if such an instruction
// is actually reached, with an error naming it.
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
// libdevice (__nv_*, Math.cpp), vprintf/printf (ignored), __assertfail (an
// error with the message); inline PTX for 1-D texture fetches, funnel
// shifts, activemask, %laneid/%lanemask_*/%clock reads, moves and trap; the
// prelude's opaque wmma calls (no effect, as in the access model).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_DECODER_H
#define GPURD_LIB_TRACE_EMULATOR_DECODER_H

#include "Program.h"

#include "gpurd/Access/SurfaceCalls.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"

#include <memory>
#include <utility>
#include <vector>

namespace gpurd::trace::emu {

/// Scalar leaves of a type, in slot order.
void leafTypes(llvm::Type *type, llvm::SmallVectorImpl<llvm::Type *> &out);
/// Slots a value of \p type takes (0 for void, labels, metadata, tokens).
uint32_t leafCount(llvm::Type *type);
Kind kindOf(llvm::Type *type);
/// Bits a scalar leaf occupies in its slot.
unsigned scalarBits(llvm::Type *type);
bool isSupportedScalar(llvm::Type *type);
/// The value as printed IR, cut to 160 characters (for messages).
std::string describe(const llvm::Value &value);

class Decoder {
public:
  Decoder(const DecodeEnvironment &env, const llvm::DataLayout &data)
      : env(env), data(data), program(std::make_unique<Program>()) {}

  llvm::Expected<std::unique_ptr<Program>> run(const llvm::Function &kernel);
  /// Writes a global's initialiser as the device lays it out.
  llvm::Error write(const llvm::Constant &value, uint8_t *out);

private:
  /// An edge whose target pc is known once its function is decoded.
  struct Pending {
    uint32_t edge;
    const llvm::BasicBlock *target;
  };

  // Functions and slots (Decoder.cpp).
  llvm::Error decodeFunction(const llvm::Function &ir, Function &fn,
                             bool isKernel);
  llvm::Error assignArgumentSlots(const llvm::Function &ir, Function &fn,
                                  bool isKernel);
  uint32_t functionIndex(const llvm::Function &callee);
  /// \p function's address (FunctionTag | its position in the module), a
  /// target of indirect calls: it is decoded and in functionsByAddress.
  uint64_t functionAddress(const llvm::Function &function);
  /// Takes the address of each function a global's initialiser names (a
  /// vtable's entries), so that calls through them can be emulated.
  void addressInitialiserFunctions(const llvm::Module &module);
  /// Slot of a value (materialising constants).
  llvm::Expected<uint32_t> operand(const llvm::Value *value);
  /// Slot of an instruction's result, or DiscardSlot for void results.
  uint32_t resultSlot(const llvm::Instruction &inst) {
    return inst.getType()->isVoidTy() ? DiscardSlot : slots[&inst];
  }
  uint32_t leafList(llvm::Type *type);
  bool leafListOf(llvm::Type *type, LeafList &out);

  Inst &emit(Op op, const llvm::Instruction *origin) {
    current->code.emplace_back();
    current->origin.push_back(origin);
    Inst &inst = current->code.back();
    inst.op = op;
    auto site = env.sites.find(origin);
    if (site != env.sites.end() && isSiteOwner(op))
      inst.site = int32_t(site->second);
    return inst;
  }
  static bool isSiteOwner(Op op);
  void unsupported(const llvm::Instruction &inst, const llvm::Twine &why) {
    Inst &out = emit(Op::Unsupported, &inst);
    out.site = -1;
    out.imm = program->messages.size();
    program->messages.push_back(why.str());
  }
  void move(const llvm::Instruction *origin, uint32_t dst, uint32_t src) {
    Inst &inst = emit(Op::Move, origin);
    inst.dst = dst;
    inst.a = src;
  }
  llvm::Error decodeInstruction(const llvm::Instruction &inst);

  // Constants (DecodeConstants.cpp).
  llvm::Error constantLeaves(const llvm::Constant *constant,
                             llvm::SmallVectorImpl<uint64_t> &out);
  llvm::Error constantExpression(const llvm::ConstantExpr &expr,
                                 llvm::SmallVectorImpl<uint64_t> &out);
  llvm::Expected<uint64_t> constantScalar(const llvm::Constant *constant);
  llvm::Expected<uint64_t> globalAddress(const llvm::GlobalValue &global);

  // Arithmetic (DecodeArithmetic.cpp).
  llvm::Error decodeBinary(const llvm::BinaryOperator &inst);
  llvm::Error decodeUnary(const llvm::UnaryOperator &inst);
  llvm::Error decodeCompare(const llvm::CmpInst &cmp);
  llvm::Error decodeSelect(const llvm::SelectInst &select);
  llvm::Error decodeCast(const llvm::CastInst &inst);
  llvm::Error decodeBitCast(const llvm::CastInst &inst, uint32_t source);
  llvm::Error decodeFreeze(const llvm::FreezeInst &freeze);

  // Aggregates and vectors (DecodeAggregates.cpp).
  llvm::Error decodeExtractValue(const llvm::ExtractValueInst &extract);
  llvm::Error decodeInsertValue(const llvm::InsertValueInst &insert);
  llvm::Error decodeExtractElement(const llvm::ExtractElementInst &extract);
  llvm::Error decodeInsertElement(const llvm::InsertElementInst &insert);
  llvm::Error decodeShuffle(const llvm::ShuffleVectorInst &shuffle);

  // Memory (DecodeMemory.cpp).
  llvm::Error decodeAlloca(const llvm::AllocaInst &alloca);
  llvm::Error decodeGep(const llvm::GetElementPtrInst &inst);
  llvm::Error decodeLoad(const llvm::Instruction &inst,
                         const llvm::Value *pointer, llvm::Type *type);
  llvm::Error decodeStore(const llvm::StoreInst &inst);
  llvm::Error decodeAtomicRMW(const llvm::AtomicRMWInst &rmw);
  llvm::Error decodeAtomic(const llvm::Instruction &inst, AtomicOp op,
                           const llvm::Value *pointer,
                           const llvm::Value *value);
  llvm::Error decodeCmpXchg(const llvm::AtomicCmpXchgInst &cas);

  // Control flow and calls (DecodeControl.cpp).
  llvm::Error decodeTerminator(const llvm::Instruction &inst);
  llvm::Error decodeReturn(const llvm::ReturnInst &ret);
  llvm::Error decodeBranch(const llvm::BranchInst &br);
  llvm::Error decodeSwitch(const llvm::SwitchInst &sw);
  uint32_t makeEdge(const llvm::BasicBlock *from, const llvm::BasicBlock *to,
                    llvm::Error &error);
  /// Sets \p edge's markers and loop step (an edge of the kernel's own CFG;
  /// ControlMarks.cpp describes what they are for).
  void describeControl(const llvm::BasicBlock *from, const llvm::BasicBlock *to,
                       Edge &edge);
  llvm::Error decodeCall(const llvm::CallInst &call);
  llvm::Error decodeDeviceCall(const llvm::CallInst &call,
                               const llvm::Function &callee);

  // Intrinsics (DecodeIntrinsics.cpp, DecodeWarpIntrinsics.cpp).
  llvm::Error decodeIntrinsic(const llvm::CallInst &call,
                              const llvm::Function &callee);
  llvm::Error decodeIdentity(const llvm::CallInst &call);
  llvm::Error decodeMemoryIntrinsic(const llvm::CallInst &call);
  llvm::Error decodeSpecialRegister(const llvm::CallInst &call);
  llvm::Error decodeBarrier(const llvm::CallInst &call);
  llvm::Error decodeNvvmAtomic(const llvm::CallInst &call);
  llvm::Error decodeWithOverflow(const llvm::CallInst &call, OverflowOp op);
  llvm::Error decodeScalarIntrinsic(const llvm::CallInst &call,
                                    const llvm::Function &callee);
  /// A warp-synchronous intrinsic (shuffle, vote, match, redux,
  /// activemask, bar.warp.sync); false if \p name is none.
  static bool isWarpIntrinsic(llvm::StringRef name);
  llvm::Error decodeWarpIntrinsic(const llvm::CallInst &call);
  llvm::Error decodeShuffleIntrinsic(const llvm::CallInst &call);
  llvm::Error decodeVoteIntrinsic(const llvm::CallInst &call);
  llvm::Error decodeMatchIntrinsic(const llvm::CallInst &call);
  llvm::Error decodeReduxIntrinsic(const llvm::CallInst &call);
  void emitWarpOp(const llvm::CallInst &call, const WarpOp &op);
  /// Calls \p fn lane by lane (Call3).
  llvm::Error scalarCall(const llvm::CallInst &call, ScalarFn fn,
                         unsigned width);

  // Declared functions and inline PTX (DecodeLibraryCalls.cpp,
  // DecodeInlineAsm.cpp).
  llvm::Error decodeLibraryCall(const llvm::CallInst &call,
                                const llvm::Function &callee);
  llvm::Error decodeMathStore(const llvm::CallInst &call, MathStoreKind kind);
  llvm::Error decodeOpaqueCall(const llvm::CallInst &call);
  llvm::Error decodeIndirectCall(const llvm::CallInst &call);
  llvm::Error decodeSurfaceCall(const llvm::CallInst &call,
                                const access::SurfaceCall &surface);
  /// The call's arguments and result as the callee's frame takes them.
  llvm::Expected<CallInfo> callInfo(const llvm::CallInst &call);
  llvm::Error decodeInlineAsm(const llvm::CallInst &call);
  llvm::Error decodeTextureFetch(const llvm::CallInst &call,
                                 llvm::StringRef text);

  const DecodeEnvironment &env;
  const llvm::DataLayout &data;
  std::unique_ptr<Program> program;
  llvm::DenseMap<const llvm::Function *, uint32_t> functions;
  std::vector<const llvm::Function *> worklist;

  // Per-function state.
  Function *current = nullptr;
  llvm::DenseMap<const llvm::Value *, uint32_t> slots;
  uint32_t nextSlot = 0;
  std::vector<std::pair<uint32_t, llvm::SmallVector<uint64_t, 4>>> constants;
  std::vector<Pending> pendingEdges;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> blockStart;
  // The kernel's loops, branches and joins (loops is null while decoding a
  // callee).
  std::unique_ptr<llvm::LoopInfo> loops;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> joinMarkers;
  llvm::DenseMap<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>,
                 uint32_t>
      branchMarkers;
};

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_DECODER_H
