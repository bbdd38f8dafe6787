//===- DisplayPath.cpp - Paths as messages show them ----------------------===//

#include "gpurd/Frontend/DisplayPath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace gpurd {

std::string displayPath(llvm::StringRef path) {
  llvm::SmallString<256> cwd;
  if (llvm::sys::path::is_absolute(path) && !llvm::sys::fs::current_path(cwd)) {
    llvm::StringRef rest = path;
    if (rest.consume_front(cwd) && rest.consume_front("/"))
      return rest.str();
  }
  return path.str();
}

} // namespace gpurd
