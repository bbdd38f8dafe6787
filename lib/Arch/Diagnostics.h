//===- Diagnostics.h - Collected validation errors --------------*- C++ -*-===//
//
// Collects every problem found in a description, each tied to a JSON pointer,
// and turns them into one llvm::Error with one "<source>: <pointer>: <msg>"
// line per problem.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ARCH_DIAGNOSTICS_H
#define GPURD_LIB_ARCH_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gpurd::arch {

class Diagnostics {
public:
  explicit Diagnostics(llvm::StringRef sourceName) : sourceName(sourceName) {}

  /// Records \p message about the value at JSON pointer \p pointer ("" for
  /// the whole document).
  void error(llvm::StringRef pointer, const llvm::Twine &message);

  bool hasErrors() const { return !messages.empty(); }

  /// All recorded errors as one error, or success when there are none.
  llvm::Error takeError();

private:
  std::string sourceName;
  std::vector<std::string> messages;
};

} // namespace gpurd::arch

#endif // GPURD_LIB_ARCH_DIAGNOSTICS_H
