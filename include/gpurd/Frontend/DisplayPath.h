//===- DisplayPath.h - Paths as messages show them --------------*- C++ -*-===//
#ifndef GPURD_FRONTEND_DISPLAYPATH_H
#define GPURD_FRONTEND_DISPLAYPATH_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace gpurd {

/// \p path relative to the working directory when it is below it, else as
/// given: how every output and message names a file.
std::string displayPath(llvm::StringRef path);

} // namespace gpurd

#endif
