//===- ThreadIndexUse.cpp - Block dimensions a source reads ---------------===//

#include "ThreadIndexUse.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace gpurd {
namespace {

/// Whether \p function is the prelude's cooperative-groups linear rank or
/// size of a block (`cooperative_groups::__gpurd_cg::__block_rank`,
/// `__block_size`): functions of the block's threads that do not depend on
/// its shape.
bool isLinearRankOrSize(const FunctionDecl &function) {
  StringRef name = function.getName();
  if (name != "__block_rank" && name != "__block_size")
    return false;
  const auto *inner = dyn_cast<NamespaceDecl>(function.getDeclContext());
  const auto *outer =
      inner ? dyn_cast<NamespaceDecl>(inner->getDeclContext()) : nullptr;
  return inner && outer && inner->getName() == "__gpurd_cg" &&
         outer->getName() == "cooperative_groups";
}

/// threadIdx and blockDim members read in a kernel body and the device
/// functions it calls, each function once, not descending into the linear
/// rank and size.
class ThreadIndexScanner : public RecursiveASTVisitor<ThreadIndexScanner> {
public:
  std::array<bool, 3> dims{false, false, false};
  bool linearRank = false;

  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (callee && recordBuiltin(*callee))
      return true;
    const FunctionDecl *definition = nullptr;
    if (!callee || !callee->hasBody(definition) ||
        definition->hasAttr<CUDAGlobalAttr>())
      return true;
    if (isLinearRankOrSize(*definition)) {
      linearRank = true;
      return true;
    }
    if (visited.insert(definition).second)
      TraverseStmt(definition->getBody());
    return true;
  }

private:
  /// `threadIdx.y` is a property of the builtin variable whose getter is
  /// `__cuda_builtin_threadIdx_t::__fetch_builtin_y` (Clang's
  /// __clang_cuda_builtin_vars.h, which gpurd's prelude includes): records
  /// the dimension of a threadIdx or blockDim getter.
  bool recordBuiltin(const FunctionDecl &callee) {
    const auto *record = dyn_cast<CXXRecordDecl>(callee.getDeclContext());
    if (!record)
      return false;
    StringRef type = record->getName();
    if (type != "__cuda_builtin_threadIdx_t" &&
        type != "__cuda_builtin_blockDim_t")
      return false;
    StringRef name = callee.getName();
    if (!name.consume_front("__fetch_builtin_") || name.size() != 1)
      return false;
    if (name[0] >= 'x' && name[0] <= 'z')
      dims[name[0] - 'x'] = true;
    return true;
  }

  llvm::SmallPtrSet<const FunctionDecl *, 8> visited;
};

} // namespace

void scanThreadIndexUse(const FunctionDecl &kernelDecl, KernelInfo &kernel) {
  ThreadIndexScanner scanner;
  scanner.TraverseStmt(kernelDecl.getBody());
  kernel.sourceThreadDims = scanner.dims;
  kernel.usesLinearThreadRank = scanner.linearRank;
}

} // namespace gpurd
