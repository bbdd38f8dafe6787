//===- IndexUse.cpp - Which thread and block indices a kernel reads -------===//

#include "gpurd/Access/IndexUse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <set>

using namespace llvm;

namespace gpurd::access {
namespace {

/// Records the special register \p id reads in \p use; whether it is one
/// of the indices (threadIdx, blockDim, blockIdx, gridDim) or the warp size.
bool record(Intrinsic::ID id, IndexUse &use) {
  switch (id) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    use.thread[0] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    use.thread[1] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    use.thread[2] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    use.block[0] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    use.block[1] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    use.block[2] = true;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    break;
  default:
    return false;
  }
  return true;
}

/// The dimension of gridDim \p id reads, or -1.
int gridDimOf(Intrinsic::ID id) {
  switch (id) {
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    return 0;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    return 1;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return 2;
  default:
    return -1;
  }
}

/// Whether \p step is added to a phi of which the sum is an incoming value
/// (`%i.next = add %i, %step`, or a pointer `gep %p, %step`): the step of
/// a loop.
bool isLoopStep(const Value &step, const User &user) {
  const Value *base = nullptr;
  if (const auto *add = dyn_cast<BinaryOperator>(&user)) {
    if (add->getOpcode() != Instruction::Add)
      return false;
    base =
        add->getOperand(0) == &step ? add->getOperand(1) : add->getOperand(0);
  } else if (const auto *gep = dyn_cast<GetElementPtrInst>(&user)) {
    if (gep->getPointerOperand() == &step)
      return false;
    base = gep->getPointerOperand();
  }
  const auto *phi = dyn_cast_or_null<PHINode>(base);
  return phi && any_of(phi->incoming_values(), [&](const Use &incoming) {
           return incoming.get() == &user;
         });
}

/// Whether gridDim, read by \p read, is part of a loop's step: followed
/// through integer casts, products and shifts (`blockDim.x * gridDim.x`).
bool isGridStride(const CallBase &read) {
  SmallPtrSet<const Value *, 16> seen{&read};
  SmallVector<const Value *, 16> work{&read};
  while (!work.empty()) {
    const Value *value = work.pop_back_val();
    for (const User *user : value->users()) {
      if (isLoopStep(*value, *user))
        return true;
      const auto *op = dyn_cast<Instruction>(user);
      bool scales = op && (isa<ZExtInst, SExtInst, TruncInst>(op) ||
                           op->getOpcode() == Instruction::Mul ||
                           op->getOpcode() == Instruction::Shl);
      if (scales && seen.insert(op).second)
        work.push_back(op);
    }
  }
  return false;
}

/// Why \p call, to \p callee (null: indirect), may tell a block's threads
/// apart (IndexUse::threadDistinction); empty when it cannot. An intrinsic
/// not named here computes from its operands alone (math, loads, barriers).
std::string distinctionOf(const CallBase &call, const Function *callee,
                          bool indexRegister) {
  if (call.isInlineAsm())
    return "inline assembly";
  if (!callee)
    return "an indirect call";
  StringRef name = callee->getName();
  if (callee->isIntrinsic()) {
    constexpr StringLiteral Sreg = "llvm.nvvm.read.ptx.sreg.";
    if (name.starts_with(Sreg) && !indexRegister)
      return "the special register %" + name.drop_front(Sreg.size()).str();
    for (StringRef warpLevel :
         {"llvm.nvvm.shfl.", "llvm.nvvm.vote.", "llvm.nvvm.match.",
          "llvm.nvvm.redux.", "llvm.nvvm.activemask"})
      if (name.starts_with(warpLevel))
        return "the warp-level intrinsic " + name.str();
    // __syncthreads_count/_and/_or: the count is the block's, and changes
    // with the block's shape.
    if (name.starts_with("llvm.nvvm.barrier0.") ||
        name.starts_with("llvm.nvvm.barrier.cta.red"))
      return "the block-wide vote " + name.str();
    if (name.starts_with("llvm.nvvm.atomic.") && !call.use_empty())
      return "an atomic whose result is used";
    return "";
  }
  // Functions of the prelude and libdevice's math compute from their
  // operands; any other body the module lacks could read anything.
  if (callee->isDeclaration() && name != "__gpurd_cg_grid_sync" &&
      name != "vprintf" && !name.starts_with("__nv_"))
    return "a call to '" + demangle(name) +
           "', whose body is not in the module";
  return "";
}

/// Why \p inst, not a call, may tell a block's threads apart: an atomic
/// whose result is used returns another value to each thread.
std::string distinctionOf(const Instruction &inst) {
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(inst) && !inst.use_empty())
    return "an atomic whose result is used";
  return "";
}

/// Whether \p value is, or a constant expression over, an `extern
/// __shared__` array (Clang: `@s = external addrspace(3) global [0 x T]`).
bool isDynamicShared(const Value *value) {
  if (const auto *global = dyn_cast<GlobalVariable>(value))
    return global->getAddressSpace() == 3 && global->isDeclaration();
  if (const auto *expr = dyn_cast<ConstantExpr>(value))
    return any_of(expr->operands(),
                  [](const Use &operand) { return isDynamicShared(operand); });
  return false;
}

/// The kernel parameter \p index is, through integer casts, or null.
const Argument *parameterOf(const Value *index) {
  while (const auto *cast = dyn_cast<CastInst>(index)) {
    if (!cast->getSrcTy()->isIntegerTy())
      return nullptr;
    index = cast->getOperand(0);
  }
  return dyn_cast<Argument>(index);
}

/// Records in \p use a kernel parameter that \p gep indexes a device array
/// of fixed extent with: `gep [N x T], @g, 0, %p` or, as the optimiser
/// also writes it, `gep T, @g, %p`.
void recordTableIndex(const GetElementPtrInst &gep, IndexUse &use) {
  const auto *global =
      dyn_cast<GlobalVariable>(gep.getPointerOperand()->stripPointerCasts());
  if (!global)
    return;
  const auto *array = dyn_cast<ArrayType>(global->getValueType());
  if (!array || array->getNumElements() == 0)
    return;
  const Value *index = nullptr;
  if (gep.getNumIndices() == 2 && gep.getSourceElementType() == array) {
    const auto *first = dyn_cast<ConstantInt>(gep.getOperand(1));
    if (first && first->isZero())
      index = gep.getOperand(2);
  } else if (gep.getNumIndices() == 1 &&
             gep.getSourceElementType() == array->getElementType()) {
    index = gep.getOperand(1);
  }
  const Argument *param = index ? parameterOf(index) : nullptr;
  if (!param || !param->getType()->isIntegerTy())
    return;
  auto [it, inserted] = use.tableIndices.try_emplace(param->getArgNo());
  if (inserted || array->getNumElements() < it->second.extent)
    it->second = {demangle(global->getName()), array->getNumElements()};
}

/// What of the thread's and block's indices a value reads.
enum IndexRead : unsigned { NoIndex = 0, ThreadIndex = 1, BlockIndex = 2 };

/// The integer parameters \p value is computed from (through any
/// instructions, loads and calls excepted: a value read from memory is not
/// the parameter's) into \p out; which indices it reads (IndexRead bits).
unsigned indicesAndParameters(const Value *value, std::set<unsigned> &out) {
  SmallPtrSet<const Value *, 32> seen{value};
  SmallVector<const Value *, 32> work{value};
  unsigned index = NoIndex;
  while (!work.empty()) {
    const Value *v = work.pop_back_val();
    if (const auto *arg = dyn_cast<Argument>(v)) {
      if (arg->getType()->isIntegerTy())
        out.insert(arg->getArgNo());
      continue;
    }
    if (const auto *call = dyn_cast<CallBase>(v)) {
      if (const Function *callee = call->getCalledFunction())
        switch (callee->getIntrinsicID()) {
        case Intrinsic::nvvm_read_ptx_sreg_tid_x:
        case Intrinsic::nvvm_read_ptx_sreg_tid_y:
        case Intrinsic::nvvm_read_ptx_sreg_tid_z:
          index |= ThreadIndex;
          break;
        case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
        case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
        case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
          index |= BlockIndex;
          break;
        default:
          break;
        }
      continue;
    }
    const auto *inst = dyn_cast<Instruction>(v);
    if (!inst || isa<LoadInst>(inst))
      continue;
    for (const Use &operand : inst->operands())
      if (seen.insert(operand.get()).second)
        work.push_back(operand.get());
  }
  return index;
}

/// The integer parameters \p value is computed from into \p out; whether it
/// reads a thread or block index.
bool parametersOf(const Value *value, std::set<unsigned> &out) {
  return indicesAndParameters(value, out) != NoIndex;
}

/// Adds to \p factors the integer parameters whose product (with constants)
/// \p value is, through multiplications, shifts by a constant and integer
/// casts; false if it is anything else.
bool productFactors(const Value *value, SmallVectorImpl<unsigned> &factors) {
  if (const auto *arg = dyn_cast<Argument>(value)) {
    if (!arg->getType()->isIntegerTy())
      return false;
    factors.push_back(arg->getArgNo());
    return true;
  }
  if (isa<ConstantInt>(value))
    return true;
  const auto *inst = dyn_cast<Instruction>(value);
  if (!inst)
    return false;
  switch (inst->getOpcode()) {
  case Instruction::Mul:
    return productFactors(inst->getOperand(0), factors) &&
           productFactors(inst->getOperand(1), factors);
  case Instruction::Shl:
    return isa<ConstantInt>(inst->getOperand(1)) &&
           productFactors(inst->getOperand(0), factors);
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
    return productFactors(inst->getOperand(0), factors);
  default:
    return false;
  }
}

/// Records \p bound in \p use's guard products if it is a product of two or
/// more parameters.
void recordGuardProduct(const Value *bound, IndexUse &use) {
  SmallVector<unsigned, 4> factors;
  if (!productFactors(bound, factors) || factors.size() < 2)
    return;
  std::vector<unsigned> sorted(factors.begin(), factors.end());
  llvm::sort(sorted);
  use.guardProducts.insert(std::move(sorted));
}

/// Records in \p use the integer parameters that a comparison with a value
/// of the thread's or block's index reads.
void recordIndexGuards(const Function &kernel, IndexUse &use) {
  for (const Instruction &inst : instructions(kernel)) {
    const auto *compare = dyn_cast<ICmpInst>(&inst);
    if (!compare)
      continue;
    std::set<unsigned> left, right;
    unsigned leftRead = indicesAndParameters(compare->getOperand(0), left);
    unsigned rightRead = indicesAndParameters(compare->getOperand(1), right);
    bool leftIndex = leftRead != NoIndex, rightIndex = rightRead != NoIndex;
    // A global index (one that reads blockIdx) against parameters alone.
    if ((leftRead & BlockIndex) && !rightIndex)
      use.globalIndexGuards.insert(right.begin(), right.end());
    if ((rightRead & BlockIndex) && !leftIndex)
      use.globalIndexGuards.insert(left.begin(), left.end());
    if (leftIndex && !rightIndex) {
      use.indexGuards.insert(right.begin(), right.end());
      recordGuardProduct(compare->getOperand(1), use);
    }
    if (rightIndex && !leftIndex) {
      use.indexGuards.insert(left.begin(), left.end());
      recordGuardProduct(compare->getOperand(0), use);
    }
    if (leftIndex && rightIndex) {
      use.indexGuards.insert(left.begin(), left.end());
      use.indexGuards.insert(right.begin(), right.end());
    }
  }
}

/// Records in \p use the integer parameters of \p kernel (a definition)
/// that the exit conditions of its loops are computed from.
void recordLoopBounds(const Function &kernel, IndexUse &use) {
  // The analyses take a mutable function; they only read it.
  Function &function = const_cast<Function &>(kernel);
  DominatorTree dominators(function);
  LoopInfo loops(dominators);
  for (const Loop *loop : loops.getLoopsInPreorder()) {
    SmallVector<BasicBlock *, 4> exiting;
    loop->getExitingBlocks(exiting);
    for (const BasicBlock *block : exiting)
      if (const auto *branch = dyn_cast<BranchInst>(block->getTerminator()))
        if (branch->isConditional())
          parametersOf(branch->getCondition(), use.loopBounds);
  }
}

} // namespace

IndexUse indexUseOf(const Function &kernel) {
  IndexUse use;
  if (!kernel.isDeclaration()) {
    recordLoopBounds(kernel, use);
    recordIndexGuards(kernel, use);
  }
  for (const Instruction &inst : instructions(kernel))
    if (const auto *gep = dyn_cast<GetElementPtrInst>(&inst))
      recordTableIndex(*gep, use);
  SmallPtrSet<const Function *, 16> seen{&kernel};
  SmallVector<const Function *, 16> work{&kernel};
  while (!work.empty()) {
    const Function *function = work.pop_back_val();
    for (const BasicBlock &block : *function)
      for (const Instruction &inst : block) {
        use.dynamicShared |= any_of(inst.operands(), [](const Use &operand) {
          return isDynamicShared(operand);
        });
        const auto *call = dyn_cast<CallBase>(&inst);
        if (use.threadDistinction.empty())
          use.threadDistinction = distinctionOf(inst);
        if (!call)
          continue;
        const Function *callee = call->getCalledFunction();
        const bool index = callee && callee->isIntrinsic() &&
                           record(callee->getIntrinsicID(), use);
        if (use.threadDistinction.empty())
          use.threadDistinction = distinctionOf(*call, callee, index);
        if (!callee)
          continue;
        if (callee->isIntrinsic()) {
          int dim = gridDimOf(callee->getIntrinsicID());
          if (dim >= 0 && isGridStride(*call))
            use.gridStride[dim] = true;
        } else if (callee->getName() == "__gpurd_cg_grid_sync")
          use.gridSync = true;
        else if (!callee->isDeclaration() && seen.insert(callee).second)
          work.push_back(callee);
      }
  }
  return use;
}

} // namespace gpurd::access
