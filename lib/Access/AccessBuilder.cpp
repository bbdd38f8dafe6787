//===- AccessBuilder.cpp - Build a kernel's AccessModel from its IR -------===//
//
// Walks the specialised, optimised kernel in program order (reverse post
// order with loops nested), and for each memory operation derives, from
// ScalarEvolution, the byte offset into its array, the iteration domain
// (block/thread index bounds, loop bounds, dominating branch conditions) and
// the per-thread schedule. Detection and building are one pass here, but
// every failure is a NonAffineReason on the operation, never an error.
//
//===----------------------------------------------------------------------===//

#include "IslForms.h"
#include "ModelChecks.h"
#include "ScevAffinator.h"
#include "SourceMatcher.h"
#include "VariableTable.h"
#include "gpurd/Access/ParamFields.h"

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/DeviceModule.h"
#include "gpurd/Access/HostDeviceDifferences.h"
#include "gpurd/Access/SurfaceCalls.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Format.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <set>

using namespace llvm;

namespace gpurd::access {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// What a memory instruction does.
struct MemoryOperation {
  AccessKind kind = AccessKind::Read;
  std::string name;
  Value *address = nullptr;
  unsigned size = 0;
  bool readOnlyPath = false; ///< __ldg.
  bool isTexture = false;
  bool unsupported = false; ///< memcpy/memset...
  bool notInlined = false;  ///< A call to a device function with a body.
};

/// The first pointer argument of \p call (what an opaque call's site
/// names as its address), or null.
Value *firstPointerArgument(CallBase &call) {
  for (Value *arg : call.args())
    if (arg->getType()->isPointerTy())
      return arg;
  return nullptr;
}

std::optional<MemoryOperation> memoryOperation(Instruction &inst,
                                               const DataLayout &layout) {
  MemoryOperation op;
  if (auto *load = dyn_cast<LoadInst>(&inst)) {
    op.name = "load";
    op.address = load->getPointerOperand();
    op.size = layout.getTypeStoreSize(load->getType());
    return op;
  }
  if (auto *store = dyn_cast<StoreInst>(&inst)) {
    op.kind = AccessKind::Write;
    op.name = "store";
    op.address = store->getPointerOperand();
    op.size = layout.getTypeStoreSize(store->getValueOperand()->getType());
    return op;
  }
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) {
    op.kind = AccessKind::ReadModifyWrite;
    op.name =
        ("atomicrmw " + AtomicRMWInst::getOperationName(rmw->getOperation()))
            .str();
    op.address = rmw->getPointerOperand();
    op.size = layout.getTypeStoreSize(rmw->getValOperand()->getType());
    return op;
  }
  if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst)) {
    op.kind = AccessKind::ReadModifyWrite;
    op.name = "cmpxchg";
    op.address = cas->getPointerOperand();
    op.size = layout.getTypeStoreSize(cas->getCompareOperand()->getType());
    return op;
  }
  auto *call = dyn_cast<CallInst>(&inst);
  if (!call)
    return std::nullopt;
  if (call->isInlineAsm()) {
    auto *asmCode = cast<InlineAsm>(call->getCalledOperand());
    StringRef text = StringRef(asmCode->getAsmString()).ltrim();
    if (text.starts_with("tex.") || text.starts_with("tld4.")) {
      op.name = text.substr(0, text.find_first_of(" \t")).str();
      op.isTexture = true;
      op.size = layout.getTypeStoreSize(call->getType());
      return op;
    }
    return std::nullopt;
  }
  Function *callee = call->getCalledFunction();
  if (!callee) {
    // A call through a pointer that no function here may take (none of its
    // type has its address taken: the callee is in another file): unknown
    // code, recorded as an opaque call is. Otherwise the functions it may
    // reach have sites of their own (calledFunctions).
    if (!call->isIndirectCall() || !call->mayReadOrWriteMemory() ||
        any_of(*call->getModule(), [&](const Function &function) {
          return mayBeCalledThrough(function, *call->getFunctionType());
        }))
      return std::nullopt;
    op.kind = AccessKind::ReadModifyWrite;
    op.name = "call through a function pointer";
    op.unsupported = true;
    op.address = firstPointerArgument(*call);
    return op;
  }
  switch (callee->getIntrinsicID()) {
  case Intrinsic::nvvm_barrier0:
  case Intrinsic::nvvm_barrier0_and:
  case Intrinsic::nvvm_barrier0_or:
  case Intrinsic::nvvm_barrier0_popc:
  case Intrinsic::nvvm_barrier_sync:
  case Intrinsic::nvvm_barrier_sync_cnt:
    op.kind = AccessKind::Barrier;
    op.name = "barrier";
    return op;
  case Intrinsic::nvvm_ldg_global_f:
  case Intrinsic::nvvm_ldg_global_i:
  case Intrinsic::nvvm_ldg_global_p:
    op.name = "ldg";
    op.address = call->getArgOperand(0);
    op.size = layout.getTypeStoreSize(call->getType());
    op.readOnlyPath = true;
    return op;
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
  case Intrinsic::memset:
    op.kind = callee->getIntrinsicID() == Intrinsic::memset
                  ? AccessKind::Write
                  : AccessKind::ReadModifyWrite;
    op.name = callee->getName().split('.').second.split('.').first.str();
    op.address = call->getArgOperand(0);
    op.unsupported = true;
    if (auto *length = dyn_cast<ConstantInt>(call->getArgOperand(2)))
      op.size = length->getZExtValue();
    return op;
  default:
    break;
  }
  StringRef name = callee->getName();
  // Surface objects' stores and loads (the prelude's surf1Dwrite,
  // surf2Dread, ...): texture-space accesses, like texture fetches.
  if (std::optional<SurfaceCall> surface = surfaceCall(*call)) {
    op.kind = surface->write ? AccessKind::Write : AccessKind::Read;
    op.name = surface->name;
    op.isTexture = true;
    op.size = layout.getTypeStoreSize(surface->valueType);
    return op;
  }
  // A call to a function with no body here (wmma, surfaces, cooperative
  // grid sync) that may touch memory, or to a device function that stayed a
  // call (recursive: inlineDeviceCalls inlines the others): recorded, but
  // not modelled. Never dropped: the kernel's memory operations would be
  // missing without a word.
  bool opaque = callee->isDeclaration() && !name.starts_with("__nv_") &&
                name != "vprintf";
  if (!callee->isIntrinsic() && (opaque || !callee->isDeclaration()) &&
      call->mayReadOrWriteMemory()) {
    op.kind = AccessKind::ReadModifyWrite;
    op.name = "call " + llvm::demangle(name.str());
    op.name = op.name.substr(0, op.name.find('('));
    op.unsupported = true;
    op.notInlined = !callee->isDeclaration();
    op.address = firstPointerArgument(*call);
    return op;
  }
  if (callee->isIntrinsic() && name.starts_with("llvm.nvvm.atomic")) {
    op.kind = AccessKind::ReadModifyWrite;
    op.name = name.drop_front(strlen("llvm.nvvm.")).str();
    op.address = call->getArgOperand(0);
    op.size = layout.getTypeStoreSize(call->getType());
    return op;
  }
  return std::nullopt;
}

/// The name of a variable from its (possibly mangled) symbol: `As` for
/// `_ZZ11matmulTiledILi16EEvPKfS1_PfiE2As`.
std::string variableName(const GlobalValue &global) {
  std::string demangled = llvm::demangle(global.getName().str());
  // A variable the optimiser split (SROA of `__shared__ int3 b` gives
  // `b.0`, `b.1`, `b.2`) demangles as `b (.0)`: keep the symbol's spelling.
  if (size_t suffix = demangled.rfind(" (.");
      suffix != std::string::npos && demangled.back() == ')')
    demangled = demangled.substr(0, suffix) +
                demangled.substr(suffix + 2, demangled.size() - suffix - 3);
  size_t scope = demangled.rfind("::");
  if (scope != std::string::npos)
    return demangled.substr(scope + 2);
  return demangled;
}

/// A texture object's fetch (no declaration gives its type): the bytes of
/// the components the kernel uses, 4 each (`tex2D<float>` uses the first
/// of the four the instruction returns: 4 bytes; `float2`, 8).
std::optional<unsigned> usedComponentBytes(const CallInst &fetch) {
  auto *type = dyn_cast<StructType>(fetch.getType());
  if (!type || type->getNumElements() != 4)
    return std::nullopt;
  unsigned used = 0;
  for (const User *user : fetch.users()) {
    const auto *extract = dyn_cast<ExtractValueInst>(user);
    if (!extract || extract->getNumIndices() != 1)
      return std::nullopt; // the whole result: all four
    used = std::max(used, extract->getIndices()[0] + 1);
  }
  if (used == 0)
    return std::nullopt;
  return used * 4;
}

/// The texel size of the texture reference the texture fetch \p fetch
/// reads (its handle is `llvm.nvvm.texsurf.handle.internal(@tex)`), from the
/// source's `texture<T, ...>` declaration: the fetch itself returns four
/// components whatever T is.
std::optional<unsigned>
texelBytesOf(const Instruction &fetch,
             const std::vector<TextureReference> &textures) {
  const auto *call = dyn_cast<CallInst>(&fetch);
  if (!call || call->arg_size() == 0)
    return std::nullopt;
  const Value *operand = call->getArgOperand(0);
  // Clang's texture header passes the handle through `mov.b64 $0, $1;`.
  if (const auto *move = dyn_cast<CallInst>(operand))
    if (move->isInlineAsm() && move->arg_size() == 1 &&
        StringRef(cast<InlineAsm>(move->getCalledOperand())->getAsmString())
            .ltrim()
            .starts_with("mov.b64"))
      operand = move->getArgOperand(0);
  const auto *handle = dyn_cast<IntrinsicInst>(operand);
  if (!handle ||
      handle->getIntrinsicID() != Intrinsic::nvvm_texsurf_handle_internal)
    return usedComponentBytes(*call);
  const auto *global =
      dyn_cast<GlobalVariable>(handle->getArgOperand(0)->stripPointerCasts());
  if (!global)
    return std::nullopt;
  std::string name = llvm::demangle(global->getName().str());
  for (const TextureReference &texture : textures)
    if (texture.name == name && texture.texelBytes)
      return unsigned(texture.texelBytes);
  return std::nullopt;
}

class Builder {
public:
  Builder(Function &kernel, const KernelInfo &info,
          const TranslationUnitInfo &unit, const KernelSpecialization &values,
          FunctionAnalysisManager &analyses)
      : kernel(kernel), info(info), textures(unit.textures), values(values),
        matcher(unit), se(analyses.getResult<ScalarEvolutionAnalysis>(kernel)),
        loopInfo(analyses.getResult<LoopAnalysis>(kernel)),
        dominators(analyses.getResult<DominatorTreeAnalysis>(kernel)),
        affinator(
            se, loopInfo, variables,
            [this](const Argument &arg) { return parameterName(arg); },
            [](const Instruction *inst) { return positionOf(inst); },
            [this](const Loop *loop) { return loopDescription(loop); },
            [this](const ParamFieldRead &read) {
              return paramFieldName(this->info, read);
            }) {}

  AccessModel build();
  std::vector<const Instruction *> takeSiteInstructions() {
    return std::move(siteInstructions);
  }

private:
  std::string parameterName(const Argument &arg) const {
    if (arg.getArgNo() < info.params.size() &&
        !info.params[arg.getArgNo()].name.empty())
      return info.params[arg.getArgNo()].name;
    return "arg" + std::to_string(arg.getArgNo());
  }
  std::string loopDescription(const Loop *loop) const {
    auto it = loopIndex.find(loop);
    if (it == loopIndex.end())
      return "";
    const LoopInfo &l = model.loops[it->second];
    std::string name = variables.all()[l.variable].name;
    return " at line " + std::to_string(l.position.line) + " ('" + name + "')";
  }

  void registerLoop(const Loop *loop, unsigned position);
  std::optional<QuasiAffine> latchTripCount(const Loop *loop);
  /// A new site for \p op, \p inst's memory operation: its id, kind,
  /// position and source access.
  AccessSite startSite(Instruction &inst, const MemoryOperation &op);
  /// A site for a memory operation of \p callee, a function that stays
  /// a call (calledFunctions): not modelled, the emulator runs it.
  void addCalleeSite(Instruction &inst, const MemoryOperation &op,
                     const Function &callee, unsigned position);
  void addSite(Instruction &inst, const MemoryOperation &op,
               const std::vector<const Loop *> &chain,
               std::vector<unsigned> schedule);
  std::string choiceName(const Value *base) const;
  int arrayOf(const Value *base, MemorySpace space);
  /// The condition under which \p block runs, from dominating branches.
  std::variant<Condition, NonAffineReason> guardOf(BasicBlock *block);
  Condition indexBounds(std::vector<unsigned> &dimensions);

  Function &kernel;
  const KernelInfo &info;
  const std::vector<TextureReference> &textures;
  const KernelSpecialization &values;
  SourceMatcher matcher;
  ScalarEvolution &se;
  llvm::LoopInfo &loopInfo;
  DominatorTree &dominators;
  VariableTable variables;
  ScevAffinator affinator;
  AccessModel model;
  DenseMap<const Loop *, unsigned> loopIndex;
  DenseMap<const Value *, int> arrayIndex;
  /// The first load of each pointer member of a struct parameter: one array
  /// per member, however many loads read it.
  std::map<std::pair<const Argument *, uint64_t>, const Value *> fieldBases;
  std::set<unsigned> usedIndexVariables;
  std::vector<const Instruction *> siteInstructions;
};

void Builder::registerLoop(const Loop *loop, unsigned position) {
  LoopInfo out;
  out.position = positionOf(loop->getHeader()->getTerminator());
  if (DebugLoc start = loop->getStartLoc())
    out.position = positionOf(start.get());
  std::string iterator = matcher.loopIterator(out.position);
  if (iterator.empty())
    iterator = "i" + std::to_string(loop->getLoopDepth() - 1);
  out.variable = variables.addLoop(loop, iterator);
  if (const Loop *parent = loop->getParentLoop())
    out.parent = loopIndex.lookup(parent);
  loopIndex[loop] = model.loops.size();
  model.loops.push_back(out);
  LoopInfo &stored = model.loops.back();

  const SCEV *backedges = se.getBackedgeTakenCount(loop);
  if (isa<SCEVCouldNotCompute>(backedges)) {
    if (std::optional<QuasiAffine> last = latchTripCount(loop)) {
      stored.lastIteration = *last;
      return;
    }
    NonAffineReason why{NonAffineReason::Kind::NonAffineTripCount,
                        "the trip count of the loop" + loopDescription(loop) +
                            " is not affine",
                        stored.position};
    // Say why when the loop variable itself is the problem.
    for (PHINode &phi : loop->getHeader()->phis())
      if (phi.getType()->isIntegerTy() &&
          !isa<SCEVAddRecExpr>(se.getSCEV(&phi))) {
        why.message += ": its variable does not change by a constant step";
        break;
      }
    stored.reason = why;
    return;
  }
  AffineResult last = affinator.convert(backedges, loop->getParentLoop());
  if (auto *why = std::get_if<NonAffineReason>(&last)) {
    NonAffineReason reason = *why;
    reason.kind = reason.kind == NonAffineReason::Kind::DataDependentAddress
                      ? NonAffineReason::Kind::NonAffineTripCount
                      : reason.kind;
    reason.message = "the trip count of the loop" + loopDescription(loop) +
                     " is not affine: " +
                     (why->kind == NonAffineReason::Kind::DataDependentAddress
                          ? std::string("its bound is loaded from memory")
                          : reason.message);
    if (reason.position.line == 0)
      reason.position = stored.position;
    stored.reason = reason;
    return;
  }
  stored.lastIteration = std::get<QuasiAffine>(last);
  affinator.nonNegativeAssumptions().clear();
  (void)position;
}

/// The last iteration of a loop whose single exit is a comparison of an
/// affine induction variable in its latch, for the cases ScalarEvolution
/// gives up on because the compiler widened the variable and compares its
/// low bits (`(iv + 1) & 0xffffffff == n`): the extensions and truncations
/// are taken as exact, as everywhere in the access model.
std::optional<QuasiAffine> Builder::latchTripCount(const Loop *loop) {
  BasicBlock *latch = loop->getLoopLatch();
  if (!latch || loop->getExitingBlock() != latch)
    return std::nullopt;
  auto *branch = dyn_cast<BranchInst>(latch->getTerminator());
  if (!branch || !branch->isConditional())
    return std::nullopt;
  auto *cmp = dyn_cast<ICmpInst>(branch->getCondition());
  if (!cmp)
    return std::nullopt;
  auto stripCasts = [](const SCEV *s) {
    while (const auto *cast = dyn_cast<SCEVCastExpr>(s))
      s = cast->getOperand();
    return s;
  };
  const SCEV *lhs = stripCasts(se.getSCEV(cmp->getOperand(0)));
  const SCEV *rhs = stripCasts(se.getSCEV(cmp->getOperand(1)));
  CmpInst::Predicate predicate = cmp->getPredicate();
  if (!isa<SCEVAddRecExpr>(lhs) ||
      cast<SCEVAddRecExpr>(lhs)->getLoop() != loop) {
    std::swap(lhs, rhs);
    predicate = CmpInst::getSwappedPredicate(predicate);
  }
  const auto *rec = dyn_cast<SCEVAddRecExpr>(lhs);
  if (!rec || rec->getLoop() != loop || !rec->isAffine() ||
      !se.isLoopInvariant(rhs, loop))
    return std::nullopt;
  const auto *step = dyn_cast<SCEVConstant>(rec->getStepRecurrence(se));
  if (!step || step->getAPInt().getSignificantBits() > 32 || step->isZero())
    return std::nullopt;
  int64_t stride = step->getAPInt().getSExtValue();
  // Normalise to "exit when the predicate holds".
  if (loop->contains(branch->getSuccessor(0)))
    predicate = CmpInst::getInversePredicate(predicate);
  const Loop *parent = loop->getParentLoop();
  AffineResult start = affinator.convert(rec->getStart(), parent);
  AffineResult bound = affinator.convert(rhs, parent);
  if (!std::holds_alternative<QuasiAffine>(start) ||
      !std::holds_alternative<QuasiAffine>(bound))
    return std::nullopt;
  const QuasiAffine &a0 = std::get<QuasiAffine>(start);
  const QuasiAffine &b = std::get<QuasiAffine>(bound);
  QuasiAffine zero = QuasiAffine::constant(0);
  // The exit test sees a0 + stride * i after iteration i; the loop runs at
  // least once (it is rotated), so the last iteration is at least 0.
  switch (predicate) {
  case CmpInst::ICMP_EQ:
    if (stride == 1)
      return b - a0;
    if (stride == -1)
      return a0 - b;
    return std::nullopt;
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE: // exit once a0 + s*i >= b
    if (stride < 0)
      return std::nullopt;
    return QuasiAffine::max(
        zero, (b - a0 + QuasiAffine::constant(stride - 1)).floorDiv(stride));
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT: // exit once a0 + s*i > b
    if (stride < 0)
      return std::nullopt;
    return QuasiAffine::max(zero, (b - a0).floorDiv(stride) +
                                      QuasiAffine::constant(1));
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE: // exit once a0 + s*i <= b, s < 0
    if (stride > 0)
      return std::nullopt;
    return QuasiAffine::max(
        zero, (a0 - b + QuasiAffine::constant(-stride - 1)).floorDiv(-stride));
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT: // exit once a0 + s*i < b, s < 0
    if (stride > 0)
      return std::nullopt;
    return QuasiAffine::max(zero, (a0 - b).floorDiv(-stride) +
                                      QuasiAffine::constant(1));
  default:
    return std::nullopt;
  }
}

/// `A_or_B` for a pointer that is one of several parameters or variables
/// (`warpId < 4 ? A : B`, a phi of them); empty otherwise.
std::string Builder::choiceName(const Value *base) const {
  if (!isa<SelectInst, PHINode>(base))
    return "";
  SmallVector<const Value *, 4> objects;
  getUnderlyingObjects(base, objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  std::vector<std::string> names;
  for (const Value *object : objects) {
    std::string name;
    if (const auto *arg = dyn_cast<Argument>(object))
      name = parameterName(*arg);
    else if (const auto *global = dyn_cast<GlobalVariable>(object))
      name = variableName(*global);
    else
      return "";
    if (llvm::find(names, name) == names.end())
      names.push_back(name);
  }
  if (names.size() < 2)
    return "";
  return islIdentifier(llvm::join(names, "_or_"));
}

int Builder::arrayOf(const Value *base, MemorySpace space) {
  auto it = arrayIndex.find(base);
  if (it != arrayIndex.end())
    return it->second;
  ArrayInfo array;
  array.space = space;
  if (const auto *arg = dyn_cast<Argument>(base)) {
    array.name = parameterName(*arg);
    array.paramIndex = arg->getArgNo();
  } else if (const auto *global = dyn_cast<GlobalVariable>(base)) {
    array.name = variableName(*global);
    array.symbol = global->getName().str();
    array.origin = ArrayInfo::Origin::Variable;
    const DataLayout &layout = kernel.getParent()->getDataLayout();
    array.sizeBytes = layout.getTypeAllocSize(global->getValueType());
  } else if (const auto *alloca = dyn_cast<AllocaInst>(base)) {
    array.name = "local" + std::to_string(model.arrays.size());
    array.origin = ArrayInfo::Origin::Local;
    if (auto size =
            alloca->getAllocationSize(kernel.getParent()->getDataLayout()))
      array.sizeBytes = size->getFixedValue();
  } else if (std::optional<ParamFieldRead> member = paramFieldRead(base)) {
    array.name = islIdentifier(paramFieldName(info, *member));
  } else if (std::string choice = choiceName(base); !choice.empty()) {
    array.name = choice;
    array.origin = ArrayInfo::Origin::Pointer;
  } else {
    array.name = base->hasName() ? base->getName().str() : "memory";
    array.origin = ArrayInfo::Origin::Pointer;
  }
  // Keep names unique: two variables may share a short name.
  for (const ArrayInfo &other : model.arrays)
    if (other.name == array.name)
      array.name += "_" + std::to_string(model.arrays.size());
  arrayIndex[base] = model.arrays.size();
  model.arrays.push_back(array);
  return model.arrays.size() - 1;
}

std::variant<Condition, NonAffineReason> Builder::guardOf(BasicBlock *block) {
  Condition guard = Condition::always();
  DomTreeNode *node = dominators.getNode(block);
  for (DomTreeNode *up = node ? node->getIDom() : nullptr; up;
       up = up->getIDom()) {
    BasicBlock *dominator = up->getBlock();
    const Loop *loop = loopInfo.getLoopFor(dominator);
    // Branches inside loops that do not contain the block decide when those
    // loops exit; the trip counts describe that.
    if (loop && !loop->contains(block))
      continue;
    auto *branch = dyn_cast<BranchInst>(dominator->getTerminator());
    if (branch && branch->isConditional() &&
        branch->getSuccessor(0) != branch->getSuccessor(1)) {
      for (unsigned s = 0; s < 2; ++s) {
        BasicBlockEdge edge(dominator, branch->getSuccessor(s));
        if (!dominators.dominates(edge, block))
          continue;
        auto c = affinator.convertCondition(branch->getCondition(), loop,
                                            /*negate=*/s == 1);
        if (std::holds_alternative<NonAffineReason>(c))
          return c;
        guard = Condition::both(guard, std::get<Condition>(c));
      }
      continue;
    }
    if (auto *sw = dyn_cast<SwitchInst>(dominator->getTerminator())) {
      // A case edge means value == case; the default edge means the value
      // is none of the cases (the compiler turns `x >= 1 && x < n - 1` with
      // known n into a switch over the two excluded values).
      std::optional<QuasiAffine> value;
      auto switchValue = [&]() -> std::optional<NonAffineReason> {
        if (value)
          return std::nullopt;
        AffineResult v = affinator.convertValue(sw->getCondition(), loop);
        if (auto *why = std::get_if<NonAffineReason>(&v)) {
          NonAffineReason reason = *why;
          reason.kind =
              reason.kind == NonAffineReason::Kind::DataDependentAddress
                  ? NonAffineReason::Kind::DataDependentCondition
                  : NonAffineReason::Kind::NonAffineCondition;
          reason.message =
              "it runs under a switch that is not affine: " + reason.message;
          return reason;
        }
        value = std::get<QuasiAffine>(v);
        return std::nullopt;
      };
      BasicBlockEdge defaultEdge(dominator, sw->getDefaultDest());
      bool viaDefault = dominators.dominates(defaultEdge, block);
      for (auto &kase : sw->cases()) {
        BasicBlockEdge edge(dominator, kase.getCaseSuccessor());
        bool viaCase = kase.getCaseSuccessor() != sw->getDefaultDest() &&
                       dominators.dominates(edge, block);
        if (!viaCase && !viaDefault)
          continue;
        if (auto why = switchValue())
          return *why;
        Condition equal = Condition::equal(
            *value, QuasiAffine::constant(kase.getCaseValue()->getSExtValue()));
        guard = Condition::both(guard, viaCase ? equal : equal.negated());
      }
    }
  }
  return guard;
}

Condition Builder::indexBounds(std::vector<unsigned> &dimensions) {
  Condition bounds = Condition::always();
  for (unsigned d = 0; d < 6; ++d) {
    unsigned variable = d;
    bool isBlock = d < 3;
    unsigned axis = d % 3;
    const auto &known = isBlock ? values.grid : values.block;
    if (!usedIndexVariables.count(variable))
      continue;
    dimensions.push_back(variable);
    QuasiAffine extent;
    if (known) {
      extent = QuasiAffine::constant((*known)[axis]);
    } else {
      static const char *const axes[] = {"x", "y", "z"};
      std::string name =
          std::string(isBlock ? "gridDim_" : "blockDim_") + axes[axis];
      // One parameter per dimension, shared with uses of blockDim/gridDim.
      unsigned param = ~0u;
      for (unsigned v = 0; v < variables.all().size(); ++v)
        if (variables.all()[v].kind == Variable::Kind::Parameter &&
            variables.all()[v].name == name)
          param = v;
      if (param == ~0u)
        param = variables.parameter(
            reinterpret_cast<const Value *>(uintptr_t(0x1000 + d)), name);
      extent = QuasiAffine::variable(param);
      // CUDA's limits: blocks of at most 1024 threads (64 in z), grids of
      // at most 2^31 - 1 blocks in x and 65535 in y and z.
      int64_t limit =
          isBlock ? (axis == 0 ? 2147483647 : 65535) : (axis == 2 ? 64 : 1024);
      bounds = Condition::both(
          bounds,
          Condition::both(
              Condition::lessEqual(QuasiAffine::constant(1), extent),
              Condition::lessEqual(extent, QuasiAffine::constant(limit))));
    }
    QuasiAffine index = QuasiAffine::variable(variable);
    bounds = Condition::both(
        bounds,
        Condition::both(Condition::lessEqual(QuasiAffine::constant(0), index),
                        Condition::lessThan(index, extent)));
  }
  return bounds;
}

/// The memory space an access to \p address, whose underlying object is
/// \p base (if known), reaches.
MemorySpace spaceOf(const Value &address, const Value *base) {
  unsigned addressSpace = address.getType()->getPointerAddressSpace();
  if (base && base->getType()->isPointerTy() &&
      base->getType()->getPointerAddressSpace() != 0)
    addressSpace = base->getType()->getPointerAddressSpace();
  if (const auto *global = dyn_cast_or_null<GlobalVariable>(base))
    addressSpace = global->getAddressSpace();
  switch (addressSpace) {
  case 3:
    return MemorySpace::Shared;
  case 4:
    return MemorySpace::Constant;
  case 5:
    return MemorySpace::Local;
  default:
    if (isa_and_nonnull<AllocaInst>(base))
      return MemorySpace::Local;
    // A struct parameter indexed at a varying offset (an array member):
    // the parameter space, which the constant bank serves (members at
    // constant offsets are no operations at all: ParamFields.h).
    if (const auto *arg = dyn_cast_or_null<Argument>(base);
        arg && arg->hasByValAttr())
      return MemorySpace::Constant;
    return MemorySpace::Global;
  }
}

/// The functions with a body that \p kernel's code calls and that stay
/// calls: recursive ones (inlineDeviceCalls inlines the rest) and, for a
/// call through a pointer, those of its type whose address the code takes
/// (cloneForKernel keeps them), in module order.
std::vector<Function *> calledFunctions(Function &kernel) {
  std::set<const FunctionType *> indirectTypes;
  std::set<Function *> found;
  std::vector<Function *> work{&kernel};
  Module &module = *kernel.getParent();
  while (!work.empty()) {
    Function *function = work.back();
    work.pop_back();
    for (Instruction &inst : instructions(*function)) {
      auto *call = dyn_cast<CallBase>(&inst);
      if (!call)
        continue;
      Function *callee = call->getCalledFunction();
      if (call->isIndirectCall() &&
          indirectTypes.insert(call->getFunctionType()).second)
        for (Function &candidate : module)
          if (mayBeCalledThrough(candidate, *call->getFunctionType()) &&
              &candidate != &kernel && found.insert(&candidate).second)
            work.push_back(&candidate);
      if (callee && !callee->isDeclaration() && callee != &kernel &&
          found.insert(callee).second)
        work.push_back(callee);
    }
  }
  std::vector<Function *> out;
  for (Function &function : module)
    if (found.count(&function))
      out.push_back(&function);
  return out;
}

/// Where the source writes the access of \p inst at \p address when the
/// instruction itself has no line (the optimiser merged or hoisted it and
/// LLVM gave it line 0): the address's own computation (the subscript's
/// getelementptr), else the nearest instruction before it in its block
/// with a line, else after it. A finding must have a place.
SourcePosition fallbackPosition(const Instruction &inst, const Value *address) {
  for (unsigned step = 0; address && step < 8; ++step) {
    const auto *computed = dyn_cast<Instruction>(address);
    if (!computed)
      break;
    if (SourcePosition at = positionOf(computed); at.line != 0)
      return at;
    if (isa<GetElementPtrInst>(computed) || isa<CastInst>(computed))
      address = computed->getOperand(0);
    else
      break;
  }
  for (const Instruction *before = inst.getPrevNode(); before;
       before = before->getPrevNode())
    if (SourcePosition at = positionOf(before); at.line != 0)
      return at;
  for (const Instruction *after = inst.getNextNode(); after;
       after = after->getNextNode())
    if (SourcePosition at = positionOf(after); at.line != 0)
      return at;
  return {};
}

AccessSite Builder::startSite(Instruction &inst, const MemoryOperation &op) {
  AccessSite site;
  site.id = model.sites.size();
  siteInstructions.push_back(&inst);
  site.kind = op.kind;
  site.operation = op.name;
  site.sizeBytes = op.size;
  if (const auto *load = dyn_cast<LoadInst>(&inst))
    site.isVolatile = load->isVolatile();
  else if (const auto *store = dyn_cast<StoreInst>(&inst))
    site.isVolatile = store->isVolatile();
  site.position = positionOf(&inst);
  if (op.kind != AccessKind::Barrier) {
    int source = matcher.match(&inst, op.address, op.kind != AccessKind::Read);
    if (source >= 0) {
      site.sourceAccess = source;
      site.sourceText = matcher.text(source);
      if (site.position.line == 0)
        site.position = matcher.position(source);
    }
    if (site.position.line == 0) {
      site.position = fallbackPosition(inst, op.address);
      site.positionInferred = true;
    }
  }
  return site;
}

void Builder::addCalleeSite(Instruction &inst, const MemoryOperation &op,
                            const Function &callee, unsigned position) {
  AccessSite site = startSite(inst, op);
  site.schedule = {position};
  if (op.isTexture) {
    site.space = MemorySpace::Texture;
  } else if (op.address) {
    const Value *base = getUnderlyingObject(op.address->stripPointerCasts());
    site.space = spaceOf(*op.address, base);
    if (isa_and_nonnull<GlobalVariable>(base))
      site.array = arrayOf(base, site.space);
  }
  std::string name = demangle(callee.getName().str());
  site.affine = false;
  site.reason = NonAffineReason{
      NonAffineReason::Kind::UnsupportedOperation,
      "it is in '" + name.substr(0, name.find('(')) +
          "', which stays a call (called through a function pointer, or "
          "recursive): its accesses are not modelled",
      site.position};
  model.sites.push_back(std::move(site));
}

void Builder::addSite(Instruction &inst, const MemoryOperation &op,
                      const std::vector<const Loop *> &chain,
                      std::vector<unsigned> schedule) {
  AccessSite site = startSite(inst, op);
  affinator.nonNegativeAssumptions().clear();
  site.schedule = std::move(schedule);
  for (const Loop *loop : chain)
    site.loops.push_back(loopIndex.lookup(loop));
  const Loop *scope = chain.empty() ? nullptr : chain.back();
  auto fail = [&](NonAffineReason why) {
    if (why.position.line == 0)
      why.position = site.position;
    site.affine = false;
    site.reason = std::move(why);
  };

  // The address: base object and byte offset.
  std::optional<QuasiAffine> offset;
  if (op.kind == AccessKind::Barrier) {
    offset = QuasiAffine::constant(0);
  } else if (op.isTexture) {
    site.space = MemorySpace::Texture;
    fail({NonAffineReason::Kind::UnsupportedOperation,
          "texture and surface coordinates are not modelled yet",
          {}});
  } else if (!op.address) {
    fail({NonAffineReason::Kind::UnsupportedOperation,
          "'" + op.name + "' may access memory and is not modelled",
          {}});
  } else {
    const SCEV *pointer = se.getSCEV(op.address);
    const SCEV *baseScev = se.getPointerBase(pointer);
    const Value *base = nullptr;
    if (const auto *unknown = dyn_cast<SCEVUnknown>(baseScev))
      base = getUnderlyingObject(unknown->getValue()->stripPointerCasts());
    site.space = spaceOf(*op.address, base);
    if (site.space == MemorySpace::Global) {
      const auto *arg = dyn_cast_or_null<Argument>(base);
      bool readOnlyRestrict = arg && arg->hasNoAliasAttr() &&
                              arg->onlyReadsMemory() &&
                              op.kind == AccessKind::Read;
      if (op.readOnlyPath || readOnlyRestrict)
        site.space = MemorySpace::GlobalReadOnly;
    }
    std::optional<ParamFieldRead> member = paramFieldRead(base);
    if (member) {
      // What a pointer member of a struct parameter points to: an array of
      // its own (ParamFields.h).
      const Value *&first = fieldBases[{member->arg, member->offset}];
      if (!first)
        first = base;
      site.array = arrayOf(first, site.space);
      ArrayInfo &array = model.arrays[site.array];
      array.origin = ArrayInfo::Origin::ParameterField;
      array.paramIndex = member->arg->getArgNo();
      array.fieldOffset = member->offset;
      const SCEV *bytes = se.removePointerBase(pointer);
      AffineResult r =
          affinator.convert(se.getSCEVAtScope(bytes, scope), scope);
      if (auto *why = std::get_if<NonAffineReason>(&r))
        fail(*why);
      else
        offset = std::get<QuasiAffine>(r);
    } else if (!base || isa<LoadInst>(base) || isa<PHINode>(base) ||
               isa<SelectInst>(base) || isa<CallBase>(base)) {
      bool loaded = base && isa<LoadInst>(base);
      fail({loaded ? NonAffineReason::Kind::PointerChasing
                   : NonAffineReason::Kind::UnknownBase,
            loaded ? "the pointer it dereferences is itself loaded from memory"
                   : "the pointer does not point into one array",
            positionOf(dyn_cast_or_null<Instruction>(base))});
      if (base)
        site.array = arrayOf(base, site.space);
    } else {
      site.array = arrayOf(base, site.space);
      const SCEV *bytes = se.removePointerBase(pointer);
      AffineResult r =
          affinator.convert(se.getSCEVAtScope(bytes, scope), scope);
      if (auto *why = std::get_if<NonAffineReason>(&r))
        fail(*why);
      else
        offset = std::get<QuasiAffine>(r);
    }
    if (op.notInlined)
      fail({NonAffineReason::Kind::UnsupportedOperation,
            "'" + op.name.substr(strlen("call ")) +
                "' is a device function that stays a call (it is "
                "recursive, or the kernel grew too large to inline it): "
                "its memory operations are not modelled",
            {}});
    else if (op.unsupported)
      fail({NonAffineReason::Kind::UnsupportedOperation,
            op.name.rfind("call ", 0) == 0
                ? "'" + op.name + "' may access memory and is not modelled"
                : "'" + op.name + "' of a memory block is not modelled",
            {}});
  }

  // The iteration domain.
  Condition domain = Condition::always();
  for (const Loop *loop : chain) {
    const LoopInfo &l = model.loops[loopIndex.lookup(loop)];
    if (l.reason) {
      if (!site.reason)
        fail(*l.reason);
      continue;
    }
    QuasiAffine iv = QuasiAffine::variable(l.variable);
    domain = Condition::both(
        domain,
        Condition::both(Condition::lessEqual(QuasiAffine::constant(0), iv),
                        Condition::lessEqual(iv, *l.lastIteration)));
  }
  auto guard = guardOf(inst.getParent());
  if (auto *why = std::get_if<NonAffineReason>(&guard)) {
    if (!site.reason)
      fail(*why);
  } else {
    domain = Condition::both(domain, std::get<Condition>(guard));
  }
  if (!site.reason) {
    site.affine = true;
    site.offset = *offset;
    site.domain = domain;
    site.nonNegative = affinator.nonNegativeAssumptions();
  }
  affinator.nonNegativeAssumptions().clear();
  model.sites.push_back(std::move(site));
}

AccessModel Builder::build() {
  model.kernel = info.name;
  const DataLayout &layout = kernel.getParent()->getDataLayout();
  DenseMap<const Loop *, unsigned> nextPosition; // per loop; null: top level
  DenseMap<const Loop *, unsigned> positionInParent;
  ReversePostOrderTraversal<Function *> order(&kernel);
  for (BasicBlock *block : order) {
    std::vector<const Loop *> chain;
    for (const Loop *loop = loopInfo.getLoopFor(block); loop;
         loop = loop->getParentLoop())
      chain.insert(chain.begin(), loop);
    for (const Loop *loop : chain) {
      if (loopIndex.count(loop))
        continue;
      unsigned position = nextPosition[loop->getParentLoop()]++;
      positionInParent[loop] = position;
      registerLoop(loop, position);
    }
    for (Instruction &inst : *block) {
      // Members of struct parameters are read from the parameter space,
      // not memory (ParamFields.h).
      if (paramFieldRead(&inst))
        continue;
      std::optional<MemoryOperation> op = memoryOperation(inst, layout);
      if (!op)
        continue;
      if (op->isTexture)
        if (std::optional<unsigned> texel = texelBytesOf(inst, textures))
          op->size = *texel;
      std::vector<unsigned> schedule;
      for (const Loop *loop : chain)
        schedule.push_back(positionInParent[loop]);
      schedule.push_back(
          nextPosition[chain.empty() ? nullptr : chain.back()]++);
      addSite(inst, *op, chain, std::move(schedule));
    }
  }
  // The memory operations of the functions that stay calls, after the
  // kernel's own: the emulator records them as it runs the calls.
  unsigned calleePosition = nextPosition[nullptr];
  for (Function *callee : calledFunctions(kernel))
    for (Instruction &inst : instructions(*callee))
      if (!paramFieldRead(&inst))
        if (std::optional<MemoryOperation> op = memoryOperation(inst, layout)) {
          if (op->isTexture)
            if (std::optional<unsigned> texel = texelBytesOf(inst, textures))
              op->size = *texel;
          addCalleeSite(inst, *op, *callee, calleePosition++);
        }
  // The block/thread indices a site's affine forms use are its domain's
  // index dimensions; the others only repeat the access.
  // A site's domain ranges over the block and thread indices of the launch
  // (those with an extent above one, or unknown extent but used somewhere)
  // and its enclosing loops.
  std::set<unsigned> mentioned;
  auto collect = [&](auto &&self, const Condition &c) -> void {
    if (c.kind() == Condition::Kind::NonNegative ||
        c.kind() == Condition::Kind::Zero)
      for (unsigned v = 0; v < 6; ++v)
        if (c.expr().uses(v))
          mentioned.insert(v);
    for (const Condition &sub : c.operands())
      self(self, sub);
  };
  for (const AccessSite &site : model.sites) {
    if (!site.affine)
      continue;
    collect(collect, site.domain);
    for (unsigned v = 0; v < 6; ++v)
      if (site.offset.uses(v))
        mentioned.insert(v);
  }
  for (unsigned v = 0; v < 6; ++v) {
    const auto &known = v < 3 ? values.grid : values.block;
    if (known && (*known)[v % 3] > 1)
      mentioned.insert(v);
  }
  usedIndexVariables = mentioned;
  for (AccessSite &site : model.sites) {
    std::vector<unsigned> dimensions;
    Condition bounds = indexBounds(dimensions);
    for (unsigned loop : site.loops)
      dimensions.push_back(model.loops[loop].variable);
    site.dimensions = std::move(dimensions);
    if (site.affine)
      site.domain = Condition::both(bounds, site.domain);
  }
  model.variables = variables.all();
  return std::move(model);
}

/// Prints \p function, \p kernel specialised for \p values, after a line
/// that says for which values (a retry under smaller assumed values prints
/// its own).
void printSpecialisedIR(const Function &function, const KernelInfo &kernel,
                        const KernelSpecialization &values, raw_ostream &os) {
  auto dim = [](const std::optional<std::array<uint64_t, 3>> &d) {
    return d ? "(" + std::to_string((*d)[0]) + ", " + std::to_string((*d)[1]) +
                   ", " + std::to_string((*d)[2]) + ")"
             : std::string("unknown");
  };
  auto nameOf = [&](unsigned index) {
    return index < kernel.params.size() ? kernel.params[index].name
                                        : "arg" + std::to_string(index);
  };
  std::vector<std::string> args;
  for (const auto &[index, value] : values.integerArgs)
    args.push_back(nameOf(index) + " = " + std::to_string(value));
  for (const auto &[index, value] : values.floatArgs) {
    std::string text;
    raw_string_ostream(text) << format("%g", value);
    args.push_back(nameOf(index) + " = " + text);
  }
  os << "; gpurd: kernel '" << kernel.name << "' for grid " << dim(values.grid)
     << ", block " << dim(values.block);
  if (!args.empty())
    os << ", " << join(args, ", ");
  os << "\n";
  function.print(os);
}

} // namespace

llvm::Expected<PreparedKernel>
prepareKernel(const Module &module, const KernelInfo &kernel,
              const KernelSpecialization &values,
              const AccessAnalysisOptions &options) {
  PreparedKernel prepared;
  const Function *original = module.getFunction(kernel.mangledName);
  if (!original || original->isDeclaration())
    return makeError(missingKernelReason(module, kernel));
  prepared.module = cloneForKernel(module, *original);
  Function *function = prepared.module->getFunction(kernel.mangledName);
  if (Error error =
          specializeKernel(*prepared.module, *function, values, options.unroll))
    return error;
  prepared.function = prepared.module->getFunction(kernel.mangledName);
  if (!prepared.function || prepared.function->isDeclaration())
    return makeError("kernel '" + kernel.name +
                     "' disappeared from the device code after optimisation");
  if (options.printIR)
    printSpecialisedIR(*prepared.function, kernel, values, *options.printIR);
  return prepared;
}

llvm::Expected<AccessModel>
buildAccessModel(PreparedKernel &prepared, const KernelInfo &kernel,
                 const TranslationUnitInfo &unit,
                 const KernelSpecialization &values,
                 const AccessAnalysisOptions &options) {
  PassBuilder passes;
  FunctionAnalysisManager analyses;
  passes.registerFunctionAnalyses(analyses);
  Builder builder(*prepared.function, kernel, unit, values, analyses);
  AccessModel model = builder.build();
  prepared.siteInstructions = builder.takeSiteInstructions();
  if (std::optional<std::string> warning =
          emptyModelWarning(model, kernel, unit))
    model.warnings.push_back(std::move(*warning));
  if (Error error = computeIslForms(model, options.islMaxOperations))
    return error;
  return model;
}

llvm::Expected<AccessModel>
analyzeKernel(const Module &module, const KernelInfo &kernel,
              const TranslationUnitInfo &unit,
              const KernelSpecialization &values,
              const AccessAnalysisOptions &options) {
  auto prepared = prepareKernel(module, kernel, values, options);
  if (!prepared)
    return prepared.takeError();
  return buildAccessModel(*prepared, kernel, unit, values, options);
}

} // namespace gpurd::access
