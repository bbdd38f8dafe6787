//===- HostCallSites.cpp - Parameter values from the callers --------------===//
//
// The calls of every function of the translation unit, and the value a
// parameter has on entry to its function: what its callers pass, evaluated
// in each caller (which may follow that caller's parameters in turn, a few
// functions deep). When the callers agree, or there is one, that is the
// value; when they disagree, each caller is an alternative of a choice point.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;
using namespace gpurd::host;

namespace gpurd {
namespace {

/// How many functions deep the callers of callers are followed.
constexpr unsigned MaxCallDepth = 6;

/// Every call of a function with a body in the translation unit, and every
/// other use of a function's name (its address taken).
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  explicit CallFinder(
      llvm::DenseMap<const FunctionDecl *, CallSites::Callers> &callers)
      : callers(callers) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *call) {
    if (call->isValueDependent() || call->isTypeDependent())
      return true;
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return true;
    if (const auto *ref =
            dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts()))
      callees.insert(ref);
    callers[callee->getCanonicalDecl()].calls.push_back(call);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    const auto *function = dyn_cast<FunctionDecl>(ref->getDecl());
    if (!function || callees.count(ref))
      return true;
    CallSites::Callers &entry = callers[function->getCanonicalDecl()];
    if (!entry.otherUse)
      entry.otherUse = ref;
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl *, CallSites::Callers> &callers;
  llvm::SmallPtrSet<const DeclRefExpr *, 32> callees;
};

/// The function whose body holds \p stmt.
const FunctionDecl *callerOf(ASTContext &context, const Stmt *stmt) {
  DynTypedNode node = DynTypedNode::create(*stmt);
  for (unsigned guard = 0; guard < 1024; ++guard) {
    DynTypedNodeList parents = context.getParents(node);
    if (parents.empty())
      return nullptr;
    node = parents[0];
    if (const auto *function = node.get<FunctionDecl>())
      return function;
  }
  return nullptr;
}

bool sameValue(const HostScalar &a, const HostScalar &b) {
  if (a.isFloat != b.isFloat)
    return false;
  if (a.isFloat)
    return a.floatValue == b.floatValue;
  return llvm::APSInt::isSameValue(a.intValue, b.intValue);
}

/// The argument \p call passes for parameter \p index (the object of a
/// member operator call is not one), or null.
const Expr *argumentFor(const CallExpr *call, unsigned index) {
  unsigned first = 0;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call))
    if (isa_and_nonnull<CXXMethodDecl>(op->getDirectCallee()))
      first = 1;
  if (index + first >= call->getNumArgs())
    return nullptr;
  return call->getArg(index + first);
}

} // namespace

const CallSites::Callers &CallSites::of(const FunctionDecl *function) {
  if (!built)
    build();
  auto it = callers.find(function->getCanonicalDecl());
  return it == callers.end() ? none : it->second;
}

void CallSites::build() {
  built = true;
  CallFinder finder(callers);
  finder.TraverseDecl(context.getTranslationUnitDecl());
}

std::optional<HostScalar>
HostEvaluator::incomingValue(const ParmVarDecl *param, const FieldDecl *member,
                             std::optional<unsigned> field) {
  const auto *owner = dyn_cast<FunctionDecl>(param->getDeclContext());
  std::string head = displayName(param, member) + " is a parameter of '" +
                     (owner ? owner->getNameAsString() : std::string("?")) +
                     "'";
  if (!owner || !callSites)
    return unknown(head);
  if (owner->isMain())
    return unknown(head + ", a value from the program's command line");
  QualType type = param->getType();
  if (type->isReferenceType() && !type->getPointeeType().isConstQualified())
    return unknown(head + " passed by reference, which it may change");
  if (const auto *method = dyn_cast<CXXMethodDecl>(owner);
      method && method->isVirtual())
    return unknown(head + ", a virtual function whose callers are not known");
  if (llvm::is_contained(callStack, owner->getCanonicalDecl()))
    return unknown(head + ", which calls itself");
  if (callStack.size() >= MaxCallDepth)
    return unknown(head + ", more than " + std::to_string(MaxCallDepth) +
                   " calls away from the launch");
  const CallSites::Callers &callers = callSites->of(owner);
  if (callers.otherUse)
    return unknown(head + ", whose address is taken at line " +
                   std::to_string(lineOf(context, callers.otherUse)) +
                   " (its callers are not all known)");
  if (callers.calls.empty())
    return unknown(head + ", which is not called in this file");

  // The callers that agree give the value without a choice. A function
  // that calls itself is entered first from elsewhere: those calls come
  // first.
  std::vector<const CallExpr *> calls = callers.calls;
  auto fromElsewhere = [&](const CallExpr *c) {
    const FunctionDecl *caller = callerOf(context, c);
    return !caller || caller->getCanonicalDecl() != owner->getCanonicalDecl();
  };
  if (llvm::none_of(calls, fromElsewhere))
    return unknown(head + ", which only calls itself in this file (its "
                          "first call is in another file)");
  std::stable_partition(calls.begin(), calls.end(), fromElsewhere);
  ChoiceKey key{owner->getCanonicalDecl(), nullptr};
  auto chosen = selection.find(key);
  if (calls.size() > 1 && chosen == selection.end()) {
    std::optional<HostScalar> common;
    bool agree = true;
    for (const CallExpr *call : calls) {
      ProbeState probe = startProbe();
      std::optional<HostScalar> value =
          argumentValue(call, param, member, field);
      bool open = endProbe(probe);
      if (!value || open || (common && !sameValue(*common, *value))) {
        agree = false;
        break;
      }
      common = value;
    }
    if (agree)
      return common;
  }
  unsigned index = calls.size() == 1 ? 0 : choose(key, calls.size());
  const CallExpr *call = calls[index];
  const FunctionDecl *caller = callerOf(context, call);
  std::string from = ", called from '" +
                     (caller ? caller->getNameAsString() : std::string("?")) +
                     "' at line " + std::to_string(lineOf(context, call));
  std::string which = " (call " + std::to_string(index + 1) + " of " +
                      std::to_string(calls.size()) + " of '" +
                      owner->getNameAsString() +
                      "', which pass different values)";
  std::optional<HostScalar> value = argumentValue(call, param, member, field);
  if (!value) {
    std::string inner = std::move(reason_);
    reason_.clear();
    if (calls.size() > 1)
      assume(displayName(param, member) + " is not known" + from + which);
    const Expr *arg = argumentFor(call, param->getFunctionScopeIndex());
    return unknown(head + from +
                   (arg ? " with '" + text(arg) + "'" : std::string()) + ": " +
                   inner);
  }
  if (calls.size() > 1)
    assume(displayName(param, member) + " = " + valueText(*value) + from +
           which);
  return value;
}

std::optional<HostScalar>
HostEvaluator::argumentValue(const CallExpr *call, const ParmVarDecl *param,
                             const FieldDecl *member,
                             std::optional<unsigned> field) {
  const Expr *arg = argumentFor(call, param->getFunctionScopeIndex());
  if (!arg)
    return unknown("the call at line " + std::to_string(lineOf(context, call)) +
                   " passes no argument for " + displayName(param, nullptr));
  const FunctionDecl *caller = callerOf(context, call);
  if (!caller || !caller->getBody())
    return unknown("the call at line " + std::to_string(lineOf(context, call)) +
                   " is not in a function body");
  // Evaluate in the caller: its variables, no helper's bindings.
  const FunctionDecl *savedFunction = function;
  Bindings savedBindings;
  std::swap(bindings, savedBindings);
  function = caller;
  callStack.push_back(
      llvm::cast<FunctionDecl>(param->getDeclContext())->getCanonicalDecl());
  std::optional<HostScalar> value;
  // A structure or dim3 passed from a variable: that variable's member.
  const Expr *stripped = arg->IgnoreParenImpCasts();
  if (const auto *copy = dyn_cast<CXXConstructExpr>(stripped);
      copy && copy->getNumArgs() == 1 &&
      copy->getConstructor()->isCopyOrMoveConstructor())
    stripped = copy->getArg(0)->IgnoreParenImpCasts();
  const auto *ref = dyn_cast<DeclRefExpr>(stripped);
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (member && var)
    value = variable(var, member, field, call);
  else
    value = storedValue(param, member, field, arg, member != nullptr,
                        std::nullopt, call);
  if (value && !member && !field && param->getType()->isArithmeticType())
    value = cast(*value, param->getType());
  callStack.pop_back();
  function = savedFunction;
  std::swap(bindings, savedBindings);
  return value;
}

} // namespace gpurd
