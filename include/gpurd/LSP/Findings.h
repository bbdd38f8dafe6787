//===- Findings.h - gpurd's findings as LSP diagnostics ---------*- C++ -*-===//
//
// The findings of a `gpurd-advise --format=json` report
// (docs/json-output.md) as the Language Server Protocol's diagnostics of
// one file: source "gpurd", the check as the code with a link to its page,
// the notes as related information, and the fix-its as quick fixes.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_FINDINGS_H
#define GPURD_LSP_FINDINGS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace gpurd::lsp {

/// A `file://` URI of an absolute path, and back (none for another scheme).
std::string uriOf(llvm::StringRef path);
std::optional<std::string> pathOf(llvm::StringRef uri);

/// A report's \p path (relative to \p directory, where gpurd-advise ran)
/// made absolute.
std::string absolutePath(llvm::StringRef path, llvm::StringRef directory);

/// gpurd's findings in one file.
struct FileFindings {
  /// LSP Diagnostic objects.
  llvm::json::Array diagnostics;
  /// The quick fixes (CodeAction objects) of each diagnostic, by index.
  std::vector<llvm::json::Array> fixes;
};

/// Where a finding's link points: \p docsBase followed by the check's name
/// and `.md` (docs/checks/ of the installed or source tree).
struct FindingsContext {
  /// The file the diagnostics are for (absolute).
  std::string file;
  /// The directory the report's relative paths start from.
  std::string directory;
  /// The file's text: each diagnostic's range covers the identifier or
  /// subscript expression at its position.
  std::string text;
  std::string docsBase;
};

/// The findings of \p report whose position is in \p context's file
/// (notes anywhere), once each.
FileFindings findingsOf(const llvm::json::Value &report,
                        const FindingsContext &context);

/// One diagnostic at the top of the file, of severity Information, for what
/// kept gpurd from analysing it.
llvm::json::Object analysisNote(llvm::StringRef message);

/// The quick fixes of \p findings whose diagnostic overlaps \p range (an LSP
/// Range).
llvm::json::Array quickFixesAt(const FileFindings &findings,
                               const llvm::json::Value &range);

} // namespace gpurd::lsp

#endif // GPURD_LSP_FINDINGS_H
