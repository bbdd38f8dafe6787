//===- SourceTokens.cpp - Edits that change no token of a file ------------===//

#include "gpurd/LSP/SourceTokens.h"
#include "gpurd/LSP/Findings.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::lsp {
namespace {

/// CUDA C++ as the raw lexer needs it: `//` comments and C++'s digraphs
/// (identifiers stay raw: keywords need no table).
clang::LangOptions cudaOptions() {
  clang::LangOptions options;
  options.CPlusPlus = options.CPlusPlus11 = options.CPlusPlus14 = 1;
  options.CPlusPlus17 = 1;
  options.CUDA = 1;
  options.LineComment = 1;
  options.Digraphs = 1;
  options.Bool = 1;
  return options;
}

} // namespace

TokenMap::Text TokenMap::lex(StringRef text,
                             std::vector<std::string> &spellings) {
  Text out;
  out.lines.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      out.lines.push_back(i + 1);
  // The lexer reads up to a terminating NUL.
  std::string buffer = text.str();
  clang::LangOptions options = cudaOptions();
  clang::Lexer lexer(clang::SourceLocation(), options, buffer.c_str(),
                     buffer.c_str(), buffer.c_str() + buffer.size());
  lexer.SetCommentRetentionState(true);
  clang::Token token;
  for (;;) {
    lexer.LexFromRawLexer(token);
    if (token.is(clang::tok::eof))
      break;
    // With no file location, a raw token's location is its offset.
    size_t start = token.getLocation().getRawEncoding();
    StringRef spelling = StringRef(buffer).substr(start, token.getLength());
    if (token.is(clang::tok::comment) && !spelling.contains("NOLINT"))
      continue;
    out.starts.push_back(start);
    out.ends.push_back(start + token.getLength());
    spellings.push_back(spelling.str());
  }
  return out;
}

std::optional<TokenMap> TokenMap::between(StringRef before, StringRef after) {
  std::vector<std::string> a, b;
  TokenMap map;
  map.before = lex(before, a);
  map.after = lex(after, b);
  if (a != b)
    return std::nullopt;
  return map;
}

std::optional<size_t> TokenMap::Text::offsetOf(SourcePosition position) const {
  auto [line, column] = position;
  if (line < 1 || column < 1 || size_t(line) > lines.size())
    return std::nullopt;
  return lines[line - 1] + size_t(column - 1);
}

SourcePosition TokenMap::Text::positionOf(size_t offset) const {
  auto next = std::upper_bound(lines.begin(), lines.end(), offset);
  size_t line = size_t(next - lines.begin()); // 1-based.
  return {int64_t(line), int64_t(offset - lines[line - 1] + 1)};
}

std::optional<SourcePosition> TokenMap::map(SourcePosition position) const {
  std::optional<size_t> offset = before.offsetOf(position);
  if (!offset)
    return std::nullopt;
  // The last token starting at or before the offset.
  auto next =
      std::upper_bound(before.starts.begin(), before.starts.end(), *offset);
  if (next == before.starts.begin())
    return std::nullopt;
  size_t i = size_t(next - before.starts.begin()) - 1;
  if (*offset > before.ends[i])
    return std::nullopt;
  return after.positionOf(after.starts[i] + (*offset - before.starts[i]));
}

std::optional<int64_t> TokenMap::mapLine(int64_t line) const {
  if (line < 1 || size_t(line) > before.lines.size())
    return std::nullopt;
  size_t begin = before.lines[line - 1];
  size_t end =
      size_t(line) < before.lines.size() ? before.lines[line] : SIZE_MAX;
  auto first =
      std::lower_bound(before.starts.begin(), before.starts.end(), begin);
  if (first == before.starts.end() || *first >= end)
    return std::nullopt;
  size_t i = size_t(first - before.starts.begin());
  return after.positionOf(after.starts[i]).first;
}

namespace {

/// \p message with each `line N` (N a line of the text before) naming the
/// line after; false if a line cannot be moved.
bool moveLines(std::string &message, const TokenMap &map) {
  std::string out;
  StringRef rest = message;
  for (;;) {
    size_t at = rest.find("line ");
    if (at == StringRef::npos)
      break;
    bool word = at == 0 || !isAlnum(rest[at - 1]);
    StringRef digits = rest.substr(at + 5).take_while(isDigit);
    out += rest.take_front(at + 5).str();
    rest = rest.drop_front(at + 5);
    if (!word || digits.empty())
      continue;
    int64_t line = 0;
    if (digits.getAsInteger(10, line))
      return false;
    std::optional<int64_t> moved = map.mapLine(line);
    if (!moved)
      return false;
    out += std::to_string(*moved);
    rest = rest.drop_front(digits.size());
  }
  out += rest.str();
  message = std::move(out);
  return true;
}

bool isIn(const json::Object &object, StringRef file, StringRef directory) {
  std::optional<StringRef> path = object.getString("file");
  return path && absolutePath(*path, directory) == file;
}

bool move(json::Value &value, const TokenMap &map, StringRef file,
          StringRef directory) {
  if (json::Array *array = value.getAsArray()) {
    for (json::Value &element : *array)
      if (!move(element, map, file, directory))
        return false;
    return true;
  }
  json::Object *object = value.getAsObject();
  if (!object)
    return true;
  std::optional<int64_t> line = object->getInteger("line");
  std::optional<int64_t> column = object->getInteger("column");
  if (line && column && isIn(*object, file, directory)) {
    std::optional<SourcePosition> moved = map.map({*line, *column});
    if (!moved)
      return false;
    (*object)["line"] = moved->first;
    (*object)["column"] = moved->second;
  }
  const json::Object *location = object->getObject("location");
  std::optional<StringRef> message = object->getString("message");
  if (location && message && isIn(*location, file, directory)) {
    std::string text = message->str();
    if (!moveLines(text, map))
      return false;
    (*object)["message"] = std::move(text);
  }
  for (auto &entry : *object)
    if (!move(entry.second, map, file, directory))
      return false;
  return true;
}

} // namespace

bool moveReport(json::Value &report, const TokenMap &map, StringRef file,
                StringRef directory) {
  return move(report, map, file, directory);
}

} // namespace gpurd::lsp
