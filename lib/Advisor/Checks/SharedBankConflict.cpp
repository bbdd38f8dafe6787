//===- SharedBankConflict.cpp - gpurd-shared-bank-conflict ----------------===//
//
// A shared-memory access whose warp requests go to distinct words of one
// bank, which the banks serve one after another: more wavefronts than the
// access width needs (Nsight Compute's "n-way bank conflict"). Counted on
// the request stream with the arch's banks (AccessPattern.h);
// docs/checks/gpurd-shared-bank-conflict.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "gpurd/Advisor/WhatIf.h"

#include "CheckUtil.h"
#include "Checks.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-shared-bank-conflict";

/// The declaration of the shared array \p site accesses, when the kernel
/// declares one array of that name.
const SharedArrayDecl *declarationOf(const CheckContext &context,
                                     const access::AccessSite &site) {
  const access::ArrayInfo *array = context.arrayOf(site);
  if (!array)
    return nullptr;
  const SharedArrayDecl *found = nullptr;
  for (const SharedArrayDecl &decl : context.kernel().sharedArrays)
    if (decl.name == array->name) {
      if (found)
        return nullptr;
      found = &decl;
    }
  return found;
}

/// `TILE + 1`, `(N * 2) + 1`.
std::string paddedSize(StringRef size) {
  bool simple = all_of(size, [](char c) { return isAlnum(c) || c == '_'; });
  return (simple ? size.str() : "(" + size.str() + ")") + " + 1";
}

class SharedBankConflict : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "shared-memory accesses whose warp requests conflict in the "
           "banks";
  }
  std::vector<StringRef> optionNames() const override {
    return {"MinExcessiveShare"};
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context,
                  const SourceAccess &access) const;
  /// The padding fix-it, with the gain a what-if run predicts for it.
  void addPadding(const CheckContext &context, const access::AccessSite &site,
                  const model::SiteAccessPattern &pattern, Finding &f) const;
};

Error SharedBankConflict::run(const CheckContext &context,
                              std::vector<Finding> &out) const {
  const double minShare = context.number(Name, "MinExcessiveShare", 0.2);
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (pattern.space != MemorySpace::Shared || pattern.wavefronts == 0 ||
        double(pattern.excessiveWavefronts()) <
            minShare * double(pattern.wavefronts))
      continue;
    out.push_back(finding(context, access));
  }
  return Error::success();
}

Finding SharedBankConflict::finding(const CheckContext &context,
                                    const SourceAccess &access) const {
  const access::AccessSite &site = access.site();
  const model::SiteAccessPattern &pattern = access.pattern;
  Finding f = context.findingAt(Name, site);
  const double requests = double(pattern.warpInstructions);
  const double ways =
      double(pattern.wavefronts) / double(pattern.idealWavefronts);
  const std::string excessive =
      averageText(double(pattern.excessiveWavefronts()) / requests);
  f.message =
      averageText(ways) + "-way bank conflict in shared " +
      operationWord(pattern.kind) + ": each warp request takes " +
      averageText(double(pattern.wavefronts) / requests) +
      " wavefronts where " +
      averageText(double(pattern.idealWavefronts) / requests) + " would do (" +
      excessive +
      (excessive == "1" ? " excessive wavefront, "
                        : " excessive wavefronts, ") +
      percentText(double(pattern.excessiveWavefronts()) /
                  double(pattern.wavefronts)) +
      " of " +
      countText(double(pattern.wavefronts) * context.results().sampling.scale) +
      ")";
  const arch::SmDescription &sm = context.arch().sm;
  std::string banks = "shared memory on " + context.arch().name + " has " +
                      std::to_string(sm.sharedMemoryBanks.value_or(0)) +
                      " banks of " +
                      std::to_string(sm.sharedMemoryBankWidth.value_or(4)) +
                      " bytes, which serve distinct words of one bank in turn";
  if (pattern.stepKnown)
    banks += "; neighbouring threads of a warp access " +
             arrayText(context, site) + " " + std::to_string(pattern.laneStep) +
             " bytes apart";
  f.notes.push_back({site.position, banks});
  f.notes.push_back(
      {std::nullopt,
       "wavefronts " + sampleText(context, pattern.warpInstructions)});
  addPadding(context, site, pattern, f);
  context.addAssumptionNotes(f, access, "the conflicts are");
  return f;
}

void SharedBankConflict::addPadding(const CheckContext &context,
                                    const access::AccessSite &site,
                                    const model::SiteAccessPattern &pattern,
                                    Finding &f) const {
  const SharedArrayDecl *decl = declarationOf(context, site);
  if (!decl || decl->dimensions.size() < 2 || !decl->innerSizeBegin ||
      decl->innerSizeBegin->line != decl->innerSizeEnd->line ||
      !context.whatIf().inAnalysedFile(*decl->innerSizeBegin))
    return; // no row whose size this file writes
  const std::string padded = paddedSize(decl->innerSizeText);
  driver::KernelChange change;
  change.edits.push_back({decl->innerSizeBegin->line,
                          decl->innerSizeBegin->column,
                          decl->innerSizeEnd->column, padded});
  const std::string what =
      "padding the rows of '" + decl->name + "' to " + padded + " elements";
  Expected<const driver::KernelAnalysis &> after = context.whatIf().run(change);
  if (!after) {
    f.notes.push_back({decl->position, what + " could not be analysed: " +
                                           toString(after.takeError())});
    return;
  }
  // The padding must help the array's accesses as a whole, not only this
  // one (it may move another access's conflicts).
  const double scale = context.results().sampling.scale;
  const double afterScale = after->results.sampling.scale;
  const uint64_t before = pattern.wavefronts;
  const uint64_t now = patternOf(*after, sameAccessAs(site)).wavefronts;
  const uint64_t arrayBefore =
      patternOf(context.analysis(), accessesOf(decl->name)).wavefronts;
  const uint64_t arrayNow =
      patternOf(*after, accessesOf(decl->name)).wavefronts;
  std::string figures =
      "this access's wavefronts from " +
      fromToText(double(before) * scale, double(now) * afterScale);
  if (arrayBefore != before)
    figures +=
        ", and those of all accesses to '" + decl->name + "' from " +
        fromToText(double(arrayBefore) * scale, double(arrayNow) * afterScale);
  if (now >= before || arrayNow >= arrayBefore) {
    f.notes.push_back(
        {decl->position,
         what + " is predicted not to remove the conflicts: it takes " +
             figures});
    return;
  }
  const std::string time = timeChangeText(context, context.analysis(), *after);
  f.notes.push_back(
      {*decl->innerSizeBegin,
       what + " is predicted to take " + figures + " (-" +
           percentText(1 - double(arrayNow) / double(arrayBefore)) +
           (arrayBefore != before ? " for '" + decl->name + "')" : ")") +
           (time.empty() ? "" : "; " + time),
       {{*decl->innerSizeBegin, *decl->innerSizeEnd, padded}}});
}

} // namespace

std::unique_ptr<Check> makeSharedBankConflict() {
  return std::make_unique<SharedBankConflict>();
}

} // namespace gpurd::advisor
