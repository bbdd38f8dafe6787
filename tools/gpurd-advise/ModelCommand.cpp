//===- ModelCommand.cpp - The default action: launches and cache model ----===//
//
// For each selected kernel: its resolved launch configuration, then the GPU
// cache model of seeds 000/001 (lib/Model) on its request stream: predicted
// L1/L2 behaviour per kernel, access site and array. The file's device code
// is compiled once for all of its kernels.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Model/CacheModel.h"
#include "gpurd/Output/CacheReport.h"
#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpurd::advise {

Expected<SmsChoice> parseSmsOption(const arch::ArchDescription &arch) {
  SmsChoice choice;
  StringRef text = smsOption;
  if (text == "auto")
    return choice;
  if (text == "all") {
    choice.kind = SmsChoice::Kind::All;
    return choice;
  }
  unsigned count = 0;
  if (text.getAsInteger(10, count) || count == 0)
    return createStringError(inconvertibleErrorCode(),
                             "--sms takes a number of SMs (at least 1), 'all' "
                             "or 'auto', got '" +
                                 smsOption + "'");
  if (count > arch.sm.count)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("--sms {0}: arch '{1}' has {2} SMs; give at most {2}, or "
                "'all'",
                count, arch.name, arch.sm.count));
  choice.kind = SmsChoice::Kind::Count;
  choice.count = count;
  return choice;
}

namespace {

/// The model's options from the command line.
model::CacheModelOptions modelOptions(const RunContext &run) {
  model::CacheModelOptions options;
  options.seed = modelSeed;
  options.profileInterval = reuseProfileInterval;
  switch (run.sms.kind) {
  case SmsChoice::Kind::Auto:
    options.requestBudget = requestBudget;
    break;
  case SmsChoice::Kind::All:
    break;
  case SmsChoice::Kind::Count:
    options.modelledSms = run.sms.count;
    break;
  }
  return options;
}

} // namespace

bool adviseKernels(const RunContext &run, const TranslationUnitInfo &unit,
                   const std::optional<std::string> &modelError,
                   nlohmann::json &jsonOut) {
  auto selected = selectedKernels(unit);
  if (!selected) {
    reportError(selected.takeError());
    jsonOut = {{"file", displayPath(unit.file)},
               {"launches", nlohmann::json::array()}};
    return false;
  }
  if (selected->empty())
    WithColor::warning(errs(), "gpurd-advise")
        << "'" << unit.file << "' defines no __global__ kernel\n";
  bool ok = true;
  std::shared_ptr<const access::DeviceModule> device;
  nlohmann::json launches = nlohmann::json::array();
  for (const KernelInfo *kernel : *selected) {
    auto config = resolvedLaunchFor(run, unit, *kernel,
                                    /*allowUnknownArgs=*/true);
    if (!config) {
      reportError(config.takeError());
      ok = false;
      continue;
    }
    nlohmann::json launchJson;
    if (outputFormat == OutputFormat::Json)
      launchJson = launchConfigJson(*kernel, *config);
    else
      printLaunchConfig(outs(), *kernel, *config);
    auto modelKernel = [&]() -> Error {
      if (!device) {
        auto compiled = compileDevice(run, unit);
        if (!compiled)
          return compiled.takeError();
        device = std::move(*compiled);
      }
      auto trace = prepareKernelTrace(run, unit, *kernel, *config, device);
      if (!trace)
        return trace.takeError();
      model::KernelTraceInput input = model::traceInputFrom(
          *(*trace)->source, (*trace)->kernel->staticSharedBytes);
      auto results = model::runCacheModel(run.arch, input, modelOptions(run));
      if (!results)
        return results.takeError();
      if (outputFormat == OutputFormat::Json)
        // JSON always carries the reuse profiles (seed 003's features);
        // --reuse-profile adds them to the text report.
        launchJson["cache_model"] = cacheReportJson(
            run.arch.name, (*trace)->model, *results, /*reuseProfile=*/true);
      else
        printCacheReport(outs(), run.arch.name, (*trace)->model, *results,
                         reuseProfile);
      return Error::success();
    };
    if (!modelError) {
      if (Error error = modelKernel()) {
        reportError(std::move(error));
        ok = false;
      }
    }
    if (outputFormat == OutputFormat::Json)
      launches.push_back(std::move(launchJson));
  }
  jsonOut = {{"file", displayPath(unit.file)},
             {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise
