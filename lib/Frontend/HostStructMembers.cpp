//===- HostStructMembers.cpp - Values of host structure members -----------===//
//
// The HostEvaluator's structure members: the members of a launch
// configuration given by its address (`&config`), and those of a structure a
// launch passes by value (`p.n` for a local `Particles p`), from the last
// certain write to the member or to the whole structure.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace gpurd::host;

namespace gpurd {
namespace {

/// The member of \p var's structure type named \p name, or null.
const FieldDecl *memberNamed(const VarDecl *var, StringRef name) {
  const FieldDecl *member = nullptr;
  if (const RecordDecl *record = var->getType()->getAsRecordDecl())
    for (const FieldDecl *field : record->fields())
      if (field->getName() == name)
        member = field;
  return member;
}

} // namespace

const Expr *host::memberInitializer(const Expr *expr, const FieldDecl *member) {
  while (true) {
    expr = expr->IgnoreParens();
    if (const auto *cleanups = dyn_cast<ExprWithCleanups>(expr))
      expr = cleanups->getSubExpr();
    else if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(expr))
      expr = temp->getSubExpr();
    else if (const auto *bind = dyn_cast<CXXBindTemporaryExpr>(expr))
      expr = bind->getSubExpr();
    else if (const auto *castExpr = dyn_cast<ImplicitCastExpr>(expr);
             castExpr && castExpr->getCastKind() == CK_NoOp)
      expr = castExpr->getSubExpr();
    else
      break;
  }
  const auto *init = dyn_cast<InitListExpr>(expr);
  if (init && init->isSyntacticForm() && init->getSemanticForm())
    init = init->getSemanticForm();
  if (!init || init->getType()->getAsRecordDecl() != member->getParent())
    return nullptr;
  unsigned index = member->getFieldIndex();
  return index < init->getNumInits() ? init->getInit(index) : nullptr;
}

const VarDecl *HostEvaluator::pointedStructure(const Expr *pointer,
                                               llvm::StringRef memberName,
                                               const FieldDecl *&member) {
  member = nullptr;
  const Expr *stripped = pointer->IgnoreParenImpCasts();
  const auto *addressOf = dyn_cast<UnaryOperator>(stripped);
  const auto *ref =
      addressOf && addressOf->getOpcode() == UO_AddrOf
          ? dyn_cast<DeclRefExpr>(addressOf->getSubExpr()->IgnoreParens())
          : nullptr;
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var) {
    if (const auto *pref = dyn_cast<DeclRefExpr>(stripped))
      if (const auto *param = dyn_cast<ParmVarDecl>(pref->getDecl())) {
        const auto *owner = dyn_cast<FunctionDecl>(param->getDeclContext());
        fail("'" + param->getNameAsString() + "' is a parameter of '" +
             (owner ? owner->getNameAsString() : std::string("?")) + "'");
        return nullptr;
      }
    fail("'" + text(pointer) +
         "' is not the address of a variable ('&config')");
    return nullptr;
  }
  member = memberNamed(var, memberName);
  if (!member) {
    fail("'" + var->getNameAsString() + "' has no member '" + memberName.str() +
         "'");
    return nullptr;
  }
  return var;
}

Dim3Value HostEvaluator::evaluateMemberDim3(const Expr *pointer,
                                            llvm::StringRef memberName,
                                            const Stmt *point) {
  reason_.clear();
  Dim3Value out;
  const FieldDecl *member = nullptr;
  const VarDecl *var = pointedStructure(pointer, memberName, member);
  out.text = memberText(pointer, memberName);
  std::string failure = reason_;
  for (unsigned i = 0; i < 3; ++i) {
    reason_ = failure;
    depth = 0;
    steps = 0;
    std::optional<HostScalar> value;
    if (var)
      value = variable(var, member, i, point);
    out.components[i] = toEvaluated(nullptr, value);
    out.components[i].text = out.text;
  }
  return out;
}

EvaluatedValue HostEvaluator::evaluateMember(const Expr *pointer,
                                             llvm::StringRef memberName,
                                             const Stmt *point) {
  reason_.clear();
  depth = 0;
  steps = 0;
  const FieldDecl *member = nullptr;
  const VarDecl *var = pointedStructure(pointer, memberName, member);
  std::optional<HostScalar> value;
  if (var)
    value = variable(var, member, std::nullopt, point);
  EvaluatedValue out = toEvaluated(nullptr, value);
  out.text = memberText(pointer, memberName);
  return out;
}

EvaluatedValue HostEvaluator::evaluateStructMember(const Expr *structure,
                                                   llvm::StringRef memberName,
                                                   const Stmt *point) {
  reason_.clear();
  depth = 0;
  steps = 0;
  // The argument as written: `p`, seen through the copy that passes it.
  const Expr *stripped = structure->IgnoreParenImpCasts();
  if (const auto *copy = dyn_cast<CXXConstructExpr>(stripped);
      copy && copy->getNumArgs() == 1)
    stripped = copy->getArg(0)->IgnoreParenImpCasts();
  if (const auto *temporary = dyn_cast<MaterializeTemporaryExpr>(stripped))
    stripped = temporary->getSubExpr()->IgnoreParenImpCasts();
  std::optional<HostScalar> value;
  const FieldDecl *member = nullptr;
  const auto *ref = dyn_cast<DeclRefExpr>(stripped);
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var) {
    fail("'" + text(structure) + "' is not a variable");
  } else {
    member = memberNamed(var, memberName);
    if (!member)
      fail("'" + var->getNameAsString() + "' has no member '" +
           memberName.str() + "' of its own");
    else if ((value = variable(var, member, std::nullopt, point)))
      value = cast(*value, member->getType());
  }
  EvaluatedValue out = toEvaluated(nullptr, value);
  out.text = text(structure) + "." + memberName.str();
  return out;
}

std::string HostEvaluator::memberText(const Expr *pointer,
                                      llvm::StringRef memberName) {
  const Expr *stripped = pointer->IgnoreParenImpCasts();
  if (const auto *op = dyn_cast<UnaryOperator>(stripped);
      op && op->getOpcode() == UO_AddrOf)
    return text(op->getSubExpr()) + "." + memberName.str();
  return text(pointer) + "->" + memberName.str();
}

const Expr *HostEvaluator::memberValue(const Expr *pointer,
                                       llvm::StringRef memberName,
                                       const Stmt *point) {
  reason_.clear();
  const FieldDecl *member = nullptr;
  const VarDecl *var = pointedStructure(pointer, memberName, member);
  if (!var || !var->isLocalVarDecl() || !function || !function->getBody())
    return nullptr;
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesIn(function, var, member, escape);
  std::string reason;
  const Write *last = certainLastWrite(context, writes, var, std::nullopt,
                                       point, displayName(var, member), reason);
  if (escape || !last || !last->valueExpr ||
      (last->kind != Write::Init && last->kind != Write::Assign))
    return nullptr;
  return last->wholeVariable ? memberInitializer(last->valueExpr, member)
                             : last->valueExpr;
}

} // namespace gpurd
