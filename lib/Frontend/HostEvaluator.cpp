//===- HostEvaluator.cpp - Compile-time values of host expressions --------===//
//
// The HostEvaluator's entry points for scalars, dim3 values and the elements
// of argument arrays, and the values they give. The evaluation itself is in
// HostExpressions.cpp, HostLastWrite.cpp and HostStructMembers.cpp.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluatorInternal.h"
#include "SourcePositions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace clang;
using namespace gpurd::host;

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

std::string HostEvaluator::text(const Expr *expr) const {
  return writtenText(context.getSourceManager(), context.getLangOpts(),
                     expr->getSourceRange());
}

EvaluatedValue HostEvaluator::evaluateArgument(const Expr *argsArray,
                                               unsigned index, QualType type,
                                               const Stmt *point) {
  reason_.clear();
  depth = 0;
  steps = 0;
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
  const DeclRefExpr *otherUse = nullptr;
  if (function && function->getBody())
    otherUse = nonLaunchUse(context, array, function->getBody());
  if (otherUse) {
    out.unknownReason =
        "the argument array '" + arrayText + "' is used at line " +
        std::to_string(context.getSourceManager().getExpansionLineNumber(
            otherUse->getBeginLoc())) +
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
  steps = 0;
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
    steps = 0;
    out.components[i] = toEvaluated(nullptr, dim3Component(expr, i, point));
    out.components[i].text = out.text;
  }
  recordLiterals(expr, out);
  return out;
}

void HostEvaluator::recordLiterals(const Expr *expr, Dim3Value &out) const {
  // `dim3(32, 8)` and `256` (a converting construction) are constructions
  // in the launch itself; a variable's dim3 is written elsewhere, where
  // other launches may read it too.
  const auto *construct =
      expr ? dyn_cast<CXXConstructExpr>(expr->IgnoreImplicit()) : nullptr;
  if (!construct)
    return;
  const SourceManager &sm = context.getSourceManager();
  for (unsigned i = 0; i < 3 && i < construct->getNumArgs(); ++i) {
    const auto *literal =
        dyn_cast<IntegerLiteral>(construct->getArg(i)->IgnoreParenImpCasts());
    if (!literal || !literal->getLocation().isFileID())
      continue;
    Dim3Value::Literal written;
    written.begin = positionOf(sm, literal->getLocation());
    written.endColumn = written.begin.column +
                        Lexer::MeasureTokenLength(literal->getLocation(), sm,
                                                  context.getLangOpts());
    out.literals[i] = std::move(written);
  }
}

} // namespace gpurd
