//===- KernelTargets.h - Which kernels a launch may start -------*- C++ -*-===//
//
// A launch names its kernel directly (`k<<<...>>>`,
// `cudaLaunchKernel((const void *)k, ...)`) or reads it from a function
// pointer (`kernel<<<...>>>` with `void (*kernel)(float *, int)`). For a
// pointer, the kernels it may hold are those stored in it: for a local
// variable, the value of its last certain assignment before the launch, else
// every assignment that may reach the launch (HostEvaluator::reachingValues);
// for globals, members and arrays, every store in the translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_FRONTEND_KERNELTARGETS_H
#define GPURD_LIB_FRONTEND_KERNELTARGETS_H

#include "HostEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace gpurd {

struct KernelTargets {
  /// The kernels the launch may start, each once, in the source order of
  /// the stores that put them in the pointer.
  std::vector<const clang::FunctionDecl *> kernels;
  /// Source text of the pointer the kernel is read from (`kernel`, `ks[i]`);
  /// empty when the launch names the kernel directly.
  std::string pointer;
  /// Why the pointer may hold something else than `kernels` (a parameter, a
  /// call, an escaping address); with no kernels, why none is known.
  std::string unfollowed;
};

/// What the whole translation unit stores into a global variable, a member
/// or (the elements of) an array, computed once per declaration.
struct StoredValues {
  std::vector<const clang::Expr *> values;
  std::string unfollowed;
};
using StoreCache = std::map<std::pair<const clang::Decl *, bool>, StoredValues>;

/// The kernels that \p kernelExpr (the callee of `<<<...>>>`, or the
/// function argument of a launch API call) may designate at \p point.
/// \p evaluator belongs to the function containing the launch.
KernelTargets findKernelTargets(clang::ASTContext &context,
                                HostEvaluator &evaluator,
                                const clang::Expr *kernelExpr,
                                const clang::Stmt *point, StoreCache &cache);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_KERNELTARGETS_H
