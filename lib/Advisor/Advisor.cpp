//===- Advisor.cpp - Findings for analysed kernels ------------------------===//

#include "gpurd/Advisor/Advisor.h"
#include "Checks/Checks.h"
#include "gpurd/Advisor/Suppressions.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/TimeProfiler.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace gpurd::advisor {

std::vector<std::unique_ptr<Check>> allChecks() {
  std::vector<std::unique_ptr<Check>> checks;
  checks.push_back(makeCacheCapacity());
  checks.push_back(makeConstantDivergence());
  checks.push_back(makeGlobalAccumulator());
  checks.push_back(makeMemoryDivergence());
  checks.push_back(makePlacement());
  checks.push_back(makeReadOnlyPath());
  checks.push_back(makeRedundantThreads());
  checks.push_back(makeSharedBankConflict());
  checks.push_back(makeSharedTiling());
  checks.push_back(makeSmallGrid());
  checks.push_back(makeTileSize());
  checks.push_back(makeUncoalescedAccess());
  llvm::sort(checks, [](const auto &a, const auto &b) {
    return a->name() < b->name();
  });
  return checks;
}

std::optional<double> checkOptionDefault(StringRef check, StringRef name) {
  // Made once: the checks' declarations do not change.
  static const StringMap<double> defaults = [] {
    StringMap<double> out;
    for (const std::unique_ptr<Check> &c : allChecks())
      for (const CheckOption &option : c->options())
        out[(c->name() + "." + option.name).str()] = option.defaultValue;
    return out;
  }();
  auto it = defaults.find((check + "." + name).str());
  if (it == defaults.end())
    return std::nullopt;
  return it->second;
}

Expected<Advisor> Advisor::create(AdvisorOptions options) {
  Expected<CheckFilter> filter = CheckFilter::parse(options.checks);
  if (!filter)
    return filter.takeError();
  Expected<CheckFilter> asErrors = CheckFilter::parse(options.warningsAsErrors);
  if (!asErrors)
    return asErrors.takeError();
  // An option no check has is a typo to report, not to ignore.
  std::vector<std::unique_ptr<Check>> every = allChecks();
  for (const auto &[key, value] : options.checkOptions) {
    auto [check, option] = StringRef(key).split('.');
    auto owner =
        find_if(every, [&](const auto &c) { return c->name() == check; });
    if (owner == every.end())
      return createStringError(inconvertibleErrorCode(),
                               "check option '%s' names no check; options "
                               "are spelled CHECK.OPTION=VALUE "
                               "(gpurd-uncoalesced-access.MinExcessiveShare="
                               "0.5)",
                               key.c_str());
    std::vector<StringRef> names;
    for (const CheckOption &known : (*owner)->options())
      names.push_back(known.name);
    if (!is_contained(names, option))
      return createStringError(inconvertibleErrorCode(),
                               "check %s has no option '%s'; its options: %s",
                               check.str().c_str(), option.str().c_str(),
                               names.empty() ? "none"
                                             : join(names, ", ").c_str());
    double number;
    if (!to_float(value, number))
      return createStringError(inconvertibleErrorCode(),
                               "check option %s: '%s' is not a number",
                               key.c_str(), value.c_str());
  }
  Advisor advisor;
  for (std::unique_ptr<Check> &check : every)
    if (filter->enabled(check->name()))
      advisor.enabled.push_back(std::move(check));
  advisor.options = std::move(options);
  advisor.asErrors = std::move(*asErrors);
  return std::move(advisor);
}

Expected<std::vector<Finding>>
Advisor::adviseKernel(driver::AnalysisContext &analysisContext,
                      const TranslationUnitInfo &unit,
                      const driver::KernelAnalysis &analysis) const {
  std::vector<Finding> findings;
  if (!analysis.trace)
    return findings;
  WhatIfRunner whatIf(analysisContext, unit, *analysis.trace->kernel, analysis);
  CheckContext context(analysisContext.arch(), analysis, options.checkOptions,
                       whatIf);
  for (const std::unique_ptr<Check> &check : enabled) {
    TimeTraceScope scope(check->name(),
                         [&] { return analysis.trace->kernel->name; });
    if (Error error = check->run(context, findings))
      return std::move(error);
  }
  // Source order, then by check: deterministic whatever the checks' order.
  llvm::stable_sort(findings, [](const Finding &a, const Finding &b) {
    return std::tie(a.position.file, a.position.line, a.position.column,
                    a.check) < std::tie(b.position.file, b.position.line,
                                        b.position.column, b.check);
  });
  findings = foldStagedPlacements(mergeSamePosition(std::move(findings)));
  for (Finding &finding : findings)
    if (finding.severity == Severity::Warning &&
        asErrors.enabled(finding.check))
      finding.severity = Severity::Error;
  markSuppressed(findings);
  return findings;
}

std::vector<Finding> foldStagedPlacements(std::vector<Finding> findings) {
  // A placement in shared memory of an array whose loads gpurd-shared-
  // tiling stages on the same line is the same change seen by seed 002's
  // placement search (a block's copy of the data it reads): one warning,
  // the staging's, whose what-if models the copy phase by phase.
  auto staged = [&](const Finding &placement) -> Finding * {
    if (placement.check != "gpurd-placement" ||
        !StringRef(placement.message).contains("in shared memory"))
      return nullptr;
    for (Finding &f : findings)
      if (f.check == "gpurd-shared-tiling" && f.kernel == placement.kernel &&
          f.position.file == placement.position.file &&
          f.position.line == placement.position.line)
        return &f;
    return nullptr;
  };
  std::vector<bool> drop(findings.size(), false);
  for (size_t i = 0; i < findings.size(); ++i)
    if (Finding *tiling = staged(findings[i])) {
      tiling->notes.push_back(
          {findings[i].position, "gpurd-placement: " + findings[i].message});
      drop[i] = true;
    }
  std::vector<Finding> out;
  for (size_t i = 0; i < findings.size(); ++i)
    if (!drop[i])
      out.push_back(std::move(findings[i]));
  return out;
}

std::vector<Finding> mergeSamePosition(std::vector<Finding> sorted) {
  std::vector<Finding> out;
  for (Finding &finding : sorted) {
    Finding *first = out.empty() ? nullptr : &out.back();
    // One line: the store of `x[i] += v` is at the operator, its load at
    // the subscript.
    const SourcePosition &at = finding.position;
    if (!first || at.line == 0 || first->check != finding.check ||
        first->kernel != finding.kernel ||
        std::tie(first->position.file, first->position.line) !=
            std::tie(at.file, at.line)) {
      out.push_back(std::move(finding));
      continue;
    }
    // One finding per source expression: `x[i] += v` is a load and a store
    // of one expression, which a programmer fixes once.
    first->notes.push_back({finding.position, "also: " + finding.message});
    for (FindingNote &note : finding.notes)
      if (llvm::none_of(first->notes, [&](const FindingNote &kept) {
            return kept.message == note.message;
          }))
        first->notes.push_back(std::move(note));
    first->exact = first->exact && finding.exact;
  }
  return out;
}

Finding Advisor::notAnalysed(const KernelInfo &kernel, StringRef reason) {
  Finding finding;
  finding.check = "gpurd-analysis";
  finding.kernel = kernel.name;
  finding.severity = Severity::Remark;
  finding.position = kernel.position;
  finding.message = "not analysed: " + reason.str();
  return finding;
}

} // namespace gpurd::advisor
