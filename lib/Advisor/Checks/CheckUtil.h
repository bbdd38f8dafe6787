//===- CheckUtil.h - What the checks share -----------------------*- C++
//-*-===//
#ifndef GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H
#define GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H

#include "gpurd/Advisor/Check.h"

#include <functional>
#include <optional>
#include <string>

namespace gpurd::advisor {

/// Whether the \p part (`grid` or `block`) of \p launch is the source's, a
/// launch spec's or the command line's: not assumed, not computed from an
/// assumed host value (their layers' origins, lib/Driver), not a what-if's.
bool launchPartGiven(const LaunchConfig &launch, llvm::StringRef part);

/// `load`, `store` or `atomic` for \p kind.
const char *operationWord(AccessKind kind);
/// `'A'` for the array \p site accesses, `the array` when unknown.
std::string arrayText(const CheckContext &context,
                      const access::AccessSite &site);
/// `over 9728 of 2359296 warp requests (864 of 4096 blocks modelled)`:
/// how much of the launch the counts were taken on.
std::string sampleText(const CheckContext &context, uint64_t warpRequests);

/// Chooses sites of an analysis: (model, site) -> bool.
using SiteSelector = std::function<bool(const access::AccessModel &,
                                        const access::AccessSite &)>;
/// The accesses at \p site's source position, of its kind (in a what-if
/// run, where the sites may be numbered otherwise, the same accesses).
SiteSelector sameAccessAs(const access::AccessSite &site);
/// The accesses of the array named \p name.
SiteSelector accessesOf(const std::string &name);
/// The patterns \p analysis counted at the sites \p selected, summed.
model::SiteAccessPattern patternOf(const driver::KernelAnalysis &analysis,
                                   const SiteSelector &selected);
/// The L1 counters of \p analysis at the sites \p selected, summed.
model::CacheCounters l1CountersOf(const driver::KernelAnalysis &analysis,
                                  const SiteSelector &selected);

/// The L2 read sectors (the L1s' misses and bypassed reads) of \p results,
/// scaled to the launch: a figure that scales from a sample of SMs.
double launchL2ReadSectors(const model::CacheModelResults &results);
/// The same for the sectors written to the L2 (the L1s write through).
double launchL2WriteSectors(const model::CacheModelResults &results);
/// `a what-if run of the models` with \p detail after it and, when
/// \p sampled, how both sides were sampled: a gain's provenance.
std::string whatIfRunText(bool sampled, llvm::StringRef detail = {});

/// The share of the kernel's predicted time a change must save to be
/// advice: the default of every check's `MinGain` option (a few percent:
/// less is within what the time model can tell apart, and not worth an
/// edit; docs/cli.md#findings-checks).
constexpr double DefaultMinGain = 0.05;

/// The least predicted time of a kernel, in core cycles, for a finding
/// that proposes no judged change (a conflict no padding removes, an
/// access no layout change coalesces): 5000 cycles are about 3.5 us at an
/// A100's 1.41 GHz, the overhead of a kernel launch (a few microseconds),
/// which a kernel shorter than that (a reduction's last single-block pass)
/// costs anyway. The default of those checks' `MinCycles`.
constexpr double DefaultMinCycles = 5000;

/// The `MinCycles` option of a check whose findings need no more than the
/// kernel to outlast a launch's overhead.
inline CheckOption minCyclesOption() {
  return {"MinCycles", DefaultMinCycles,
          "the least predicted time of the kernel, in cycles, for a finding "
          "(about a launch's overhead)"};
}

/// A check's `MinGain` option (DefaultMinGain when not given).
double minGainOf(const CheckContext &context, llvm::StringRef check);

/// Whether \p pattern's global requests touch sectors enough beyond what
/// their lanes' bytes need for gpurd-uncoalesced-access to judge them (its
/// options MinExcessiveShare and MinExcessivePerRequest, read here so that
/// every check that defers to it sees the same accesses).
bool uncoalescedRequests(const CheckContext &context,
                         const model::SiteAccessPattern &pattern);

/// What a change does to the kernel's predicted time: the one figure of
/// merit every what-if of a check is judged by (traffic figures support
/// it, they never decide). Seed 002's T of the two runs (PredictedTime.h).
struct TimeVerdict {
  std::optional<double> before, after;
  /// The model that timed them (timeModelName).
  std::string model;
  /// Why a run could not be timed (the arch lacks a figure the model
  /// reads, the run counted no events); empty when both were.
  std::string unknownBecause;

  bool known() const { return before && after && *before > 0; }
  /// The share of the kernel's time the change saves (negative: it costs).
  double saving() const { return known() ? 1 - *after / *before : 0; }
  /// Whether it saves at least \p minGain of the kernel's time.
  bool pays(double minGain) const { return known() && saving() >= minGain; }
  /// `the kernel's time would go from 752579 to 700323 cycles (-6.9%,
  /// seed 002's time model, Toverlap uncalibrated)`; empty when unknown.
  std::string text() const;
  /// `predicted to cut the kernel's time by 6.9% (752579 to 700323
  /// cycles, seed 002's ...)`, `predicted not to pay: the kernel's time
  /// would go from ...` (a saving below \p minGain) or `not timed: WHY`.
  std::string verdictText(double minGain) const;
};

/// The verdict on \p after, a what-if run of \p before. With \p spaces,
/// \p after has those arrays moved (KernelChange::arraySpaces) and pays
/// their new addressing.
TimeVerdict
timeVerdict(const CheckContext &context, const driver::KernelAnalysis &before,
            const driver::KernelAnalysis &after,
            const std::map<std::string, MemorySpace> *spaces = nullptr);

/// timeVerdict(...).text(): empty when either run has no time.
std::string
timeChangeText(const CheckContext &context,
               const driver::KernelAnalysis &before,
               const driver::KernelAnalysis &after,
               const std::map<std::string, MemorySpace> *spaces = nullptr);

/// The same sentence for \p before and \p after cycles by \p model
/// (timeModelName).
std::string timeChangeText(double before, double after, llvm::StringRef model);

/// Whether the addresses of \p access may follow contents gpurd assumed
/// (uniformly random indices for an array without a buffer): a site that is
/// not affine in a launch that assumes some array's contents. Its sectors,
/// and the misses they make, are those of the assumption: no finding may
/// rest on them unless the check's `AssumedContents` option asks.
bool restsOnAssumedContents(const CheckContext &context,
                            const SourceAccess &access);

/// The pointer parameter whose array \p array is (null for another origin).
const KernelParam *pointerParameterOf(const CheckContext &context,
                                      const access::ArrayInfo &array);
/// The edits that make \p param `const T *__restrict__ name`, or nothing
/// when its declaration cannot be edited in the analysed file.
std::optional<std::vector<FixIt>>
constRestrictEdits(const CheckContext &context, const KernelParam &param);
/// `const __restrict__`, `__restrict__`, `const`: what \p param lacks.
std::string missingQualifiers(const KernelParam &param);

/// The indices the compiled kernel reads and what else tells its threads
/// apart (access::IndexUse), from the file's device code before the launch
/// is folded in; none when the module lacks the kernel's body.
std::optional<access::IndexUse> compiledIndexUse(const CheckContext &context);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H
