//===- HostEvaluatorInternal.h - Shared by the host evaluator ---*- C++ -*-===//
//
// Private to the HostEvaluator's files: HostEvaluator.cpp (the entry points),
// HostExpressions.cpp (expressions), HostLastWrite.cpp (statements and the
// search for the last certain write before a use) and HostStructMembers.cpp
// (structure members). What more than one of them needs is declared here.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_HOSTEVALUATORINTERNAL_H
#define GPURD_LIB_FRONTEND_HOSTEVALUATORINTERNAL_H

#include "HostEvaluator.h"

#include "clang/AST/ASTTypeTraits.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace gpurd::host {

//===----------------------------------------------------------------------===//
// Scalars (HostExpressions.cpp)
//===----------------------------------------------------------------------===//

inline HostScalar makeInt(llvm::APSInt value) {
  HostScalar s;
  s.intValue = std::move(value);
  return s;
}

inline HostScalar makeFloat(double value) {
  HostScalar s;
  s.isFloat = true;
  s.floatValue = value;
  return s;
}

inline double toDouble(const HostScalar &value) {
  if (value.isFloat)
    return value.floatValue;
  return value.intValue.isSigned()
             ? static_cast<double>(value.intValue.getSExtValue())
             : static_cast<double>(value.intValue.getZExtValue());
}

/// Index of a dim3/uint3 member (x, y, z), if \p field is one.
std::optional<unsigned> dimIndex(const clang::ValueDecl *field);

//===----------------------------------------------------------------------===//
// Writes and argument arrays (HostLastWrite.cpp)
//===----------------------------------------------------------------------===//

/// One place where a variable is written.
struct Write {
  clang::DynTypedNode node; ///< Where it happens (for position and ancestry).
  const clang::Expr *valueExpr = nullptr; ///< The assigned value (init, rhs).
  std::optional<unsigned> field; ///< Member written, or the whole variable.
  /// For a query about a member `v.m`: the write stores all of `v`, and
  /// valueExpr is the whole structure.
  bool wholeVariable = false;
  /// Incoming: the value a parameter has on entry to its function (node is
  /// the parameter, valueExpr null).
  enum Kind {
    Init,
    Assign,
    Compound,
    Increment,
    Decrement,
    Incoming
  } kind = Assign;
  const clang::Expr *operation = nullptr; ///< The compound assignment, if any.
};

/// Every write of \p var (member \p member) in \p function, its initializer
/// last; \p escape is set when its address escapes.
std::vector<Write> writesOf(clang::ASTContext &context,
                            const clang::FunctionDecl *function,
                            const clang::VarDecl *var,
                            const clang::FieldDecl *member,
                            const clang::Expr *&escape);

/// writesOf's answers, asked once each: the host function of a file that
/// launches many kernels is asked for the same variables' writes at every
/// launch, each a walk of its whole body (the CUDA samples' reduction: 213
/// launches in one switch). One per translation unit.
class WriteCache {
public:
  const std::vector<Write> &writesOf(clang::ASTContext &context,
                                     const clang::FunctionDecl *function,
                                     const clang::VarDecl *var,
                                     const clang::FieldDecl *member,
                                     const clang::Expr *&escape);

private:
  struct Answer {
    std::vector<Write> writes;
    const clang::Expr *escape = nullptr;
  };
  std::map<std::tuple<const clang::FunctionDecl *, const clang::VarDecl *,
                      const clang::FieldDecl *>,
           Answer>
      answers;
};

/// The write of a parameter's incoming value, placed at the parameter.
Write incomingWrite(const clang::ParmVarDecl *param,
                    const clang::FieldDecl *member);

/// Why a variable has no certain last write before a point.
enum class NoCertainWrite { NoValue, InLoop, Conditional };

/// The write of \p writes whose value \p var (component \p field) certainly
/// holds at \p point, or null with \p reason saying why there is none (and
/// \p why, when given, the kind of reason). \p name is how messages call
/// the variable.
const Write *
certainLastWrite(clang::ASTContext &context, const std::vector<Write> &writes,
                 const clang::VarDecl *var, std::optional<unsigned> field,
                 const clang::Stmt *point, const std::string &name,
                 std::string &reason, NoCertainWrite *why = nullptr);

/// The writes whose value \p var (component \p field) may hold at \p point
/// when its last write before the point is under a condition, in source
/// order: the last certain write before them (unless a branch after it
/// writes in each of its arms) and the conditional writes after it. Empty
/// when one of them changes the value by arithmetic.
std::vector<const Write *> possibleLastWrites(clang::ASTContext &context,
                                              const std::vector<Write> &writes,
                                              const clang::VarDecl *var,
                                              std::optional<unsigned> field,
                                              const clang::Stmt *point);

/// Whether \p write happens under a condition relative to \p point (in a
/// branch or loop that does not hold the point).
bool isConditionalWrite(clang::ASTContext &context, const Write &write,
                        const clang::Stmt *point, const clang::VarDecl *var);

/// Whether some write of \p writes other than an initializer or an incoming
/// value may happen between \p from and \p to (at or after \p from, before
/// \p to, or in a loop around \p to).
bool writtenBetween(clang::ASTContext &context,
                    const std::vector<Write> &writes, const clang::VarDecl *var,
                    const clang::Stmt *from, const clang::Stmt *to);

/// The source line of \p stmt (of its expansion).
unsigned lineOf(clang::ASTContext &context, const clang::Stmt *stmt);
/// The source line of \p write.
unsigned lineOf(clang::ASTContext &context, const Write &write);

/// `v.m` for messages.
std::string displayName(const clang::VarDecl *var,
                        const clang::FieldDecl *member);

/// Whether \p type is that of an argument array (`void *args[]`).
bool isArgumentArrayType(clang::QualType type);

/// The first use of the argument array \p array in \p body other than being
/// handed to a launch function, or null when launches are all that use it:
/// then the addresses in its initializer are read by the launch and nothing
/// writes through them.
const clang::DeclRefExpr *nonLaunchUse(clang::ASTContext &context,
                                       const clang::VarDecl *array,
                                       const clang::Stmt *body);

//===----------------------------------------------------------------------===//
// Structure members (HostStructMembers.cpp)
//===----------------------------------------------------------------------===//

/// The initializer of member \p member in the structure value \p expr
/// (`{grid, block, 0, 0}`, `{.gridDim = grid}`, `{}`), or null when \p expr
/// is not written member by member.
const clang::Expr *memberInitializer(const clang::Expr *expr,
                                     const clang::FieldDecl *member);

} // namespace gpurd::host

#endif // GPURD_LIB_FRONTEND_HOSTEVALUATORINTERNAL_H
