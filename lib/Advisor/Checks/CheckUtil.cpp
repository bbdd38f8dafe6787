//===- CheckUtil.cpp - What the checks share ------------------------------===//

#include "CheckUtil.h"

#include "../Figures.h"
#include "../Footprint.h"

#include "gpurd/Advisor/PredictedTime.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/Support/FormatVariadic.h"

namespace gpurd::advisor {

bool restsOnAssumedContents(const CheckContext &context,
                            const SourceAccess &access) {
  const bool affine =
      llvm::all_of(access.sites,
                   [](const access::AccessSite *site) { return site->affine; });
  return !affine && llvm::any_of(context.launch().assumptions,
                                 [](const LaunchAssumption &assumption) {
                                   return llvm::StringRef(assumption.part)
                                       .starts_with("the contents of '");
                                 });
}

bool launchPartGiven(const LaunchConfig &launch, llvm::StringRef part) {
  llvm::StringRef origin =
      part == "grid" ? launch.gridOrigin : launch.blockOrigin;
  if (origin.empty() || origin == "assumption" ||
      origin == "the source with assumed host values" ||
      origin == "what-if change")
    return false;
  return llvm::none_of(launch.assumptions,
                       [&](const LaunchAssumption &assumption) {
                         return assumption.part == part;
                       });
}

const char *operationWord(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "load";
  case AccessKind::Write:
    return "store";
  case AccessKind::ReadModifyWrite:
    return "atomic";
  case AccessKind::Barrier:
    return "barrier";
  }
  return "access";
}

std::string arrayText(const CheckContext &context,
                      const access::AccessSite &site) {
  const access::ArrayInfo *array = context.arrayOf(site);
  return array ? "'" + array->name + "'" : std::string("the array");
}

std::string sampleText(const CheckContext &context, uint64_t warpRequests) {
  const model::SamplingInfo &sampling = context.results().sampling;
  std::string out = "counted on the " + countText(double(warpRequests)) +
                    " warp requests of the " +
                    std::to_string(sampling.modelledBlocks) +
                    (sampling.modelledBlocks == 1 ? " block" : " blocks") +
                    " modelled of " + std::to_string(sampling.totalBlocks);
  // A cut run's counts are of its first part: scaled by the blocks, they
  // fall short of the launch's.
  if (sampling.blocksCut)
    out += " (the first part of their runs, which gpurd cut to what it "
           "holds)";
  if (sampling.modelledBlocks != sampling.totalBlocks)
    out += sampling.blocksCut ? ", scaled by the blocks"
                              : ", scaled to the launch";
  return out;
}

SiteSelector sameAccessAs(const access::AccessSite &site) {
  return [kind = site.kind, position = site.position](
             const access::AccessModel &, const access::AccessSite &s) {
    return s.kind == kind && s.position.line == position.line &&
           s.position.column == position.column &&
           s.position.file == position.file;
  };
}

SiteSelector accessesOf(const std::string &name) {
  return [name](const access::AccessModel &model, const access::AccessSite &s) {
    return s.array >= 0 && size_t(s.array) < model.arrays.size() &&
           model.arrays[s.array].name == name;
  };
}

model::SiteAccessPattern patternOf(const driver::KernelAnalysis &analysis,
                                   const SiteSelector &selected) {
  const access::AccessModel &model = analysis.trace->model;
  model::SiteAccessPattern sum;
  bool first = true;
  for (const model::SiteAccessPattern &pattern : analysis.patterns)
    for (const access::AccessSite &site : model.sites)
      if (site.id == pattern.site && selected(model, site)) {
        if (first)
          sum = pattern;
        else
          sum.add(pattern);
        first = false;
      }
  return sum;
}

model::CacheCounters l1CountersOf(const driver::KernelAnalysis &analysis,
                                  const SiteSelector &selected) {
  model::CacheCounters sum;
  const access::AccessModel &model = analysis.trace->model;
  for (const access::AccessSite &site : model.sites)
    if (selected(model, site))
      if (const model::SiteCacheResults *r = analysis.results.site(site.id))
        sum.add(r->l1);
  return sum;
}

double launchL2ReadSectors(const model::CacheModelResults &results) {
  return double(results.l2.sectorReadAccesses) * results.sampling.scale;
}

double launchL2WriteSectors(const model::CacheModelResults &results) {
  return double(results.l2.sectorWriteAccesses) * results.sampling.scale;
}

std::string whatIfRunText(bool sampled, llvm::StringRef detail) {
  return "a what-if run of the models" + detail.str() +
         (sampled ? ", both sides on a sample of the SMs and scaled to the "
                    "launch"
                  : "");
}

double minGainOf(const CheckContext &context, llvm::StringRef check) {
  return context.number(check, "MinGain");
}

bool uncoalescedRequests(const CheckContext &context,
                         const model::SiteAccessPattern &pattern) {
  constexpr llvm::StringLiteral check = "gpurd-uncoalesced-access";
  const double minShare = context.number(check, "MinExcessiveShare");
  const double minPerRequest = context.number(check, "MinExcessivePerRequest");
  return (pattern.space == MemorySpace::Global ||
          pattern.space == MemorySpace::GlobalReadOnly) &&
         pattern.sectors != 0 && pattern.warpInstructions != 0 &&
         double(pattern.excessiveSectors()) >=
             minShare * double(pattern.sectors) &&
         double(pattern.excessiveSectors()) >=
             minPerRequest * double(pattern.warpInstructions);
}

TimeVerdict timeVerdict(const CheckContext &context,
                        const driver::KernelAnalysis &before,
                        const driver::KernelAnalysis &after,
                        const std::map<std::string, MemorySpace> *spaces) {
  const driver::ModelOptions &options =
      context.whatIf().analysisContext().modelOptions();
  TimeVerdict verdict;
  verdict.model = timeModelName(options);
  if (!sameWarpRuns(before, after)) {
    verdict.unknownBecause =
        "gpurd cut the blocks' runs to what it holds, and the change alters "
        "what each warp runs: the first parts of the two runs do not compare";
    return verdict;
  }
  auto t0 = predictedCycles(before, context.arch(), options);
  auto t1 =
      spaces ? predictedCycles(after, before, *spaces, context.arch(), options)
             : predictedCycles(after, context.arch(), options);
  // The model's own message says what it lacks; the verdict carries it to
  // the reader instead of deciding on traffic silently.
  if (!t0)
    verdict.unknownBecause = llvm::toString(t0.takeError());
  else
    verdict.before = *t0;
  if (!t1) {
    std::string why = llvm::toString(t1.takeError());
    if (verdict.unknownBecause.empty())
      verdict.unknownBecause = std::move(why);
  } else {
    verdict.after = *t1;
  }
  return verdict;
}

std::string TimeVerdict::text() const {
  return known() ? timeChangeText(*before, *after, model) : std::string();
}

std::string TimeVerdict::verdictText(double minGain) const {
  if (!known())
    return "not timed: " + (unknownBecause.empty()
                                ? std::string("the time model has no figure")
                                : unknownBecause);
  if (!pays(minGain))
    return "predicted not to pay: " + text() + ", less than the " +
           percentText(minGain) + " a change must save";
  return "predicted to cut the kernel's time by " +
         llvm::formatv("{0:F1}%", saving() * 100).str() + " (" +
         fromToText(*before, *after) + " cycles, " + model + ")";
}

std::string timeChangeText(const CheckContext &context,
                           const driver::KernelAnalysis &before,
                           const driver::KernelAnalysis &after,
                           const std::map<std::string, MemorySpace> *spaces) {
  return timeVerdict(context, before, after, spaces).text();
}

std::string timeChangeText(double before, double after, llvm::StringRef model) {
  return "the kernel's time would go from " + fromToText(before, after) +
         " cycles (" + changeText(before > 0 ? after / before - 1 : 0) + ", " +
         model.str() + ")";
}

const KernelParam *pointerParameterOf(const CheckContext &context,
                                      const access::ArrayInfo &array) {
  const std::vector<KernelParam> &params = context.kernel().params;
  if (array.origin != access::ArrayInfo::Origin::Parameter ||
      array.paramIndex < 0 || size_t(array.paramIndex) >= params.size())
    return nullptr;
  const KernelParam &param = params[array.paramIndex];
  if (param.kind != ParamKind::Pointer || param.name != array.name)
    return nullptr;
  return &param;
}

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

std::string missingQualifiers(const KernelParam &param) {
  if (!param.isConstPointee && !param.isRestrict)
    return "'const' and '__restrict__'";
  return param.isConstPointee ? "'__restrict__'" : "'const'";
}

std::optional<access::IndexUse> compiledIndexUse(const CheckContext &context) {
  // The specialised copy has blockDim folded and thread indices bounded: a
  // read of threadIdx.y in a block of height 1 is gone from it.
  const driver::KernelTrace &trace = *context.analysis().trace;
  if (!trace.device || !trace.device->module)
    return std::nullopt;
  const llvm::Function *function =
      trace.device->module->getFunction(context.kernel().mangledName);
  if (!function || function->isDeclaration())
    return std::nullopt;
  return access::indexUseOf(*function);
}

} // namespace gpurd::advisor
