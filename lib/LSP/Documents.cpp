//===- Documents.cpp - What gpurd-lsp knows of each open file -------------===//

#include "gpurd/LSP/Documents.h"

#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpurd::lsp {
namespace {

/// The byte offset of an LSP Position in \p text (clamped to it).
size_t offsetOf(StringRef text, const json::Object *position) {
  int64_t line = position ? position->getInteger("line").value_or(0) : 0;
  int64_t character =
      position ? position->getInteger("character").value_or(0) : 0;
  size_t offset = 0;
  for (int64_t l = 0; l < line; ++l) {
    size_t next = text.find('\n', offset);
    if (next == StringRef::npos)
      return text.size();
    offset = next + 1;
  }
  size_t lineEnd = std::min(text.find('\n', offset), text.size());
  return std::min(offset + size_t(std::max<int64_t>(0, character)), lineEnd);
}

} // namespace

std::string applyContentChange(StringRef text, const json::Object &change) {
  StringRef replacement = change.getString("text").value_or("");
  const json::Object *range = change.getObject("range");
  if (!range)
    return replacement.str();
  size_t begin = offsetOf(text, range->getObject("start"));
  size_t end = std::max(begin, offsetOf(text, range->getObject("end")));
  return (text.take_front(begin) + replacement + text.drop_front(end)).str();
}

bool Documents::isCuda(StringRef uri) {
  return uri.ends_with(".cu") || uri.ends_with(".cuh");
}

void Documents::open(StringRef uri, StringRef text) {
  std::lock_guard<std::mutex> guard(lock);
  Document &document = documents[uri.str()];
  document.open = true;
  document.text = text.str();
}

void Documents::change(StringRef uri, const json::Array &changes) {
  std::lock_guard<std::mutex> guard(lock);
  Document &document = documents[uri.str()];
  for (const json::Value &change : changes)
    if (const json::Object *object = change.getAsObject())
      document.text = applyContentChange(document.text, *object);
}

void Documents::close(StringRef uri) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = documents.find(uri.str());
  if (it == documents.end())
    return;
  it->second.open = false;
  it->second.text.clear();
  it->second.gpurd = FileFindings();
  it->second.note.reset();
}

void Documents::setClangd(StringRef uri, const json::Array &diagnostics) {
  std::lock_guard<std::mutex> guard(lock);
  documents[uri.str()].clangd = diagnostics;
}

std::optional<std::string> Documents::text(StringRef uri) const {
  std::lock_guard<std::mutex> guard(lock);
  auto it = documents.find(uri.str());
  if (it == documents.end() || !it->second.open)
    return std::nullopt;
  return it->second.text;
}

FileFindings Documents::findingsOf(StringRef uri, StringRef text,
                                   const json::Value &report,
                                   StringRef docsBase) const {
  FindingsContext context;
  context.file = pathOf(uri).value_or("");
  context.directory = sys::path::parent_path(context.file).str();
  context.docsBase = docsBase.str();
  context.text = text.str();
  return lsp::findingsOf(report, context);
}

void Documents::setGpurd(StringRef uri, FileFindings findings,
                         std::optional<std::string> note,
                         ArrayRef<StringRef> keepChecks) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = documents.find(uri.str());
  if (it == documents.end() || !it->second.open)
    return; // Closed while it was analysed.
  for (const json::Value &diagnostic : it->second.gpurd.diagnostics) {
    const json::Object *object = diagnostic.getAsObject();
    std::optional<StringRef> check =
        object ? object->getString("code") : std::nullopt;
    if (check && llvm::is_contained(keepChecks, *check)) {
      findings.diagnostics.push_back(diagnostic);
      findings.fixes.emplace_back();
    }
  }
  it->second.gpurd = std::move(findings);
  it->second.note = std::move(note);
}

std::optional<json::Object> Documents::diagnosticsParams(StringRef uri) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = documents.find(uri.str());
  if (it == documents.end())
    return std::nullopt;
  const Document &document = it->second;
  json::Array diagnostics = document.clangd;
  if (document.open) {
    for (const json::Value &diagnostic : document.gpurd.diagnostics)
      diagnostics.push_back(diagnostic);
    if (document.note)
      diagnostics.push_back(analysisNote(*document.note));
  }
  return json::Object{{"uri", uri.str()},
                      {"diagnostics", std::move(diagnostics)}};
}

json::Array Documents::quickFixes(StringRef uri, const json::Value &range) {
  std::lock_guard<std::mutex> guard(lock);
  auto it = documents.find(uri.str());
  if (it == documents.end() || !it->second.open)
    return json::Array();
  return quickFixesAt(it->second.gpurd, range);
}

} // namespace gpurd::lsp
