//===- HostEvaluator.h - Compile-time values of host code -------*- C++ -*-===//
//
// Evaluates the host-side expressions of a launch site (grid and block
// dimensions, dynamic shared memory, scalar kernel arguments) the way a reader
// of the code would: through #defines, constexpr/const variables, enumerators,
// sizeof, dim3 constructors and member reads (`block.x`), calls of small
// helpers such as `iDivUp(n, 16)` and of ceil/floor/min/max, and through
// local variables whose last assignment before the launch is certain (no
// branch, loop or escaping address in between). Anything else is unknown,
// with a reason a user can act on. For the runtime's launch functions it also
// reads argument arrays (`void *args[] = {&n}`) and the members of a
// cudaLaunchConfig_t, and for function pointers it lists the values that may
// reach a launch.
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
#include <vector>

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

  /// Evaluates the scalar expression \p expr as seen at \p point, converted
  /// to \p type when one is given.
  EvaluatedValue evaluate(const clang::Expr *expr, const clang::Stmt *point,
                          clang::QualType type = clang::QualType());
  /// Evaluates a dim3-typed (or integer, converted to dim3) expression.
  Dim3Value evaluateDim3(const clang::Expr *expr, const clang::Stmt *point);

  /// Evaluates the scalar that element \p index of a launch's argument
  /// array points to (`void *args[] = {&n, &x}` gives `n` for index 0),
  /// converted to \p type. Only a local array initialized in place and used
  /// by launches alone is read; the addresses in it are not taken to escape.
  EvaluatedValue evaluateArgument(const clang::Expr *argsArray, unsigned index,
                                  clang::QualType type,
                                  const clang::Stmt *point);

  /// Members of a structure given by its address (`&config` for a local
  /// `cudaLaunchConfig_t config`), as for variables: the last certain write
  /// to the member (`config.gridDim = grid`, `config.gridDim.x = 4`) or to
  /// the whole structure (`cudaLaunchConfig_t config = {grid, block}`).
  Dim3Value evaluateMemberDim3(const clang::Expr *pointer,
                               llvm::StringRef member,
                               const clang::Stmt *point);
  EvaluatedValue evaluateMember(const clang::Expr *pointer,
                                llvm::StringRef member,
                                const clang::Stmt *point);
  /// Member \p memberName of the struct a launch passes by value (`p` for a
  /// local `Particles p`), as for variables: the last certain write to the
  /// member (`p.n = n`) or to the whole structure (`Particles p = {...}`),
  /// converted to the member's type. One level of members only.
  EvaluatedValue evaluateStructMember(const clang::Expr *structure,
                                      llvm::StringRef memberName,
                                      const clang::Stmt *point);
  /// `config.stream` for `&config`, `cfg->stream` for a pointer `cfg`.
  std::string memberText(const clang::Expr *pointer, llvm::StringRef member);
  /// The expression last stored to such a member when it is certain (for
  /// source text, such as the stream); null otherwise.
  const clang::Expr *memberValue(const clang::Expr *pointer,
                                 llvm::StringRef member,
                                 const clang::Stmt *point);

  /// The values a local variable may hold at \p point, for variables that
  /// hold something other than numbers (function pointers).
  struct ReachingValues {
    /// The stored expressions, in source order.
    std::vector<const clang::Expr *> values;
    /// Whether values is the one value the variable certainly holds.
    bool certain = false;
    /// Why other values may reach the point (an escaping address, a write
    /// gpurd does not follow); empty when values are all there is.
    std::string unfollowed;
  };
  /// The value of the last certain write before \p point, as for scalars;
  /// without one, every write that may reach the point: those before it
  /// and those in a loop around it, except in the other arm of a branch.
  ReachingValues reachingValues(const clang::VarDecl *var,
                                const clang::Stmt *point);

private:
  using Bindings = llvm::DenseMap<const clang::ParmVarDecl *, HostScalar>;

  // Expressions (HostExpressions.cpp).

  std::optional<HostScalar> scalar(const clang::Expr *expr,
                                   const clang::Stmt *point);
  /// scalar() for what Clang's constant evaluator does not fold: one method
  /// for each kind of expression.
  std::optional<HostScalar> scalarStructural(const clang::Expr *expr,
                                             const clang::Stmt *point);
  std::optional<HostScalar> literal(const clang::Expr *expr);
  std::optional<HostScalar> conversion(const clang::CastExpr *castExpr,
                                       const clang::Stmt *point);
  std::optional<HostScalar> unary(const clang::UnaryOperator *op,
                                  const clang::Stmt *point);
  std::optional<HostScalar> conditional(const clang::ConditionalOperator *cond,
                                        const clang::Stmt *point);
  /// An enumerator, a bound parameter or a variable.
  std::optional<HostScalar> reference(const clang::DeclRefExpr *ref,
                                      const clang::Stmt *point);
  std::optional<HostScalar> binary(const clang::BinaryOperator *op,
                                   const clang::Stmt *point);
  /// lhs OP rhs with the result converted to \p type; \p where is the
  /// expression, for messages.
  std::optional<HostScalar> arith(clang::BinaryOperatorKind kind,
                                  const HostScalar &lhs, const HostScalar &rhs,
                                  clang::QualType type,
                                  const clang::Expr *where);
  std::optional<HostScalar> floatArith(clang::BinaryOperatorKind kind, double a,
                                       double b, clang::QualType type);
  std::optional<HostScalar> intArith(clang::BinaryOperatorKind kind,
                                     llvm::APSInt a, llvm::APSInt b,
                                     clang::QualType type,
                                     const clang::Expr *where);
  std::optional<HostScalar> call(const clang::CallExpr *call,
                                 const clang::Stmt *point);
  /// ceil, floor, sqrt, round, abs and their variants.
  std::optional<HostScalar> unaryMath(const clang::CallExpr *call,
                                      const std::string &name,
                                      const clang::Stmt *point);
  /// min, max, pow and their variants.
  std::optional<HostScalar> binaryMath(const clang::CallExpr *call,
                                       const std::string &name,
                                       const clang::Stmt *point);
  /// A call of a helper whose body is the one statement \p ret: its value
  /// with the parameters of \p definition bound to the arguments.
  std::optional<HostScalar> helperCall(const clang::CallExpr *call,
                                       const clang::FunctionDecl *definition,
                                       const clang::ReturnStmt *ret,
                                       const clang::Stmt *point);
  std::optional<HostScalar> cast(const HostScalar &value, clang::QualType to);
  /// \p value (true or false) converted to \p type.
  std::optional<HostScalar> boolean(bool value, clang::QualType type);
  /// Component \p index (0..2 for x, y, z) of a dim3-valued expression.
  std::optional<HostScalar> dim3Component(const clang::Expr *expr,
                                          unsigned index,
                                          const clang::Stmt *point);

  // Variables: statements and the last certain write (HostLastWrite.cpp).

  /// The value of variable \p var (its member \p member when not null, then
  /// component \p field of that, or the whole of it when \p field is empty)
  /// just before \p point.
  std::optional<HostScalar> variable(const clang::VarDecl *var,
                                     const clang::FieldDecl *member,
                                     std::optional<unsigned> field,
                                     const clang::Stmt *point);
  /// What a write of \p value (to the whole variable, or to its component
  /// \p writtenField) at \p at stores in what variable() is asked for: the
  /// member of a structure value, then the component of a dim3 value.
  std::optional<HostScalar>
  storedValue(const clang::VarDecl *var, const clang::FieldDecl *member,
              std::optional<unsigned> field, const clang::Expr *value,
              bool wholeVariable, std::optional<unsigned> writtenField,
              const clang::Stmt *at);
  /// The value after `v++` (\p increment) or `v--` at \p at.
  std::optional<HostScalar> stepped(const clang::VarDecl *var,
                                    const clang::FieldDecl *member,
                                    std::optional<unsigned> field,
                                    bool increment, const clang::Stmt *at);
  /// The value after `v op= e` (\p op, at \p at).
  std::optional<HostScalar>
  compoundAssigned(const clang::VarDecl *var, const clang::FieldDecl *member,
                   std::optional<unsigned> field,
                   const clang::CompoundAssignOperator *op,
                   const clang::Stmt *at);

  // Structure members (HostStructMembers.cpp).

  /// The structure variable \p pointer is the address of, and its member
  /// named \p memberName; null with the reason recorded otherwise.
  const clang::VarDecl *pointedStructure(const clang::Expr *pointer,
                                         llvm::StringRef memberName,
                                         const clang::FieldDecl *&member);

  // Reasons and results (HostEvaluator.cpp).

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
