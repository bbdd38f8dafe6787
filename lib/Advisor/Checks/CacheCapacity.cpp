//===- CacheCapacity.cpp - gpurd-cache-capacity ---------------------------===//
//
// A load whose L1 misses are mostly reuse just beyond the L1's capacity: the
// cache model counts, per site, the capacity and associativity misses whose
// per-set stack distance was below twice the ways (seed 000 §3.3: a hit iff
// distance < ways), which an L1 twice as large, or a working set per SM
// half as large, would have hit (CacheCounters::nearCapacityMisses). What
// size fits is a what-if run: the kernel with half, then a quarter, of its
// resident blocks per SM. docs/checks/gpurd-cache-capacity.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/WhatIf.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-cache-capacity";

bool readsThroughL1(const SourceAccess &access) {
  const model::SiteAccessPattern &p = access.pattern;
  return p.kind == AccessKind::Read &&
         (p.space == MemorySpace::Global ||
          p.space == MemorySpace::GlobalReadOnly ||
          p.space == MemorySpace::Local);
}

std::string kilobytes(uint64_t bytes) {
  return bytes % 1024 ? std::to_string(bytes) + " B"
                      : std::to_string(bytes / 1024) + " KB";
}

/// The note for a what-if with at most \p blocks resident blocks per SM
/// in which the load's reuse fits the L1.
std::string fitsText(const CheckContext &context,
                     const WhatIfRunner::Comparison &runs,
                     const model::CacheCounters &before,
                     const model::CacheCounters &after, unsigned blocks) {
  const model::CacheModelResults &r0 = runs.before.results,
                                 &r1 = runs.after.results;
  std::string text =
      "with at most " + std::to_string(blocks) + " resident blocks (" +
      std::to_string(blocks * context.launch().threadsPerBlock()) +
      " threads) per SM instead of " +
      std::to_string(context.results().execution.activeBlocksPerSm) +
      ", this load's reuse fits the L1: it would hit in " +
      percentText(after.sectorHitRate()) + " of its sectors instead of " +
      percentText(before.sectorHitRate());
  if (r0.l2Modelled && r1.l2Modelled)
    text += std::string(", and the kernel's L2 read ") + r0.execution.l2Unit() +
            " would go from " +
            fromToText(launchL2ReadSectors(r0), launchL2ReadSectors(r1));
  return text + " (" + whatIfRunText(runs.sampled) +
         "); a working set per SM that small fits: a smaller tile or block "
         "doing the same work in more steps, or fewer resident blocks, at "
         "the cost of the latency they hide";
}

class CacheCapacity : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "loads whose L1 misses are reuse just beyond the L1's capacity";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the working set that "
         "fits must save"},
        {"MinShare", 0.2,
         "the least share of the load's L1 requests that must be near-capacity "
         "misses"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context, const SourceAccess &access,
                  const model::CacheCounters &l1) const;
  /// The fewest halvings of the resident blocks per SM that halve the
  /// access's near-capacity misses, as a note with its predicted time.
  /// False when there is none, or the time model predicts that it does not
  /// pay: then the misses are no advice (a smaller tile or working set
  /// that no run predicts is not offered).
  bool addFittingSize(const CheckContext &context, const SourceAccess &access,
                      Finding &f) const;
};

Error CacheCapacity::run(const CheckContext &context,
                         std::vector<Finding> &out) const {
  const double minShare = context.number(Name, "MinShare");
  if (!context.results().execution.l1Bytes)
    return Error::success();
  for (const SourceAccess &access : context.sourceAccesses()) {
    if (!readsThroughL1(access))
      continue;
    const model::CacheCounters l1 =
        l1CountersOf(context.analysis(), sameAccessAs(access.site()));
    if (l1.readAccesses == 0 ||
        double(l1.nearCapacityMisses) < minShare * double(l1.readAccesses))
      continue;
    Finding f = finding(context, access, l1);
    if (!addFittingSize(context, access, f))
      continue;
    context.addLaunchAssumptionNotes(f);
    out.push_back(std::move(f));
  }
  return Error::success();
}

Finding CacheCapacity::finding(const CheckContext &context,
                               const SourceAccess &access,
                               const model::CacheCounters &l1) const {
  const access::AccessSite &site = access.site();
  const model::ExecutionInfo &exec = context.results().execution;
  const double scale = context.results().sampling.scale;
  Finding f = context.findingAt(Name, site);
  f.message =
      arrayText(context, site) + " is reused just beyond the L1's capacity: " +
      countText(double(l1.nearCapacityMisses) * scale) + " of this " +
      "load's " + countText(double(l1.readAccesses) * scale) +
      " L1 requests (" +
      percentText(double(l1.nearCapacityMisses) / double(l1.readAccesses)) +
      ") miss lines an L1 twice as large (" + kilobytes(2 * exec.l1Bytes) +
      " instead of " + kilobytes(exec.l1Bytes) + ") would still hold";
  f.notes.push_back(
      {std::nullopt,
       "the L1 of " + context.arch().name + " is " + kilobytes(exec.l1Bytes) +
           " per SM (" + std::to_string(exec.l1Sets) + " sets of " +
           std::to_string(exec.l1Assoc) + " ways) for this launch, shared by " +
           std::to_string(exec.activeBlocksPerSm) + " resident blocks of " +
           std::to_string(context.launch().threadsPerBlock()) +
           " threads; a line is held while fewer than " +
           std::to_string(exec.l1Assoc) +
           " other lines of its set were used since its last use, and these "
           "misses had fewer than " +
           std::to_string(2 * exec.l1Assoc) + " (requests " +
           sampleText(context, access.pattern.warpInstructions) + ")"});
  return f;
}

bool CacheCapacity::addFittingSize(const CheckContext &context,
                                   const SourceAccess &access,
                                   Finding &f) const {
  const unsigned resident = context.results().execution.activeBlocksPerSm;
  const SiteSelector same = sameAccessAs(access.site());
  // Halving reaches 1 block from any count of 2 or more.
  for (unsigned blocks = resident / 2; blocks >= 1; blocks /= 2) {
    Expected<WhatIfRunner::Comparison> runs =
        context.whatIf().compareResidentBlocks(blocks);
    if (!runs) {
      consumeError(runs.takeError()); // no run to predict a gain from
      return false;
    }
    const model::CacheCounters before = l1CountersOf(runs->before, same);
    const model::CacheCounters after = l1CountersOf(runs->after, same);
    if (2 * after.nearCapacityMisses > before.nearCapacityMisses)
      continue;
    const double minGain = minGainOf(context, Name);
    const TimeVerdict time = timeVerdict(context, runs->before, runs->after);
    if (time.known() && !time.pays(minGain))
      return false;
    const std::string verdict =
        "a working set per SM that fits is " + time.verdictText(minGain);
    // A verdict goes into the message; a time the model could not predict
    // is a note, and the misses' share decides.
    if (time.known())
      f.message += "; " + verdict;
    f.notes.push_back(
        {std::nullopt, fitsText(context, *runs, before, after, blocks)});
    if (!time.known())
      f.notes.push_back({std::nullopt, verdict});
    return true;
  }
  return false;
}

} // namespace

std::unique_ptr<Check> makeCacheCapacity() {
  return std::make_unique<CacheCapacity>();
}

} // namespace gpurd::advisor
