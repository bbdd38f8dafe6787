//===- HostExpressions.cpp - Values of host expressions -------------------===//
//
// The HostEvaluator's expressions: literals, conversions, operators, `?:`,
// references to enumerators, parameters and variables (whose values
// HostLastWrite.cpp finds), dim3 components, sizeof, and calls of math
// functions and of one-statement helpers.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"
#include "SourcePositions.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <cmath>
#include <utility>

using namespace clang;
using namespace gpurd::host;

namespace gpurd {

std::optional<unsigned> host::dimIndex(const ValueDecl *field) {
  if (!field || !field->getIdentifier())
    return std::nullopt;
  StringRef name = field->getName();
  if (name == "x")
    return 0u;
  if (name == "y")
    return 1u;
  if (name == "z")
    return 2u;
  return std::nullopt;
}

namespace {

constexpr unsigned MaxDepth = 64;
/// Bounds the work for one value: following callers and loops multiplies it.
constexpr unsigned MaxSteps = 200000;

bool isNonZero(const HostScalar &value) {
  return value.isFloat ? value.floatValue != 0 : !value.intValue.isZero();
}

/// a OP b for the comparison operators, or nothing for the others.
template <typename T>
std::optional<bool> compare(BinaryOperatorKind kind, const T &a, const T &b) {
  switch (kind) {
  case BO_LT:
    return a < b;
  case BO_GT:
    return a > b;
  case BO_LE:
    return a <= b;
  case BO_GE:
    return a >= b;
  case BO_EQ:
    return a == b;
  case BO_NE:
    return a != b;
  default:
    return std::nullopt;
  }
}

/// Math functions people write grid sizes with.
bool isUnaryMath(StringRef name) {
  static const StringRef names[] = {"ceil",  "ceilf", "floor", "floorf",
                                    "sqrt",  "sqrtf", "abs",   "fabs",
                                    "fabsf", "round"};
  return llvm::is_contained(names, name);
}

bool isBinaryMath(StringRef name) {
  static const StringRef names[] = {"min",   "max",   "fmin", "fmax",
                                    "fminf", "fmaxf", "pow"};
  return llvm::is_contained(names, name);
}

/// The return statement of a small helper such as
/// `int iDivUp(int a, int b) { return ...; }`: a definition whose body is
/// that one statement and that takes \p numArgs parameters. \p definition is
/// the definition.
const ReturnStmt *singleReturn(const FunctionDecl *callee, unsigned numArgs,
                               const FunctionDecl *&definition) {
  definition = nullptr;
  if (!callee->hasBody(definition) || !definition)
    return nullptr;
  const auto *body = dyn_cast_or_null<CompoundStmt>(definition->getBody());
  const ReturnStmt *ret = nullptr;
  if (body && body->size() == 1)
    ret = dyn_cast<ReturnStmt>(body->body_front());
  if (!ret || !ret->getRetValue() || definition->getNumParams() != numArgs)
    return nullptr;
  return ret;
}

} // namespace

std::optional<HostScalar> HostEvaluator::cast(const HostScalar &value,
                                              QualType to) {
  to = to.getCanonicalType();
  if (to->isRealFloatingType()) {
    double d = toDouble(value);
    if (const auto *builtin = to->getAs<BuiltinType>();
        builtin && builtin->getKind() == BuiltinType::Float)
      d = static_cast<float>(d);
    return makeFloat(d);
  }
  if (to->isBooleanType()) {
    bool b = isNonZero(value);
    return makeInt(llvm::APSInt(llvm::APInt(1, b), /*isUnsigned=*/true));
  }
  if (to->isIntegralOrEnumerationType()) {
    unsigned width = context.getIntWidth(to);
    bool isUnsigned = to->isUnsignedIntegerOrEnumerationType();
    if (value.isFloat) {
      double d = std::trunc(value.floatValue);
      double limit = std::ldexp(1.0, width - (isUnsigned ? 0 : 1));
      if (!(d < limit) || !(isUnsigned ? d >= 0 : d >= -limit))
        return unknown("a floating-point value does not fit the integer type");
      llvm::APSInt result(width, isUnsigned);
      if (isUnsigned)
        result = llvm::APInt(width, static_cast<uint64_t>(d));
      else
        result = llvm::APInt(width, static_cast<int64_t>(d), true);
      return makeInt(result);
    }
    return makeInt(
        value.intValue.extOrTrunc(width).isSigned() == !isUnsigned
            ? value.intValue.extOrTrunc(width)
            : llvm::APSInt(value.intValue.extOrTrunc(width), isUnsigned));
  }
  return unknown("a value of type '" + to.getAsString() + "' is not a number");
}

std::optional<HostScalar> HostEvaluator::boolean(bool value, QualType type) {
  return cast(makeInt(llvm::APSInt(llvm::APInt(1, value), true)), type);
}

std::optional<HostScalar> HostEvaluator::scalar(const Expr *expr,
                                                const Stmt *point) {
  if (!expr)
    return unknown("no expression");
  if (++depth > MaxDepth) {
    --depth;
    return unknown("the expression is nested too deeply");
  }
  if (++steps > MaxSteps) {
    --depth;
    return unknown("the value takes more than " + std::to_string(MaxSteps) +
                   " steps to evaluate");
  }
  std::optional<HostScalar> result;
  // Clang's own constant evaluator covers constexpr, const globals, sizeof,
  // templates; it knows nothing of local variables or parameter bindings.
  Expr::EvalResult constant;
  if (bindings.empty() && !expr->isValueDependent() &&
      !expr->isTypeDependent() && expr->EvaluateAsRValue(constant, context) &&
      !constant.HasSideEffects && !constant.HasUndefinedBehavior) {
    if (constant.Val.isInt())
      result = makeInt(constant.Val.getInt());
    else if (constant.Val.isFloat())
      result = makeFloat(constant.Val.getFloat().convertToDouble());
  }
  if (!result)
    result = scalarStructural(expr, point);
  --depth;
  return result;
}

std::optional<HostScalar> HostEvaluator::scalarStructural(const Expr *expr,
                                                          const Stmt *point) {
  expr = expr->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr,
          CharacterLiteral>(expr))
    return literal(expr);
  if (const auto *def = dyn_cast<CXXDefaultArgExpr>(expr))
    return scalar(def->getExpr(), point);
  if (const auto *cleanups = dyn_cast<ExprWithCleanups>(expr))
    return scalar(cleanups->getSubExpr(), point);
  if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(expr))
    return scalar(temp->getSubExpr(), point);
  if (const auto *castExpr = dyn_cast<CastExpr>(expr))
    return conversion(castExpr, point);
  if (const auto *op = dyn_cast<UnaryOperator>(expr))
    return unary(op, point);
  if (const auto *op = dyn_cast<BinaryOperator>(expr))
    return binary(op, point);
  if (const auto *cond = dyn_cast<ConditionalOperator>(expr))
    return conditional(cond, point);
  if (const auto *ref = dyn_cast<DeclRefExpr>(expr))
    return reference(ref, point);
  if (const auto *member = dyn_cast<MemberExpr>(expr)) {
    std::optional<unsigned> index = dimIndex(member->getMemberDecl());
    if (index)
      return dim3Component(member->getBase(), *index, point);
    // `s.n`: a member of a structure variable, as for variables.
    const auto *base =
        dyn_cast<DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
    const auto *var = base ? dyn_cast<VarDecl>(base->getDecl()) : nullptr;
    const auto *field = dyn_cast<FieldDecl>(member->getMemberDecl());
    if (var && field && !member->isArrow() &&
        field->getType()->isArithmeticType()) {
      std::optional<HostScalar> value =
          variable(var, field, std::nullopt, point);
      if (!value)
        return std::nullopt;
      return cast(*value, field->getType());
    }
    return unknown("the member '" + member->getMemberDecl()->getNameAsString() +
                   "' is not evaluated");
  }
  if (const auto *callExpr = dyn_cast<CallExpr>(expr))
    return call(callExpr, point);
  if (const auto *trait = dyn_cast<UnaryExprOrTypeTraitExpr>(expr)) {
    if (trait->getKind() == UETT_SizeOf) {
      QualType type = trait->getTypeOfArgument();
      if (!type->isIncompleteType() && !type->isDependentType())
        return cast(makeInt(llvm::APSInt::getUnsigned(
                        context.getTypeSizeInChars(type).getQuantity())),
                    trait->getType());
    }
  }
  return unknown("'" + text(expr) + "' is not a compile-time value");
}

std::optional<HostScalar> HostEvaluator::literal(const Expr *expr) {
  if (const auto *lit = dyn_cast<IntegerLiteral>(expr))
    return makeInt(
        llvm::APSInt(lit->getValue(), lit->getType()->isUnsignedIntegerType()));
  if (const auto *lit = dyn_cast<FloatingLiteral>(expr))
    return makeFloat(lit->getValueAsApproximateDouble());
  if (const auto *lit = dyn_cast<CXXBoolLiteralExpr>(expr))
    return makeInt(llvm::APSInt(llvm::APInt(1, lit->getValue()), true));
  const auto *lit = llvm::cast<CharacterLiteral>(expr);
  return cast(makeInt(llvm::APSInt::get(lit->getValue())), lit->getType());
}

std::optional<HostScalar> HostEvaluator::conversion(const CastExpr *castExpr,
                                                    const Stmt *point) {
  const Expr *sub = castExpr->getSubExpr();
  switch (castExpr->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    return scalar(sub, point);
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_FloatingToBoolean:
  case CK_BooleanToSignedIntegral: {
    std::optional<HostScalar> value = scalar(sub, point);
    if (!value)
      return std::nullopt;
    return cast(*value, castExpr->getType());
  }
  default:
    return unknown("a '" + std::string(castExpr->getCastKindName()) +
                   "' conversion is not evaluated");
  }
}

std::optional<HostScalar> HostEvaluator::unary(const UnaryOperator *op,
                                               const Stmt *point) {
  std::optional<HostScalar> value = scalar(op->getSubExpr(), point);
  if (!value)
    return std::nullopt;
  switch (op->getOpcode()) {
  case UO_Plus:
    return value;
  case UO_Minus:
    if (value->isFloat)
      return makeFloat(-value->floatValue);
    return makeInt(-value->intValue);
  case UO_Not:
    if (value->isFloat)
      break;
    return makeInt(~value->intValue);
  case UO_LNot:
    return boolean(!isNonZero(*value), op->getType());
  default:
    break;
  }
  return unknown("the operator '" +
                 UnaryOperator::getOpcodeStr(op->getOpcode()).str() +
                 "' is not evaluated");
}

std::optional<HostScalar>
HostEvaluator::conditional(const ConditionalOperator *cond, const Stmt *point) {
  std::optional<HostScalar> c = scalar(cond->getCond(), point);
  if (!c)
    return std::nullopt;
  bool taken = isNonZero(*c);
  std::optional<HostScalar> value =
      scalar(taken ? cond->getTrueExpr() : cond->getFalseExpr(), point);
  if (!value)
    return std::nullopt;
  return cast(*value, cond->getType());
}

std::optional<HostScalar> HostEvaluator::reference(const DeclRefExpr *ref,
                                                   const Stmt *point) {
  const ValueDecl *decl = ref->getDecl();
  if (const auto *enumerator = dyn_cast<EnumConstantDecl>(decl))
    return makeInt(enumerator->getInitVal());
  if (const auto *param = dyn_cast<ParmVarDecl>(decl)) {
    auto it = bindings.find(param);
    if (it != bindings.end())
      return it->second;
    // Its value on entry, from the callers, unless the function changes it.
    return variableOrRoot(param, point);
  }
  if (const auto *var = dyn_cast<VarDecl>(decl))
    return variableOrRoot(var, point);
  return unknown("'" + decl->getNameAsString() + "' is not a variable");
}

std::vector<HostRoot> HostEvaluator::boundRoots() const {
  std::vector<HostRoot> out;
  for (const Binding &b : bound)
    if (llvm::none_of(out,
                      [&](const HostRoot &r) { return r.name == b.root.name; }))
      out.push_back(b.root);
  return out;
}

llvm::DenseSet<const VarDecl *> HostEvaluator::boundSince(size_t mark) const {
  llvm::DenseSet<const VarDecl *> out;
  for (size_t i = mark; i < bound.size(); ++i)
    out.insert(bound[i].var);
  return out;
}

std::optional<HostScalar> HostEvaluator::variableOrRoot(const VarDecl *var,
                                                        const Stmt *point) {
  QualType type = var->getType().getNonReferenceType().getCanonicalType();
  // Sizes, not flags, characters or enumerators.
  // Texture and surface objects are integers to the host code, handles to
  // the kernel.
  std::string spelled = var->getType().getUnqualifiedType().getAsString();
  bool handle = StringRef(spelled).starts_with("cudaTextureObject_t") ||
                StringRef(spelled).starts_with("cudaSurfaceObject_t") ||
                StringRef(spelled).starts_with("CUtexObject") ||
                StringRef(spelled).starts_with("CUsurfObject");
  bool sizeLike = type->isIntegerType() && !type->isBooleanType() &&
                  !type->isEnumeralType() && context.getIntWidth(type) >= 16 &&
                  !handle;
  if (!rootValue || !sizeLike)
    return variable(var, nullptr, std::nullopt, point);
  if (notBound.contains(var) ||
      (!onlyBound.empty() && !onlyBound.contains(var))) {
    std::optional<HostScalar> value =
        variable(var, nullptr, std::nullopt, point);
    if (!value)
      unboundBelow = true;
    return value;
  }
  // The innermost unknown integer of the chain is the one bound: the reason
  // it is unknown is its own, not that of a value computed from it. A value
  // unknown through one that stays unknown (launch configuration) is not
  // bound either.
  std::string outer = std::move(reason_);
  reason_.clear();
  bool outerUnbound = std::exchange(unboundBelow, false);
  std::optional<HostScalar> value = variable(var, nullptr, std::nullopt, point);
  if (value || steps > MaxSteps || depth >= MaxDepth || unboundBelow) {
    unboundBelow |= outerUnbound;
    if (!outer.empty())
      reason_ = std::move(outer);
    return value;
  }
  unboundBelow = outerUnbound;
  bound.push_back(
      {var,
       {var->getNameAsString(), reason_,
        positionOf(context.getSourceManager(), var->getLocation())}});
  reason_ = std::move(outer);
  return cast(makeInt(llvm::APSInt::getUnsigned(*rootValue)), type);
}

std::optional<HostScalar> HostEvaluator::binary(const BinaryOperator *op,
                                                const Stmt *point) {
  BinaryOperatorKind kind = op->getOpcode();
  if (kind == BO_Comma)
    return scalar(op->getRHS(), point);
  std::optional<HostScalar> lhs = scalar(op->getLHS(), point);
  if (!lhs)
    return std::nullopt;
  if (kind == BO_LAnd || kind == BO_LOr) {
    bool l = isNonZero(*lhs);
    if ((kind == BO_LAnd && !l) || (kind == BO_LOr && l))
      return boolean(l, op->getType());
  }
  std::optional<HostScalar> rhs = scalar(op->getRHS(), point);
  if (!rhs)
    return std::nullopt;
  if (kind == BO_LAnd || kind == BO_LOr)
    return boolean(isNonZero(*rhs), op->getType());
  return arith(kind, *lhs, *rhs, op->getType(), op);
}

std::optional<HostScalar>
HostEvaluator::arith(BinaryOperatorKind kind, const HostScalar &lhs,
                     const HostScalar &rhs, QualType type, const Expr *where) {
  if (lhs.isFloat || rhs.isFloat)
    return floatArith(kind, toDouble(lhs), toDouble(rhs), type);
  return intArith(kind, lhs.intValue, rhs.intValue, type, where);
}

std::optional<HostScalar> HostEvaluator::floatArith(BinaryOperatorKind kind,
                                                    double a, double b,
                                                    QualType type) {
  if (std::optional<bool> c = compare(kind, a, b))
    return boolean(*c, type);
  switch (kind) {
  case BO_Add:
    return cast(makeFloat(a + b), type);
  case BO_Sub:
    return cast(makeFloat(a - b), type);
  case BO_Mul:
    return cast(makeFloat(a * b), type);
  case BO_Div:
    return cast(makeFloat(a / b), type);
  default:
    return unknown("the operator '" + BinaryOperator::getOpcodeStr(kind).str() +
                   "' is not evaluated on floating-point values");
  }
}

std::optional<HostScalar> HostEvaluator::intArith(BinaryOperatorKind kind,
                                                  llvm::APSInt a,
                                                  llvm::APSInt b, QualType type,
                                                  const Expr *where) {
  // Integer operands already carry the usual arithmetic conversions; make
  // their widths agree for APSInt (shifts keep the left operand's type).
  if (kind != BO_Shl && kind != BO_Shr) {
    unsigned width = std::max(a.getBitWidth(), b.getBitWidth());
    bool isUnsigned = a.isUnsigned() || b.isUnsigned();
    a = llvm::APSInt(a.extend(width), isUnsigned);
    b = llvm::APSInt(b.extend(width), isUnsigned);
  }
  if (std::optional<bool> c = compare(kind, a, b))
    return boolean(*c, type);
  // A signed result past its type is undefined behaviour in C++: the
  // program never computes it, and a wrapped value (llm.c's N = B * T * C
  // in int under assumed host values of 2^20: 0) would be silently wrong.
  if (!a.isUnsigned() && (kind == BO_Add || kind == BO_Sub || kind == BO_Mul)) {
    bool overflow = false;
    llvm::APInt result = kind == BO_Add   ? a.sadd_ov(b, overflow)
                         : kind == BO_Sub ? a.ssub_ov(b, overflow)
                                          : a.smul_ov(b, overflow);
    if (overflow)
      return unknown("'" + text(where) + "' overflows its type");
    return cast(makeInt(llvm::APSInt(result, false)), type);
  }
  switch (kind) {
  case BO_Add:
    return cast(makeInt(a + b), type);
  case BO_Sub:
    return cast(makeInt(a - b), type);
  case BO_Mul:
    return cast(makeInt(a * b), type);
  case BO_Div:
  case BO_Rem:
    if (b.isZero())
      return unknown("'" + text(where) + "' divides by zero");
    return cast(makeInt(kind == BO_Div ? a / b : a % b), type);
  case BO_Shl:
  case BO_Shr: {
    uint64_t amount = b.getLimitedValue();
    if (amount >= a.getBitWidth())
      return unknown("'" + text(where) + "' shifts by too much");
    return cast(makeInt(kind == BO_Shl ? a << amount : a >> amount), type);
  }
  case BO_And:
    return cast(makeInt(a & b), type);
  case BO_Or:
    return cast(makeInt(a | b), type);
  case BO_Xor:
    return cast(makeInt(a ^ b), type);
  default:
    return unknown("the operator '" + BinaryOperator::getOpcodeStr(kind).str() +
                   "' is not evaluated");
  }
}

std::optional<HostScalar> HostEvaluator::call(const CallExpr *callExpr,
                                              const Stmt *point) {
  const FunctionDecl *callee = callExpr->getDirectCallee();
  if (!callee)
    return unknown("'" + text(callExpr) + "' is an indirect call");
  std::string name = callee->getNameAsString();
  if (isUnaryMath(name) && callExpr->getNumArgs() == 1)
    return unaryMath(callExpr, name, point);
  if (isBinaryMath(name) && callExpr->getNumArgs() == 2)
    return binaryMath(callExpr, name, point);
  // Small helpers such as `int iDivUp(int a, int b) { return ...; }`: a body
  // made of one return statement is evaluated with its arguments bound.
  const FunctionDecl *definition = nullptr;
  if (const ReturnStmt *ret =
          singleReturn(callee, callExpr->getNumArgs(), definition))
    return helperCall(callExpr, definition, ret, point);
  if (readsCommandLine(callExpr))
    return unknown("'" + text(callExpr) + "' reads the program's command line");
  return unknown("the call '" + text(callExpr) + "' is not evaluated");
}

bool HostEvaluator::readsCommandLine(const CallExpr *callExpr) {
  for (const Expr *arg : callExpr->arguments()) {
    arg = arg->IgnoreParenCasts();
    while (const auto *subscript = dyn_cast<ArraySubscriptExpr>(arg))
      arg = subscript->getBase()->IgnoreParenCasts();
    const auto *ref = dyn_cast<DeclRefExpr>(arg);
    const auto *param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    const auto *owner =
        param ? dyn_cast<FunctionDecl>(param->getDeclContext()) : nullptr;
    if (owner && owner->isMain())
      return true;
  }
  return false;
}

std::optional<HostScalar> HostEvaluator::unaryMath(const CallExpr *callExpr,
                                                   const std::string &name,
                                                   const Stmt *point) {
  std::optional<HostScalar> a = scalar(callExpr->getArg(0), point);
  if (!a)
    return std::nullopt;
  if (!a->isFloat && name == "abs")
    return cast(makeInt(a->intValue.isNegative() ? -a->intValue : a->intValue),
                callExpr->getType());
  double x = toDouble(*a);
  double r = name.rfind("ceil", 0) == 0    ? std::ceil(x)
             : name.rfind("floor", 0) == 0 ? std::floor(x)
             : name.rfind("sqrt", 0) == 0  ? std::sqrt(x)
             : name == "round"             ? std::round(x)
                                           : std::fabs(x);
  return cast(makeFloat(r), callExpr->getType());
}

std::optional<HostScalar> HostEvaluator::binaryMath(const CallExpr *callExpr,
                                                    const std::string &name,
                                                    const Stmt *point) {
  std::optional<HostScalar> a = scalar(callExpr->getArg(0), point);
  if (!a)
    return std::nullopt;
  std::optional<HostScalar> b = scalar(callExpr->getArg(1), point);
  if (!b)
    return std::nullopt;
  if (name == "pow")
    return cast(makeFloat(std::pow(toDouble(*a), toDouble(*b))),
                callExpr->getType());
  bool isMin = name.find("min") != std::string::npos;
  if (!a->isFloat && !b->isFloat) {
    unsigned width =
        std::max(a->intValue.getBitWidth(), b->intValue.getBitWidth());
    bool isUnsigned = a->intValue.isUnsigned() || b->intValue.isUnsigned();
    llvm::APSInt x(a->intValue.extend(width), isUnsigned);
    llvm::APSInt y(b->intValue.extend(width), isUnsigned);
    return cast(makeInt(isMin ? (x < y ? x : y) : (x < y ? y : x)),
                callExpr->getType());
  }
  double x = toDouble(*a), y = toDouble(*b);
  return cast(makeFloat(isMin ? std::min(x, y) : std::max(x, y)),
              callExpr->getType());
}

std::optional<HostScalar>
HostEvaluator::helperCall(const CallExpr *callExpr,
                          const FunctionDecl *definition, const ReturnStmt *ret,
                          const Stmt *point) {
  Bindings inner;
  for (unsigned i = 0; i < callExpr->getNumArgs(); ++i) {
    std::optional<HostScalar> arg = scalar(callExpr->getArg(i), point);
    if (!arg)
      return std::nullopt;
    // `const T &n` binds like `T n` (divRndUp in Rodinia's dwt2d).
    std::optional<HostScalar> converted = cast(
        *arg, definition->getParamDecl(i)->getType().getNonReferenceType());
    if (!converted)
      return std::nullopt;
    inner[definition->getParamDecl(i)] = *converted;
  }
  std::swap(bindings, inner);
  std::optional<HostScalar> value = scalar(ret->getRetValue(), ret);
  std::swap(bindings, inner);
  if (!value)
    return std::nullopt;
  return cast(*value, callExpr->getType());
}

std::optional<HostScalar> HostEvaluator::dim3Component(const Expr *expr,
                                                       unsigned index,
                                                       const Stmt *point) {
  expr = expr->IgnoreParens();
  if (const auto *castExpr = dyn_cast<CastExpr>(expr)) {
    if (castExpr->getType()->isRecordType() ||
        castExpr->getCastKind() == CK_NoOp ||
        castExpr->getCastKind() == CK_LValueToRValue)
      return dim3Component(castExpr->getSubExpr(), index, point);
  }
  if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(expr))
    return dim3Component(temp->getSubExpr(), index, point);
  if (const auto *bind = dyn_cast<CXXBindTemporaryExpr>(expr))
    return dim3Component(bind->getSubExpr(), index, point);
  if (const auto *cleanups = dyn_cast<ExprWithCleanups>(expr))
    return dim3Component(cleanups->getSubExpr(), index, point);
  if (const auto *def = dyn_cast<CXXDefaultArgExpr>(expr))
    return dim3Component(def->getExpr(), index, point);
  if (const auto *construct = dyn_cast<CXXConstructExpr>(expr)) {
    const CXXConstructorDecl *ctor = construct->getConstructor();
    if (ctor->isCopyOrMoveConstructor() && construct->getNumArgs() >= 1)
      return dim3Component(construct->getArg(0), index, point);
    if (construct->getNumArgs() == 1 &&
        construct->getArg(0)->getType()->isRecordType())
      return dim3Component(construct->getArg(0), index, point); // dim3(uint3)
    if (index < construct->getNumArgs())
      return scalar(construct->getArg(index), point);
    return unknown("the dim3 constructor has no component " +
                   std::to_string(index));
  }
  if (const auto *init = dyn_cast<InitListExpr>(expr)) {
    if (index < init->getNumInits())
      return scalar(init->getInit(index), point);
    return makeInt(llvm::APSInt::getUnsigned(1));
  }
  if (const auto *ref = dyn_cast<DeclRefExpr>(expr)) {
    if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
      return variable(var, nullptr, index, point);
  }
  if (expr->getType()->isIntegralOrEnumerationType()) {
    // An integer converted to dim3: (n, 1, 1).
    if (index == 0)
      return scalar(expr, point);
    return makeInt(llvm::APSInt::getUnsigned(1));
  }
  return unknown("'" + text(expr) + "' is not a compile-time dim3");
}

} // namespace gpurd
