//===- Documents.h - What gpurd-lsp knows of each open file -----*- C++ -*-===//
//
// Per CUDA file the editor has open: its text as the editor has it, clangd's
// last diagnostics and gpurd's last findings, which gpurd-lsp publishes
// together (the union; clangd's never dropped). Safe to use from the
// editor's, clangd's and the analyses' threads.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LSP_DOCUMENTS_H
#define GPURD_LSP_DOCUMENTS_H

#include "gpurd/LSP/Findings.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace gpurd::lsp {

class Documents {
public:
  /// Whether gpurd analyses the file of \p uri (.cu, .cuh).
  static bool isCuda(llvm::StringRef uri);

  void open(llvm::StringRef uri, llvm::StringRef text);
  /// Applies didChange's content changes (whole texts, or LSP ranges).
  void change(llvm::StringRef uri, const llvm::json::Array &changes);
  void close(llvm::StringRef uri);

  void setClangd(llvm::StringRef uri, const llvm::json::Array &diagnostics);
  /// The file's text as the editor has it, if it is open.
  std::optional<std::string> text(llvm::StringRef uri) const;
  /// gpurd's findings of \p report for the file of \p uri, whose analysis
  /// read \p text.
  FileFindings findingsOf(llvm::StringRef uri, llvm::StringRef text,
                          const llvm::json::Value &report,
                          llvm::StringRef docsBase) const;
  /// Sets gpurd's findings of the file. The findings of \p keepChecks it
  /// had stay beside them, without their quick fixes (an early analysis's
  /// findings, which leave those checks out: their positions are of the
  /// text an earlier analysis read, and its edits may no longer apply).
  void setGpurd(llvm::StringRef uri, FileFindings findings,
                std::optional<std::string> note,
                llvm::ArrayRef<llvm::StringRef> keepChecks = {});

  /// The params of a publishDiagnostics for \p uri: clangd's diagnostics,
  /// then gpurd's while the file is open. None for a file neither has.
  std::optional<llvm::json::Object> diagnosticsParams(llvm::StringRef uri);
  /// gpurd's quick fixes at \p range of the file of \p uri.
  llvm::json::Array quickFixes(llvm::StringRef uri,
                               const llvm::json::Value &range);

private:
  struct Document {
    bool open = false;
    std::string text;
    llvm::json::Array clangd;
    FileFindings gpurd;
    std::optional<std::string> note;
  };
  mutable std::mutex lock;
  std::map<std::string, Document> documents;
};

/// \p text with one LSP content change applied (a whole text, or a range's
/// replacement; characters counted as bytes, exact for ASCII sources).
std::string applyContentChange(llvm::StringRef text,
                               const llvm::json::Object &change);

} // namespace gpurd::lsp

#endif // GPURD_LSP_DOCUMENTS_H
