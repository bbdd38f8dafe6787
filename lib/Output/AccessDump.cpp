//===- AccessDump.cpp - Print access models -------------------------------===//

#include "gpurd/Output/AccessDump.h"
#include "Locations.h"
#include "gpurd/Output/KernelListing.h"

namespace gpurd {
namespace {

using namespace access;

nlohmann::json reasonJson(const NonAffineReason &r) {
  return {{"kind", r.name()},
          {"message", r.message},
          {"location", locationJson(r.position)}};
}

const char *fateName(CompiledSubscript::Fate fate) {
  switch (fate) {
  case CompiledSubscript::Fate::Kept:
    return "kept";
  case CompiledSubscript::Fate::Merged:
    return "merged";
  case CompiledSubscript::Fate::Hoisted:
    return "hoisted";
  case CompiledSubscript::Fate::Dropped:
    return "dropped";
  }
  return "kept";
}

} // namespace

void printAccessModel(llvm::raw_ostream &os, const AccessModel &model) {
  std::vector<std::string> names = model.variableNames();
  unsigned operations = 0, affine = 0;
  for (const AccessSite &site : model.sites)
    if (site.kind != AccessKind::Barrier) {
      ++operations;
      affine += site.affine;
    }
  os << "kernel " << model.kernel << ": " << operations << " memory operation"
     << (operations == 1 ? "" : "s") << ", " << affine << " affine";
  std::vector<unsigned> params = model.parameters();
  os << "; parameters: ";
  if (params.empty())
    os << "none";
  for (size_t i = 0; i < params.size(); ++i)
    os << (i ? ", " : "") << names[params[i]];
  os << "\n";
  for (const LoopInfo &loop : model.loops) {
    os << "  loop " << names[loop.variable] << " at " << location(loop.position)
       << ": ";
    if (loop.lastIteration)
      os << "0 <= " << names[loop.variable] << " <= " << loop.islLastIteration
         << "\n";
    else
      os << "non-affine (" << loop.reason->name()
         << "): " << loop.reason->message << "\n";
  }
  for (const AccessSite &site : model.sites) {
    os << "  S" << site.id << " " << location(site.position) << ": ";
    if (site.kind == AccessKind::Barrier) {
      os << "barrier\n";
    } else {
      os << site.operation << " " << memorySpaceName(site.space) << " "
         << site.sizeBytes << " B";
      if (site.array >= 0)
        os << " " << (site.kind == AccessKind::Write ? "to" : "of") << " "
           << model.arrays[site.array].name;
      os << " (" << accessKindName(site.kind) << ")";
      if (!site.sourceText.empty())
        os << " '" << site.sourceText << "'";
      os << "\n";
    }
    if (!site.affine) {
      os << "      non-affine (" << site.reason->name()
         << "): " << site.reason->message;
      if (site.reason->position.line)
        os << " [" << location(site.reason->position) << "]";
      os << "\n";
      continue;
    }
    if (site.neverExecuted)
      os << "      never executed under this launch configuration\n";
    os << "      domain:   " << site.islDomain << "\n";
    if (!site.islAccess.empty())
      os << "      access:   " << site.islAccess << "\n";
    os << "      schedule: " << site.islSchedule << "\n";
  }
}

/// The JSON names of variable kinds and array origins (a switch, so that a
/// new enumerator cannot index past a table).
static const char *kindName(Variable::Kind kind) {
  switch (kind) {
  case Variable::Kind::BlockIndex:
    return "block-index";
  case Variable::Kind::ThreadIndex:
    return "thread-index";
  case Variable::Kind::Loop:
    return "loop";
  case Variable::Kind::Parameter:
    return "parameter";
  }
  return "parameter";
}

static const char *originName(ArrayInfo::Origin origin) {
  switch (origin) {
  case ArrayInfo::Origin::Parameter:
    return "parameter";
  case ArrayInfo::Origin::Variable:
    return "variable";
  case ArrayInfo::Origin::Local:
    return "local";
  case ArrayInfo::Origin::ParameterField:
    return "parameter-field";
  case ArrayInfo::Origin::Pointer:
    return "pointer";
  }
  return "parameter";
}

nlohmann::json accessModelJson(const AccessModel &model) {
  std::vector<std::string> names = model.variableNames();
  nlohmann::json variables = nlohmann::json::array();
  for (const Variable &v : model.variables) {
    nlohmann::json j = {{"name", v.name}, {"kind", kindName(v.kind)}};
    if (!v.islName.empty() && v.islName != v.name)
      j["isl_name"] = v.islName;
    variables.push_back(std::move(j));
  }
  nlohmann::json arrays = nlohmann::json::array();
  for (const ArrayInfo &a : model.arrays) {
    nlohmann::json j = {{"name", a.name},
                        {"space", memorySpaceName(a.space)},
                        {"origin", originName(a.origin)}};
    if (a.paramIndex >= 0)
      j["param_index"] = a.paramIndex;
    if (a.origin == ArrayInfo::Origin::ParameterField)
      j["field_offset"] = a.fieldOffset;
    if (a.sizeBytes)
      j["size_bytes"] = a.sizeBytes;
    if (!a.islName.empty() && a.islName != a.name)
      j["isl_name"] = a.islName;
    arrays.push_back(std::move(j));
  }
  nlohmann::json loops = nlohmann::json::array();
  for (const LoopInfo &l : model.loops) {
    nlohmann::json j = {{"variable", names[l.variable]},
                        {"location", locationJson(l.position)},
                        {"parent", l.parent}};
    if (l.lastIteration)
      j["last_iteration"] = l.islLastIteration;
    else
      j["non_affine"] = reasonJson(*l.reason);
    loops.push_back(std::move(j));
  }
  nlohmann::json sites = nlohmann::json::array();
  for (const AccessSite &s : model.sites) {
    nlohmann::json j = {{"id", s.id},
                        {"operation", s.operation},
                        {"kind", accessKindName(s.kind)},
                        {"location", locationJson(s.position)},
                        {"loops", s.loops},
                        {"schedule_positions", s.schedule},
                        {"affine", s.affine}};
    if (s.kind != AccessKind::Barrier) {
      j["space"] = memorySpaceName(s.space);
      j["size_bytes"] = s.sizeBytes;
      j["array"] = s.array >= 0 ? nlohmann::json(model.arrays[s.array].name)
                                : nlohmann::json(nullptr);
      j["source"] = s.sourceText;
    }
    if (s.affine) {
      std::vector<std::string> dims;
      for (unsigned d : s.dimensions)
        dims.push_back(names[d]);
      j["dimensions"] = dims;
      j["domain"] = s.islDomain;
      if (!s.islAccess.empty())
        j["access"] = s.islAccess;
      j["schedule"] = s.islSchedule;
      j["never_executed"] = s.neverExecuted;
    } else {
      j["non_affine"] = reasonJson(*s.reason);
    }
    sites.push_back(std::move(j));
  }
  nlohmann::json out = {{"kernel", model.kernel},
                        {"variables", std::move(variables)},
                        {"arrays", std::move(arrays)},
                        {"loops", std::move(loops)},
                        {"sites", std::move(sites)}};
  if (!model.warnings.empty())
    out["warnings"] = model.warnings;
  return out;
}

void printExplanation(llvm::raw_ostream &os, const AccessModel &model,
                      const std::vector<CompiledSubscript> &entries) {
  os << "kernel " << model.kernel << ": " << entries.size() << " source access"
     << (entries.size() == 1 ? "" : "es") << "\n";
  for (const CompiledSubscript &e : entries) {
    os << location(e.source->begin) << ": '" << e.source->text << "' "
       << (e.isWrite ? "write" : "read") << ": " << e.explanation;
    if (!e.sites.empty()) {
      os << " [";
      for (size_t i = 0; i < e.sites.size(); ++i)
        os << (i ? ", " : "") << "S" << e.sites[i];
      os << "]";
    }
    os << "\n";
  }
}

nlohmann::json explanationJson(const AccessModel &model,
                               const std::vector<CompiledSubscript> &entries) {
  nlohmann::json list = nlohmann::json::array();
  for (const CompiledSubscript &e : entries)
    list.push_back({{"location", locationJson(e.source->begin)},
                    {"source", e.source->text},
                    {"direction", e.isWrite ? "write" : "read"},
                    {"fate", fateName(e.fate)},
                    {"explanation", e.explanation},
                    {"sites", e.sites}});
  return {{"kernel", model.kernel}, {"subscripts", std::move(list)}};
}

} // namespace gpurd
