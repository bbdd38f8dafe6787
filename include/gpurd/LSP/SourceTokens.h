//===- SourceTokens.h - Edits that change no token of a file ----*- C++ -*-===//
//
// An edit of comments, blank lines or indentation changes where a kernel's
// code is, not what an analysis of it finds: gpurd-lsp moves the findings
// of the text before the edit to the text after it instead of analysing
// again. Two texts are the same to an analysis when clang's raw lexer gives
// the same tokens for both, a comment that names NOLINT counting as a
// token (it silences findings, docs/configuration.md); each position of a
// finding, which is a token's first character or the end of a fix-it's
// range, then moves with its token.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_SOURCETOKENS_H
#define GPURD_LSP_SOURCETOKENS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpurd::lsp {

/// A position as reports give it: 1-based line and byte column.
using SourcePosition = std::pair<int64_t, int64_t>;

/// Positions of one text moved to another with the same tokens.
class TokenMap {
public:
  /// The map from \p before to \p after, or none if their tokens differ.
  static std::optional<TokenMap> between(llvm::StringRef before,
                                         llvm::StringRef after);

  /// Where \p position of the text before is in the text after: a
  /// position in a token or at its end moves with the token; none for one
  /// outside every token (in a comment, in white space, past the end).
  std::optional<SourcePosition> map(SourcePosition position) const;
  /// The line of the text after that holds the first token of \p line of
  /// the text before; none for a line with no token.
  std::optional<int64_t> mapLine(int64_t line) const;

private:
  struct Text {
    /// Token i covers [starts[i], ends[i]).
    std::vector<size_t> starts, ends;
    /// The offset each line starts at (line 1 at 0).
    std::vector<size_t> lines;

    std::optional<size_t> offsetOf(SourcePosition position) const;
    SourcePosition positionOf(size_t offset) const;
  };
  static Text lex(llvm::StringRef text, std::vector<std::string> &spellings);

  Text before, after;
};

/// Moves every position of \p report (gpurd-advise's JSON: each object with
/// "file", "line" and "column") in \p file (absolute; the report's relative
/// paths start at \p directory) by \p map, and the "line N" a finding's
/// message or its notes' name when the finding is in \p file. False, with
/// \p report partly moved, if one of them cannot be moved.
bool moveReport(llvm::json::Value &report, const TokenMap &map,
                llvm::StringRef file, llvm::StringRef directory);

} // namespace gpurd::lsp

#endif // GPURD_LSP_SOURCETOKENS_H
