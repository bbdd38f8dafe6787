//===- AssumptionRetry.cpp - Smaller assumed values after a bound ---------===//
//
// The assumed values (docs/assumptions.md) are chosen before the kernel
// runs: an integer argument is the launch's extent, dynamic shared memory
// one word per thread. Where they are too large for the kernel, the run
// leaves a bound the launch's sizes decide (LaunchBoundError): an access
// past the block's shared memory, past a buffer of known size, a buffer
// larger than the layout's span, a block longer than gpurd traces. Those
// assumptions are then retried smaller, and the values that ran are the
// ones the report states, with why the larger ones were left.
//
//===----------------------------------------------------------------------===//

#include "Assumptions.h"
#include "SourceVariant.h"

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Support/LaunchBoundError.h"

#include "llvm/ADT/ScopeExit.h"

using namespace llvm;

namespace gpurd::driver {
namespace {

/// The doublings of the assumed dynamic shared memory of \p config after
/// which the block's shared memory holds \p reach bytes.
unsigned doublingsToReach(const KernelInfo &kernel, const LaunchConfig &config,
                          uint64_t reach) {
  uint64_t words = std::max<uint64_t>(config.threadsPerBlock(), 1) * 4;
  unsigned doublings = 0;
  while (kernel.staticSharedBytes + (words << doublings) < reach &&
         doublings < 32)
    ++doublings;
  return doublings;
}

/// Whether \p config assumed, one by one, an integer argument larger than
/// 1 that bounds a loop of \p kernel and is no guard on the thread's index
/// (\p guarding false) or is one (\p guarding true: IndexUse::guardsLoop).
bool assumedLoopBound(const KernelInfo &kernel, const access::IndexUse &use,
                      const LaunchConfig &config, bool guarding = false) {
  return assumedArgumentAboveOne(config, [&](const LaunchAssumption &a) {
    return a.hostNames.empty() && boundsLoop(kernel, use, a.part) &&
           shrinksArgument(kernel, use, a.part) != guarding;
  });
}

/// Whether \p kernel's guards multiply sizes (IndexUse::guardProducts) and
/// \p config assumed, one by one, an integer argument larger than 1 that
/// is no guard on the thread's index: the index arithmetic of such kernels
/// multiplies the guard's factors by the other sizes (llm.c's
/// `probs + b * T * V + t * V` under `if (i < B * T)`), so an access out of
/// bounds is the product overflowing, which smaller other sizes end while
/// the guard keeps the grid's extent.
bool assumedSizeBesideGuardProduct(const KernelInfo &kernel,
                                   const access::IndexUse &use,
                                   const LaunchConfig &config) {
  if (use.guardProducts.empty())
    return false;
  return assumedArgumentAboveOne(config, [&](const LaunchAssumption &a) {
    return a.hostNames.empty() && shrinksArgument(kernel, use, a.part);
  });
}

} // namespace

std::string boundReason(LaunchBound bound) {
  switch (bound) {
  case LaunchBound::GlobalAccess:
    return "an access fell outside its buffer";
  case LaunchBound::SharedAccess:
    return "an access went past the block's shared memory";
  case LaunchBound::BufferSpan:
    return "an array spanned more than gpurd lays out for a buffer of "
           "unknown size";
  case LaunchBound::BlockLength:
    return "the blocks ran longer than gpurd models";
  case LaunchBound::NoWork:
    return "a product of the sizes overflowed and left the kernel no memory "
           "operation";
  }
  return "the run left a bound";
}

std::optional<BoundFailure> boundOf(Error &error) {
  std::optional<BoundFailure> failure;
  error = handleErrors(
      std::move(error), [&](std::unique_ptr<LaunchBoundError> e) -> Error {
        std::string message;
        raw_string_ostream os(message);
        e->log(os);
        failure = BoundFailure{e->bound(), e->reach(), std::move(message),
                               e->thread()};
        return Error(std::move(e));
      });
  return failure;
}

/// The launch and the scale (but whether runs are cut) a failed trace was
/// prepared for (SourceVariant::failedTraces).
static std::string failedTraceKey(const LaunchConfig &config,
                                  const AssumptionScale &scale) {
  return preparedLaunchKey(config) + "|" + std::to_string(scale.sizeDivisions) +
         "/" + std::to_string(scale.loopDivisions) + "/" +
         std::to_string(scale.sharedDoublings);
}

Expected<KernelAnalysis> AnalysisContext::analyseScaled(
    const TranslationUnitInfo &unit, const KernelInfo &kernel,
    const LaunchConfig &config, const AssumptionScale &scale,
    LaunchConfig &completed) {
  completed = config;
  auto source = parsedVariantOf(unit);
  if (!source)
    return source.takeError();
  // The trace planHostValues prepared for this launch, taken once (a later
  // analysis of the kernel, at another scale or launch, prepares its own).
  std::unique_ptr<KernelTrace> planned;
  auto found = source->plannedTraces.find(kernel.name);
  if (found != source->plannedTraces.end()) {
    SourceVariant::PlannedTrace taken = std::move(found->second);
    source->plannedTraces.erase(found);
    const bool unscaled = scale.sizeDivisions == 0 &&
                          scale.loopDivisions == 0 &&
                          scale.sharedDoublings == 0 && !scale.cutLongBlocks;
    if (unscaled && taken.launch == preparedLaunchKey(config)) {
      planned = std::move(taken.trace);
      // The same values; the words are the settled plan's.
      for (LaunchAssumption &assumed : planned->config.assumptions)
        for (const LaunchAssumption &now : config.assumptions)
          if (now.part == assumed.part && now.value == assumed.value &&
              now.argument == assumed.argument) {
            assumed.basis = now.basis;
            assumed.missing = now.missing;
          }
    }
  }
  // A retry that only cuts the blocks' runs takes the failed run's model.
  const std::string launchKey = failedTraceKey(config, scale);
  auto failed = source->failedTraces.find(kernel.name);
  if (!planned && scale.cutLongBlocks && failed != source->failedTraces.end() &&
      failed->second.launch == launchKey) {
    planned = std::move(failed->second.trace);
    source->failedTraces.erase(failed);
    planned->scale = scale;
    if (Error error = attachProducer(*source, kernel, *planned))
      return std::move(error);
  }
  Expected<std::unique_ptr<KernelTrace>> trace =
      planned ? Expected<std::unique_ptr<KernelTrace>>(std::move(planned))
              : prepareTraceIn(*source, kernel, config, KernelChange(), scale,
                               &completed);
  if (trace)
    completed = (*trace)->config;
  std::unique_ptr<KernelTrace> failedTrace;
  Expected<KernelAnalysis> run = modelTrace(
      std::move(trace), nullptr, scale.cutLongBlocks ? nullptr : &failedTrace);
  if (failedTrace) {
    failedTrace->source.reset();
    source->failedTraces[kernel.name] = {launchKey, std::move(failedTrace)};
  }
  return run;
}

Expected<KernelAnalysis> AnalysisContext::analyseLaunch(
    const TranslationUnitInfo &unit, const KernelInfo &kernel,
    const LaunchConfig &config, LaunchConfig &shown) {
  Expected<KernelAnalysis> run = analyseRetrying(unit, kernel, config, shown);
  SettledAssumptions values;
  if (run && run->trace)
    values.scale = run->trace->scale;
  for (const LaunchAssumption &assumed : shown.assumptions)
    if (assumed.argument && assumed.hostNames.empty() && !assumed.followsBlock)
      values.args[assumed.part] = assumed.value;
  settled[kernel.name] = std::move(values);
  return run;
}

Expected<KernelAnalysis> AnalysisContext::analyseRetrying(
    const TranslationUnitInfo &unit, const KernelInfo &kernel,
    const LaunchConfig &config, LaunchConfig &shown) {
  auto source = parsedVariantOf(unit);
  if (!source)
    return source.takeError();
  // A failed run's trace lives until the kernel's analysis ends.
  auto dropFailedTrace = make_scope_exit(
      [&, variant = &*source] { variant->failedTraces.erase(kernel.name); });
  AssumptionScale scale;
  LaunchConfig tried = config;
  LaunchConfig completed;
  Expected<KernelAnalysis> first =
      analyseScaled(unit, kernel, tried, scale, completed);
  shown = completed;
  if (first || !analysis.assumeUnknownValues)
    return first;
  Error firstError = first.takeError();
  std::optional<BoundFailure> failure = boundOf(firstError);
  const std::optional<BoundFailure> firstFailure = failure;
  // The runs with smaller values that failed too, and the last one's
  // launch.
  unsigned retries = 0;
  LaunchConfig lastTried = shown;
  // No run fits: the first run's bound, under values gpurd assumed, says
  // that gpurd's assumption failed (its message, "an access before the
  // pointer the kernel is given", would blame the kernel), with the values
  // and the inputs that give the real ones.
  auto assumptionFailed = [&]() -> Error {
    if (!firstFailure || shown.assumptions.empty())
      return std::move(firstError);
    std::vector<std::string> hostArgs;
    if (any_of(shown.assumptions, [](const LaunchAssumption &a) {
          return !a.hostNames.empty();
        })) {
      // The arguments the source computes from the host values: those the
      // launch's own layers do not give and that are not assumed one by
      // one.
      auto known = unrecordedLaunch(unit, kernel);
      if (!known)
        return joinErrors(std::move(firstError), known.takeError());
      for (const LaunchArgument &arg : shown.args)
        if (!known->args.count(arg.param) &&
            none_of(shown.assumptions, [&](const LaunchAssumption &a) {
              return a.argument && a.part == arg.param;
            }))
          hostArgs.push_back(arg.param);
    }
    consumeError(std::move(firstError));
    return assumptionFailedError(shown, *firstFailure, retries, lastTried,
                                 hostArgs);
  };
  // A last run that is the report where it succeeds (the retries' errors
  // are dropped), or fails with the first run's error beside its own.
  auto lastRun = [&](const LaunchConfig &launch,
                     const AssumptionScale &at) -> Expected<KernelAnalysis> {
    Expected<KernelAnalysis> run =
        analyseScaled(unit, kernel, launch, at, completed);
    if (!run)
      return joinErrors(std::move(firstError), run.takeError());
    consumeError(std::move(firstError));
    shown = std::move(completed);
    return run;
  };
  // Still too long at the smallest values tried: the prefix of each
  // block's run that gpurd holds, with a note that says so.
  auto cutLongBlocks = [&]() -> Expected<KernelAnalysis> {
    if (failure && failure->bound == LaunchBound::BlockLength) {
      scale.cutLongBlocks = true;
      return lastRun(tried, scale);
    }
    if (firstFailure && firstFailure->bound == LaunchBound::NoWork) {
      // No smaller values gave the kernel work it could run: it has none
      // at the first ones either (the CUDA samples' simpleAssert, whose one
      // memory operation is an assert that the assumed size satisfies),
      // and that run is the report, with its warning that the compiled
      // kernel has no memory operation.
      AssumptionScale asWritten;
      asWritten.acceptNoWork = true;
      return lastRun(config, asWritten);
    }
    return assumptionFailed();
  };
  // Whether \p launch took the value of host values that other launches of
  // the file share (sharedHostValue), as it was, not divided.
  auto sharedHostValueOf = [&](const LaunchConfig &launch) -> Expected<bool> {
    auto known = unrecordedLaunch(unit, kernel);
    if (!known)
      return known.takeError();
    if (!known->site || known->site->rooted.empty())
      return false;
    auto shared = sharedHostValue(unit, *known->site);
    if (!shared)
      return shared.takeError();
    return *shared &&
           any_of(launch.assumptions, [&](const LaunchAssumption &a) {
             return !a.hostNames.empty() && a.root == (*shared)->root;
           });
  };
  bool triedPrefix = false;
  // Whether the last retry divided the loop bounds alone.
  bool lastLoopDivision = false;
  // The failure of the run before the last: an array past the span that
  // smaller sizes left as large grows with the grid alone.
  std::optional<BoundFailure> previous;
  for (unsigned retry = 0; failure && retry < MaxAssumptionRetries; ++retry) {
    // Enough dynamic shared memory for an access past it (where a block may
    // have that much); smaller integer arguments after any other bound.
    AssumptionScale next = scale;
    next.reason = boundReason(failure->bound);
    bool reshaped = false;
    if (failure->bound == LaunchBound::SharedAccess) {
      AssumptionScale grownScale = next;
      grownScale.sharedDoublings =
          doublingsToReach(kernel, tried, failure->reach);
      if (grownScale.sharedDoublings > scale.sharedDoublings) {
        auto use = indexUse(unit, kernel);
        if (!use)
          return joinErrors(std::move(firstError), use.takeError());
        LaunchConfig grown = tried;
        reshaped = reassumeDynamicShared(kernel, *use, archDescription,
                                         grownScale, grown);
        if (reshaped) {
          tried = std::move(grown);
          next = std::move(grownScale);
        }
      }
    }
    // An access that only threads past the first row (or plane) of an
    // assumed block make: the block in fewer rows.
    if (!reshaped && failure->thread &&
        (failure->bound == LaunchBound::GlobalAccess ||
         failure->bound == LaunchBound::SharedAccess)) {
      LaunchConfig fewerRows = tried;
      if (reshapeAssumedBlock(*failure->thread, next.reason, fewerRows)) {
        tried = std::move(fewerRows);
        reshaped = true;
      }
    }
    // Past a fixed-size shared array by at most its size again: a smaller
    // block (half the block halves an index linear in the thread). Further
    // than that, an assumed size is the likelier cause (`tile[tid + k]` for
    // k below an assumed radius): smaller sizes, below.
    uint64_t sharedBytes = kernel.staticSharedBytes + tried.dynamicSharedBytes;
    if (!reshaped && failure->bound == LaunchBound::SharedAccess &&
        failure->reach <= 2 * sharedBytes) {
      auto use = indexUse(unit, kernel);
      if (!use)
        return joinErrors(std::move(firstError), use.takeError());
      LaunchConfig fewer = tried;
      if (halveAssumedBlock(kernel, *use, archDescription, next.reason,
                            fewer)) {
        tried = std::move(fewer);
        reshaped = true;
      }
    }
    // An array that grows with an assumed grid alone (one element per
    // thread: no size is assumed, or smaller sizes left it as large, as the
    // CUDA samples' per-thread RNG states): a smaller grid.
    bool spanUnchanged = previous &&
                         previous->bound == LaunchBound::BufferSpan &&
                         previous->reach == failure->reach;
    // After smaller loop bounds left the span as it was, the other sizes
    // are divided first (below).
    const bool afterLoopBounds = spanUnchanged && lastLoopDivision;
    if (!reshaped && failure->bound == LaunchBound::BufferSpan &&
        (!assumedSizes(completed) || (spanUnchanged && !afterLoopBounds))) {
      LaunchConfig smaller = tried;
      if (shrinkAssumedGrid(next.reason, smaller)) {
        tried = std::move(smaller);
        reshaped = true;
      }
    }
    if (!reshaped && failure->bound == LaunchBound::BlockLength &&
        !triedPrefix) {
      // Host values that the file's other launches share keep their one
      // value where this launch's blocks are too long with it: each
      // block's run is traced in part (its prefix, as at the smallest values
      // below), rather than with a value of its own that would split it.
      triedPrefix = true;
      auto shared = sharedHostValueOf(tried);
      if (!shared)
        return joinErrors(std::move(firstError), shared.takeError());
      if (*shared) {
        AssumptionScale prefix = scale;
        prefix.cutLongBlocks = true;
        LaunchConfig prefixLaunch;
        Expected<KernelAnalysis> run =
            analyseScaled(unit, kernel, tried, prefix, prefixLaunch);
        if (run) {
          consumeError(std::move(firstError));
          shown = std::move(prefixLaunch);
          return run;
        }
        // Too long even in part: smaller values, below, whose run (or
        // error) is reported instead.
        consumeError(run.takeError());
      }
    }
    if (!reshaped &&
        (failure->bound == LaunchBound::BlockLength ||
         failure->bound == LaunchBound::NoWork ||
         (failure->bound == LaunchBound::BufferSpan && !spanUnchanged))) {
      // A block too long, or an array too wide because a loop walks far
      // along it, is shortened through the loop bounds assumed one by one,
      // where there are such: the guards on the thread's index keep the
      // grid's extent (the CUDA samples' nbody: `numTiles` smaller,
      // `deviceNumBodies` still every thread of the assumed grid). An array
      // whose span does not shrink with them has the other sizes divided.
      auto use = indexUse(unit, kernel);
      if (!use)
        return joinErrors(std::move(firstError), use.takeError());
      // A bound that also guards a global index follows the launch's
      // extent: the grid is divided in the dimension the arguments are
      // sized by, and the guard with it (llm.c's `if (t3 >= T) return;
      // for (t = t3; t < T; ++t)`: T divided alone left all but one of 64
      // blocks in x with no thread under it); the other loop bounds are
      // divided in the same retry.
      if (assumedLoopBound(kernel, *use, completed, /*guarding=*/true)) {
        LaunchConfig smaller = tried;
        if (shrinkAssumedGrid(
                next.reason, smaller,
                widestDimension(*use, completed.grid, completed.block))) {
          tried = std::move(smaller);
          reshaped = true;
        }
      }
      if (assumedLoopBound(kernel, *use, completed)) {
        ++next.loopDivisions;
        reshaped = true;
      }
    }
    if (!reshaped && failure->bound == LaunchBound::GlobalAccess) {
      auto use = indexUse(unit, kernel);
      if (!use)
        return joinErrors(std::move(firstError), use.takeError());
      if (assumedSizeBesideGuardProduct(kernel, *use, completed)) {
        ++next.loopDivisions;
        reshaped = true;
      }
    }
    lastLoopDivision = next.loopDivisions > scale.loopDivisions;
    if (!reshaped) {
      if (!assumedSizes(completed))
        break;
      ++next.sizeDivisions;
      // Assumed host values step down with the arguments: the launch is
      // computed from them again.
      if (any_of(tried.assumptions, [](const LaunchAssumption &a) {
            return !a.hostNames.empty();
          })) {
        auto smaller =
            resolveLaunch(unit, kernel, /*allowUnknownArgs=*/true, next);
        if (!smaller)
          return joinErrors(std::move(firstError), smaller.takeError());
        tried = std::move(*smaller);
      }
    }
    scale = std::move(next);
    Expected<KernelAnalysis> run =
        analyseScaled(unit, kernel, tried, scale, completed);
    if (run) {
      consumeError(std::move(firstError));
      shown = std::move(completed);
      return run;
    }
    // The same failure may come back at smaller values (the first thread
    // past a bound is the same while the bound is far), so only the number
    // of retries ends them.
    ++retries;
    lastTried = completed;
    Error error = run.takeError();
    previous = std::move(failure);
    failure = boundOf(error);
    consumeError(std::move(error));
  }
  return cutLongBlocks();
}

} // namespace gpurd::driver
