//===- SourcePositions.cpp - Clang locations as SourcePositions -----------===//

#include "SourcePositions.h"

#include "clang/Basic/FileManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace gpurd {

SourcePosition positionOf(const clang::SourceManager &sm,
                          clang::SourceLocation loc) {
  SourcePosition position;
  clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (presumed.isInvalid())
    return position;
  // Relative names are relative to the compile command's directory.
  llvm::SmallString<256> path(presumed.getFilename());
  sm.getFileManager().makeAbsolutePath(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  position.file = path.str().str();
  position.line = presumed.getLine();
  position.column = presumed.getColumn();
  return position;
}

std::string writtenText(const clang::SourceManager &sm,
                        const clang::LangOptions &langOpts,
                        clang::SourceRange range) {
  clang::CharSourceRange written = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(range), sm, langOpts);
  if (written.isInvalid())
    written = sm.getExpansionRange(range);
  return clang::Lexer::getSourceText(written, sm, langOpts).str();
}

} // namespace gpurd
