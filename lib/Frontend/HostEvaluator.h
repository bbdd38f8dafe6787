//===- HostEvaluator.h - Compile-time values of host expressions -*- C++
//-*-===//
//
// Evaluates the host-side expressions of a launch site (grid and block
// dimensions, dynamic shared memory, scalar kernel arguments) the way a reader
// of the code would: through #defines, constexpr/const variables, enumerators,
// sizeof, dim3 constructors and member reads (`block.x`), calls of small
// helpers such as `iDivUp(n, 16)` and of ceil/floor/min/max, and through
// local variables whose last assignment before the launch is certain (no
// branch, loop or escaping address in between). Anything else is unknown,
// with a reason a user can act on.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_HOSTEVALUATOR_H
#define GPURD_LIB_FRONTEND_HOSTEVALUATOR_H

#include "gpurd/Frontend/KernelInfo.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace gpurd {

/// A scalar host value: an integer of the expression's width and signedness,
/// or a floating-point value.
struct HostScalar {
  bool isFloat = false;
  llvm::APSInt intValue;
  double floatValue = 0;
};

class HostEvaluator {
public:
  /// \p function is the function containing the launch; may be null.
  HostEvaluator(clang::ASTContext &context, const clang::FunctionDecl *function)
      : context(context), function(function) {}

  /// Evaluates the scalar expression \p expr as seen at \p point.
  EvaluatedValue evaluate(const clang::Expr *expr, const clang::Stmt *point);
  /// Evaluates a dim3-typed (or integer, converted to dim3) expression.
  Dim3Value evaluateDim3(const clang::Expr *expr, const clang::Stmt *point);

private:
  using Bindings = llvm::DenseMap<const clang::ParmVarDecl *, HostScalar>;

  std::optional<HostScalar> scalar(const clang::Expr *expr,
                                   const clang::Stmt *point);
  std::optional<HostScalar> scalarStructural(const clang::Expr *expr,
                                             const clang::Stmt *point);
  std::optional<HostScalar> binary(const clang::BinaryOperator *op,
                                   const clang::Stmt *point);
  /// lhs OP rhs with the result converted to \p type; \p where is the
  /// expression, for messages.
  std::optional<HostScalar> arith(clang::BinaryOperatorKind kind,
                                  const HostScalar &lhs, const HostScalar &rhs,
                                  clang::QualType type,
                                  const clang::Expr *where);
  std::optional<HostScalar> call(const clang::CallExpr *call,
                                 const clang::Stmt *point);
  std::optional<HostScalar> cast(const HostScalar &value, clang::QualType to);
  /// Component \p index (0..2 for x, y, z) of a dim3-valued expression.
  std::optional<HostScalar> dim3Component(const clang::Expr *expr,
                                          unsigned index,
                                          const clang::Stmt *point);
  /// The value of variable \p var (field \p field of it, or the whole variable
  /// when \p field is empty) just before \p point.
  std::optional<HostScalar> variable(const clang::VarDecl *var,
                                     std::optional<unsigned> field,
                                     const clang::Stmt *point);

  bool fail(std::string reason) {
    if (reason_.empty())
      reason_ = std::move(reason);
    return false;
  }
  std::optional<HostScalar> unknown(std::string reason) {
    fail(std::move(reason));
    return std::nullopt;
  }
  std::string text(const clang::Expr *expr) const;
  EvaluatedValue toEvaluated(const clang::Expr *expr,
                             const std::optional<HostScalar> &value);

  clang::ASTContext &context;
  const clang::FunctionDecl *function;
  Bindings bindings;
  std::string reason_;
  unsigned depth = 0;
};

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_HOSTEVALUATOR_H
