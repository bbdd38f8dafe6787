//===- WhatIf.cpp - Re-running a kernel with a change ---------------------===//

#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

/// The baseline's launch as a layer of launch values, so that the what-if
/// runs on exactly the launch analysed (assumed values included), with
/// \p change's own values on top.
LaunchOverrides pinnedLaunch(const LaunchConfig &config,
                             const LaunchOverrides &change) {
  LaunchOverrides out;
  out.grid = change.grid ? change.grid : config.grid;
  out.block = change.block ? change.block : config.block;
  out.dynamicSharedBytes = change.dynamicSharedBytes
                               ? change.dynamicSharedBytes
                               : config.dynamicSharedBytes;
  for (const LaunchArgument &arg : config.args)
    if (!arg.param.empty() && arg.value.isKnown())
      out.args[arg.param] = arg.value.str();
  for (const auto &[name, value] : change.args)
    out.args[name] = value;
  if (config.launchNumber > 0)
    out.launchIndex = config.launchNumber;
  out.origin = change.origin.empty() ? "what-if change" : change.origin;
  return out;
}

} // namespace

bool WhatIfRunner::inAnalysedFile(const SourcePosition &position) const {
  auto absolute = [](StringRef file) {
    SmallString<256> path(file);
    sys::fs::make_absolute(path);
    sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    return std::string(path);
  };
  return !position.file.empty() &&
         absolute(position.file) == absolute(unit.file);
}

bool comparesOnSample(const driver::KernelAnalysis &baseline,
                      const driver::ModelOptions &options) {
  const model::SamplingInfo &sampling = baseline.results.sampling;
  return sampling.scale > 1 || sampling.estimatedRequests >
                                   driver::quickOptions(options).requestBudget;
}

Expected<const driver::KernelAnalysis &>
WhatIfRunner::run(const driver::KernelChange &change) {
  return runWith(change, nullptr);
}

bool WhatIfRunner::comparesOnSample() const {
  return advisor::comparesOnSample(baseline, context.modelOptions());
}

Expected<const driver::KernelAnalysis &> WhatIfRunner::comparedBaseline() {
  // A quick analysis already ran on the comparison sample.
  if (!comparesOnSample() || context.modelOptions().quick)
    return baseline;
  const driver::ModelOptions options =
      driver::quickOptions(context.modelOptions());
  return runWith({}, &options);
}

driver::ModelOptions
WhatIfRunner::comparisonOptions(const driver::KernelAnalysis &before) const {
  driver::ModelOptions options = driver::quickOptions(context.modelOptions());
  // The variant on as many SMs as the baseline's sample: a sample in space
  // stops at a request budget, so a variant that makes fewer requests a
  // block would model more SMs, and figures that do not scale with the
  // SMs (the L2's and DRAM's, the time models' per-SM queues) would
  // compare samples of different sizes.
  const model::SamplingInfo &sampling = before.results.sampling;
  const size_t sms = sampling.modelledSms.size();
  if (sms && sms < sampling.activeSms)
    options.sms = {driver::SmsChoice::Kind::Count, unsigned(sms)};
  // And on as many waves of resident blocks as the baseline's SMs ran: a
  // count of SMs lifts the budgets, and a variant would otherwise model
  // every block of its SMs (simple_wmma_gemm's staging what-if modelled
  // 607 blocks where the baseline modelled 4, for 50 s a run, and compared
  // an SM's whole share of the launch with its first wave).
  const unsigned resident = before.results.execution.activeBlocksPerSm;
  if (sampling.blocksPerSmLimit && resident)
    options.wavesPerSm = (sampling.blocksPerSmLimit + resident - 1) / resident;
  return options;
}

Expected<WhatIfRunner::Comparison>
WhatIfRunner::compare(const driver::KernelChange &change) {
  return compareWith(change, 0);
}

Expected<WhatIfRunner::Comparison>
WhatIfRunner::compareResidentBlocks(unsigned blocks) {
  return compareWith({}, blocks);
}

Expected<WhatIfRunner::Comparison>
WhatIfRunner::compareWith(const driver::KernelChange &change,
                          unsigned residentBlocks) {
  auto before = comparedBaseline();
  if (!before)
    return before.takeError();
  const bool sampled = comparesOnSample();
  // The context's own options when nothing differs from them: the run is
  // then the one run(change) makes, shared with the checks that call it.
  std::optional<driver::ModelOptions> options;
  if (sampled || residentBlocks) {
    options = sampled ? comparisonOptions(*before) : context.modelOptions();
    options->residentBlocksPerSm = residentBlocks;
  }
  auto after = runWith(change, options ? &*options : nullptr);
  if (!after)
    return after.takeError();
  return Comparison{*before, *after, sampled};
}

Expected<const driver::KernelAnalysis &>
WhatIfRunner::runWith(const driver::KernelChange &change,
                      const driver::ModelOptions *options) {
  auto optionsKey = [](const driver::ModelOptions &o) {
    return formatv(" ({0} {1} {2} {3} {4} {5})",
                   model::samplingName(o.sampling), o.requestBudget,
                   o.instructionBudget, o.residentBlocksPerSm, o.wavesPerSm,
                   o.sms.kind == driver::SmsChoice::Kind::Count
                       ? std::to_string(o.sms.count)
                       : std::string("auto"))
        .str();
  };
  // Options that are the context's own make the run run(change) makes.
  if (options && optionsKey(*options) == optionsKey(context.modelOptions()))
    options = nullptr;
  std::string key = change.describe();
  if (options)
    key += optionsKey(*options);
  auto found = runs.find(key);
  if (found != runs.end())
    return *found->second;
  TimeTraceScope scope("whatIf", [&] { return key; });
  driver::KernelChange pinned = change;
  pinned.launch = pinnedLaunch(baseline.trace->config, change.launch);
  Expected<driver::KernelAnalysis> analysis =
      context.analyseKernel(unit, kernel, pinned, options);
  if (!analysis)
    return analysis.takeError();
  auto stored = std::make_unique<driver::KernelAnalysis>(std::move(*analysis));
  const driver::KernelAnalysis &out = *stored;
  runs.emplace(std::move(key), std::move(stored));
  return out;
}

} // namespace gpurd::advisor
