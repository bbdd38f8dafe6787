//===- Sarif.cpp - Findings as a SARIF 2.1.0 log --------------------------===//

#include "gpurd/Output/Sarif.h"

#include "gpurd/Frontend/DisplayPath.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace gpurd {
namespace {

constexpr const char *SchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

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

nlohmann::json physicalLocation(const SourcePosition &position) {
  nlohmann::json region = {{"startLine", position.line}};
  if (position.column)
    region["startColumn"] = position.column;
  return {{"artifactLocation", {{"uri", artifactUri(position.file)}}},
          {"region", std::move(region)}};
}

/// SARIF §3.55: a fix is a set of replacements, each a deleted region and
/// the text inserted in its place.
nlohmann::json fixJson(const advisor::FixIt &fix, const std::string &why) {
  nlohmann::json deleted = {{"startLine", fix.begin.line},
                            {"startColumn", fix.begin.column},
                            {"endLine", fix.end.line},
                            {"endColumn", fix.end.column}};
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

nlohmann::json resultJson(const advisor::Finding &f, int ruleIndex) {
  nlohmann::json related = nlohmann::json::array();
  nlohmann::json fixes = nlohmann::json::array();
  for (const advisor::FixIt &fix : f.fixIts)
    fixes.push_back(fixJson(fix, f.message));
  int id = 0;
  for (const advisor::FindingNote &note : f.notes) {
    related.push_back({{"id", id++},
                       {"physicalLocation",
                        physicalLocation(note.position.value_or(f.position))},
                       {"message", {{"text", note.message}}}});
    for (const advisor::FixIt &fix : note.fixIts)
      fixes.push_back(fixJson(fix, note.message));
  }
  nlohmann::json result = {
      {"ruleId", f.check},
      {"level", sarifLevel(f.severity)},
      {"message", {{"text", f.message}}},
      {"locations", {{{"physicalLocation", physicalLocation(f.position)}}}},
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

} // namespace

nlohmann::json sarifLog(ArrayRef<advisor::Finding> findings,
                        ArrayRef<std::unique_ptr<advisor::Check>> rules,
                        StringRef toolVersion) {
  nlohmann::json rulesJson = nlohmann::json::array();
  std::map<std::string, int> ruleIndex;
  for (const std::unique_ptr<advisor::Check> &rule : rules) {
    ruleIndex[rule->name().str()] = static_cast<int>(rulesJson.size());
    rulesJson.push_back(
        {{"id", rule->name().str()},
         {"shortDescription", {{"text", rule->summary().str()}}},
         {"help",
          {{"text", rule->summary().str() + "; see docs/checks/" +
                        rule->name().str() + ".md in gpurd's sources"}}}});
  }
  nlohmann::json results = nlohmann::json::array();
  for (const advisor::Finding &f : findings) {
    auto it = ruleIndex.find(f.check);
    results.push_back(resultJson(f, it == ruleIndex.end() ? -1 : it->second));
  }
  nlohmann::json driver = {{"name", "gpurd-advise"},
                           {"version", toolVersion.str()},
                           {"rules", std::move(rulesJson)}};
  return {{"$schema", SchemaUri},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool", {{"driver", std::move(driver)}}},
             {"results", std::move(results)}}}}};
}

} // namespace gpurd
