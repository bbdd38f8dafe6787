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

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-uncoalesced-access";

/// `global`, `read-only global`.
const char *spaceWord(MemorySpace space) {
  return space == MemorySpace::GlobalReadOnly ? "read-only global" : "global";
}

class UncoalescedAccess : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "global accesses whose warp requests touch more sectors than "
           "their bytes need";
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context,
                  const SourceAccess &access) const;
};

Error UncoalescedAccess::run(const CheckContext &context,
                             std::vector<Finding> &out) const {
  Expected<double> minShare = context.number(Name, "MinExcessiveShare", 0.25);
  if (!minShare)
    return minShare.takeError();
  for (const SourceAccess &access : context.sourceAccesses()) {
    const model::SiteAccessPattern &pattern = access.pattern;
    if (pattern.space != MemorySpace::Global &&
        pattern.space != MemorySpace::GlobalReadOnly)
      continue;
    if (pattern.sectors == 0 || double(pattern.excessiveSectors()) <
                                    *minShare * double(pattern.sectors))
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
    if (r->l2.sectorReadAccesses)
      evidence += ", L2 " + percentText(r->l2.sectorHitRate());
  }
  f.notes.push_back({std::nullopt, evidence});
  context.addAssumptionNotes(f, access, "the sectors per request are");
  return f;
}

} // namespace

std::unique_ptr<Check> makeUncoalescedAccess() {
  return std::make_unique<UncoalescedAccess>();
}

} // namespace gpurd::advisor
