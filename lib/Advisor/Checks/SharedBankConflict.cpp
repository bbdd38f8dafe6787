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
#include "PaddingScreen.h"
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

/// `TILE + 1`, `(N * 2) + 3`.
std::string paddedSize(StringRef size, unsigned pad) {
  bool simple = all_of(size, [](char c) { return isAlnum(c) || c == '_'; });
  return (simple ? size.str() : "(" + size.str() + ")") + " + " +
         std::to_string(pad);
}

/// One padding tried: the wavefronts of the access and of all the array's
/// accesses with it, on the what-if run.
struct PaddingTry {
  unsigned pad = 0;
  /// The comparison's runs: the kernel as written and padded.
  const driver::KernelAnalysis *before = nullptr, *after = nullptr;
  bool sampled = false;
  uint64_t access = 0, array = 0;
};

class SharedBankConflict : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "shared-memory accesses whose warp requests conflict in the "
           "banks";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinCycles", DefaultMinCycles,
         "with no padding to judge: the least predicted time of the kernel, in "
         "cycles, for a finding"},
        {"MinExcessiveShare", 0.2,
         "the least share of the site's wavefronts that must be excessive"},
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the padding must "
         "save (with no padding to judge: that removing the conflicts could "
         "save at most, a cycle of its SM an excessive wavefront)"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context,
                  const SourceAccess &access) const;
  /// The smallest padding of the rows that removes the conflict (or, when
  /// none does, leaves the fewest wavefronts), as a fix-it with the time a
  /// what-if run predicts for it: true when the time model predicts that it
  /// pays, false when it predicts that it does not (then the conflict is no
  /// advice), nothing when there was no padding to time.
  std::optional<bool> addPadding(const CheckContext &context,
                                 const access::AccessSite &site,
                                 const model::SiteAccessPattern &pattern,
                                 Finding &f) const;
};

/// Whether removing \p pattern's excessive wavefronts could save \p minGain
/// of the kernel's predicted \p cycles. A shared-memory unit serves one
/// wavefront a cycle (its banks' width each, 32 x 4 bytes: NVIDIA's CUDA C++
/// Programming Guide, "Shared Memory"), so each excessive wavefront costs
/// its SM at most a cycle, and the launch's, spread over the SMs that get
/// blocks, at most their count over those SMs in cycles: the time saved if
/// the kernel waited on nothing but that unit. Rodinia huffman's scan
/// (NUM_BANKS 16 on 32 banks) had 12 warnings of 4096 excessive wavefronts
/// each, 38 cycles an SM in a kernel of thousands. True when the model
/// cannot time the kernel (the other thresholds decide).
static bool conflictsCouldPay(const CheckContext &context,
                              const model::SiteAccessPattern &pattern,
                              std::optional<double> cycles, double minGain) {
  if (!cycles || *cycles <= 0)
    return true;
  const model::SamplingInfo &sampling = context.results().sampling;
  const double excessive =
      double(pattern.excessiveWavefronts()) * sampling.scale;
  return excessive / std::max(1u, sampling.activeSms) >= minGain * *cycles;
}

Error SharedBankConflict::run(const CheckContext &context,
                              std::vector<Finding> &out) const {
  const double minShare = context.number(Name, "MinExcessiveShare");
  const double minCycles = context.number(Name, "MinCycles");
  const double minGain = minGainOf(context, Name);
  // Which lanes share a warp would be the assumption's.
  if (context.warpShapeAssumed())
    return Error::success();
  // One padding removes the conflicts of several accesses of its array (the
  // CUDA samples' convolution row kernel had four warnings for one pad):
  // one warning, at the access with the most excessive wavefronts, and a
  // note at each other.
  struct Folded {
    Finding finding;
    double excessive = 0; ///< Excessive wavefronts, scaled to the launch.
    std::string what;     ///< `shared store`
    std::vector<std::pair<SourcePosition, std::string>> others;
  };
  std::vector<Folded> folded;
  std::map<std::string, size_t> byPadding;
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (pattern.space != MemorySpace::Shared || pattern.wavefronts == 0 ||
        double(pattern.excessiveWavefronts()) <
            minShare * double(pattern.wavefronts))
      continue;
    // An access the front end cannot tie to a source expression at its
    // line (the optimiser merged the loads of two branches and kept one
    // line, where the source reads no shared memory) has no place a
    // programmer could act on: silent rather than wrong.
    if (access.site().sourceAccess < 0)
      continue;
    Finding f = finding(context, access);
    std::optional<bool> judged = addPadding(context, access.site(), pattern, f);
    // A padding the time model judged decides; a conflict with no padding
    // to judge (a 1-D array, no pad that helps, no time) is reported on its
    // own only in a kernel long enough for it to matter, and only when
    // removing it could save MinGain of the kernel's time.
    if (!judged) {
      // None when the model cannot time the kernel: the other thresholds
      // decide.
      const std::optional<double> cycles = context.predictedKernelCycles();
      if ((cycles && *cycles < minCycles) ||
          !conflictsCouldPay(context, pattern, cycles, minGain))
        continue;
    } else if (!*judged) {
      continue;
    }
    context.addAssumptionNotes(f, access, "the conflicts are");
    const double excessive = double(pattern.excessiveWavefronts()) *
                             context.results().sampling.scale;
    const std::string what =
        "shared " + std::string(operationWord(pattern.kind)) + " at line " +
        std::to_string(f.position.line) + " (" + countText(excessive) +
        " excessive wavefronts)";
    std::string key;
    for (const FindingNote &note : f.notes)
      for (const FixIt &fix : note.fixIts)
        key += std::to_string(fix.begin.line) + ":" +
               std::to_string(fix.begin.column) + "=" + fix.replacement + ";";
    auto [slot, first] = byPadding.try_emplace(key, folded.size());
    if (key.empty() || first) {
      folded.push_back({std::move(f), excessive, what, {}});
      continue;
    }
    Folded &kept = folded[slot->second];
    std::pair<SourcePosition, std::string> other{f.position, what};
    if (excessive > kept.excessive) {
      other = {kept.finding.position, kept.what};
      kept.finding = std::move(f);
      kept.excessive = excessive;
      kept.what = what;
    }
    kept.others.push_back(std::move(other));
  }
  for (Folded &one : folded) {
    llvm::sort(one.others, [](const auto &a, const auto &b) {
      return std::tie(a.first.line, a.first.column) <
             std::tie(b.first.line, b.first.column);
    });
    for (auto &[position, what] : one.others)
      one.finding.notes.push_back(
          {position,
           "the same padding also removes the conflicts of the " + what});
    out.push_back(std::move(one.finding));
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
  return f;
}

std::optional<bool> SharedBankConflict::addPadding(
    const CheckContext &context, const access::AccessSite &site,
    const model::SiteAccessPattern &pattern, Finding &f) const {
  const SharedArrayDecl *decl = declarationOf(context, site);
  if (!decl || decl->dimensions.size() < 2 || !decl->innerSizeBegin ||
      decl->innerSizeBegin->line != decl->innerSizeEnd->line ||
      !context.whatIf().inAnalysedFile(*decl->innerSizeBegin))
    return std::nullopt; // no row whose size this file writes
  const unsigned banks = context.arch().sm.sharedMemoryBanks.value_or(32);
  const SiteSelector same = sameAccessAs(site);
  const SiteSelector ofArray = accessesOf(decl->name);
  // The pads tried: 1, 2, 3, 4, 8, 16 elements, below the bank count. A
  // row of R + p elements moves each row's words by p banks. With a
  // power-of-two bank count B, the lanes of a request a stride s = (R + p) a
  // + c words apart (a rows and c columns a lane) share a bank with gcd(s,
  // B) - 1 others, which depends only on how many factors of 2 s mod B has:
  // for one stride, one of p = 1, 2 makes s odd when any pad does, and no
  // pad changes its parity when a is even. Lanes that step in two
  // dimensions at once (a warp of 16 x 2 threads, a row of several tiles)
  // can need a pad that moves whole groups of banks: 4, 8, 16 (the CUDA
  // samples' convolutionSeparable row kernel needs 16). Each pad is a
  // what-if run of the whole pipeline, so the search stops at the first
  // that takes this access to the fewest wavefronts its width needs;
  // where none does, the smallest pad that leaves the fewest is proposed.
  // The padding must help the array's accesses as a whole, not only this
  // one (it may move another access's conflicts).
  std::vector<unsigned> pads;
  for (unsigned pad : {1u, 2u, 3u, 4u, 8u, 16u})
    if (pad < banks)
      pads.push_back(pad);
  const std::string tried = "the pads of 1 to 4, 8 and 16 elements";
  std::optional<PaddingTry> best;
  std::string failure;
  // Each pad on the comparison's sample (the quick one of a large launch):
  // the wavefronts a request and the time compare on the same blocks.
  uint64_t before = 0, arrayBefore = 0, ideal = 0;
  // The pads in the order block 0's addresses, moved as each pad moves
  // them, rank them (PaddingScreen.h): the first what-if is then mostly the
  // pad that removes the conflict, and the search stops there.
  for (unsigned pad : screenPads(context, site, *decl, pads)) {
    driver::KernelChange change;
    change.edits.push_back(
        {decl->innerSizeBegin->line, decl->innerSizeBegin->column,
         decl->innerSizeEnd->column, paddedSize(decl->innerSizeText, pad)});
    Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
    if (!runs) {
      failure = toString(runs.takeError());
      break;
    }
    const model::SiteAccessPattern access = patternOf(runs->before, same);
    before = access.wavefronts;
    ideal = access.idealWavefronts;
    arrayBefore = patternOf(runs->before, ofArray).wavefronts;
    PaddingTry padding{pad,
                       &runs->before,
                       &runs->after,
                       runs->sampled,
                       patternOf(runs->after, same).wavefronts,
                       patternOf(runs->after, ofArray).wavefronts};
    if (padding.access < before && padding.array < arrayBefore &&
        (!best || padding.access < best->access))
      best = padding;
    if (best && best->access <= ideal)
      break;
  }
  const std::string rows = "padding the rows of '" + decl->name + "'";
  if (!best) {
    f.notes.push_back(
        {decl->position,
         failure.empty()
             ? "none of " + tried + " in the rows of '" + decl->name +
                   "' removes the conflicts or makes fewer "
                   "wavefronts for the array (what-if runs of the models): "
                   "they come from the index, which another mapping of "
                   "threads to elements must change"
             : rows + " could not be analysed: " + failure});
    return std::nullopt;
  }
  const std::string padded = paddedSize(decl->innerSizeText, best->pad);
  const double scale = best->before->results.sampling.scale;
  const double afterScale = best->after->results.sampling.scale;
  std::string figures =
      "this access's wavefronts from " +
      fromToText(double(before) * scale, double(best->access) * afterScale);
  if (arrayBefore != before)
    figures += ", and those of all accesses to '" + decl->name + "' from " +
               fromToText(double(arrayBefore) * scale,
                          double(best->array) * afterScale);
  const bool removes = best->access <= ideal;
  const TimeVerdict time = timeVerdict(context, *best->before, *best->after);
  const double minGain = minGainOf(context, Name);
  if (time.known() && !time.pays(minGain))
    return false;
  const std::optional<bool> judged =
      time.known() ? std::optional<bool>(true) : std::nullopt;
  const std::string what =
      rows + " to " + padded + " elements" +
      (best->pad == 1 ? std::string()
                      : " (the smallest of " + tried + " that does)");
  f.notes.push_back({*decl->innerSizeBegin,
                     what +
                         (removes ? " removes the conflicts"
                                  : " makes the fewest wavefronts of " + tried +
                                        ", though some conflicts stay") +
                         ": it is " + time.verdictText(minGain) +
                         "; it takes " + figures + " (" +
                         whatIfRunText(best->sampled) + ")",
                     {{*decl->innerSizeBegin, *decl->innerSizeEnd, padded}}});
  return judged;
}

} // namespace

std::unique_ptr<Check> makeSharedBankConflict() {
  return std::make_unique<SharedBankConflict>();
}

} // namespace gpurd::advisor
