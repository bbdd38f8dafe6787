//===- Suppressions.cpp - Findings silenced in the source -----------------===//

#include "gpurd/Advisor/Suppressions.h"
#include "gpurd/Advisor/Check.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

using namespace llvm;

namespace gpurd::advisor {
namespace {

/// A NOLINT comment of one kind on a line: its globs ("*" without
/// parentheses) and its text.
struct Comment {
  std::string globs;
  std::string text;
};

/// The comment \p marker (NOLINT, NOLINTNEXTLINE, NOLINTBEGIN, NOLINTEND)
/// on \p line, if there is one: the marker must not run on into a longer
/// one (NOLINT is not NOLINTNEXTLINE).
std::optional<Comment> commentOn(StringRef line, StringRef marker) {
  for (size_t at = line.find(marker); at != StringRef::npos;
       at = line.find(marker, at + 1)) {
    StringRef rest = line.drop_front(at + marker.size());
    if (!rest.empty() && (isAlnum(rest.front()) || rest.front() == '_'))
      continue;
    if (!line.take_front(at).contains("//") &&
        !line.take_front(at).contains("/*"))
      continue; // Not in a comment.
    Comment comment{"*", marker.str()};
    if (rest.consume_front("(")) {
      size_t close = rest.find(')');
      if (close == StringRef::npos)
        continue; // clang-tidy ignores an unclosed list.
      comment.globs = rest.take_front(close).str();
      comment.text = (marker + "(" + rest.take_front(close) + ")").str();
    }
    return comment;
  }
  return std::nullopt;
}

bool silences(const Comment &comment, StringRef check) {
  SmallVector<StringRef, 4> globs;
  StringRef(comment.globs).split(globs, ',', -1, /*KeepEmpty=*/false);
  for (StringRef glob : globs)
    if (checkGlobMatches(glob.trim(), check))
      return true;
  return false;
}

} // namespace

std::optional<std::string> suppressionAt(const std::vector<StringRef> &lines,
                                         unsigned line, StringRef check) {
  if (line == 0 || line > lines.size())
    return std::nullopt;
  if (auto comment = commentOn(lines[line - 1], "NOLINT"))
    if (silences(*comment, check))
      return comment->text;
  if (line > 1)
    if (auto comment = commentOn(lines[line - 2], "NOLINTNEXTLINE"))
      if (silences(*comment, check))
        return comment->text;
  // The innermost open NOLINTBEGIN block that silences the check.
  std::vector<Comment> open;
  for (unsigned l = 0; l + 1 < line; ++l) {
    if (auto begin = commentOn(lines[l], "NOLINTBEGIN"))
      open.push_back(*begin);
    if (auto end = commentOn(lines[l], "NOLINTEND"))
      for (size_t i = open.size(); i-- > 0;)
        if (open[i].globs == end->globs) {
          open.erase(open.begin() + i);
          break;
        }
  }
  for (size_t i = open.size(); i-- > 0;)
    if (silences(open[i], check))
      return open[i].text;
  return std::nullopt;
}

void markSuppressed(std::vector<Finding> &findings) {
  struct File {
    std::unique_ptr<MemoryBuffer> buffer;
    std::vector<StringRef> lines;
  };
  StringMap<File> files;
  for (Finding &finding : findings) {
    const std::string &path = finding.position.file;
    if (path.empty() || finding.position.line == 0)
      continue;
    auto [entry, added] = files.try_emplace(path);
    File &file = entry->second;
    if (added)
      if (auto buffer = MemoryBuffer::getFile(path, /*IsText=*/true)) {
        file.buffer = std::move(*buffer);
        StringRef text = file.buffer->getBuffer();
        while (!text.empty()) {
          auto [line, rest] = text.split('\n');
          file.lines.push_back(line);
          text = rest;
        }
      }
    finding.suppressedBy =
        suppressionAt(file.lines, finding.position.line, finding.check);
  }
}

} // namespace gpurd::advisor
