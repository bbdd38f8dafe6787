//===- AdviseCommand.cpp - The default action: launches and cache model ---===//
//
// For each selected kernel: its resolved launch configuration, then the GPU
// cache model of seeds 000/001 on its request stream (lib/Driver runs the
// pipeline; the file's device code is compiled once for all its kernels).
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Messages.h"

#include "gpurd/Output/CacheReport.h"
#include "gpurd/Output/KernelListing.h"

using namespace llvm;

namespace gpurd::advise {
namespace {

/// Runs the cache model on \p trace and prints (or adds to \p launchJson)
/// its report.
Error modelKernel(driver::AnalysisContext &context, driver::KernelTrace &trace,
                  const ToolRequest &request, nlohmann::json &launchJson) {
  for (const std::string &warning : trace.model.warnings)
    warn(warning);
  auto results = context.runCacheModel(trace);
  if (!results)
    return results.takeError();
  const std::string &arch = context.arch().name;
  if (request.json)
    // JSON always carries the reuse profiles (seed 003's features);
    // --reuse-profile adds them to the text report.
    launchJson["cache_model"] =
        cacheReportJson(arch, trace.model, *results, /*reuseProfile=*/true);
  else
    printSpelled([&](raw_ostream &os) {
      printCacheReport(os, arch, trace.model, *results, request.reuseProfile);
    });
  return Error::success();
}

} // namespace

bool adviseKernels(driver::AnalysisContext &context,
                   const TranslationUnitInfo &unit, const ToolRequest &request,
                   const std::optional<std::string> &modelError,
                   nlohmann::json &jsonOut) {
  nlohmann::json launches = nlohmann::json::array();
  bool selected = false;
  bool ok = forEachLaunch(
      context, unit, /*allowUnknownArgs=*/true,
      [&](const KernelInfo &kernel, const LaunchConfig &config) {
        // The trace completes the launch (arguments the accesses need may
        // be assumed), so the launch is printed from it.
        Expected<std::unique_ptr<driver::KernelTrace>> trace =
            modelError ? nullptr : context.prepareTrace(unit, kernel, config);
        const LaunchConfig &shown = trace && *trace ? (*trace)->config : config;
        nlohmann::json launchJson;
        if (request.json)
          launchJson = launchConfigJson(kernel, shown);
        else
          printSpelled(
              [&](raw_ostream &os) { printLaunchConfig(os, kernel, shown); });
        bool modelled = true;
        Error error =
            trace ? (*trace ? modelKernel(context, **trace, request, launchJson)
                            : Error::success())
                  : trace.takeError();
        if (error) {
          std::string message = kernelMessage(kernel.name, std::move(error));
          if (request.json)
            launchJson["error"] = spelled(message);
          reportError(createStringError(inconvertibleErrorCode(), message));
          modelled = false;
        }
        if (request.json)
          launches.push_back(std::move(launchJson));
        return modelled;
      },
      selected);
  jsonOut = {{"file", displayPath(unit.file)},
             {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise
