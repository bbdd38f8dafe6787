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
#include "gpurd/Advisor/WhatIf.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-readonly-path";

/// Whether \p arch's L1 caches the read-only path's loads but not plain
/// global loads (WarpRequests.cpp decides which loads use the L1).
bool readOnlyPathDiffers(const arch::ArchDescription &arch) {
  return arch.l1 && !arch.l1->cachesGlobalLoads.value_or(true) &&
         arch.l1->bypass.value_or(arch::BypassPolicy::Writes) !=
             arch::BypassPolicy::ReadsAndWrites;
}

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
  const KernelInfo &kernel = context.kernel();
  std::vector<ReadOnlyArray> out;
  for (const access::ArrayInfo &array : model.arrays) {
    if (array.origin != access::ArrayInfo::Origin::Parameter ||
        array.paramIndex < 0 ||
        size_t(array.paramIndex) >= kernel.params.size())
      continue;
    const KernelParam &param = kernel.params[array.paramIndex];
    if (param.kind != ParamKind::Pointer || param.name != array.name)
      continue;
    const int index = int(&array - model.arrays.data());
    bool written = any_of(model.sites, [&](const access::AccessSite &site) {
      return site.array == index && site.kind != AccessKind::Read &&
             site.kind != AccessKind::Barrier;
    });
    if (written)
      continue;
    ReadOnlyArray candidate{&array, &param, {}};
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

/// The edits that make \p param `const T *__restrict__ name`, or nothing
/// when its declaration cannot be edited in the analysed file.
std::optional<std::vector<FixIt>>
constRestrictEdits(const CheckContext &context, const KernelParam &param) {
  if (!param.declBegin || !param.namePosition ||
      !context.whatIf().inAnalysedFile(*param.declBegin))
    return std::nullopt;
  std::vector<FixIt> edits;
  if (!param.isConstPointee)
    edits.push_back({*param.declBegin, *param.declBegin, "const "});
  if (!param.isRestrict)
    edits.push_back(
        {*param.namePosition, *param.namePosition, "__restrict__ "});
  return edits;
}

/// `const __restrict__`, `__restrict__`, `const`: what \p param lacks.
std::string missingQualifiers(const KernelParam &param) {
  if (!param.isConstPointee && !param.isRestrict)
    return "'const' and '__restrict__'";
  return param.isConstPointee ? "'__restrict__'" : "'const'";
}

class ReadOnlyPath : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "arrays the kernel only reads whose loads would be cached "
           "through the read-only path";
  }
  std::vector<StringRef> optionNames() const override { return {"MinGain"}; }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The finding for \p array when the what-if predicts a gain of at least
  /// \p minGain of the kernel's L2 read sectors.
  std::optional<Finding> finding(const CheckContext &context,
                                 const ReadOnlyArray &array,
                                 const std::vector<FixIt> &edits,
                                 double minGain) const;
};

Error ReadOnlyPath::run(const CheckContext &context,
                        std::vector<Finding> &out) const {
  if (!readOnlyPathDiffers(context.arch()))
    return Error::success();
  const double minGain = context.number(Name, "MinGain", 0.05);
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
  const double l2Before = double(r0.l2.sectorReadAccesses) * r0.sampling.scale;
  const double l2After = double(r1.l2.sectorReadAccesses) * r1.sampling.scale;
  if (l2Before <= 0 || l2After > (1 - minGain) * l2Before)
    return std::nullopt;

  const access::AccessSite &first = array.loads.front()->site();
  Finding f = context.findingAt(Name, first);
  const std::string arrayName = "'" + array.array->name + "'";
  f.message = arrayName + " is only read, but its loads bypass the L1 on " +
              context.arch().name +
              "; reading it through the read-only path "
              "is predicted to cut the kernel's L2 read sectors by " +
              percentText(1 - l2After / l2Before) + " (" + countText(l2Before) +
              " to " + countText(l2After) + ")";
  f.notes.push_back(
      {std::nullopt, "on " + context.arch().name +
                         " the L1 does not cache plain global loads "
                         "(l1.cachesGlobalLoads is false); loads through "
                         "the read-only path ('__ldg', 'const "
                         "__restrict__') are cached in the unified "
                         "L1/texture cache"});
  // What the what-if saw of the array's loads.
  uint64_t hits = 0, sectors = 0;
  for (const access::AccessSite &site : afterModel.sites)
    if (ofArray(afterModel, site))
      if (const model::SiteCacheResults *r = r1.site(site.id)) {
        hits += r->l1.sectorReadHits;
        sectors += r->l1.sectorReadAccesses;
      }
  std::string evidence = "with the change the compiler reads " + arrayName +
                         " through the read-only path";
  if (sectors)
    evidence += ", and its loads are predicted to hit the L1 in " +
                percentText(double(hits) / double(sectors)) + " of sectors";
  if (r0.sampling.scale == 1 && r1.sampling.scale == 1)
    evidence += "; the kernel's DRAM read sectors would go from " +
                countText(double(r0.transactions.dramReadSectors)) + " to " +
                countText(double(r1.transactions.dramReadSectors));
  f.notes.push_back(
      {std::nullopt,
       evidence + " (a what-if run of the models with the edit below" +
           (runs->sampled ? ", both sides on a sample of the SMs and scaled "
                            "to the launch"
                          : "") +
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
