//===- GlobalAccumulator.cpp - gpurd-global-accumulator ------------------===//
//
// A loop that stores one global element in every iteration, at an address
// the loop does not change: the naive GEMM's `c[i * N + j] += a[..] *
// b[..]` over k. The compiler keeps such a value in memory when the
// kernel's pointers may overlap (no `__restrict__`): it stores it in every
// iteration, and the next iteration's loads, which may read what the store
// wrote, wait for it. Kept in a register (a local variable, stored once
// after the loop), the loop's loads of successive iterations issue
// together. The gain is a what-if run of the models on the kernel with its
// pointer parameters declared `__restrict__`, with which the compiler
// keeps the value in a register itself;
// docs/checks/gpurd-global-accumulator.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "gpurd/Advisor/WhatIf.h"

#include "CheckUtil.h"
#include "Checks.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-global-accumulator";

/// A store of one element in every iteration of a loop (and the loads of
/// that element in the loop, which the compiler may have forwarded away).
struct Accumulator {
  const access::AccessSite *store = nullptr;
  unsigned loop = 0; ///< Index into AccessModel::loops: the innermost.
};

bool usesThreadIndex(const access::AccessModel &model,
                     const access::QuasiAffine &offset) {
  for (unsigned v = 0; v < model.variables.size(); ++v)
    if (model.variables[v].kind == access::Variable::Kind::ThreadIndex &&
        offset.uses(v))
      return true;
  return false;
}

bool sameOffset(const access::AccessSite &a, const access::AccessSite &b) {
  std::optional<int64_t> difference = (a.offset - b.offset).constantValue();
  return difference && *difference == 0;
}

/// The accumulators of \p model: a plain affine global store in a loop,
/// of a kernel parameter's array, whose element is the same in every
/// iteration and another for each thread, and no other access of the array
/// in the loop than loads of that element.
std::vector<Accumulator> accumulators(const access::AccessModel &model) {
  std::vector<Accumulator> out;
  for (const access::AccessSite &store : model.sites) {
    if (store.kind != AccessKind::Write || store.loops.empty() ||
        store.space != MemorySpace::Global || !store.affine ||
        store.isVolatile || store.neverExecuted || store.array < 0 ||
        model.arrays[store.array].origin !=
            access::ArrayInfo::Origin::Parameter)
      continue;
    const unsigned loop = store.loops.back();
    if (store.offset.uses(model.loops[loop].variable) ||
        !usesThreadIndex(model, store.offset))
      continue;
    bool others = false;
    for (const access::AccessSite &site : model.sites)
      if (&site != &store && site.array == store.array &&
          llvm::is_contained(site.loops, loop) &&
          !(site.kind == AccessKind::Read && site.affine &&
            sameOffset(site, store)))
        others = true;
    if (!others)
      out.push_back({&store, loop});
  }
  return out;
}

/// Edits declaring each pointer parameter of the kernel `__restrict__`
/// that is not; nothing when one cannot be edited in the analysed file.
std::optional<std::vector<driver::SourceEdit>>
restrictEdits(const CheckContext &context) {
  std::vector<driver::SourceEdit> edits;
  for (const KernelParam &param : context.kernel().params) {
    if (param.kind != ParamKind::Pointer || param.isRestrict)
      continue;
    if (!param.namePosition ||
        !context.whatIf().inAnalysedFile(*param.namePosition))
      return std::nullopt;
    edits.push_back({param.namePosition->line, param.namePosition->column,
                     param.namePosition->column, "__restrict__ "});
  }
  if (edits.empty())
    return std::nullopt;
  return edits;
}

class GlobalAccumulator : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "a global element a loop stores in every iteration at the same "
           "address, which a register would hold";
  }
  std::vector<CheckOption> options() const override {
    return {
        minCyclesOption(),
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the register must "
         "save"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override {
    const double minGain = minGainOf(context, Name);
    const double minCycles = context.number(Name, "MinCycles");
    if (!context.analysis().trace || !context.longEnough(minCycles))
      return Error::success();
    std::vector<Accumulator> found = accumulators(context.model());
    if (found.empty())
      return Error::success();
    std::optional<std::vector<driver::SourceEdit>> edits =
        restrictEdits(context);
    if (!edits)
      return Error::success(); // restrict already, or not ours to edit
    driver::KernelChange change;
    change.edits = *edits;
    Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
    if (!runs) {
      consumeError(runs.takeError()); // no time, no advice
      return Error::success();
    }
    TimeVerdict time = timeVerdict(context, runs->before, runs->after);
    if (!time.pays(minGain))
      return Error::success();
    for (const Accumulator &accumulator : found) {
      // The what-if must have taken the store out of the loop.
      const SiteSelector same = sameAccessAs(*accumulator.store);
      const double before =
          double(patternOf(runs->before, same).warpInstructions);
      const double after =
          double(patternOf(runs->after, same).warpInstructions);
      if (!(after < before))
        continue;
      out.push_back(
          finding(context, accumulator, before, after, time, minGain));
    }
    return Error::success();
  }

private:
  Finding finding(const CheckContext &context, const Accumulator &accumulator,
                  double before, double after, const TimeVerdict &time,
                  double minGain) const {
    const access::AccessSite &store = *accumulator.store;
    const access::LoopInfo &loop = context.model().loops[accumulator.loop];
    const std::string what = store.sourceText.empty()
                                 ? "an element of " + arrayText(context, store)
                                 : "'" + store.sourceText + "'";
    Finding f = context.findingAt(Name, store);
    f.message = what +
                " is stored to global memory in every iteration of "
                "the loop at line " +
                std::to_string(loop.position.line) +
                ", at the same address: accumulating it in a register (a "
                "local variable, stored once after the loop) is " +
                time.verdictText(minGain);
    f.notes.push_back(
        {std::nullopt,
         "the compiler keeps it in memory because " +
             arrayText(context, store) +
             " may overlap the kernel's other arrays: each iteration's loads "
             "wait for the store before them, which may write what they "
             "read; its stores go from " +
             countText(before) + " to " + countText(after) +
             " warp instructions on the blocks modelled (a what-if run of "
             "the models with the kernel's pointer parameters declared "
             "'__restrict__', with which the compiler keeps it in a register "
             "itself)"});
    f.notes.push_back(
        {std::nullopt,
         "the register is the same computation when the arrays do not "
         "overlap and no other thread writes the element during the loop; "
         "'__restrict__' on the pointers says the first to the compiler"});
    context.addLaunchAssumptionNotes(f);
    return f;
  }
};

} // namespace

std::unique_ptr<Check> makeGlobalAccumulator() {
  return std::make_unique<GlobalAccumulator>();
}

} // namespace gpurd::advisor
