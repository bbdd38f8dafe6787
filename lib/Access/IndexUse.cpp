//===- IndexUse.cpp - Which thread and block indices a kernel reads -------===//

#include "gpurd/Access/IndexUse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace gpurd::access {
namespace {

/// Records the special register \p id reads in \p use.
void record(Intrinsic::ID id, IndexUse &use) {
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
  default:
    break;
  }
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

} // namespace

IndexUse indexUseOf(const Function &kernel) {
  IndexUse use;
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
        const Function *callee = call ? call->getCalledFunction() : nullptr;
        if (!callee)
          continue;
        if (callee->isIntrinsic())
          record(callee->getIntrinsicID(), use);
        else if (callee->getName() == "__gpurd_cg_grid_sync")
          use.gridSync = true;
        else if (!callee->isDeclaration() && seen.insert(callee).second)
          work.push_back(callee);
      }
  }
  return use;
}

} // namespace gpurd::access
