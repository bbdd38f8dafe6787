//===- ConstantDivergence.cpp - gpurd-constant-divergence -----------------===//
//
// A `__constant__` load whose lanes read distinct addresses: the constant
// cache broadcasts one address to a warp at a time, so the request is
// serialised into as many. Counted on the request stream
// (AccessPattern.h); docs/checks/gpurd-constant-divergence.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/Placement.h"
#include "gpurd/Advisor/WhatIf.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-constant-divergence";

class ConstantDivergence : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "constant-memory loads whose lanes read distinct addresses";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinAddresses", 2,
         "the least average of distinct addresses per request for a finding"},
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the array in global "
         "memory must save"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The note that suggests global memory, with seed 002's time of the
  /// kernel with the array there (a what-if run), when it runs; nothing
  /// when that time is predicted not to fall by MinGain (no advice).
  std::optional<FindingNote>
  globalMemoryNote(const CheckContext &context,
                   const access::AccessSite &site) const;
};

std::optional<FindingNote>
ConstantDivergence::globalMemoryNote(const CheckContext &context,
                                     const access::AccessSite &site) const {
  const bool readOnly = readOnlyPathDiffers(context.arch());
  std::string text =
      arrayText(context, site) + " in global memory" +
      (readOnly ? " read through the read-only path (`const __restrict__` or "
                  "`__ldg`)"
                : "") +
      " would serve a warp's distinct addresses a sector at a time";
  const access::ArrayInfo *array = context.arrayOf(site);
  if (!array)
    return FindingNote{site.position, text};
  driver::KernelChange change;
  change.arraySpaces[array->name] =
      readOnly ? MemorySpace::GlobalReadOnly : MemorySpace::Global;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError());
    return FindingNote{site.position, text};
  }
  const TimeVerdict time =
      timeVerdict(context, runs->before, runs->after, &change.arraySpaces);
  const double minGain = minGainOf(context, Name);
  if (time.known() && !time.pays(minGain))
    return std::nullopt;
  text += ": it is " + time.verdictText(minGain) + " (" +
          whatIfRunText(runs->sampled, " with every access of '" + array->name +
                                           "' in global memory") +
          ")";
  return FindingNote{site.position, text};
}

Error ConstantDivergence::run(const CheckContext &context,
                              std::vector<Finding> &out) const {
  const double minAddresses = context.number(Name, "MinAddresses");
  // Which lanes share a warp would be the assumption's.
  if (context.warpShapeAssumed())
    return Error::success();
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (pattern.space != MemorySpace::Constant || !pattern.warpInstructions)
      continue;
    const double perRequest =
        double(pattern.constantAddresses) / double(pattern.warpInstructions);
    if (perRequest < minAddresses)
      continue;
    const access::AccessSite *site = &access.site();
    Finding f = context.findingAt(Name, *site);
    f.message = "divergent constant-memory load: each warp request reads " +
                averageText(perRequest) +
                " distinct addresses, which the constant cache serves one "
                "after another (at most " +
                std::to_string(pattern.maxConstantAddresses) +
                " in one request)";
    std::optional<FindingNote> global = globalMemoryNote(context, *site);
    if (!global)
      continue;
    f.notes.push_back(std::move(*global));
    f.notes.push_back(
        {std::nullopt,
         "addresses " + sampleText(context, pattern.warpInstructions)});
    context.addAssumptionNotes(f, access, "the addresses per request are");
    out.push_back(std::move(f));
  }
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeConstantDivergence() {
  return std::make_unique<ConstantDivergence>();
}

} // namespace gpurd::advisor
