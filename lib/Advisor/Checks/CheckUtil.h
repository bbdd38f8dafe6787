//===- CheckUtil.h - What the checks share -----------------------*- C++
//-*-===//
#ifndef GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H
#define GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H

#include "gpurd/Advisor/Check.h"

#include <functional>
#include <string>

namespace gpurd::advisor {

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

/// `the kernel's time would go from 752579 to 700323 cycles (-6.9%, seed
/// 002's time model, Toverlap uncalibrated)`: seed 002's time of the two
/// runs (PredictedTime.h); empty when either has none (the runs counted no
/// placement events, or the arch lacks a figure the model reads). With
/// \p spaces, \p after has those arrays moved (KernelChange::arraySpaces)
/// and pays their new addressing.
std::string
timeChangeText(const CheckContext &context,
               const driver::KernelAnalysis &before,
               const driver::KernelAnalysis &after,
               const std::map<std::string, MemorySpace> *spaces = nullptr);

/// The same sentence for \p before and \p after cycles by \p model
/// (timeModelName).
std::string timeChangeText(double before, double after, llvm::StringRef model);

/// The pointer parameter whose array \p array is (null for another origin).
const KernelParam *pointerParameterOf(const CheckContext &context,
                                      const access::ArrayInfo &array);
/// The edits that make \p param `const T *__restrict__ name`, or nothing
/// when its declaration cannot be edited in the analysed file.
std::optional<std::vector<FixIt>>
constRestrictEdits(const CheckContext &context, const KernelParam &param);
/// `const __restrict__`, `__restrict__`, `const`: what \p param lacks.
std::string missingQualifiers(const KernelParam &param);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_CHECKS_CHECKUTIL_H
