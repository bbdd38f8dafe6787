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

#include <optional>
#include <string>
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
  enum Kind { Init, Assign, Compound, Increment, Decrement } kind = Assign;
  const clang::Expr *operation = nullptr; ///< The compound assignment, if any.
};

/// Every write of \p var (member \p member) in \p function, its initializer
/// last; \p escape is set when its address escapes.
std::vector<Write> writesOf(clang::ASTContext &context,
                            const clang::FunctionDecl *function,
                            const clang::VarDecl *var,
                            const clang::FieldDecl *member,
                            const clang::Expr *&escape);

/// The write of \p writes whose value \p var (component \p field) certainly
/// holds at \p point, or null with \p reason saying why there is none.
/// \p name is how messages call the variable.
const Write *certainLastWrite(clang::ASTContext &context,
                              const std::vector<Write> &writes,
                              const clang::VarDecl *var,
                              std::optional<unsigned> field,
                              const clang::Stmt *point, const std::string &name,
                              std::string &reason);

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
