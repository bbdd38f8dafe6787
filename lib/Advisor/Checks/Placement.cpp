//===- Placement.cpp - gpurd-placement ------------------------------------===//
//
// Arrays the kernel would run faster from another memory: the placements of
// its global arrays (Advisor/Placement.h), each run through the whole
// pipeline and timed by seed 002's model, T = Tcomp + Tmem - Toverlap; when
// the fastest is predicted at least MinGain faster than the placement as
// written, a warning at each array it moves, with its predicted times, the
// term that decides it and what the time rests on; the read-only path gets
// its `const __restrict__` fix-it, constant and shared memory the change to
// make by hand (host code too). Silent on an arch without the figures the
// time model reads (docs/checks/gpurd-placement.md).
//
//===----------------------------------------------------------------------===//

#include "CheckUtil.h"
#include "Checks.h"

#include "../Figures.h"
#include "../Placement/PlacementTiming.h"
#include "gpurd/Advisor/Placement.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-placement";

std::string cyclesText(double cycles) {
  return formatv("{0:F0}", cycles).str();
}

/// How the kernel reads the array, when it says why the target suits it:
/// every warp's lanes at one address (a broadcast).
std::string readingText(const CheckContext &context, int array) {
  bool uniform = false;
  for (const SourceAccess &access : context.sourceAccesses()) {
    if (access.site().array != array || !access.pattern.warpInstructions)
      continue;
    if (!access.pattern.stepKnown || access.pattern.laneStep != 0)
      return "";
    uniform = true;
  }
  return uniform ? ", by all the lanes of a warp at one address" : "";
}

/// The change to make for \p target, when it is not a fix-it; the block's
/// static and dynamic shared memory as launched are \p staticBytes and
/// \p dynamicBytes.
std::string changeText(const PlacementArray &array, PlacementTarget target,
                       const KernelParam *param, uint64_t staticBytes,
                       uint64_t dynamicBytes, StringRef kernel) {
  std::string type = param && !param->pointeeType.empty() ? param->pointeeType
                                                          : std::string("T");
  if (StringRef(type).starts_with("const "))
    type = type.substr(6);
  std::string bytes = array.bytes ? std::to_string(*array.bytes) : "N";
  if (array.home == PlacementTarget::Constant &&
      (target == PlacementTarget::Global ||
       target == PlacementTarget::ReadOnly))
    return "declare '" + array.name +
           "' '__device__' instead of '__constant__' (cudaMemcpyToSymbol "
           "copies to either)" +
           (target == PlacementTarget::ReadOnly
                ? " and read it with '__ldg(&" + array.name + "[i])'"
                : std::string());
  if (target == PlacementTarget::Constant)
    return "declare '__constant__ " + type + " " + array.name + "_c[...]' (" +
           bytes +
           " bytes) at file scope, copy the data with "
           "'cudaMemcpyToSymbol(" +
           array.name +
           "_c, ...)' before the "
           "launch, and read '" +
           array.name + "_c' in the kernel";
  // A shared copy holds the block's tile, not the whole array.
  std::string tile = array.tileBytes ? std::to_string(*array.tileBytes) : "N";
  std::string copy = "copy the part of the array the block accesses into it "
                     "at the start of the kernel and '__syncthreads()', and "
                     "read '" +
                     array.name + "_s' instead";
  const uint64_t tileBytes = array.tileBytes.value_or(0);
  if (staticBytes + dynamicBytes + tileBytes <= arch::MaxStaticSharedBytes)
    return "declare '__shared__ " + type + " " + array.name +
           "_s[...]' in the kernel (" + tile + " bytes a block), " + copy;
  // Over 48 KB a block: not as a static array; the opt-in is of the
  // dynamic bytes, whose sum with the static ones the GPU bounds.
  std::string blockBytes = std::to_string(dynamicBytes + tileBytes);
  return "declare it in dynamic shared memory, 'extern __shared__ " + type +
         " " + array.name + "_s[]' (" + tile +
         " bytes a block; a kernel has one dynamic shared buffer, so with one "
         "already, at an offset in it), give the block's " +
         blockBytes +
         " bytes of dynamic shared memory as the launch's third parameter, and "
         "before the launch opt in to more than 48 KB a block with "
         "'cudaFuncSetAttribute(" +
         kernel.str() + ", cudaFuncAttributeMaxDynamicSharedMemorySize, " +
         blockBytes + ")' (static '__shared__' arrays may not exceed 48 KB); " +
         copy;
}

class Placement : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "arrays predicted to run faster in another memory (read-only "
           "path, constant, shared), by seed 002's time model";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinCycles", DefaultMinCycles,
         "the kernel's predicted time below which the check is silent (about a "
         "launch's overhead)"},
        {"MinGain", 0.1,
         "the predicted share of the kernel's time a placement must save"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  Finding finding(const CheckContext &context, const PlacementRanking &ranking,
                  const PlacementArray &array, PlacementTarget target) const;
};

Error Placement::run(const CheckContext &context,
                     std::vector<Finding> &out) const {
  // The time model reads the placement events and the arch's latencies:
  // without them the check has nothing to say.
  if (!context.analysis().placement)
    return Error::success();
  if (auto machine = placementMachine(context.arch()); !machine) {
    consumeError(machine.takeError());
    return Error::success();
  }
  std::vector<PlacementArray> arrays =
      placementArrays(context.analysis(), context.arch());
  if (none_of(arrays,
              [](const PlacementArray &a) { return a.targets.size() > 1; }))
    return Error::success();
  const double minGain = context.number(Name, "MinGain");
  PlacementSearchOptions options;
  options.minGain = minGain;
  Expected<PlacementRanking> ranking =
      rankPlacements(context.whatIf(), options);
  if (!ranking) {
    // A placement's run failed (a bound of the launch, a budget): the check
    // has no time to compare; --placements reports the error.
    consumeError(ranking.takeError());
    return Error::success();
  }
  const PlacementTime &best = ranking->best();
  double written = ranking->asWritten().total();
  // A kernel shorter than MinCycles (DefaultMinCycles: about a launch's
  // overhead) saves a share of a time the launch costs anyway: no advice
  // (PolyBench gramschmidt's 1060-cycle kernel2 was told to move a scalar
  // to constant memory).
  const double minCycles = context.number(Name, "MinCycles");
  if (best.asWritten() || written <= 0 || written < minCycles ||
      best.total() > (1 - minGain) * written)
    return Error::success();
  for (const PlacementArray &array : ranking->arrays) {
    auto moved = best.moved.find(array.name);
    if (moved != best.moved.end())
      out.push_back(finding(context, *ranking, array, moved->second));
  }
  return Error::success();
}

Finding Placement::finding(const CheckContext &context,
                           const PlacementRanking &ranking,
                           const PlacementArray &array,
                           PlacementTarget target) const {
  const PlacementTime &best = ranking.best();
  const PlacementTime &written = ranking.asWritten();
  const access::AccessSite *first = nullptr;
  for (const SourceAccess &access : context.sourceAccesses())
    if (access.site().array == array.index && !first)
      first = &access.site();
  Finding f = context.findingAt(Name, *first);
  std::string where =
      (target == PlacementTarget::ReadOnly ? "reading it " : "placing it ") +
      placementPhrase(target);
  std::string others;
  for (const auto &[name, otherTarget] : best.moved)
    if (name != array.name)
      others += (others.empty() ? " (with '" : ", '") + name + "' " +
                placementPhrase(otherTarget);
  if (!others.empty())
    others += ")";
  f.message = "'" + array.name + "' is only read" +
              readingText(context, array.index) + "; " + where + others +
              " is predicted to cut the kernel's time by " +
              percentText(1 - best.total() / written.total());
  f.notes.push_back(
      {std::nullopt,
       "seed 002's model: T = Tcomp + Tmem - Toverlap from " +
           cyclesText(written.total()) + " to " + cyclesText(best.total()) +
           " cycles (Tcomp " + fromToText(written.time.tcomp, best.time.tcomp) +
           ", Tmem " + fromToText(written.time.tmem, best.time.tmem) +
           ", Toverlap " +
           fromToText(written.time.toverlap, best.time.toverlap) + ")" +
           (best.factor.empty()
                ? ""
                : "; the term that decides it: " + best.factor) +
           " (what-if runs of the models with the arrays moved; "
           "'--placements' ranks all " +
           std::to_string(ranking.candidates.size()) + " placements)"});
  f.notes.push_back(
      {std::nullopt, "the time assumes: " + join(ranking.assumptions, "; ")});
  const KernelParam *param =
      pointerParameterOf(context, context.model().arrays[array.index]);
  if (target == PlacementTarget::ReadOnly && param) {
    if (std::optional<std::vector<FixIt>> edits =
            constRestrictEdits(context, *param);
        edits && !edits->empty() && param->namePosition)
      f.notes.push_back({*param->namePosition,
                         "declare '" + param->name + "' with " +
                             missingQualifiers(*param) +
                             " (it must not alias an array the kernel "
                             "writes)",
                         *edits});
  }
  if (target != PlacementTarget::ReadOnly || !param)
    f.notes.push_back(
        {param && param->namePosition
             ? std::optional<SourcePosition>(*param->namePosition)
             : std::nullopt,
         "to place it so, " +
             changeText(array, target, param,
                        context.analysis().trace->kernel->staticSharedBytes,
                        context.analysis().trace->config.dynamicSharedBytes,
                        context.analysis().trace->kernel->name)});
  context.addLaunchAssumptionNotes(f);
  return f;
}

} // namespace

std::unique_ptr<Check> makePlacement() { return std::make_unique<Placement>(); }

} // namespace gpurd::advisor
