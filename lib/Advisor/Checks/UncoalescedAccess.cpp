//===- UncoalescedAccess.cpp - gpurd-uncoalesced-access -------------------===//
//
// A global load or store whose warp requests touch more 32-byte sectors than
// the bytes its active lanes access need (Nsight Compute's "excessive
// sectors"). The sectors are counted on the request stream
// (AccessPattern.h); docs/checks/gpurd-uncoalesced-access.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Trace/BufferExtents.h"

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

/// ", and the kernel's L2 read sectors would go from A to B: predicted to
/// pay" (or ", but ...: predicted not to pay"; write sectors for a store):
/// the access is one of the kernel's, so a change pays only when the
/// kernel's traffic goes down. Then the kernel's predicted time, when the
/// time model ran (timeChangeText).
std::string kernelTrafficText(const CheckContext &context,
                              const WhatIfRunner::Comparison &runs,
                              AccessKind kind) {
  const std::string time = timeChangeText(context, runs.before, runs.after);
  const std::string timeClause = time.empty() ? "" : "; " + time;
  const model::CacheModelResults &r0 = runs.before.results,
                                 &r1 = runs.after.results;
  if (!r0.l2Modelled || !r1.l2Modelled)
    return "";
  const bool writes = kind == AccessKind::Write;
  const double l2Before =
      writes ? launchL2WriteSectors(r0) : launchL2ReadSectors(r0);
  const double l2After =
      writes ? launchL2WriteSectors(r1) : launchL2ReadSectors(r1);
  const std::string what =
      std::string(writes ? "write " : "read ") + r0.execution.l2Unit();
  const std::string dramWhat =
      std::string("its DRAM read ") + r0.execution.l2Unit();
  // A sample's DRAM reads do not scale to the whole launch (its first
  // blocks bring in the lines later ones find in the L2): quoted only when
  // both runs modelled every block. DRAM writes are the L2's write-backs,
  // not modelled per launch.
  const bool dram = !writes && r0.sampling.scale == 1 && r1.sampling.scale == 1;
  const double dramBefore = double(r0.transactions.dramReadSectors);
  const double dramAfter = double(r1.transactions.dramReadSectors);
  if (l2After == l2Before && (!dram || dramBefore == dramAfter))
    return ", but the kernel's L2 " + what + " would stay at " +
           countText(l2Before) +
           (dram ? " and " + dramWhat + " at " + countText(dramBefore)
                 : std::string()) +
           ": no predicted gain in traffic" +
           (time.empty() ? "; fewer sectors a request may still save time, "
                           "which the time model could not predict here"
                         : timeClause);
  std::string figures = "the kernel's L2 " + what + " would go from " +
                        fromToText(l2Before, l2After);
  if (dram)
    figures +=
        " and " + dramWhat + " from " + fromToText(dramBefore, dramAfter);
  return (l2After < l2Before ? ", and " + figures + ": predicted to pay"
                             : ", but " + figures + ": predicted not to pay") +
         timeClause;
}

class UncoalescedAccess : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "global accesses whose warp requests touch more sectors than "
           "their bytes need";
  }
  std::vector<StringRef> optionNames() const override {
    return {"MinExcessiveShare"};
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context,
                  const SourceAccess &access) const;
  /// When a warp spans several rows of a block narrower than a warp: what a
  /// what-if run with warps of one row predicts.
  void addRowWideBlock(const CheckContext &context, const SourceAccess &access,
                       Finding &f) const;
  /// When neighbouring threads access one row each of an array: what a
  /// what-if run with the array stored transposed predicts.
  void addTransposedArray(const CheckContext &context,
                          const SourceAccess &access, Finding &f) const;
};

Error UncoalescedAccess::run(const CheckContext &context,
                             std::vector<Finding> &out) const {
  const double minShare = context.number(Name, "MinExcessiveShare", 0.25);
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (pattern.space != MemorySpace::Global &&
        pattern.space != MemorySpace::GlobalReadOnly)
      continue;
    if (pattern.sectors == 0 ||
        double(pattern.excessiveSectors()) < minShare * double(pattern.sectors))
      continue;
    out.push_back(finding(context, access));
  }
  return Error::success();
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
      operationWord(pattern.kind) + ": each warp request touches " +
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
  addRowWideBlock(context, access, f);
  addTransposedArray(context, access, f);
  context.addAssumptionNotes(f, access, "the sectors per request are");
  return f;
}

void UncoalescedAccess::addRowWideBlock(const CheckContext &context,
                                        const SourceAccess &access,
                                        Finding &f) const {
  // Only a block the source gives (an assumed one is the assumption's to
  // change), and only a kernel without shared memory, whose indexing could
  // be tied to the block's shape through its tiles.
  const LaunchConfig &launch = context.launch();
  const KernelInfo &kernel = context.kernel();
  if (launch.blockOrigin == "assumption" || kernel.staticSharedBytes ||
      kernel.usesDynamicShared)
    return;
  auto wide = rowWideLaunch(launch);
  if (!wide)
    return;
  driver::KernelChange change;
  change.launch.block = wide->first;
  change.launch.grid = wide->second;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError());
    return;
  }
  std::optional<std::string> sectors = fewerSectorsText(*runs, access.site());
  if (!sectors)
    return;
  std::string text = "with block " + dimText(wide->first) + " and grid " +
                     dimText(wide->second) +
                     " (the same threads, in warps of one row each), this "
                     "access would touch " +
                     *sectors + " a request";
  text += kernelTrafficText(context, *runs, access.site().kind);
  f.notes.push_back(
      {std::nullopt,
       text + " (" + whatIfRunText(runs->sampled) +
           "; it holds if the kernel computes the same for any block "
           "shape)"});
}

void UncoalescedAccess::addTransposedArray(const CheckContext &context,
                                           const SourceAccess &access,
                                           Finding &f) const {
  const model::SiteAccessPattern &pattern = access.pattern;
  const access::AccessSite &site = access.site();
  const access::ArrayInfo *array = context.arrayOf(site);
  // One row a thread: neighbouring threads a whole number of elements
  // apart, more than one.
  if (!array || !pattern.stepKnown || pattern.accessSize == 0 ||
      pattern.laneStep <= int64_t(pattern.accessSize) ||
      pattern.laneStep % int64_t(pattern.accessSize))
    return;
  const uint64_t rowBytes = uint64_t(pattern.laneStep);
  const access::AccessModel &model = context.analysis().trace->model;
  const trace::ArrayExtent extent = trace::accessedExtent(model, site.array);
  if (!extent.complete || extent.empty() || extent.begin < 0 ||
      uint64_t(extent.end) % rowBytes)
    return;
  driver::KernelChange change;
  change.transposedArrays[array->name] = rowBytes;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    // Not an array the what-if can move (TransposedArrays.h says which).
    consumeError(runs.takeError());
    return;
  }
  std::optional<std::string> sectors = fewerSectorsText(*runs, site);
  if (!sectors)
    return;
  const std::string rows = std::to_string(uint64_t(extent.end) / rowBytes);
  const std::string columns = std::to_string(rowBytes / pattern.accessSize);
  const std::string name = array->name;
  const std::string shape =
      rows == columns ? "as its " + rows + " x " + columns + " transpose"
                      : "its " + rows + " rows of " + columns +
                            " elements as " + columns + " rows of " + rows;
  std::string text = "with '" + name + "' stored transposed (" + shape + ", " +
                     name + "[r * " + columns + " + c] moved to " + name +
                     "[c * " + rows + " + r]), this access would touch " +
                     *sectors + " a request";
  text += kernelTrafficText(context, *runs, site.kind);
  f.notes.push_back(
      {std::nullopt,
       text + " (" +
           whatIfRunText(runs->sampled, " with every access of '" + name +
                                            "' in the kernel moved so") +
           "; every other use of '" + name + "' must follow that layout)"});
}

} // namespace

std::unique_ptr<Check> makeUncoalescedAccess() {
  return std::make_unique<UncoalescedAccess>();
}

} // namespace gpurd::advisor
