//===- Findings.cpp - gpurd's findings as LSP diagnostics -----------------===//

#include "gpurd/LSP/Findings.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <set>
#include <tuple>

using namespace llvm;

namespace gpurd::lsp {
namespace {

/// LSP's DiagnosticSeverity.
enum Severity { Error = 1, Warning = 2, Information = 3 };

int severityOf(StringRef name) {
  if (name == "error")
    return Error;
  if (name == "warning")
    return Warning;
  return Information; // remark
}

} // namespace

std::string absolutePath(StringRef path, StringRef directory) {
  SmallString<256> out(path);
  if (!sys::path::is_absolute(out)) {
    out = directory;
    sys::path::append(out, path);
  }
  sys::path::remove_dots(out, /*remove_dot_dot=*/true);
  return out.str().str();
}

namespace {

json::Object position(int64_t line, int64_t character) {
  return json::Object{{"line", std::max<int64_t>(0, line)},
                      {"character", std::max<int64_t>(0, character)}};
}

/// The range of a finding at 1-based \p line and \p column: the identifier
/// or subscripted expression starting there (`tile[x][y]`), at least one
/// character.
json::Object findingRange(StringRef text, int64_t line, int64_t column) {
  int64_t startLine = line - 1, start = column - 1, end = start + 1;
  SmallVector<StringRef, 0> lines;
  text.split(lines, '\n');
  if (startLine >= 0 && startLine < int64_t(lines.size()) && start >= 0) {
    StringRef line = lines[startLine];
    size_t i = size_t(start), n = line.size();
    while (i < n && (isAlnum(line[i]) || line[i] == '_'))
      ++i;
    // Its subscripts, each to its closing bracket.
    while (i < n && line[i] == '[') {
      size_t j = i;
      int depth = 0;
      for (; j < n; ++j)
        if (line[j] == '[')
          ++depth;
        else if (line[j] == ']' && --depth == 0)
          break;
      if (j == n)
        break;
      i = j + 1;
    }
    end = std::max<int64_t>(end, int64_t(i));
  }
  return json::Object{{"start", position(startLine, start)},
                      {"end", position(startLine, end)}};
}

/// A report location ({file, line, column}) of the file \p context names.
bool inFile(const json::Object *location, const FindingsContext &context) {
  if (!location)
    return false;
  std::optional<StringRef> file = location->getString("file");
  return file && absolutePath(*file, context.directory) == context.file;
}

json::Object locationOf(const json::Object &location,
                        const FindingsContext &context) {
  std::string file =
      absolutePath(location.getString("file").value_or(""), context.directory);
  int64_t line = location.getInteger("line").value_or(1);
  int64_t column = location.getInteger("column").value_or(1);
  StringRef text = file == context.file ? StringRef(context.text) : "";
  return json::Object{{"uri", uriOf(file)},
                      {"range", findingRange(text, line, column)}};
}

/// A fix-it ({begin, end, replacement}) as an LSP TextEdit, with its file.
std::pair<std::string, json::Object> textEdit(const json::Object &fix,
                                              const FindingsContext &context) {
  const json::Object *begin = fix.getObject("begin");
  const json::Object *end = fix.getObject("end");
  auto at = [](const json::Object *p) {
    return position(p ? p->getInteger("line").value_or(1) - 1 : 0,
                    p ? p->getInteger("column").value_or(1) - 1 : 0);
  };
  std::string file = absolutePath(
      begin ? begin->getString("file").value_or("") : "", context.directory);
  return {uriOf(file),
          json::Object{
              {"range", json::Object{{"start", at(begin)}, {"end", at(end)}}},
              {"newText", fix.getString("replacement").value_or("").str()}}};
}

/// The quick fix of \p note's fix-its, or none.
std::optional<json::Object> quickFix(const json::Object &note,
                                     const json::Object &diagnostic,
                                     const FindingsContext &context) {
  const json::Array *fixIts = note.getArray("fix_its");
  if (!fixIts || fixIts->empty())
    return std::nullopt;
  json::Object changes;
  std::string summary;
  for (const json::Value &fix : *fixIts) {
    const json::Object *object = fix.getAsObject();
    if (!object)
      continue;
    auto [uri, edit] = textEdit(*object, context);
    if (summary.empty())
      summary = "'" + object->getString("replacement").value_or("").str() + "'";
    json::Value &list = changes[uri];
    if (!list.getAsArray())
      list = json::Array();
    list.getAsArray()->push_back(std::move(edit));
  }
  std::string title = "gpurd: replace with " + summary;
  return json::Object{{"title", title},
                      {"kind", "quickfix"},
                      {"isPreferred", true},
                      {"diagnostics", json::Array{json::Object(diagnostic)}},
                      {"edit", json::Object{{"changes", std::move(changes)}}}};
}

/// Whether two LSP ranges overlap (touching counts).
bool overlaps(const json::Object &a, const json::Object &b) {
  auto key = [](const json::Object *p) {
    return std::make_pair(p ? p->getInteger("line").value_or(0) : 0,
                          p ? p->getInteger("character").value_or(0) : 0);
  };
  return !(key(a.getObject("end")) < key(b.getObject("start")) ||
           key(b.getObject("end")) < key(a.getObject("start")));
}

} // namespace

std::string uriOf(StringRef path) {
  std::string uri = "file://";
  for (unsigned char c : path) {
    if (isAlnum(c) || StringRef("/-._~").contains(c))
      uri += char(c);
    else
      uri += "%" + utohexstr(c, /*LowerCase=*/false, /*Width=*/2);
  }
  return uri;
}

std::optional<std::string> pathOf(StringRef uri) {
  if (!uri.consume_front("file://"))
    return std::nullopt;
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    unsigned value;
    if (uri[i] == '%' && i + 2 < uri.size() &&
        !uri.substr(i + 1, 2).getAsInteger(16, value)) {
      path += char(value);
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return path;
}

FileFindings findingsOf(const json::Value &report,
                        const FindingsContext &context) {
  FileFindings out;
  std::set<std::tuple<std::string, int64_t, int64_t, std::string>> seen;
  const json::Object *root = report.getAsObject();
  const json::Array *files = root ? root->getArray("files") : nullptr;
  for (const json::Value &file : files ? *files : json::Array()) {
    const json::Object *fileObject = file.getAsObject();
    const json::Array *launches =
        fileObject ? fileObject->getArray("launches") : nullptr;
    for (const json::Value &launch : launches ? *launches : json::Array()) {
      const json::Object *launchObject = launch.getAsObject();
      const json::Array *findings =
          launchObject ? launchObject->getArray("findings") : nullptr;
      for (const json::Value &value : findings ? *findings : json::Array()) {
        const json::Object *finding = value.getAsObject();
        const json::Object *location =
            finding ? finding->getObject("location") : nullptr;
        if (!inFile(location, context))
          continue;
        std::string check = finding->getString("check").value_or("").str();
        std::string message = finding->getString("message").value_or("").str();
        // A kernel launched twice reports the same finding twice.
        if (!seen.insert({check, location->getInteger("line").value_or(0),
                          location->getInteger("column").value_or(0), message})
                 .second)
          continue;
        json::Object diagnostic = locationOf(*location, context);
        diagnostic.erase("uri");
        diagnostic["severity"] = int64_t(
            severityOf(finding->getString("severity").value_or("warning")));
        diagnostic["source"] = "gpurd";
        diagnostic["code"] = check;
        diagnostic["codeDescription"] =
            json::Object{{"href", context.docsBase + check + ".md"}};
        diagnostic["message"] = message;
        json::Array related;
        json::Array fixes;
        const json::Array *notes = finding->getArray("notes");
        for (const json::Value &noteValue : notes ? *notes : json::Array()) {
          const json::Object *note = noteValue.getAsObject();
          const json::Object *at = note ? note->getObject("location") : nullptr;
          if (!at)
            continue;
          related.push_back(json::Object{
              {"location", locationOf(*at, context)},
              {"message", note->getString("message").value_or("").str()}});
        }
        diagnostic["relatedInformation"] = std::move(related);
        for (const json::Value &noteValue : notes ? *notes : json::Array())
          if (const json::Object *note = noteValue.getAsObject())
            if (auto fix = quickFix(*note, diagnostic, context))
              fixes.push_back(std::move(*fix));
        if (auto fix = quickFix(*finding, diagnostic, context))
          fixes.push_back(std::move(*fix));
        out.diagnostics.push_back(std::move(diagnostic));
        out.fixes.push_back(std::move(fixes));
      }
    }
  }
  return out;
}

json::Object analysisNote(StringRef message) {
  return json::Object{{"range", json::Object{{"start", position(0, 0)},
                                             {"end", position(0, 0)}}},
                      {"severity", int64_t(Information)},
                      {"source", "gpurd"},
                      {"message", message}};
}

json::Array quickFixesAt(const FileFindings &findings,
                         const json::Value &range) {
  json::Array out;
  const json::Object *wanted = range.getAsObject();
  if (!wanted)
    return out;
  for (size_t i = 0; i < findings.diagnostics.size(); ++i) {
    const json::Object *diagnostic = findings.diagnostics[i].getAsObject();
    const json::Object *at =
        diagnostic ? diagnostic->getObject("range") : nullptr;
    if (at && overlaps(*at, *wanted))
      for (const json::Value &fix : findings.fixes[i])
        out.push_back(fix);
  }
  return out;
}

} // namespace gpurd::lsp
