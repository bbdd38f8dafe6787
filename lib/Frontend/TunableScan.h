//===- TunableScan.h - Tunable values and the names uses read ---*- C++ -*-===//
//
// The values a programmer tunes (macros and constants defined by an integer
// literal in the analysed file) and the names an expression is written
// with, so that the advisor's tile search can tell which tunables size a
// shared array or shape a launch.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_TUNABLESCAN_H
#define GPURD_LIB_FRONTEND_TUNABLESCAN_H

#include "gpurd/Frontend/KernelInfo.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class Preprocessor;
} // namespace clang

namespace gpurd {

/// The tunables of the main file: its object-like macros defined as one
/// integer literal, and its namespace-scope `const`/`constexpr` integers
/// initialised with one, in source order.
std::vector<Tunable> scanTunables(clang::Preprocessor &pp,
                                  clang::ASTContext &context);

/// The identifiers of the text of \p range (a macro's use, not its
/// definition), sorted and unique.
std::vector<std::string> identifiersIn(clang::ASTContext &context,
                                       clang::SourceRange range);

/// The identifiers \p expr is written with, and those of the initializers
/// of the local variables it reads, followed a few levels deep; sorted and
/// unique.
std::vector<std::string> namesOf(clang::ASTContext &context,
                                 const clang::Expr *expr);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_TUNABLESCAN_H
