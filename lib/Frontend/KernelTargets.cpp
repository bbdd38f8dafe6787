//===- KernelTargets.cpp - Which kernels a launch may start ---------------===//

#include "KernelTargets.h"
#include "SourcePositions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace gpurd {
namespace {

/// Pointers copied through more variables than this are not followed.
constexpr unsigned MaxDepth = 16;

std::string sourceText(ASTContext &context, const Expr *expr) {
  return writtenText(context.getSourceManager(), context.getLangOpts(),
                     expr->getSourceRange());
}

/// Looks through what does not change which function an expression
/// designates: parentheses, conversions (`(const void *)k`), `&k`, `*fp`,
/// temporaries and substituted template arguments.
const Expr *stripToDesignator(const Expr *expr) {
  while (true) {
    expr = expr->IgnoreParens();
    if (const auto *castExpr = dyn_cast<CastExpr>(expr))
      expr = castExpr->getSubExpr();
    else if (const auto *op = dyn_cast<UnaryOperator>(expr);
             op &&
             (op->getOpcode() == UO_AddrOf || op->getOpcode() == UO_Deref))
      expr = op->getSubExpr();
    else if (const auto *cleanups = dyn_cast<ExprWithCleanups>(expr))
      expr = cleanups->getSubExpr();
    else if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(expr))
      expr = temp->getSubExpr();
    else if (const auto *subst = dyn_cast<SubstNonTypeTemplateParmExpr>(expr))
      expr = subst->getReplacement();
    else
      return expr;
  }
}

bool isKernel(const FunctionDecl *function) {
  return function->hasAttr<CUDAGlobalAttr>();
}

/// The declaration a store to \p lhs writes: `p`, `s.p`, `this->p`, and with
/// \p elements `a[i]`, `s.a[i]`.
const ValueDecl *storedDecl(const Expr *lhs, bool elements) {
  lhs = lhs->IgnoreParenImpCasts();
  if (elements) {
    const auto *subscript = dyn_cast<ArraySubscriptExpr>(lhs);
    if (!subscript)
      return nullptr;
    lhs = subscript->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *ref = dyn_cast<DeclRefExpr>(lhs))
    return ref->getDecl();
  if (const auto *member = dyn_cast<MemberExpr>(lhs))
    return member->getMemberDecl();
  return nullptr;
}

/// Every value stored into one declaration (a global, a member, or the
/// elements of an array) in a traversed scope, without regard to order.
class StoreCollector : public RecursiveASTVisitor<StoreCollector> {
public:
  StoreCollector(ASTContext &context, const ValueDecl *target, bool elements)
      : context(context), target(target), elements(elements) {}

  StoredValues result;

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign &&
        storedDecl(op->getLHS(), elements) == target)
      result.values.push_back(op->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    if (op->getOpcode() == UO_AddrOf &&
        storedDecl(op->getSubExpr(), elements) == target &&
        result.unfollowed.empty())
      result.unfollowed = "'" + sourceText(context, op->getSubExpr()) +
                          "' may be changed through its address";
    return true;
  }
  bool VisitInitListExpr(InitListExpr *list) {
    // Aggregate initialization of a structure with a pointer member:
    // `Launcher l = {&k, 256};` (the semantic form has one value per member).
    const auto *field = dyn_cast<FieldDecl>(target);
    const InitListExpr *semantic =
        list->isSemanticForm() ? list : list->getSemanticForm();
    if (!field || !semantic ||
        semantic->getType()->getAsRecordDecl() != field->getParent())
      return true;
    unsigned index = field->getFieldIndex();
    if (index < semantic->getNumInits())
      addInitializer(semantic->getInit(index));
    return true;
  }
  bool TraverseConstructorInitializer(CXXCtorInitializer *init) {
    if (init->getMember() == target && init->getInit())
      addInitializer(init->getInit());
    return RecursiveASTVisitor::TraverseConstructorInitializer(init);
  }

  /// A declaration's initializer: for arrays, every element of it.
  void addInitializer(const Expr *init) {
    if (const auto *list = dyn_cast<InitListExpr>(init->IgnoreParens())) {
      if (elements)
        for (const Expr *element : list->inits())
          addInitializer(element);
      else if (list->getNumInits() == 1)
        addInitializer(list->getInit(0)); // `void (*p)(int){k};`
      return;
    }
    if (isa<ImplicitValueInitExpr>(init))
      return; // Elements without initializer are null.
    result.values.push_back(init);
  }

private:
  ASTContext &context;
  const ValueDecl *target;
  bool elements;
};

/// Collects the kernels one launch may start.
class TargetResolver {
public:
  TargetResolver(ASTContext &context, HostEvaluator &evaluator,
                 StoreCache &cache)
      : context(context), evaluator(evaluator), cache(cache) {}

  KernelTargets result;

  /// Adds what the pointer-valued expression \p expr may designate at
  /// \p point.
  void value(const Expr *expr, const Stmt *point) {
    if (expr->isNullPointerConstant(context, Expr::NPC_ValueDependentIsNotNull))
      return; // A null pointer launches nothing.
    if (++depth > MaxDepth) {
      note("'" + sourceText(context, expr) + "' is copied too many times");
      --depth;
      return;
    }
    designator(stripToDesignator(expr), point);
    --depth;
  }

private:
  void designator(const Expr *expr, const Stmt *point) {
    if (const auto *ref = dyn_cast<DeclRefExpr>(expr)) {
      const ValueDecl *decl = ref->getDecl();
      if (const auto *function = dyn_cast<FunctionDecl>(decl)) {
        if (isKernel(function))
          add(function);
        else
          note("'" + function->getNameAsString() +
               "' is not a __global__ function");
        return;
      }
      if (const auto *param = dyn_cast<ParmVarDecl>(decl)) {
        const auto *owner = dyn_cast<FunctionDecl>(param->getDeclContext());
        note("'" + param->getNameAsString() + "' is a parameter of '" +
             (owner ? owner->getNameAsString() : std::string("?")) + "'");
        return;
      }
      if (const auto *var = dyn_cast<VarDecl>(decl)) {
        variable(var, point);
        return;
      }
    }
    if (const auto *member = dyn_cast<MemberExpr>(expr)) {
      if (const auto *var = dyn_cast<VarDecl>(member->getMemberDecl()))
        variable(var, point); // A static data member.
      else
        stored(member->getMemberDecl(), /*elements=*/false);
      return;
    }
    if (const auto *subscript = dyn_cast<ArraySubscriptExpr>(expr)) {
      const Expr *base = subscript->getBase()->IgnoreParenImpCasts();
      if (const auto *ref = dyn_cast<DeclRefExpr>(base))
        return stored(ref->getDecl(), /*elements=*/true);
      if (const auto *member = dyn_cast<MemberExpr>(base))
        return stored(member->getMemberDecl(), /*elements=*/true);
    }
    if (const auto *cond = dyn_cast<AbstractConditionalOperator>(expr)) {
      value(cond->getTrueExpr(), point);
      value(cond->getFalseExpr(), point);
      return;
    }
    if (isa<CallExpr>(expr)) {
      note("the call '" + sourceText(context, expr) + "' is not followed");
      return;
    }
    note("'" + sourceText(context, expr) + "' is not followed");
  }

  void variable(const VarDecl *var, const Stmt *point) {
    if (!visiting.insert(var).second)
      return; // `p = q; q = p;`: already being followed.
    std::string name = "'" + var->getNameAsString() + "'";
    if (var->getType()->isReferenceType()) {
      // A reference is bound once, by its initializer.
      if (const Expr *init = var->getInit())
        value(init, init);
      else
        note(name + " is a reference without initializer");
      return;
    }
    if (var->getType()->isArrayType())
      return stored(var, /*elements=*/true);
    if (var->hasLocalStorage() || var->isStaticLocal()) {
      HostEvaluator::ReachingValues reaching =
          evaluator.reachingValues(var, point);
      for (const Expr *stored : reaching.values)
        value(stored, stored);
      if (!reaching.unfollowed.empty())
        note(reaching.unfollowed);
      else if (reaching.values.empty())
        note("no kernel is stored in " + name + " before the launch");
      return;
    }
    if (var->getType().isConstQualified() && var->getInit())
      return value(var->getInit(), var->getInit());
    stored(var, /*elements=*/false);
  }

  /// Globals, members and arrays: every store in their scope (the function
  /// for a local array, else the translation unit), in source order.
  void stored(const ValueDecl *decl, bool elements) {
    auto key = std::make_pair(static_cast<const Decl *>(decl), elements);
    auto it = cache.find(key);
    if (it == cache.end()) {
      StoreCollector collector(context, decl, elements);
      if (const auto *var = dyn_cast<VarDecl>(decl); var && var->getInit())
        collector.addInitializer(var->getInit());
      if (const auto *field = dyn_cast<FieldDecl>(decl);
          field && field->hasInClassInitializer())
        collector.addInitializer(field->getInClassInitializer());
      const auto *var = dyn_cast<VarDecl>(decl);
      const auto *function = var && var->isLocalVarDecl()
                                 ? dyn_cast<FunctionDecl>(var->getDeclContext())
                                 : nullptr;
      if (function && function->getBody())
        collector.TraverseStmt(function->getBody());
      else
        collector.TraverseDecl(context.getTranslationUnitDecl());
      sortBySource(collector.result.values);
      it = cache.emplace(key, std::move(collector.result)).first;
    }
    for (const Expr *stored : it->second.values)
      value(stored, stored);
    if (!it->second.unfollowed.empty())
      note(it->second.unfollowed);
    else if (it->second.values.empty())
      note("no kernel is stored in '" + decl->getNameAsString() + "'");
  }

  void sortBySource(std::vector<const Expr *> &values) const {
    const SourceManager &sm = context.getSourceManager();
    std::stable_sort(values.begin(), values.end(),
                     [&](const Expr *a, const Expr *b) {
                       return sm.isBeforeInTranslationUnit(
                           sm.getExpansionLoc(a->getBeginLoc()),
                           sm.getExpansionLoc(b->getBeginLoc()));
                     });
    values.erase(std::unique(values.begin(), values.end()), values.end());
  }

  void add(const FunctionDecl *kernel) {
    kernel = kernel->getCanonicalDecl();
    if (!llvm::is_contained(result.kernels, kernel))
      result.kernels.push_back(kernel);
  }
  void note(std::string reason) {
    if (result.unfollowed.empty())
      result.unfollowed = std::move(reason);
  }

  ASTContext &context;
  HostEvaluator &evaluator;
  StoreCache &cache;
  llvm::SmallPtrSet<const VarDecl *, 8> visiting;
  unsigned depth = 0;
};

} // namespace

KernelTargets findKernelTargets(ASTContext &context, HostEvaluator &evaluator,
                                const Expr *kernelExpr, const Stmt *point,
                                StoreCache &cache) {
  const Expr *designator = stripToDesignator(kernelExpr);
  if (const auto *ref = dyn_cast<DeclRefExpr>(designator))
    if (const auto *function = dyn_cast<FunctionDecl>(ref->getDecl())) {
      // Named directly: no pointer to follow.
      KernelTargets direct;
      if (isKernel(function))
        direct.kernels.push_back(function->getCanonicalDecl());
      else
        direct.unfollowed = "'" + function->getNameAsString() +
                            "' is not a __global__ function";
      return direct;
    }
  TargetResolver resolver(context, evaluator, cache);
  resolver.value(kernelExpr, point);
  KernelTargets targets = std::move(resolver.result);
  // The pointer as the user wrote it, without the conversions that launch
  // APIs need (`(const void *)kernel`).
  targets.pointer = sourceText(context, kernelExpr->IgnoreParenCasts());
  // Only null pointers were stored.
  if (targets.kernels.empty() && targets.unfollowed.empty())
    targets.unfollowed = "no kernel is stored in '" + targets.pointer + "'";
  return targets;
}

} // namespace gpurd
