//===- HostEvaluator.cpp - Compile-time values of host expressions --------===//

#include "HostEvaluator.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>

using namespace clang;

namespace gpurd {

std::optional<uint64_t> EvaluatedValue::asUnsigned() const {
  if (const auto *u = std::get_if<uint64_t>(&value))
    return *u;
  if (const auto *s = std::get_if<int64_t>(&value); s && *s >= 0)
    return static_cast<uint64_t>(*s);
  return std::nullopt;
}

std::string EvaluatedValue::str() const {
  if (const auto *u = std::get_if<uint64_t>(&value))
    return std::to_string(*u);
  if (const auto *s = std::get_if<int64_t>(&value))
    return std::to_string(*s);
  if (const auto *d = std::get_if<double>(&value)) {
    // The shortest text that reads back as the same value: as a float when
    // the value is one (a `float` argument, `1e-3f`: "0.001", not
    // "0.0010000000474974513"), else as a double.
    auto shortest = [&](unsigned maxDigits, auto same) {
      std::string out;
      for (unsigned digits = 1; digits <= maxDigits; ++digits) {
        out.clear();
        llvm::raw_string_ostream os(out);
        os << llvm::format("%.*g", digits, *d);
        os.flush();
        if (same(std::strtod(out.c_str(), nullptr)))
          break;
      }
      return out;
    };
    if (static_cast<double>(static_cast<float>(*d)) == *d)
      return shortest(9, [&](double back) {
        return static_cast<float>(back) == static_cast<float>(*d);
      });
    return shortest(17, [&](double back) { return back == *d; });
  }
  return "?";
}

namespace {

constexpr unsigned MaxDepth = 64;

/// Index of a dim3/uint3 member (x, y, z), if \p field is one.
std::optional<unsigned> dimIndex(const ValueDecl *field) {
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

/// The variable (and member) an lvalue expression designates: `v`, `v.x`,
/// and for structures such as cudaLaunchConfig_t `v.m` and `v.m.x`.
struct LValueTarget {
  const VarDecl *var = nullptr;
  /// `v.m` or `v.m.x` for a member `m` that is not x/y/z.
  const FieldDecl *member = nullptr;
  std::optional<unsigned> field; ///< x/y/z of `v` (or of `v.m`).
  bool otherMember = false;      ///< `v.m.w` for a member that is not x/y/z.
};

LValueTarget lvalueTarget(const Expr *expr) {
  LValueTarget target;
  expr = expr->IgnoreParenImpCasts();
  const auto *member = dyn_cast<MemberExpr>(expr);
  if (!member) {
    if (const auto *ref = dyn_cast<DeclRefExpr>(expr))
      target.var = dyn_cast<VarDecl>(ref->getDecl());
    return target;
  }
  const Expr *base = member->getBase()->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(base)) {
    target.var = dyn_cast<VarDecl>(ref->getDecl());
    target.field = dimIndex(member->getMemberDecl());
    if (!target.field)
      target.member = dyn_cast<FieldDecl>(member->getMemberDecl());
    target.otherMember = !target.field && !target.member;
    return target;
  }
  // `v.m.x`: a component of a dim3 member.
  if (const auto *inner = dyn_cast<MemberExpr>(base))
    if (const auto *ref =
            dyn_cast<DeclRefExpr>(inner->getBase()->IgnoreParenImpCasts())) {
      target.var = dyn_cast<VarDecl>(ref->getDecl());
      target.member = dyn_cast<FieldDecl>(inner->getMemberDecl());
      target.field = dimIndex(member->getMemberDecl());
      target.otherMember = !target.member || !target.field;
    }
  return target;
}

/// One place where a variable is written.
struct Write {
  DynTypedNode node; ///< Where it happens (for position and ancestry).
  const Expr *valueExpr = nullptr; ///< The assigned value (init, rhs).
  std::optional<unsigned> field;   ///< Member written, or the whole variable.
  /// For a query about a member `v.m`: the write stores all of `v`, and
  /// valueExpr is the whole structure.
  bool wholeVariable = false;
  enum Kind { Init, Assign, Compound, Increment, Decrement } kind = Assign;
  const Expr *operation = nullptr; ///< The compound assignment, if any.
};

/// The launch functions whose pointer arguments (the argument array, the
/// launch configuration) only read what they point to.
bool isLaunchFunction(const FunctionDecl *function) {
  if (!function || !function->getIdentifier())
    return false;
  return llvm::is_contained({"cudaLaunchKernel", "cudaLaunchCooperativeKernel",
                             "cudaLaunchKernelExC", "cudaLaunchKernelEx"},
                            function->getName());
}

/// The call a pointer argument \p expr is passed to, when it is passed to a
/// launch function directly (through parentheses and conversions only).
const CallExpr *launchCallOf(ASTContext &context, const Expr *expr) {
  DynTypedNode node = DynTypedNode::create(*static_cast<const Stmt *>(expr));
  for (unsigned guard = 0; guard < 16; ++guard) {
    DynTypedNodeList parents = context.getParents(node);
    if (parents.empty())
      return nullptr;
    node = parents[0];
    if (const auto *call = node.get<CallExpr>())
      return isLaunchFunction(call->getDirectCallee()) ? call : nullptr;
    if (!node.get<ImplicitCastExpr>() && !node.get<ExplicitCastExpr>() &&
        !node.get<ParenExpr>())
      return nullptr;
  }
  return nullptr;
}

/// Whether \p array (`void *args[] = {&n, &x}`) is an argument array that is
/// only ever handed to launch functions in \p body: then the addresses in its
/// initializer are read by the launch and nothing writes through them.
class ArgumentArrayUses : public RecursiveASTVisitor<ArgumentArrayUses> {
public:
  ArgumentArrayUses(ASTContext &context, const VarDecl *array)
      : context(context), array(array) {}
  const DeclRefExpr *otherUse = nullptr;

  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (ref->getDecl() == array && !otherUse && !launchCallOf(context, ref))
      otherUse = ref;
    return true;
  }

private:
  ASTContext &context;
  const VarDecl *array;
};

bool isArgumentArrayType(QualType type) {
  const auto *arrayType = type->getAsArrayTypeUnsafe();
  return arrayType && arrayType->getElementType()->isVoidPointerType();
}

/// Every write to one variable (or to member `member` of it) in a function
/// body, and whether its address escapes (then no write can be trusted).
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  WriteCollector(ASTContext &context, const VarDecl *var,
                 const FieldDecl *member = nullptr)
      : context(context), var(var), member(member) {}

  std::vector<Write> writes;

  /// Where the variable escapes, once the body has been traversed: an
  /// address taken (other than for a launch that only reads it), a
  /// non-const reference, a lambda capture by reference.
  const Expr *escape() const {
    if (escapeExpr)
      return escapeExpr;
    for (const UnaryOperator *op : addressesTaken)
      if (!isLaunchInput(op))
        return op;
    return nullptr;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (!op->isAssignmentOp())
      return true;
    std::optional<bool> whole = matches(lvalueTarget(op->getLHS()));
    if (!whole)
      return true;
    Write w;
    w.node = DynTypedNode::create(*static_cast<Stmt *>(op));
    w.valueExpr = op->getRHS();
    w.field = lvalueTarget(op->getLHS()).field;
    w.wholeVariable = *whole;
    w.kind = op->isCompoundAssignmentOp() ? Write::Compound : Write::Assign;
    w.operation = op;
    writes.push_back(w);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *call) {
    if (call->getNumArgs() < 1)
      return true;
    LValueTarget target = lvalueTarget(call->getArg(0));
    std::optional<bool> whole = matches(target);
    if (!whole)
      return true;
    if (call->getOperator() == OO_Equal && call->getNumArgs() == 2) {
      Write w;
      w.node = DynTypedNode::create(*static_cast<Stmt *>(call));
      w.valueExpr = call->getArg(1);
      w.field = target.field;
      w.wholeVariable = *whole;
      writes.push_back(w);
    } else if (call->isAssignmentOp() || call->getOperator() == OO_PlusPlus ||
               call->getOperator() == OO_MinusMinus) {
      escapeExpr = call;
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *op) {
    LValueTarget target = lvalueTarget(op->getSubExpr());
    if (target.var != var)
      return true;
    if (op->getOpcode() == UO_AddrOf) {
      addressesTaken.push_back(op);
      return true;
    }
    std::optional<bool> whole = matches(target);
    if (!op->isIncrementDecrementOp() || !whole)
      return true;
    Write w;
    w.node = DynTypedNode::create(*static_cast<Stmt *>(op));
    w.field = target.field;
    w.wholeVariable = *whole;
    w.kind = op->isIncrementOp() ? Write::Increment : Write::Decrement;
    writes.push_back(w);
    return true;
  }
  bool VisitVarDecl(VarDecl *other) {
    // `int &r = n;` makes every write through r a write to n.
    if (other != var && other->getType()->isReferenceType() &&
        !other->getType()->getPointeeType().isConstQualified() &&
        other->getInit() && lvalueTarget(other->getInit()).var == var)
      escapeExpr = other->getInit();
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *lambda) {
    // A lambda that captures the variable by reference may change it
    // whenever it is called.
    for (const LambdaCapture &capture : lambda->captures())
      if (capture.capturesVariable() && capture.getCaptureKind() == LCK_ByRef &&
          capture.getCapturedVar() == var)
        escapeExpr = lambda;
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    // Passing the variable by non-const reference lets the callee change it;
    // cudaLaunchKernelEx takes the kernel arguments by forwarding reference
    // only to copy them.
    const FunctionDecl *callee = call->getDirectCallee();
    if (isLaunchFunction(callee))
      return true;
    unsigned first = isa<CXXOperatorCallExpr>(call) ? 1 : 0;
    for (unsigned i = first; i < call->getNumArgs(); ++i) {
      LValueTarget target = lvalueTarget(call->getArg(i));
      if (target.var != var)
        continue;
      unsigned paramIndex = i - first;
      if (!callee || paramIndex >= callee->getNumParams()) {
        continue;
      }
      QualType type = callee->getParamDecl(paramIndex)->getType();
      if (type->isReferenceType() && !type->getPointeeType().isConstQualified())
        escapeExpr = call;
    }
    return true;
  }

private:
  /// Whether a write to \p target writes what is asked for: nothing when it
  /// does not, else whether it writes the whole variable while a member of
  /// it is asked for.
  std::optional<bool> matches(const LValueTarget &target) const {
    if (target.var != var || target.otherMember)
      return std::nullopt;
    if (!member)
      return target.member ? std::nullopt : std::optional<bool>(false);
    if (!target.member)
      return target.field ? std::nullopt : std::optional<bool>(true);
    return target.member == member ? std::optional<bool>(false) : std::nullopt;
  }

  /// `&v` handed to a launch that only reads it: as the launch
  /// configuration (`cudaLaunchKernelEx(&config, ...)`) or in the
  /// initializer of an argument array used by launches only.
  bool isLaunchInput(const UnaryOperator *op) const {
    if (launchCallOf(context, op))
      return true;
    DynTypedNode node = DynTypedNode::create(*static_cast<const Stmt *>(op));
    for (unsigned guard = 0; guard < 8; ++guard) {
      DynTypedNodeList parents = context.getParents(node);
      if (parents.empty())
        return false;
      node = parents[0];
      if (node.get<InitListExpr>() || node.get<ImplicitCastExpr>() ||
          node.get<ExplicitCastExpr>() || node.get<ParenExpr>())
        continue;
      const auto *array = node.get<VarDecl>();
      if (!array || !array->isLocalVarDecl() ||
          !isArgumentArrayType(array->getType()))
        return false;
      const auto *function = dyn_cast<FunctionDecl>(array->getDeclContext());
      if (!function || !function->getBody())
        return false;
      ArgumentArrayUses uses(context, array);
      uses.TraverseStmt(function->getBody());
      return !uses.otherUse;
    }
    return false;
  }

  ASTContext &context;
  const VarDecl *var;
  const FieldDecl *member;
  const Expr *escapeExpr = nullptr;
  std::vector<const UnaryOperator *> addressesTaken;
};

bool isLoop(const DynTypedNode &node) {
  const auto *stmt = node.get<Stmt>();
  return stmt && (isa<ForStmt>(stmt) || isa<WhileStmt>(stmt) ||
                  isa<DoStmt>(stmt) || isa<CXXForRangeStmt>(stmt));
}

bool isBranch(const DynTypedNode &node) {
  const auto *stmt = node.get<Stmt>();
  if (!stmt)
    return false;
  if (isa<IfStmt>(stmt) || isa<SwitchStmt>(stmt) ||
      isa<AbstractConditionalOperator>(stmt) || isa<CXXTryStmt>(stmt) ||
      isa<CXXCatchStmt>(stmt) || isa<LambdaExpr>(stmt))
    return true;
  if (const auto *op = dyn_cast<BinaryOperator>(stmt))
    return op->isLogicalOp();
  return false;
}

/// The chain of ancestors of \p node (itself first) up to the function.
std::vector<DynTypedNode> ancestors(ASTContext &context, DynTypedNode node) {
  std::vector<DynTypedNode> chain{node};
  for (unsigned guard = 0; guard < 512; ++guard) {
    DynTypedNodeList parents = context.getParents(chain.back());
    if (parents.empty())
      break;
    chain.push_back(parents[0]);
    if (chain.back().get<FunctionDecl>())
      break;
  }
  return chain;
}

bool sameNode(const DynTypedNode &a, const DynTypedNode &b) {
  return a.getMemoizationData() == b.getMemoizationData();
}

enum class Reach { OnPath, OtherArm, LoopVariant, Conditional };

/// Whether a loop encloses both \p common (and so the write and the point)
/// but not \p declaration: then the variable carries values from one
/// iteration to the next.
bool inLoopAroundDeclaration(ASTContext &context,
                             std::vector<DynTypedNode>::const_iterator common,
                             std::vector<DynTypedNode>::const_iterator end,
                             const VarDecl *declaration) {
  for (auto it = common; it != end; ++it) {
    if (!isLoop(*it))
      continue;
    const Stmt *loop = it->get<Stmt>();
    // A variable declared in the loop's body is fresh in every iteration; one
    // declared in a for-statement's init lives across iterations.
    const Stmt *body = nullptr;
    if (const auto *f = dyn_cast<ForStmt>(loop))
      body = f->getBody();
    else if (const auto *w = dyn_cast<WhileStmt>(loop))
      body = w->getBody();
    else if (const auto *d = dyn_cast<DoStmt>(loop))
      body = d->getBody();
    else if (const auto *r = dyn_cast<CXXForRangeStmt>(loop))
      body = r->getBody();
    SourceRange range = body ? body->getSourceRange() : loop->getSourceRange();
    const SourceManager &sm = context.getSourceManager();
    SourceLocation at = declaration->getLocation();
    bool declaredInside = !sm.isBeforeInTranslationUnit(at, range.getBegin()) &&
                          !sm.isBeforeInTranslationUnit(range.getEnd(), at);
    if (!declaredInside)
      return true;
  }
  return false;
}

/// How write \p write relates to the program point \p point.
Reach classify(ASTContext &context, const DynTypedNode &write,
               const DynTypedNode &point, const VarDecl *declaration) {
  std::vector<DynTypedNode> pointChain = ancestors(context, point);
  std::vector<DynTypedNode> writeChain = ancestors(context, write);
  for (size_t i = 1; i < writeChain.size(); ++i) {
    const DynTypedNode &ancestor = writeChain[i];
    auto common = std::find_if(
        pointChain.begin(), pointChain.end(),
        [&](const DynTypedNode &n) { return sameNode(n, ancestor); });
    if (common == pointChain.end()) {
      if (isLoop(ancestor))
        return Reach::Conditional;
      if (isBranch(ancestor))
        return Reach::Conditional;
      continue;
    }
    // The closest common ancestor of the write and the point.
    if (inLoopAroundDeclaration(context, common, pointChain.end(), declaration))
      return Reach::LoopVariant;
    if (isBranch(ancestor) && common != pointChain.begin()) {
      const DynTypedNode &pointChild = *(common - 1);
      if (!sameNode(pointChild, writeChain[i - 1]))
        return Reach::OtherArm;
    }
    // Enclosing loops around both mean the value is the same at each
    // iteration only when no write is inside them, which holds here.
    return Reach::OnPath;
  }
  return Reach::OnPath;
}

SourceLocation nodeBegin(const DynTypedNode &node) {
  return node.getSourceRange().getBegin();
}

unsigned widthOf(ASTContext &context, QualType type) {
  return context.getIntWidth(type);
}

HostScalar makeInt(llvm::APSInt value) {
  HostScalar s;
  s.intValue = std::move(value);
  return s;
}

HostScalar makeFloat(double value) {
  HostScalar s;
  s.isFloat = true;
  s.floatValue = value;
  return s;
}

double toDouble(const HostScalar &value) {
  if (value.isFloat)
    return value.floatValue;
  return value.intValue.isSigned()
             ? static_cast<double>(value.intValue.getSExtValue())
             : static_cast<double>(value.intValue.getZExtValue());
}

} // namespace

std::string HostEvaluator::text(const Expr *expr) const {
  const SourceManager &sm = context.getSourceManager();
  CharSourceRange range = sm.getExpansionRange(expr->getSourceRange());
  StringRef source = Lexer::getSourceText(range, sm, context.getLangOpts());
  return source.str();
}

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
    bool b = value.isFloat ? value.floatValue != 0 : !value.intValue.isZero();
    return makeInt(llvm::APSInt(llvm::APInt(1, b), /*isUnsigned=*/true));
  }
  if (to->isIntegralOrEnumerationType()) {
    unsigned width = widthOf(context, to);
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

std::optional<HostScalar> HostEvaluator::scalar(const Expr *expr,
                                                const Stmt *point) {
  if (!expr)
    return unknown("no expression");
  if (++depth > MaxDepth) {
    --depth;
    return unknown("the expression is nested too deeply");
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
  if (const auto *lit = dyn_cast<IntegerLiteral>(expr))
    return makeInt(
        llvm::APSInt(lit->getValue(), lit->getType()->isUnsignedIntegerType()));
  if (const auto *lit = dyn_cast<FloatingLiteral>(expr))
    return makeFloat(lit->getValueAsApproximateDouble());
  if (const auto *lit = dyn_cast<CXXBoolLiteralExpr>(expr))
    return makeInt(llvm::APSInt(llvm::APInt(1, lit->getValue()), true));
  if (const auto *lit = dyn_cast<CharacterLiteral>(expr))
    return cast(makeInt(llvm::APSInt::get(lit->getValue())), lit->getType());
  if (const auto *def = dyn_cast<CXXDefaultArgExpr>(expr))
    return scalar(def->getExpr(), point);
  if (const auto *cleanups = dyn_cast<ExprWithCleanups>(expr))
    return scalar(cleanups->getSubExpr(), point);
  if (const auto *temp = dyn_cast<MaterializeTemporaryExpr>(expr))
    return scalar(temp->getSubExpr(), point);
  if (const auto *castExpr = dyn_cast<CastExpr>(expr)) {
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
  if (const auto *op = dyn_cast<UnaryOperator>(expr)) {
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
    case UO_LNot: {
      bool isZero =
          value->isFloat ? value->floatValue == 0 : value->intValue.isZero();
      return cast(makeInt(llvm::APSInt(llvm::APInt(1, isZero), true)),
                  op->getType());
    }
    default:
      break;
    }
    return unknown("the operator '" +
                   UnaryOperator::getOpcodeStr(op->getOpcode()).str() +
                   "' is not evaluated");
  }
  if (const auto *op = dyn_cast<BinaryOperator>(expr))
    return binary(op, point);
  if (const auto *cond = dyn_cast<ConditionalOperator>(expr)) {
    std::optional<HostScalar> c = scalar(cond->getCond(), point);
    if (!c)
      return std::nullopt;
    bool taken = c->isFloat ? c->floatValue != 0 : !c->intValue.isZero();
    std::optional<HostScalar> value =
        scalar(taken ? cond->getTrueExpr() : cond->getFalseExpr(), point);
    if (!value)
      return std::nullopt;
    return cast(*value, cond->getType());
  }
  if (const auto *ref = dyn_cast<DeclRefExpr>(expr)) {
    const ValueDecl *decl = ref->getDecl();
    if (const auto *enumerator = dyn_cast<EnumConstantDecl>(decl))
      return makeInt(enumerator->getInitVal());
    if (const auto *param = dyn_cast<ParmVarDecl>(decl)) {
      auto it = bindings.find(param);
      if (it != bindings.end())
        return it->second;
      const auto *owner = dyn_cast<FunctionDecl>(param->getDeclContext());
      return unknown("'" + param->getNameAsString() + "' is a parameter of '" +
                     (owner ? owner->getNameAsString() : std::string("?")) +
                     "'");
    }
    if (const auto *var = dyn_cast<VarDecl>(decl))
      return variable(var, nullptr, std::nullopt, point);
    return unknown("'" + decl->getNameAsString() + "' is not a variable");
  }
  if (const auto *member = dyn_cast<MemberExpr>(expr)) {
    std::optional<unsigned> index = dimIndex(member->getMemberDecl());
    if (index)
      return dim3Component(member->getBase(), *index, point);
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

std::optional<HostScalar> HostEvaluator::binary(const BinaryOperator *op,
                                                const Stmt *point) {
  BinaryOperatorKind kind = op->getOpcode();
  if (kind == BO_Comma)
    return scalar(op->getRHS(), point);
  std::optional<HostScalar> lhs = scalar(op->getLHS(), point);
  if (!lhs)
    return std::nullopt;
  if (kind == BO_LAnd || kind == BO_LOr) {
    bool l = lhs->isFloat ? lhs->floatValue != 0 : !lhs->intValue.isZero();
    if ((kind == BO_LAnd && !l) || (kind == BO_LOr && l))
      return cast(makeInt(llvm::APSInt(llvm::APInt(1, l), true)),
                  op->getType());
  }
  std::optional<HostScalar> rhs = scalar(op->getRHS(), point);
  if (!rhs)
    return std::nullopt;
  auto boolean = [&](bool b) {
    return cast(makeInt(llvm::APSInt(llvm::APInt(1, b), true)), op->getType());
  };
  if (kind == BO_LAnd || kind == BO_LOr) {
    bool r = rhs->isFloat ? rhs->floatValue != 0 : !rhs->intValue.isZero();
    return boolean(r);
  }
  return arith(kind, *lhs, *rhs, op->getType(), op);
}

/// a OP b for the comparison operators, or nothing for the others.
template <typename T>
static std::optional<bool> compare(BinaryOperatorKind kind, const T &a,
                                   const T &b) {
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

std::optional<HostScalar>
HostEvaluator::arith(BinaryOperatorKind kind, const HostScalar &lhs,
                     const HostScalar &rhs, QualType type, const Expr *where) {
  auto boolean = [&](bool b) {
    return cast(makeInt(llvm::APSInt(llvm::APInt(1, b), true)), type);
  };
  std::string opcode = BinaryOperator::getOpcodeStr(kind).str();
  if (lhs.isFloat || rhs.isFloat) {
    double a = toDouble(lhs), b = toDouble(rhs);
    if (std::optional<bool> c = compare(kind, a, b))
      return boolean(*c);
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
      return unknown("the operator '" + opcode +
                     "' is not evaluated on floating-point values");
    }
  }
  // Integer operands already carry the usual arithmetic conversions; make
  // their widths agree for APSInt (shifts keep the left operand's type).
  llvm::APSInt a = lhs.intValue, b = rhs.intValue;
  if (kind != BO_Shl && kind != BO_Shr) {
    unsigned width = std::max(a.getBitWidth(), b.getBitWidth());
    bool isUnsigned = a.isUnsigned() || b.isUnsigned();
    a = llvm::APSInt(a.extend(width), isUnsigned);
    b = llvm::APSInt(b.extend(width), isUnsigned);
  }
  if (std::optional<bool> c = compare(kind, a, b))
    return boolean(*c);
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
    return unknown("the operator '" + opcode + "' is not evaluated");
  }
}

std::optional<HostScalar> HostEvaluator::call(const CallExpr *callExpr,
                                              const Stmt *point) {
  const FunctionDecl *callee = callExpr->getDirectCallee();
  if (!callee)
    return unknown("'" + text(callExpr) + "' is an indirect call");
  std::string name = callee->getNameAsString();
  // Math functions people write grid sizes with.
  static const llvm::StringRef unaryMath[] = {
      "ceil",  "ceilf", "floor", "floorf", "sqrt",
      "sqrtf", "abs",   "fabs",  "fabsf",  "round"};
  static const llvm::StringRef binaryMath[] = {"min",   "max",   "fmin", "fmax",
                                               "fminf", "fmaxf", "pow"};
  bool isUnary =
      llvm::is_contained(unaryMath, name) && callExpr->getNumArgs() == 1;
  bool isBinary =
      llvm::is_contained(binaryMath, name) && callExpr->getNumArgs() == 2;
  if (isUnary || isBinary) {
    std::optional<HostScalar> a = scalar(callExpr->getArg(0), point);
    if (!a)
      return std::nullopt;
    if (isUnary) {
      double x = toDouble(*a);
      double r = name.rfind("ceil", 0) == 0    ? std::ceil(x)
                 : name.rfind("floor", 0) == 0 ? std::floor(x)
                 : name.rfind("sqrt", 0) == 0  ? std::sqrt(x)
                 : name == "round"             ? std::round(x)
                                               : std::fabs(x);
      if (!a->isFloat && name == "abs")
        return cast(
            makeInt(a->intValue.isNegative() ? -a->intValue : a->intValue),
            callExpr->getType());
      return cast(makeFloat(r), callExpr->getType());
    }
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
  // Small helpers such as `int iDivUp(int a, int b) { return ...; }`: a body
  // made of one return statement is evaluated with its arguments bound.
  const FunctionDecl *definition = nullptr;
  if (callee->hasBody(definition) && definition) {
    const auto *body = dyn_cast_or_null<CompoundStmt>(definition->getBody());
    const ReturnStmt *ret = nullptr;
    if (body && body->size() == 1)
      ret = dyn_cast<ReturnStmt>(body->body_front());
    if (ret && ret->getRetValue() &&
        definition->getNumParams() == callExpr->getNumArgs()) {
      Bindings inner;
      for (unsigned i = 0; i < callExpr->getNumArgs(); ++i) {
        std::optional<HostScalar> arg = scalar(callExpr->getArg(i), point);
        if (!arg)
          return std::nullopt;
        std::optional<HostScalar> converted =
            cast(*arg, definition->getParamDecl(i)->getType());
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
  }
  return unknown("the call '" + text(callExpr) + "' is not evaluated");
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
    if (const auto *param = dyn_cast<ParmVarDecl>(ref->getDecl()))
      return unknown("'" + param->getNameAsString() + "' is a parameter");
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

namespace {

/// Every write of \p var (member \p member) in \p function, its initializer
/// last; \p escape is set when its address escapes.
std::vector<Write> writesOf(ASTContext &context, const FunctionDecl *function,
                            const VarDecl *var, const FieldDecl *member,
                            const Expr *&escape) {
  WriteCollector collector(context, var, member);
  collector.TraverseStmt(const_cast<Stmt *>(function->getBody()));
  escape = collector.escape();
  std::vector<Write> writes = collector.writes;
  if (const Expr *init = var->getInit()) {
    Write w;
    w.node = DynTypedNode::create(*static_cast<const Stmt *>(init));
    w.valueExpr = init;
    w.kind = Write::Init;
    w.wholeVariable = member != nullptr;
    writes.push_back(w);
  }
  return writes;
}

/// The write of \p writes whose value \p var (component \p field) certainly
/// holds at \p point, or null with \p reason saying why there is none.
/// \p name is how messages call the variable.
const Write *certainLastWrite(ASTContext &context,
                              const std::vector<Write> &writes,
                              const VarDecl *var, std::optional<unsigned> field,
                              const Stmt *point, const std::string &name,
                              std::string &reason) {
  const SourceManager &sm = context.getSourceManager();
  DynTypedNode pointNode = DynTypedNode::create(*point);
  SourceLocation pointLoc = sm.getExpansionLoc(point->getBeginLoc());
  const Write *last = nullptr;
  for (const Write &w : writes) {
    if (field && w.field && *w.field != *field)
      continue; // A write to another component.
    Reach reach = classify(context, w.node, pointNode, var);
    if (reach == Reach::OtherArm)
      continue;
    if (reach == Reach::LoopVariant) {
      reason = name + " changes in a loop around the launch";
      return nullptr;
    }
    SourceLocation loc = sm.getExpansionLoc(nodeBegin(w.node));
    if (!sm.isBeforeInTranslationUnit(loc, pointLoc))
      continue;
    // A conditional write before the point is only harmless when a later
    // certain write overrides it, which the check after the loop decides.
    if (!last || sm.isBeforeInTranslationUnit(
                     sm.getExpansionLoc(nodeBegin(last->node)), loc))
      last = &w;
  }
  if (!last) {
    reason = name + " has no value before the launch";
    return nullptr;
  }
  if (classify(context, last->node, pointNode, var) == Reach::Conditional) {
    reason = name + " is assigned under a condition at line " +
             std::to_string(sm.getExpansionLineNumber(nodeBegin(last->node)));
    return nullptr;
  }
  return last;
}

/// The initializer of member \p member in the structure value \p expr
/// (`{grid, block, 0, 0}`, `{.gridDim = grid}`, `{}`), or null when \p expr
/// is not written member by member.
const Expr *memberInitializer(const Expr *expr, const FieldDecl *member) {
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

/// `v.m` for messages.
std::string displayName(const VarDecl *var, const FieldDecl *member) {
  std::string name = var->getNameAsString();
  if (member)
    name += "." + member->getNameAsString();
  return "'" + name + "'";
}

} // namespace

std::optional<HostScalar> HostEvaluator::variable(const VarDecl *var,
                                                  const FieldDecl *member,
                                                  std::optional<unsigned> field,
                                                  const Stmt *point) {
  std::string name = displayName(var, member);
  // The value the write stores in what is asked for: the member of a
  // structure value, then the component of a dim3 value.
  auto valueOf = [&](const Expr *value, bool wholeVariable,
                     std::optional<unsigned> writtenField,
                     const Stmt *at) -> std::optional<HostScalar> {
    if (member && wholeVariable) {
      value = memberInitializer(value, member);
      if (!value)
        return unknown(name + " is not evaluated: '" + var->getNameAsString() +
                       "' is not set member by member");
    }
    if (field && !writtenField)
      return dim3Component(value, *field, at);
    return scalar(value, at);
  };
  bool isLocal = var->hasLocalStorage() || var->isStaticLocal();
  if (!isLocal) {
    // A namespace-scope variable: only its initializer is trustworthy, and
    // only when it cannot change.
    if (!var->getType().isConstQualified() || !var->getInit())
      return unknown(name +
                     " is a global variable that may change at run time");
    return valueOf(var->getInit(), /*wholeVariable=*/true, std::nullopt,
                   var->getInit());
  }
  if (!function || !function->getBody())
    return unknown(name + " is not in a function body");

  const Expr *escape = nullptr;
  std::vector<Write> writes = writesOf(context, function, var, member, escape);
  if (escape)
    return unknown(name + " may be changed through a reference or its address");
  std::string reason;
  const Write *last =
      certainLastWrite(context, writes, var, field, point, name, reason);
  if (!last)
    return unknown(reason);
  const Stmt *at = last->node.get<Stmt>();
  switch (last->kind) {
  case Write::Init:
  case Write::Assign:
    return valueOf(last->valueExpr, last->wholeVariable, last->field, at);
  case Write::Compound:
  case Write::Increment:
  case Write::Decrement: {
    std::optional<HostScalar> before = variable(var, member, field, at);
    if (!before)
      return std::nullopt;
    if (last->kind != Write::Compound) {
      if (before->isFloat)
        return makeFloat(before->floatValue +
                         (last->kind == Write::Increment ? 1 : -1));
      llvm::APSInt one(llvm::APInt(before->intValue.getBitWidth(), 1),
                       before->intValue.isUnsigned());
      return makeInt(last->kind == Write::Increment ? before->intValue + one
                                                    : before->intValue - one);
    }
    // Rebuild `v op= e` as `v op e` in the computation type.
    const auto *op = llvm::cast<CompoundAssignOperator>(last->operation);
    std::optional<HostScalar> rhs = scalar(op->getRHS(), at);
    if (!rhs)
      return std::nullopt;
    std::optional<HostScalar> l = cast(*before, op->getComputationLHSType());
    std::optional<HostScalar> r = cast(*rhs, op->getComputationLHSType());
    if (!l || !r)
      return std::nullopt;
    BinaryOperatorKind kind =
        BinaryOperator::getOpForCompoundAssignment(op->getOpcode());
    std::optional<HostScalar> result =
        arith(kind, *l, *r, op->getComputationResultType(), op);
    if (!result)
      return std::nullopt;
    return cast(*result, op->getLHS()->getType());
  }
  }
  return std::nullopt;
}

HostEvaluator::ReachingValues HostEvaluator::reachingValues(const VarDecl *var,
                                                            const Stmt *point) {
  ReachingValues out;
  std::string name = displayName(var, nullptr);
  if (!function || !function->getBody()) {
    out.unfollowed = name + " is not in a function body";
    return out;
  }
  const Expr *escape = nullptr;
  std::vector<Write> writes = writesOf(context, function, var, nullptr, escape);
  if (escape) {
    out.unfollowed =
        name + " may be changed through a reference or its address";
  } else {
    std::string reason;
    const Write *last = certainLastWrite(context, writes, var, std::nullopt,
                                         point, name, reason);
    if (last && last->valueExpr &&
        (last->kind == Write::Init || last->kind == Write::Assign)) {
      out.values.push_back(last->valueExpr);
      out.certain = true;
      return out;
    }
  }
  // No single certain value: every write that may reach the point counts,
  // those before it and those in a loop around it, but not those in the
  // other arm of a branch that holds the point.
  const SourceManager &sm = context.getSourceManager();
  DynTypedNode pointNode = DynTypedNode::create(*point);
  SourceLocation pointLoc = sm.getExpansionLoc(point->getBeginLoc());
  std::vector<const Write *> reaching;
  for (const Write &w : writes) {
    Reach reach = classify(context, w.node, pointNode, var);
    if (reach == Reach::OtherArm)
      continue;
    SourceLocation loc = sm.getExpansionLoc(nodeBegin(w.node));
    if (reach != Reach::LoopVariant &&
        !sm.isBeforeInTranslationUnit(loc, pointLoc))
      continue;
    if (!w.valueExpr || w.kind == Write::Compound) {
      if (out.unfollowed.empty())
        out.unfollowed = name + " is changed by arithmetic at line " +
                         std::to_string(sm.getExpansionLineNumber(loc));
      continue;
    }
    reaching.push_back(&w);
  }
  std::stable_sort(reaching.begin(), reaching.end(),
                   [&](const Write *a, const Write *b) {
                     return sm.isBeforeInTranslationUnit(
                         sm.getExpansionLoc(nodeBegin(a->node)),
                         sm.getExpansionLoc(nodeBegin(b->node)));
                   });
  for (const Write *w : reaching)
    out.values.push_back(w->valueExpr);
  return out;
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
  const RecordDecl *record = var->getType()->getAsRecordDecl();
  if (record)
    for (const FieldDecl *field : record->fields())
      if (field->getName() == memberName)
        member = field;
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
  } else if (const auto *param = dyn_cast<ParmVarDecl>(var)) {
    const auto *owner = dyn_cast<FunctionDecl>(param->getDeclContext());
    fail("'" + param->getNameAsString() + "' is a parameter of '" +
         (owner ? owner->getNameAsString() : std::string("?")) + "'");
  } else {
    if (const RecordDecl *record = var->getType()->getAsRecordDecl())
      for (const FieldDecl *field : record->fields())
        if (field->getName() == memberName)
          member = field;
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
  std::vector<Write> writes = writesOf(context, function, var, member, escape);
  std::string reason;
  const Write *last = certainLastWrite(context, writes, var, std::nullopt,
                                       point, displayName(var, member), reason);
  if (escape || !last || !last->valueExpr ||
      (last->kind != Write::Init && last->kind != Write::Assign))
    return nullptr;
  return last->wholeVariable ? memberInitializer(last->valueExpr, member)
                             : last->valueExpr;
}

EvaluatedValue HostEvaluator::evaluateArgument(const Expr *argsArray,
                                               unsigned index, QualType type,
                                               const Stmt *point) {
  reason_.clear();
  depth = 0;
  EvaluatedValue out;
  std::string arrayText = text(argsArray);
  out.text = arrayText + "[" + std::to_string(index) + "]";
  const auto *ref = dyn_cast<DeclRefExpr>(argsArray->IgnoreParenImpCasts());
  const auto *array = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  const InitListExpr *init = nullptr;
  if (array && array->isLocalVarDecl() && isArgumentArrayType(array->getType()))
    init = dyn_cast_or_null<InitListExpr>(array->getInit());
  if (!init) {
    out.unknownReason = "the argument array '" + arrayText +
                        "' is not a local array initialized in place";
    return out;
  }
  ArgumentArrayUses uses(context, array);
  if (function && function->getBody())
    uses.TraverseStmt(const_cast<Stmt *>(function->getBody()));
  if (uses.otherUse) {
    out.unknownReason =
        "the argument array '" + arrayText + "' is used at line " +
        std::to_string(context.getSourceManager().getExpansionLineNumber(
            uses.otherUse->getBeginLoc())) +
        " other than by a launch";
    return out;
  }
  if (index >= init->getNumInits()) {
    out.unknownReason = "the argument array '" + arrayText +
                        "' has no element " + std::to_string(index);
    return out;
  }
  const Expr *element = init->getInit(index);
  const auto *addressOf = dyn_cast<UnaryOperator>(element->IgnoreParenCasts());
  if (!addressOf || addressOf->getOpcode() != UO_AddrOf) {
    out.text = text(element);
    out.unknownReason = "'" + out.text + "' is not the address of a value";
    return out;
  }
  const Expr *value = addressOf->getSubExpr();
  std::optional<HostScalar> scalarValue = scalar(value, point);
  if (scalarValue && !type.isNull())
    scalarValue = cast(*scalarValue, type);
  return toEvaluated(value, scalarValue);
}

EvaluatedValue HostEvaluator::toEvaluated(const Expr *expr,
                                          const std::optional<HostScalar> &v) {
  EvaluatedValue out;
  out.text = expr ? text(expr) : std::string();
  if (!v) {
    out.unknownReason = reason_.empty() ? "not a compile-time value" : reason_;
  } else if (v->isFloat) {
    out.value = v->floatValue;
  } else if (v->intValue.isSigned()) {
    if (v->intValue.getSignificantBits() <= 64)
      out.value = v->intValue.getSExtValue();
    else
      out.unknownReason = "the value does not fit in 64 bits";
  } else {
    if (v->intValue.getActiveBits() <= 64)
      out.value = v->intValue.getZExtValue();
    else
      out.unknownReason = "the value does not fit in 64 bits";
  }
  reason_.clear();
  return out;
}

EvaluatedValue HostEvaluator::evaluate(const Expr *expr, const Stmt *point,
                                       QualType type) {
  reason_.clear();
  depth = 0;
  std::optional<HostScalar> value = scalar(expr, point);
  if (value && !type.isNull())
    value = cast(*value, type);
  return toEvaluated(expr, value);
}

Dim3Value HostEvaluator::evaluateDim3(const Expr *expr, const Stmt *point) {
  Dim3Value out;
  out.text = text(expr);
  for (unsigned i = 0; i < 3; ++i) {
    reason_.clear();
    depth = 0;
    out.components[i] = toEvaluated(nullptr, dim3Component(expr, i, point));
    out.components[i].text = out.text;
  }
  return out;
}

} // namespace gpurd
