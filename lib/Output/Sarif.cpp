//===- Sarif.cpp - Findings as a SARIF 2.1.0 log --------------------------===//

#include "gpurd/Output/Sarif.h"

#include "gpurd/Frontend/DisplayPath.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <vector>

using namespace llvm;

namespace gpurd {
namespace {

constexpr const char *SchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

/// Where gpurd's sources can be read, ending in '/': the tool's
/// `informationUri` and each rule's `helpUri` (its page in docs/checks/),
/// which SARIF requires to be absolute URIs (§3.19.17, §3.49.12). CMake's
/// GPURD_SOURCES_URL sets it (this checkout by default).
#ifndef GPURD_SOURCES_URL
#error "the build defines GPURD_SOURCES_URL (CMakeLists.txt)"
#endif
constexpr const char *SourcesUri = GPURD_SOURCES_URL;

/// Columns as SARIF counts them. Clang counts bytes; SARIF 2.1.0 has no such
/// unit, and a log with results must say which it uses (§3.14.27), so the
/// log gives `unicodeCodePoints`: a column is 1 plus the UTF-8 characters
/// before it on its line, read from the file (each file once). In a line
/// of ASCII the two agree; a file that cannot be read keeps clang's column.
class ColumnMap {
public:
  unsigned codePoints(const std::string &file, unsigned line, unsigned column) {
    if (column <= 1 || line == 0)
      return column;
    const Lines &text = lines(file);
    if (!text.buffer || line > text.starts.size())
      return column;
    StringRef all = text.buffer->getBuffer();
    size_t start = text.starts[line - 1];
    StringRef before = all.substr(start, column - 1);
    if (before.size() < column - 1 || before.contains('\n'))
      return column; // past the end of its line: not this file's line
    unsigned points = 1;
    for (unsigned char c : before)
      if ((c & 0xC0) != 0x80) // not a UTF-8 continuation byte
        ++points;
    return points;
  }

private:
  struct Lines {
    std::unique_ptr<MemoryBuffer> buffer;
    std::vector<size_t> starts; ///< starts[L - 1]: where line L begins.
  };

  const Lines &lines(const std::string &file) {
    auto [it, inserted] = files.try_emplace(file);
    if (inserted) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
          MemoryBuffer::getFile(file, /*IsText=*/false,
                                /*RequiresNullTerminator=*/false);
      if (buffer) {
        Lines &text = it->second;
        text.buffer = std::move(*buffer);
        StringRef all = text.buffer->getBuffer();
        text.starts.push_back(0);
        for (size_t i = 0; i < all.size(); ++i)
          if (all[i] == '\n')
            text.starts.push_back(i + 1);
      }
    }
    return it->second;
  }

  std::map<std::string, Lines> files;
};

/// A file as a URI reference (SARIF §3.4.3): the displayed path, relative
/// to the working directory where it is inside it, with the characters a
/// URI does not allow percent-encoded; an absolute one as a `file:` URI.
std::string artifactUri(const std::string &file) {
  std::string path = displayPath(file);
  std::string out = sys::path::is_absolute(path) ? "file://" : "";
  for (unsigned char c : path) {
    if (isAlnum(c) || StringRef("-._~/").contains(c))
      out += static_cast<char>(c);
    else
      out += "%" + utohexstr(c, /*LowerCase=*/false, /*Width=*/2);
  }
  return out;
}

nlohmann::json physicalLocation(const SourcePosition &position,
                                ColumnMap &columns) {
  nlohmann::json region = {{"startLine", position.line}};
  if (position.column)
    region["startColumn"] =
        columns.codePoints(position.file, position.line, position.column);
  return {{"artifactLocation", {{"uri", artifactUri(position.file)}}},
          {"region", std::move(region)}};
}

/// SARIF §3.55: a fix is a set of replacements, each a deleted region and
/// the text inserted in its place.
nlohmann::json fixJson(const advisor::FixIt &fix, const std::string &why,
                       ColumnMap &columns) {
  nlohmann::json deleted = {
      {"startLine", fix.begin.line},
      {"startColumn",
       columns.codePoints(fix.begin.file, fix.begin.line, fix.begin.column)},
      {"endLine", fix.end.line},
      {"endColumn",
       columns.codePoints(fix.end.file, fix.end.line, fix.end.column)}};
  return {{"description", {{"text", why}}},
          {"artifactChanges",
           {{{"artifactLocation", {{"uri", artifactUri(fix.begin.file)}}},
             {"replacements",
              {{{"deletedRegion", std::move(deleted)},
                {"insertedContent", {{"text", fix.replacement}}}}}}}}}};
}

/// SARIF's level of a finding: a remark is a note.
const char *sarifLevel(advisor::Severity severity) {
  switch (severity) {
  case advisor::Severity::Error:
    return "error";
  case advisor::Severity::Warning:
    return "warning";
  case advisor::Severity::Remark:
    return "note";
  }
  return "warning";
}

nlohmann::json resultJson(const advisor::Finding &f, int ruleIndex,
                          ColumnMap &columns) {
  nlohmann::json related = nlohmann::json::array();
  nlohmann::json fixes = nlohmann::json::array();
  for (const advisor::FixIt &fix : f.fixIts)
    fixes.push_back(fixJson(fix, f.message, columns));
  int id = 0;
  for (const advisor::FindingNote &note : f.notes) {
    related.push_back(
        {{"id", id++},
         {"physicalLocation",
          physicalLocation(note.position.value_or(f.position), columns)},
         {"message", {{"text", note.message}}}});
    for (const advisor::FixIt &fix : note.fixIts)
      fixes.push_back(fixJson(fix, note.message, columns));
  }
  nlohmann::json result = {
      {"ruleId", f.check},
      {"level", sarifLevel(f.severity)},
      {"message", {{"text", f.message}}},
      {"locations",
       {{{"physicalLocation", physicalLocation(f.position, columns)}}}},
      {"properties", {{"kernel", f.kernel}, {"exact", f.exact}}}};
  if (ruleIndex >= 0)
    result["ruleIndex"] = ruleIndex;
  if (!related.empty())
    result["relatedLocations"] = std::move(related);
  if (!fixes.empty())
    result["fixes"] = std::move(fixes);
  // SARIF 2.1.0 §3.27.23, §3.35: a result silenced by a comment in the
  // source.
  if (f.suppressedBy)
    result["suppressions"] = {
        {{"kind", "inSource"},
         {"justification", "silenced by '" + *f.suppressedBy + "'"}}};
  return result;
}

/// \p text as a sentence: capitalised, ending in a period.
std::string sentence(StringRef text) {
  std::string out = text.str();
  if (!out.empty())
    out[0] = toUpper(out[0]);
  if (!StringRef(out).ends_with("."))
    out += '.';
  return out;
}

/// SARIF's friendly name of a rule (§3.49.7), one Pascal-case word:
/// `gpurd-shared-bank-conflict` is `SharedBankConflict`.
std::string friendlyName(StringRef id) {
  id.consume_front("gpurd-");
  std::string name;
  bool wordStart = true;
  for (char c : id) {
    if (!isAlnum(c)) {
      wordStart = true;
      continue;
    }
    name += wordStart ? toUpper(c) : c;
    wordStart = false;
  }
  return name;
}

/// A rule (§3.49) with what code-scanning services show of it: a name, a
/// one-line and a full description, help text and the URI of its page
/// (\p page, a path in gpurd's sources).
nlohmann::json ruleJson(StringRef id, StringRef summary,
                        StringRef fullDescription, StringRef page) {
  return {{"id", id.str()},
          {"name", friendlyName(id)},
          {"shortDescription", {{"text", sentence(summary)}}},
          {"fullDescription", {{"text", fullDescription.str()}}},
          {"help",
           {{"text",
             summary.str() + "; see " + page.str() + " in gpurd's sources"}}},
          {"helpUri", std::string(SourcesUri) + page.str()}};
}

} // namespace

nlohmann::json sarifLog(ArrayRef<advisor::Finding> findings,
                        ArrayRef<std::unique_ptr<advisor::Check>> rules,
                        StringRef toolVersion) {
  nlohmann::json rulesJson = nlohmann::json::array();
  std::map<std::string, int> ruleIndex;
  for (const std::unique_ptr<advisor::Check> &rule : rules) {
    std::string page = "docs/checks/" + rule->name().str() + ".md";
    ruleIndex[rule->name().str()] = static_cast<int>(rulesJson.size());
    rulesJson.push_back(ruleJson(rule->name(), rule->summary(),
                                 "Finds " + rule->summary().str() + "; " +
                                     page +
                                     " describes the check and its options.",
                                 page));
  }
  // A finding no check made (`gpurd-analysis`: a kernel that was not
  // analysed) has its rule too, after the checks', so that every result
  // names one (§3.27.6, and what code scanning shows for it).
  for (const advisor::Finding &f : findings) {
    if (ruleIndex.count(f.check))
      continue;
    ruleIndex[f.check] = static_cast<int>(rulesJson.size());
    if (f.check == "gpurd-analysis")
      rulesJson.push_back(ruleJson(
          f.check, "kernels gpurd could not analyse",
          "Reports a kernel gpurd could not analyse, and why; the checks "
          "did not run on it.",
          "docs/sarif.md"));
    else
      rulesJson.push_back(ruleJson(f.check, "findings of " + f.check,
                                   "Findings of " + f.check + ".",
                                   "docs/cli.md"));
  }
  ColumnMap columns;
  nlohmann::json results = nlohmann::json::array();
  for (const advisor::Finding &f : findings) {
    auto it = ruleIndex.find(f.check);
    results.push_back(
        resultJson(f, it == ruleIndex.end() ? -1 : it->second, columns));
  }
  nlohmann::json driver = {{"name", "gpurd-advise"},
                           {"version", toolVersion.str()},
                           {"informationUri", SourcesUri},
                           {"rules", std::move(rulesJson)}};
  return {{"$schema", SchemaUri},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool", {{"driver", std::move(driver)}}},
             {"columnKind", "unicodeCodePoints"},
             {"results", std::move(results)}}}}};
}

Expected<nlohmann::json> mergeSarifLogs(ArrayRef<nlohmann::json> logs) {
  if (logs.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no SARIF logs to merge");
  nlohmann::json merged;
  nlohmann::json rules = nlohmann::json::array();
  std::map<std::string, int> ruleIndex;
  nlohmann::json results = nlohmann::json::array();
  for (size_t i = 0; i < logs.size(); ++i) {
    const nlohmann::json &log = logs[i];
    if (!log.is_object() || !log.contains("runs") || !log["runs"].is_array() ||
        log["runs"].size() != 1 || !log["runs"][0].is_object())
      return createStringError(inconvertibleErrorCode(),
                               "log %zu is not a SARIF log of one run", i + 1);
    const nlohmann::json &run = log["runs"][0];
    if (merged.is_null())
      merged = log;
    const nlohmann::json *logRules = nullptr;
    if (run.contains("tool") && run["tool"].contains("driver") &&
        run["tool"]["driver"].contains("rules"))
      logRules = &run["tool"]["driver"]["rules"];
    std::vector<int> renumbered;
    for (const nlohmann::json &rule :
         logRules ? *logRules : nlohmann::json::array()) {
      std::string id = rule.value("id", "");
      auto [it, added] = ruleIndex.try_emplace(id, int(rules.size()));
      if (added)
        rules.push_back(rule);
      renumbered.push_back(it->second);
    }
    for (nlohmann::json result :
         run.value("results", nlohmann::json::array())) {
      if (result.contains("ruleIndex") && result["ruleIndex"].is_number()) {
        int index = result["ruleIndex"].get<int>();
        if (index >= 0 && size_t(index) < renumbered.size())
          result["ruleIndex"] = renumbered[size_t(index)];
      }
      results.push_back(std::move(result));
    }
  }
  nlohmann::json &run = merged["runs"][0];
  run["tool"]["driver"]["rules"] = std::move(rules);
  run["results"] = std::move(results);
  return merged;
}

} // namespace gpurd
