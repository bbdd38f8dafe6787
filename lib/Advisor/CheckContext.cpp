//===- CheckContext.cpp - What a check sees of one kernel -----------------===//

#include "gpurd/Advisor/Check.h"
#include "gpurd/Advisor/PredictedTime.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace gpurd::advisor {

Check::~Check() = default;

const char *severityName(Severity severity) {
  switch (severity) {
  case Severity::Remark:
    return "remark";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

const access::AccessSite *CheckContext::site(uint32_t id) const {
  for (const access::AccessSite &site : model().sites)
    if (site.id == id)
      return &site;
  return nullptr;
}

const access::ArrayInfo *
CheckContext::arrayOf(const access::AccessSite &site) const {
  if (site.array < 0 || size_t(site.array) >= model().arrays.size())
    return nullptr;
  return &model().arrays[site.array];
}

double CheckContext::number(StringRef check, StringRef name) const {
  auto it = options.find((check + "." + name).str());
  double value;
  if (it != options.end() && to_float(it->second, value))
    return value;
  std::optional<double> fallback = checkOptionDefault(check, name);
  if (!fallback)
    report_fatal_error("check " + check + " reads option '" + name +
                       "', which its options() does not declare");
  return *fallback;
}

Finding CheckContext::findingAt(StringRef check,
                                const access::AccessSite &site) const {
  Finding finding;
  finding.check = check.str();
  finding.kernel = launch().kernel;
  finding.position = site.position;
  // An access the compiled kernel keeps no line for (the optimiser merged
  // the accesses of several lines) is reported where its array is
  // declared when the kernel declares it, not at a neighbour's line, which
  // may have no access to it; at its kernel when nothing else is known:
  // never `<unknown>`.
  const access::ArrayInfo *array = arrayOf(site);
  if (site.positionInferred && array)
    for (const SharedArrayDecl &decl : kernel().sharedArrays)
      if (decl.name == array->name) {
        finding.position = decl.position;
        finding.notes.push_back(
            {std::nullopt, "the compiled kernel merged accesses of '" +
                               array->name +
                               "' from several lines into this one, which "
                               "keeps no line of its own: the finding is "
                               "placed at the array's declaration"});
        break;
      }
  if (finding.position.line == 0)
    finding.position = kernel().position;
  return finding;
}

CheckContext::CheckContext(const arch::ArchDescription &arch,
                           const driver::KernelAnalysis &analysis,
                           const CheckOptions &options, WhatIfRunner &whatIf)
    : archDescription(arch), kernelAnalysis(analysis), options(options),
      whatIfRunner(whatIf), accesses(groupAccesses()) {}

std::vector<SourceAccess> CheckContext::groupAccesses() const {
  std::vector<SourceAccess> out;
  // Key: position, kind, space, array (a site without a position is an
  // access of its own).
  std::map<std::tuple<std::string, unsigned, unsigned, int, int, int>, size_t>
      index;
  for (const model::SiteAccessPattern &pattern : kernelAnalysis.patterns) {
    const access::AccessSite *s = site(pattern.site);
    if (!s)
      continue;
    auto key =
        std::make_tuple(s->position.file, s->position.line, s->position.column,
                        int(s->kind), int(pattern.space), s->array);
    auto [it, isNew] = index.try_emplace(key, out.size());
    if (isNew || s->position.line == 0) {
      if (!isNew)
        it->second = out.size();
      out.push_back({{s}, pattern});
      continue;
    }
    SourceAccess &access = out[it->second];
    access.sites.push_back(s);
    access.pattern.add(pattern);
  }
  return out;
}

void CheckContext::addAssumptionNotes(Finding &finding,
                                      const SourceAccess &access,
                                      StringRef figures) const {
  // An affine access's addresses per warp follow from the block shape
  // (which threads share a warp) and the parameters its offset uses; the
  // other assumed values (the grid, arguments it does not use) move only
  // how many requests there are.
  bool addressesAssumed = false;
  for (const access::AccessSite *site : access.sites)
    addressesAssumed |= !site->affine;
  for (const LaunchAssumption &a : launch().assumptions) {
    if (!a.hostNames.empty() || (!a.argument && a.part == "block"))
      addressesAssumed = true;
    else if (a.argument)
      for (const access::AccessSite *site : access.sites)
        addressesAssumed |= offsetUses(*site, a.part);
  }
  addLaunchAssumptionNotes(finding);
  finding.exact = !addressesAssumed;
  if (finding.exact)
    finding.notes.push_back(
        {std::nullopt, figures.str() + " exact: the access is affine and its "
                                       "addresses rest on no assumed value"});
}

void CheckContext::addLaunchAssumptionNotes(Finding &finding) const {
  // The assumptions are stated in full once, with the kernel's launch;
  // a finding names the values it rests on, so that it reads alone (in an
  // editor, in SARIF) without repeating them.
  const std::vector<LaunchAssumption> &assumed = launch().assumptions;
  if (assumed.empty())
    return;
  std::vector<std::string> values;
  for (const LaunchAssumption &a : assumed)
    values.push_back(a.argument || !a.hostNames.empty()
                         ? a.part + " = " + a.value
                         : a.part + " " + a.value);
  finding.notes.push_back(
      {std::nullopt, "the figures rest on assumed values, stated with the "
                     "kernel's launch: " +
                         join(values, ", ")});
}

bool CheckContext::warpShapeAssumed() const {
  const LaunchConfig &config = launch();
  const bool assumed =
      llvm::any_of(config.assumptions,
                   [](const LaunchAssumption &a) { return a.part == "block"; });
  const unsigned dims =
      (config.block[0] > 1) + (config.block[1] > 1) + (config.block[2] > 1);
  return assumed && dims > 1;
}

std::optional<double> CheckContext::predictedKernelCycles() const {
  if (kernelCycles)
    return *kernelCycles;
  auto cycles = predictedCycles(kernelAnalysis, archDescription,
                                whatIfRunner.analysisContext().modelOptions());
  if (!cycles) {
    // No time to judge by (the checks say so or let their other
    // thresholds decide); the reason is not the finding's.
    llvm::consumeError(cycles.takeError());
    kernelCycles.emplace(std::nullopt);
  } else {
    kernelCycles.emplace(*cycles);
  }
  return *kernelCycles;
}

bool CheckContext::longEnough(double minCycles) const {
  // No time to judge by: the other thresholds decide.
  std::optional<double> cycles = predictedKernelCycles();
  return !cycles || *cycles >= minCycles;
}

bool CheckContext::offsetUses(const access::AccessSite &site,
                              StringRef parameter) const {
  const std::vector<access::Variable> &variables = model().variables;
  for (unsigned i = 0; i < variables.size(); ++i) {
    const access::Variable &v = variables[i];
    if (v.kind == access::Variable::Kind::Parameter &&
        (v.name == parameter || v.sourceName == parameter) &&
        site.offset.uses(i))
      return true;
  }
  return false;
}

} // namespace gpurd::advisor
