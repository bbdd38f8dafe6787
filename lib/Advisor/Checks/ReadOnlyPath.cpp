//===- ReadOnlyPath.cpp - gpurd-readonly-path -----------------------------===//
//
// A pointer parameter the kernel only reads, through plain global loads, on
// an arch whose L1 does not cache plain global loads but does cache the
// read-only path (`__ldg`, `const __restrict__`): the unified L1/texture
// cache of compute capability 5.x compiled with -dlcm=cg, nvcc's default.
// A what-if run compiles the kernel with the parameter made
// `const ... *__restrict__`, checks that the compiler then reads it through
// the read-only path, and reports the L2 traffic the change is predicted to
// save. On GPUs whose L1 caches every global load (Volta and later, and
// any arch with l1.cachesGlobalLoads) both paths reach the same cache: the
// check stays silent without running anything.
// docs/checks/gpurd-readonly-path.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/Placement.h"
#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Model/WarpRequests.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-readonly-path";

/// A parameter's array the kernel only reads, some of it through plain
/// global loads.
struct ReadOnlyArray {
  const access::ArrayInfo *array = nullptr;
  const KernelParam *param = nullptr;
  /// Its plain global loads as written.
  std::vector<const SourceAccess *> loads;
};

std::vector<ReadOnlyArray> readOnlyArrays(const CheckContext &context) {
  const access::AccessModel &model = context.model();
  std::vector<ReadOnlyArray> out;
  for (const access::ArrayInfo &array : model.arrays) {
    const KernelParam *param = pointerParameterOf(context, array);
    if (!param)
      continue;
    const int index = int(&array - model.arrays.data());
    bool written = any_of(model.sites, [&](const access::AccessSite &site) {
      return site.array == index && site.kind != AccessKind::Read &&
             site.kind != AccessKind::Barrier;
    });
    if (written)
      continue;
    ReadOnlyArray candidate{&array, param, {}};
    for (const SourceAccess &access : context.sourceAccesses())
      if (access.site().array == index &&
          access.pattern.space == MemorySpace::Global &&
          access.pattern.warpInstructions)
        candidate.loads.push_back(&access);
    if (!candidate.loads.empty())
      out.push_back(std::move(candidate));
  }
  return out;
}

class ReadOnlyPath : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "arrays the kernel only reads whose loads would be cached "
           "through the read-only path";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the change must save"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The finding for \p array when the what-if predicts that the kernel's
  /// time falls by \p minGain or more (its L2 read traffic, when the time
  /// model cannot run).
  std::optional<Finding> finding(const CheckContext &context,
                                 const ReadOnlyArray &array,
                                 const std::vector<FixIt> &edits,
                                 double minGain) const;
};

Error ReadOnlyPath::run(const CheckContext &context,
                        std::vector<Finding> &out) const {
  if (!readOnlyPathDiffers(context.arch()))
    return Error::success();
  const double minGain = minGainOf(context, Name);
  for (const ReadOnlyArray &array : readOnlyArrays(context)) {
    std::optional<std::vector<FixIt>> edits =
        constRestrictEdits(context, *array.param);
    if (!edits || edits->empty())
      continue;
    if (std::optional<Finding> f = finding(context, array, *edits, minGain))
      out.push_back(std::move(*f));
  }
  return Error::success();
}

std::optional<Finding> ReadOnlyPath::finding(const CheckContext &context,
                                             const ReadOnlyArray &array,
                                             const std::vector<FixIt> &edits,
                                             double minGain) const {
  driver::KernelChange change;
  for (const FixIt &edit : edits)
    change.edits.push_back({edit.begin.line, edit.begin.column, edit.end.column,
                            edit.replacement});
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError()); // the edit does not compile here
    return std::nullopt;
  }
  // The compiler must take the read-only path for every load of the array
  // (a load it cannot prove read-only stays a plain one).
  const access::AccessModel &afterModel = runs->after.trace->model;
  const SiteSelector ofArray = accessesOf(array.array->name);
  bool allReadOnly = false;
  for (const access::AccessSite &site : afterModel.sites)
    if (ofArray(afterModel, site)) {
      if (site.space != MemorySpace::GlobalReadOnly)
        return std::nullopt;
      allReadOnly = true;
    }
  if (!allReadOnly)
    return std::nullopt;
  const model::CacheModelResults &r0 = runs->before.results,
                                 &r1 = runs->after.results;
  if (!r0.l2Modelled || !r1.l2Modelled)
    return std::nullopt;
  const double l2Before = launchL2ReadSectors(r0);
  const double l2After = launchL2ReadSectors(r1);
  // The verdict is the kernel's time; where the time model cannot run,
  // the L2 traffic decides, and the message says which.
  const TimeVerdict time = timeVerdict(context, runs->before, runs->after);
  if (time.known() ? !time.pays(minGain)
                   : l2Before <= 0 || l2After > (1 - minGain) * l2Before)
    return std::nullopt;

  const access::AccessSite &first = array.loads.front()->site();
  Finding f = context.findingAt(Name, first);
  const std::string arrayName = "'" + array.array->name + "'";
  const std::string traffic = std::string("the kernel's L2 read ") +
                              r0.execution.l2Unit() + " from " +
                              fromToText(l2Before, l2After);
  f.message = arrayName + " is only read, but its loads bypass the L1 on " +
              context.arch().name +
              "; reading it through the read-only path is " +
              (time.known() ? time.verdictText(minGain) + ", " + traffic
                            : "predicted to cut " + traffic + " (" +
                                  percentText(1 - l2After / l2Before) + ")");
  if (!time.known())
    f.notes.push_back({std::nullopt, "the kernel's time is " +
                                         time.verdictText(minGain) +
                                         "; the L2 traffic decides here"});
  f.notes.push_back(
      {std::nullopt, "on " + context.arch().name +
                         " the L1 does not cache plain global loads "
                         "(l1.cachesGlobalLoads is false); loads through "
                         "the read-only path ('__ldg', 'const "
                         "__restrict__') are cached in the unified "
                         "L1/texture cache"});
  // What the what-if saw of the array's loads.
  const model::CacheCounters l1 = l1CountersOf(runs->after, ofArray);
  std::string evidence = "with the change the compiler reads " + arrayName +
                         " through the read-only path";
  if (l1.sectorReadAccesses)
    evidence += ", and its loads are predicted to hit the L1 in " +
                percentText(l1.sectorHitRate()) + " of sectors";
  if (r0.sampling.scale == 1 && r1.sampling.scale == 1)
    evidence += std::string("; the kernel's DRAM read ") +
                r0.execution.l2Unit() + " would go from " +
                fromToText(double(r0.transactions.dramReadSectors),
                           double(r1.transactions.dramReadSectors));
  f.notes.push_back(
      {std::nullopt, evidence + " (" +
                         whatIfRunText(runs->sampled, " with the edit below") +
                         ")"});
  f.notes.push_back({*array.param->namePosition,
                     "declare '" + array.param->name + "' with " +
                         missingQualifiers(*array.param) +
                         " (it must not alias an array the kernel writes)",
                     edits});
  context.addLaunchAssumptionNotes(f);
  return f;
}

} // namespace

std::unique_ptr<Check> makeReadOnlyPath() {
  return std::make_unique<ReadOnlyPath>();
}

} // namespace gpurd::advisor
