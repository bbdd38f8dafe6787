//===- IslNames.h - Names that isl reads back -------------------*- C++ -*-===//
//
// The access model prints its sets and maps as isl text and has isl parse
// them. A name in that text is whatever the program or the compiler chose:
// a kernel parameter called `max` (an isl keyword), a shared variable the
// optimiser split into `myBinIndex.0`, whose demangled name is
// `myBinIndex (.0)`, a template variable `table<int>`. Each such name is
// mapped to an identifier isl reads as one name, distinct from every other
// name of the model; the model keeps its display names.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ACCESS_ISLNAMES_H
#define GPURD_LIB_ACCESS_ISLNAMES_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gpurd::access {

/// Whether isl's lexer reads \p name as a keyword (`and`, `max`, `mod`,
/// `floor`, ... in any letter case) rather than as an identifier.
bool isIslKeyword(llvm::StringRef name);

/// \p name as an isl identifier: every run of characters other than
/// letters, digits and `_` becomes one `_` (none at the end), a name that
/// would start with a digit or be empty gets the prefix \p fallback, and a
/// keyword gets a `_` appended. Names that are identifiers already are
/// unchanged.
std::string islIdentifierFor(llvm::StringRef name,
                             llvm::StringRef fallback = "v");

/// The isl identifiers of a model's variables and arrays (by index): each
/// islIdentifierFor its name, made unique over both lists (`_2`, `_3`...).
struct IslNames {
  std::vector<std::string> variables;
  std::vector<std::string> arrays;
};
IslNames islNamesOf(const AccessModel &model);

} // namespace gpurd::access

#endif
