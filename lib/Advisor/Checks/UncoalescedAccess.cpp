//===- UncoalescedAccess.cpp - gpurd-uncoalesced-access -------------------===//
//
// A global load or store whose warp requests touch more 32-byte sectors than
// the bytes its active lanes access need (Nsight Compute's "excessive
// sectors"). The sectors are counted on the request stream
// (AccessPattern.h); docs/checks/gpurd-uncoalesced-access.md.
//
//===----------------------------------------------------------------------===//

#include "../BufferUses.h"
#include "../Figures.h"
#include "../Footprint.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Trace/BufferExtents.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-uncoalesced-access";

/// `global`, `read-only global`.
const char *spaceWord(MemorySpace space) {
  return space == MemorySpace::GlobalReadOnly ? "read-only global" : "global";
}

/// A block of the same threads whose warps each cover one row (32 threads
/// of x): for a block narrower than a warp, (32, x * y / 32, z), with the
/// grid that keeps the launch's threads in x and y; nothing when that does
/// not divide evenly.
std::optional<std::pair<std::array<uint64_t, 3>, std::array<uint64_t, 3>>>
rowWideLaunch(const LaunchConfig &launch) {
  const auto &[bx, by, bz] = launch.block;
  const auto &[gx, gy, gz] = launch.grid;
  if (bx >= trace::WarpSize || by < 2 || (bx * by) % trace::WarpSize)
    return std::nullopt;
  const uint64_t ny = bx * by / trace::WarpSize;
  if ((gx * bx) % trace::WarpSize || (gy * by) % ny)
    return std::nullopt;
  return std::make_pair(
      std::array<uint64_t, 3>{trace::WarpSize, ny, bz},
      std::array<uint64_t, 3>{gx * bx / trace::WarpSize, gy * by / ny, gz});
}

/// The sectors a request of the access makes in \p runs' run after the
/// change, when that is fewer than before.
std::optional<std::string>
fewerSectorsText(const WhatIfRunner::Comparison &runs,
                 const access::AccessSite &site) {
  const model::SiteAccessPattern now =
      patternOf(runs.after, sameAccessAs(site));
  const model::SiteAccessPattern before =
      patternOf(runs.before, sameAccessAs(site));
  if (!now.warpInstructions || !before.warpInstructions ||
      double(now.sectors) / double(now.warpInstructions) >=
          double(before.sectors) / double(before.warpInstructions))
    return std::nullopt;
  const std::string sectors =
      averageText(double(now.sectors) / double(now.warpInstructions));
  return sectors + (sectors == "1" ? " sector" : " sectors");
}

/// `the kernel's L2 read sectors would go from A to B` (write sectors for
/// a store; with its DRAM reads when both runs modelled every block):
/// traffic that supports a verdict taken on the kernel's time.
std::string kernelTrafficText(const WhatIfRunner::Comparison &runs,
                              AccessKind kind) {
  const model::CacheModelResults &r0 = runs.before.results,
                                 &r1 = runs.after.results;
  if (!r0.l2Modelled || !r1.l2Modelled)
    return "";
  const bool writes = kind == AccessKind::Write;
  const std::string what =
      std::string(writes ? "write " : "read ") + r0.execution.l2Unit();
  std::string text =
      "the kernel's L2 " + what + " would go from " +
      fromToText(writes ? launchL2WriteSectors(r0) : launchL2ReadSectors(r0),
                 writes ? launchL2WriteSectors(r1) : launchL2ReadSectors(r1));
  // A sample's DRAM reads do not scale to the whole launch (its first
  // blocks bring in the lines later ones find in the L2): quoted only when
  // both runs modelled every block. DRAM writes are the L2's write-backs,
  // not modelled per launch.
  if (!writes && r0.sampling.scale == 1 && r1.sampling.scale == 1)
    text += std::string(" and its DRAM read ") + r0.execution.l2Unit() +
            " from " +
            fromToText(double(r0.transactions.dramReadSectors),
                       double(r1.transactions.dramReadSectors));
  return text;
}

/// A change that would serve the access with fewer sectors, as a what-if
/// run predicts it.
struct CoalescingFix {
  /// `block (32, 8, 1) and grid (8, 64, 1)`: what the change is, short.
  std::string change;
  /// The what-if's figures (sectors, traffic) and its provenance.
  std::string evidence;
  TimeVerdict time;
  /// Why the change is not offered although it may pay for this kernel
  /// (another kernel of the program would lose by it); empty when it is.
  std::string notOffered;
  /// Notes that follow its verdict's (where the other kernel loses, what
  /// to do instead).
  std::vector<FindingNote> notes;
};

/// The note that states \p fix's verdict with its evidence.
FindingNote verdictNote(const CoalescingFix &fix, double minGain) {
  if (!fix.notOffered.empty())
    return {std::nullopt, fix.change + " is not offered: " + fix.notOffered +
                              "; for this kernel alone it is " +
                              fix.time.verdictText(minGain) + ": " +
                              fix.evidence};
  return {std::nullopt, fix.change + " is " + fix.time.verdictText(minGain) +
                            ": " + fix.evidence};
}

/// Adds \p fix's verdict and its other notes to \p f.
void addFixNotes(Finding &f, const CoalescingFix &fix, double minGain) {
  f.notes.push_back(verdictNote(fix, minGain));
  llvm::append_range(f.notes, fix.notes);
}

/// The sectors of the access's global requests, over all its kernel's
/// global accesses: how much of the kernel's traffic it is.
double globalSectorShare(const CheckContext &context,
                         const SourceAccess &access) {
  uint64_t all = 0;
  for (const SourceAccess &other : context.sourceAccesses())
    if (other.pattern.space == MemorySpace::Global ||
        other.pattern.space == MemorySpace::GlobalReadOnly)
      all += other.pattern.sectors;
  return all ? double(access.pattern.excessiveSectors()) / double(all) : 0;
}

/// Of the accesses one coalescing bound covers, those with less than this
/// share of all their excessive sectors are notes of the most excessive
/// one's warning rather than warnings of their own.
constexpr double BoundFoldShare = 0.1;

/// A finding whose change (or coalescing bound) another finding of the
/// same run stands on too.
struct FoldedFinding {
  Finding finding;
  double excessive = 0; ///< excessive sectors, scaled to the launch
  std::string what;     ///< `global store of 'symmat'`
  bool bound = false;   ///< It stands on a bound, not on a change.
  std::vector<FoldedFinding> others;
};

class UncoalescedAccess : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "global accesses whose warp requests touch more sectors than "
           "their bytes need";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"AssumedContents", 0,
         "1: also report accesses whose addresses follow assumed index "
         "contents"},
        {"MinCycles", DefaultMinCycles,
         "with no change to judge: the least predicted time of the kernel, in "
         "cycles; a change to a shorter kernel must save MinGain of this "
         "many cycles (about a launch's overhead)"},
        {"MinExcessivePerRequest", 2,
         "the least excessive sectors a request, on average"},
        {"MinExcessiveShare", 0.25,
         "the least share of the site's sectors that must be excessive for a "
         "finding"},
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time a change must save"},
        {"MinKernelShare", 0.1,
         "with no change to judge: the least share of the kernel's global "
         "sectors the access's excessive sectors must be"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The finding's message and evidence, before any fix is judged.
  Finding finding(const CheckContext &context,
                  const SourceAccess &access) const;
  /// When a warp spans several rows of a block narrower than a warp: what a
  /// what-if run with warps of one row predicts.
  std::optional<CoalescingFix> rowWideBlock(const CheckContext &context,
                                            const SourceAccess &access,
                                            Finding &f) const;
  /// When neighbouring threads access one row each of an array: what a
  /// what-if run with the array stored transposed predicts.
  std::optional<CoalescingFix> transposedArray(const CheckContext &context,
                                               const SourceAccess &access,
                                               Finding &f) const;
};

TimeVerdict coalescedBound(const CheckContext &context,
                           const std::set<unsigned> &sites);

/// What coalescedBound coalesces for \p access: `it`, or `the accesses of
/// 'b' (this one and 3 others)`.
std::string coalescedWhat(
    const CheckContext &context, const SourceAccess &access,
    std::map<int, std::set<std::pair<unsigned, unsigned>>> &accessesOf) {
  const int array = access.site().array;
  if (array < 0 || accessesOf[array].size() < 2)
    return "it";
  size_t others = accessesOf[array].size() - 1;
  return "the accesses of " + arrayText(context, access.site()) +
         " (this one and " + std::to_string(others) +
         (others == 1 ? " other)" : " others)");
}

Error UncoalescedAccess::run(const CheckContext &context,
                             std::vector<Finding> &out) const {
  const double minGain = minGainOf(context, Name);
  const double minKernelShare = context.number(Name, "MinKernelShare");
  // 1: report accesses whose addresses follow assumed index contents too.
  const bool assumedContents = context.number(Name, "AssumedContents") != 0;
  const double minCycles = context.number(Name, "MinCycles");
  // Which lanes share a warp would be the assumption's.
  if (context.warpShapeAssumed())
    return Error::success();
  // A kernel shorter than MinCycles comes with a launch's overhead about
  // as long: a change to it must save MinGain of that too. PolyBench
  // adi_kernel2's one store a thread, 774 cycles, was "predicted to cut the
  // kernel's time by 16.0%" (124 cycles); the advice benchmark's column
  // walk, 3143 cycles, saves 2190.
  auto savesEnough = [&](const TimeVerdict &time) {
    return context.longEnough(minCycles) ||
           *time.before - *time.after >= minGain * minCycles;
  };
  // One change (an array stored transposed, a row-wide block) coalesces
  // every access it is judged on: one warning, at the access with the most
  // excessive sectors, and a note for each other (PolyBench correlation
  // had four warnings for 'symmat', three of a few thousand sectors).
  std::map<std::string, FoldedFinding> byChange;
  // Which requests are uncoalesced: uncoalescedRequests (MinExcessiveShare,
  // MinExcessivePerRequest). One sector more a request is what a warp over
  // two rows of a block narrower than a warp needs (a 16 x 16 block reading
  // A[row * n + k]): no layout of the kernel as written serves two rows with
  // one sector, and an expert does not act on it.
  // The uncoalesced sites of each array: coalescing one field of an array
  // of structs leaves its lines to the other fields' loads, so the bound
  // coalesces them together.
  std::map<int, std::set<unsigned>> uncoalescedSites;
  std::map<int, std::set<std::pair<unsigned, unsigned>>> uncoalescedAccesses;
  for (const SourceAccess &access : context.sourceAccesses())
    if (uncoalescedRequests(context, access.pattern)) {
      uncoalescedAccesses[access.site().array].insert(
          {access.site().position.line, access.site().position.column});
      for (const access::AccessSite *site : access.sites)
        uncoalescedSites[site->array].insert(site->id);
    }
  // By the sites they coalesce: an array's bound is computed once.
  std::map<std::set<unsigned>, TimeVerdict> bounds;
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (!uncoalescedRequests(context, pattern))
      continue;
    // An array of a library's records (cuRAND's per-thread states, which
    // the kernel copies whole): their layout is the library's, and its API
    // takes one record a thread; no change of the kernel coalesces them.
    if (const access::ArrayInfo *array = context.arrayOf(access.site()))
      if (const KernelParam *param = pointerParameterOf(context, *array);
          param && param->pointeeIsLibraryRecord)
        continue;
    Finding f = finding(context, access);
    std::vector<CoalescingFix> fixes;
    if (auto fix = rowWideBlock(context, access, f))
      fixes.push_back(std::move(*fix));
    if (auto fix = transposedArray(context, access, f))
      fixes.push_back(std::move(*fix));
    // One verdict: the fix predicted to save the most of the kernel's time,
    // when one saves MinGain. Fixes the time model judged not to pay make
    // no warning; where it could not time one, the finding stands on its
    // share of the kernel's traffic and says the time is unknown.
    // A change that pays for this kernel but that the program's other
    // kernels rule out (notOffered) is not advice; it still shows that the
    // access costs the kernel that much time, and the finding stands on it
    // with no change offered.
    const CoalescingFix *best = nullptr, *withheld = nullptr;
    bool untimed = false;
    // The findings one change (or one bound) stands for fold into one.
    std::string foldKey;
    for (const CoalescingFix &fix : fixes) {
      untimed |= !fix.time.known();
      if (!fix.time.pays(minGain) || !savesEnough(fix.time))
        continue;
      const CoalescingFix *&slot = fix.notOffered.empty() ? best : withheld;
      if (!slot || fix.time.saving() > slot->time.saving())
        slot = &fix;
    }
    if (best) {
      f.message +=
          "; " + best->change + " is " + best->time.verdictText(minGain);
      for (const CoalescingFix &fix : fixes)
        addFixNotes(f, fix, minGain);
    } else if (withheld) {
      f.message += "; " + withheld->change + " is " +
                   withheld->time.verdictText(minGain) + ", but " +
                   withheld->notOffered + ": a fix must keep the layout";
      for (const CoalescingFix &fix : fixes)
        addFixNotes(f, fix, minGain);
    } else if (!fixes.empty() && !untimed) {
      continue;
    } else {
      // With no change judged, the finding stands on what coalescing the
      // access is worth at most (coalescedBound), and only on addresses
      // the kernel's own code gives, not on assumed contents; on its share
      // of the kernel's traffic where the time model cannot say.
      // When each thread walks consecutive elements from where the
      // contents put it (`table[idx[r] * D + c]` over c, walksPerLane), the
      // lanes touch a sector each whatever rows the contents pick, unless
      // they pick the same rows, and the fix (the lanes take neighbouring
      // elements of a row) does not depend on them.
      const bool onContents = restsOnAssumedContents(context, access);
      const bool walks = access.pattern.walksPerLane();
      if ((!assumedContents && onContents && !walks) ||
          !context.longEnough(minCycles))
        continue;
      if (!assumedContents && onContents && walks)
        f.notes.push_back(
            {std::nullopt,
             "each thread walks consecutive elements from an address the "
             "kernel computes from memory contents (a row picked by an "
             "index): whatever rows the contents pick, the lanes touch a "
             "sector each unless they pick the same row"});
      // An access of no one array (-1) is bounded alone.
      std::set<unsigned> sites;
      if (access.site().array >= 0)
        sites = uncoalescedSites[access.site().array];
      else
        for (const access::AccessSite *site : access.sites)
          sites.insert(site->id);
      auto known = bounds.find(sites);
      if (known == bounds.end())
        known = bounds.emplace(sites, coalescedBound(context, sites)).first;
      const TimeVerdict &bound = known->second;
      if (bound.known() && !bound.pays(minGain))
        continue;
      if (!bound.known() && globalSectorShare(context, access) < minKernelShare)
        continue;
      f.message +=
          bound.known()
              ? "; coalescing " +
                    coalescedWhat(context, access, uncoalescedAccesses) +
                    ", by whatever change, would cut the kernel's time by "
                    "at most " +
                    llvm::formatv("{0:F1}%", bound.saving() * 100).str() +
                    " (predicted, " + fromToText(*bound.before, *bound.after) +
                    " cycles, " + bound.model + ")"
              : "; what coalescing it would save is " +
                    bound.verdictText(minGain);
      for (const CoalescingFix &fix : fixes)
        addFixNotes(f, fix, minGain);
      if (bound.known()) {
        f.notes.push_back(
            {std::nullopt,
             "the bound is a what-if run of the models with each warp "
             "request of the accesses it names made of consecutive "
             "elements from its first active lane's (the same requests, "
             "coalesced): no change of the kernel makes them cost less"});
        // One bound, one warning (Rodinia gaussian's Fan2 had two for
        // 'm_cuda', the second 515 sectors under `if (yidx == 0)`).
        foldKey = "bound";
        for (unsigned site : sites)
          foldKey += " " + std::to_string(site);
      }
    }
    context.addAssumptionNotes(f, access, "the sectors per request are");
    const CoalescingFix *chosen = best ? best : withheld;
    if (chosen)
      foldKey = chosen->change;
    if (foldKey.empty()) {
      out.push_back(std::move(f));
      continue;
    }
    const double excessive =
        double(pattern.excessiveSectors()) * context.results().sampling.scale;
    FoldedFinding next{std::move(f),
                       excessive,
                       std::string(spaceWord(pattern.space)) + " " +
                           operationWord(pattern.kind) + " of " +
                           arrayText(context, access.site()),
                       !chosen,
                       {}};
    auto [slot, first] = byChange.try_emplace(foldKey);
    if (first) {
      slot->second = std::move(next);
      continue;
    }
    FoldedFinding &kept = slot->second;
    // The most excessive sectors, then the first in the source.
    auto at = [](const FoldedFinding &x) {
      return std::tie(x.finding.position.line, x.finding.position.column);
    };
    if (next.excessive > kept.excessive ||
        (next.excessive == kept.excessive && at(next) < at(kept))) {
      std::swap(kept, next);
      std::swap(kept.others, next.others);
    }
    kept.others.push_back(std::move(next));
  }
  for (auto &[change, folded] : byChange) {
    std::vector<Finding> separate;
    double all = folded.excessive;
    for (const FoldedFinding &other : folded.others)
      all += other.excessive;
    for (FoldedFinding &other : folded.others) {
      // A bound is no change to make once: each access that carries a good
      // part of its excessive sectors (an array of structs' fields, a
      // quarter each) keeps its warning; one that carries little (Rodinia
      // gaussian's load of 'm_cuda' under `if (yidx == 0)`, 386 sectors
      // beside 49000; SHOC's readGlobalMemoryUnit, 16 loads of consecutive
      // elements a thread, a sixteenth each) is a note.
      if (other.bound && other.excessive >= BoundFoldShare * all) {
        separate.push_back(std::move(other.finding));
        continue;
      }
      folded.finding.notes.push_back(
          {other.finding.position,
           (other.bound ? "the same bound also covers the "
                        : "the same change also coalesces the ") +
               other.what + " (" + countText(other.excessive) +
               " excessive sectors)"});
    }
    out.push_back(std::move(folded.finding));
    for (Finding &f : separate)
      out.push_back(std::move(f));
  }
  return Error::success();
}

/// The most coalescing the accesses of \p sites can save: the kernel's
/// predicted time with each of their warp requests made of consecutive
/// elements (the memory-divergence check's what-if,
/// trace/CoalescedSites.h). A bound, not a change: the addresses move, so
/// the variant computes something else.
TimeVerdict coalescedBound(const CheckContext &context,
                           const std::set<unsigned> &sites) {
  driver::KernelChange change;
  change.coalescedSites = sites;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    TimeVerdict unknown;
    unknown.unknownBecause =
        "the what-if run with the access coalesced failed: " +
        toString(runs.takeError());
    return unknown;
  }
  return timeVerdict(context, runs->before, runs->after);
}

Finding UncoalescedAccess::finding(const CheckContext &context,
                                   const SourceAccess &access) const {
  const access::AccessSite &site = access.site();
  const model::SiteAccessPattern &pattern = access.pattern;
  Finding f = context.findingAt(Name, site);
  const double requests = double(pattern.warpInstructions);
  const double scale = context.results().sampling.scale;
  const std::string excessive =
      averageText(double(pattern.excessiveSectors()) / requests);
  f.message =
      "uncoalesced " + std::string(spaceWord(pattern.space)) + " " +
      operationWord(pattern.kind) + " of " + arrayText(context, site) +
      ": each warp request touches " +
      averageText(double(pattern.sectors) / requests) + " sectors where " +
      averageText(double(pattern.idealSectors) / requests) + " would do (" +
      excessive +
      (excessive == "1" ? " excessive sector, " : " excessive sectors, ") +
      percentText(double(pattern.excessiveSectors()) /
                  double(pattern.sectors)) +
      " of " + countText(double(pattern.sectors) * scale) + ")";
  // Why: the step between neighbouring threads, when it is one number.
  if (pattern.stepKnown && pattern.laneStep != int64_t(pattern.accessSize))
    f.notes.push_back(
        {site.position,
         "neighbouring threads of a warp access " + arrayText(context, site) +
             " " + std::to_string(pattern.laneStep) +
             " bytes apart; with a step of " +
             std::to_string(pattern.accessSize) +
             " bytes (the access size) each request would touch " +
             averageText(double(pattern.idealSectors) / requests) +
             " sectors"});
  std::string evidence =
      "sectors " + sampleText(context, pattern.warpInstructions);
  if (const model::SiteCacheResults *r = context.results().site(site.id)) {
    if (r->l1.sectorReadAccesses)
      evidence += "; predicted L1 sector hit rate " +
                  percentText(r->l1.sectorHitRate());
    // A sample of some SMs' L2 hit rate is not the launch's.
    if (r->l2.sectorReadAccesses && context.results().sampling.l2SeesEverySm())
      evidence += ", L2 " + percentText(r->l2.sectorHitRate());
  }
  f.notes.push_back({std::nullopt, evidence});
  return f;
}

std::optional<CoalescingFix>
UncoalescedAccess::rowWideBlock(const CheckContext &context,
                                const SourceAccess &access, Finding &f) const {
  // Only a block the source gives (an assumed one is the assumption's to
  // change), and only a kernel without shared memory, whose indexing could
  // be tied to the block's shape through its tiles.
  const LaunchConfig &launch = context.launch();
  const KernelInfo &kernel = context.kernel();
  if (launch.blockOrigin == "assumption" || kernel.staticSharedBytes ||
      kernel.usesDynamicShared)
    return std::nullopt;
  auto wide = rowWideLaunch(launch);
  if (!wide)
    return std::nullopt;
  driver::KernelChange change;
  change.launch.block = wide->first;
  change.launch.grid = wide->second;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError()); // the block cannot run; no fix to offer
    return std::nullopt;
  }
  std::optional<std::string> sectors = fewerSectorsText(*runs, access.site());
  if (!sectors)
    return std::nullopt;
  const std::string shape =
      "block " + dimText(wide->first) + " and grid " + dimText(wide->second);
  // The same threads in another shape compute the same only if the kernel
  // reaches the same elements with them (a hard-coded 16 against
  // threadIdx.y does not).
  if (std::string other = footprintDifference(runs->before, runs->after);
      !other.empty()) {
    f.notes.push_back({std::nullopt, "a " + shape +
                                         " (warps of one row each) is not "
                                         "offered: " +
                                         other});
    return std::nullopt;
  }
  CoalescingFix fix;
  fix.change = "launching with " + shape;
  fix.evidence = "with the same threads in warps of one row each, this "
                 "access would touch " +
                 *sectors + " a request";
  if (std::string traffic = kernelTrafficText(*runs, access.site().kind);
      !traffic.empty())
    fix.evidence += ", " + traffic;
  fix.evidence += " (" + whatIfRunText(runs->sampled) +
                  "; the variant accesses the same bytes of every global "
                  "array)";
  fix.time = timeVerdict(context, runs->before, runs->after);
  return fix;
}

/// Another global array of the kernel, of \p extent's size, that a warp
/// accesses with neighbouring threads on neighbouring elements, one new
/// element for each of \p access's: the kernel moves data between two
/// layouts (a transpose), and storing one array the other way round would
/// only move the strided access to the other. An access that comes back to
/// the same elements (syrk's c[i * n + j] in every iteration over k that
/// reads a[j * m + k]), or runs a different number of times, moves no data
/// from the strided one.
const access::ArrayInfo *transposePartner(const CheckContext &context,
                                          const SourceAccess &access,
                                          const trace::ArrayExtent &extent) {
  const access::AccessModel &model = context.model();
  const access::AccessSite &site = access.site();
  for (const SourceAccess &other : context.sourceAccesses()) {
    const model::SiteAccessPattern &p = other.pattern;
    if (other.site().array == site.array || other.site().array < 0 ||
        !p.stepKnown || p.laneStep != int64_t(p.accessSize) ||
        (p.space != MemorySpace::Global &&
         p.space != MemorySpace::GlobalReadOnly) ||
        p.laneRepeats != 0 ||
        p.warpInstructions != access.pattern.warpInstructions)
      continue;
    const trace::ArrayExtent e =
        trace::accessedExtent(model, other.site().array);
    if (e.complete && !e.empty() &&
        e.end - e.begin == extent.end - extent.begin)
      return context.arrayOf(other.site());
  }
  return nullptr;
}

/// `line 165` in \p file, `other.cu:165` elsewhere.
std::string lineText(const SourcePosition &position, StringRef file) {
  if (position.file == file)
    return "line " + std::to_string(position.line);
  return position.file + ":" + std::to_string(position.line);
}

/// Why storing \p array transposed (its \p rows rows becoming columns) is
/// no change for the program: another kernel accesses the same buffer with
/// neighbouring threads on neighbouring elements of a row, which the
/// transposed layout would put a column of \p rows elements apart.
struct LayoutConflict {
  std::string summary; ///< For the message: who reads it how.
  std::string detail;  ///< For the note: which buffer, which access.
  SourcePosition access;
};

std::optional<LayoutConflict> transposeConflict(const CheckContext &context,
                                                const access::ArrayInfo &array,
                                                uint64_t rows) {
  const StringRef file = context.kernel().position.file;
  for (const BufferUse &use : otherKernelUses(context, array)) {
    if (!use.model || use.array < 0)
      continue;
    for (const access::AccessSite &site : use.model->sites) {
      if (site.array != use.array || site.kind == AccessKind::Barrier ||
          site.sizeBytes == 0)
        continue;
      std::optional<int64_t> step = threadXStep(*use.model, site);
      if (!step || std::abs(*step) != int64_t(site.sizeBytes))
        continue;
      LayoutConflict out;
      out.access = site.position;
      const std::string other = "kernel '" + use.kernel->name + "'";
      const std::string name = "'" + array.name + "'";
      out.summary = other + " accesses the same array with neighbouring "
                            "threads on neighbouring elements, which that "
                            "layout would make strided";
      std::string which;
      if (use.launch)
        which = ", launched at " + lineText(use.launch->position, file) +
                " with the same buffer ('" + use.hostText +
                "') as this kernel's launch,";
      else
        which = " has a parameter '" + use.parameter +
                "' of the same type, taken to hold the same array (no "
                "launch in the file tells which buffer each kernel gets), "
                "and";
      const std::string text =
          site.sourceText.empty() ? "" : " (" + site.sourceText + ")";
      out.detail =
          other + which + " accesses it here" + text +
          " with neighbouring threads " + std::to_string(std::abs(*step)) +
          " bytes apart, on neighbouring elements: with " + name +
          " stored transposed they would be " +
          std::to_string(uint64_t(std::abs(*step)) * rows) + " bytes apart";
      return out;
    }
  }
  return std::nullopt;
}

std::optional<CoalescingFix> UncoalescedAccess::transposedArray(
    const CheckContext &context, const SourceAccess &access, Finding &f) const {
  const model::SiteAccessPattern &pattern = access.pattern;
  const access::AccessSite &site = access.site();
  const access::ArrayInfo *array = context.arrayOf(site);
  // One row a thread: neighbouring threads a whole number of elements
  // apart, more than one.
  if (!array || !pattern.stepKnown || pattern.accessSize == 0 ||
      pattern.laneStep <= int64_t(pattern.accessSize) ||
      pattern.laneStep % int64_t(pattern.accessSize))
    return std::nullopt;
  const uint64_t rowBytes = uint64_t(pattern.laneStep);
  const access::AccessModel &model = context.analysis().trace->model;
  const trace::ArrayExtent extent = trace::accessedExtent(model, site.array);
  if (!extent.complete || extent.empty() || extent.begin < 0 ||
      uint64_t(extent.end) % rowBytes)
    return std::nullopt;
  if (const access::ArrayInfo *partner =
          transposePartner(context, access, extent)) {
    f.notes.push_back(
        {std::nullopt,
         "the kernel accesses '" + partner->name +
             "', of the same size, with neighbouring threads on neighbouring "
             "elements: it moves data between the two layouts (a transpose), "
             "so storing '" +
             array->name +
             "' the other way round would only move the strided access; the "
             "fix is a tile staged through shared memory (read coalesced "
             "into a __shared__ tile, __syncthreads(), then written "
             "coalesced from the tile's transpose, its rows padded by one "
             "element against bank conflicts)"});
    return std::nullopt;
  }
  // A layout is the program's, not the kernel's: when another kernel reads
  // the same buffer along its rows, the transposed layout only moves the
  // strided access there. The what-if still says what the access costs
  // this kernel.
  const uint64_t rowCount = uint64_t(extent.end) / rowBytes;
  std::optional<LayoutConflict> conflict =
      transposeConflict(context, *array, rowCount);
  std::vector<FindingNote> conflictNotes;
  if (conflict) {
    conflictNotes.push_back({conflict->access, conflict->detail});
    conflictNotes.push_back(
        {std::nullopt,
         "a fix that keeps the layout changes which thread accesses which "
         "element: the lanes of a warp take neighbouring elements of a row "
         "(where each thread summed its row, a warp per row and a "
         "warp-shuffle reduction), or the block moves the tiles of its rows "
         "through shared memory coalesced (rows padded by one element "
         "against bank conflicts) and each thread accesses its row there"});
  }
  // Without a what-if the finding may still stand (on its share of the
  // traffic); why the layout is not offered is then said with it.
  auto withoutFix = [&]() -> std::optional<CoalescingFix> {
    if (conflict)
      f.notes.push_back({std::nullopt, "storing '" + array->name +
                                           "' transposed is not offered: " +
                                           conflict->summary});
    llvm::append_range(f.notes, conflictNotes);
    return std::nullopt;
  };
  driver::KernelChange change;
  change.transposedArrays[array->name] = rowBytes;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    // Not an array the what-if can move (TransposedArrays.h says which).
    consumeError(runs.takeError());
    return withoutFix();
  }
  std::optional<std::string> sectors = fewerSectorsText(*runs, site);
  if (!sectors)
    return withoutFix();
  const std::string rows = std::to_string(rowCount);
  const std::string columns = std::to_string(rowBytes / pattern.accessSize);
  const std::string name = array->name;
  const std::string shape =
      rows == columns ? "as its " + rows + " x " + columns + " transpose"
                      : "its " + rows + " rows of " + columns +
                            " elements as " + columns + " rows of " + rows;
  CoalescingFix fix;
  fix.change = "storing '" + name + "' transposed";
  fix.evidence = "with '" + name + "' stored " + shape + " (" + name + "[r * " +
                 columns + " + c] moved to " + name + "[c * " + rows +
                 " + r]), this access would touch " + *sectors + " a request";
  if (std::string traffic = kernelTrafficText(*runs, site.kind);
      !traffic.empty())
    fix.evidence += ", " + traffic;
  fix.evidence +=
      " (" +
      whatIfRunText(runs->sampled, " with every access of '" + name +
                                       "' in the kernel moved so") +
      (conflict ? std::string(")")
                : "; every other use of '" + name +
                      "', in the host code and other kernels, must follow "
                      "that layout)");
  fix.time = timeVerdict(context, runs->before, runs->after);
  if (conflict) {
    fix.notOffered = conflict->summary;
    fix.notes = std::move(conflictNotes);
  }
  return fix;
}

} // namespace

std::unique_ptr<Check> makeUncoalescedAccess() {
  return std::make_unique<UncoalescedAccess>();
}

} // namespace gpurd::advisor
