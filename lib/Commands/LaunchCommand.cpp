//===- LaunchCommand.cpp - --print-launches -------------------------------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Output/KernelListing.h"

using namespace llvm;

namespace gpurd::advise {

bool forEachLaunch(
    driver::AnalysisContext &context, const TranslationUnitInfo &unit,
    bool allowUnknownArgs,
    function_ref<bool(const KernelInfo &, const LaunchConfig &)> onLaunch,
    bool &selected) {
  auto kernels = context.selectedKernels(unit);
  selected = static_cast<bool>(kernels);
  if (!kernels) {
    reportError(kernels.takeError());
    return false;
  }
  if (kernels->empty()) {
    size_t library = llvm::count_if(
        unit.kernels, [](const KernelInfo &k) { return k.inSystemHeader; });
    if (library == 0)
      warn("'" + unit.file + "' defines no __global__ kernel");
    else
      warn("'" + unit.file + "' defines no __global__ kernel of its own; " +
           std::to_string(library) + " kernel" + (library == 1 ? "" : "s") +
           " of system headers (Thrust, CUB) " + (library == 1 ? "is" : "are") +
           " not analysed unless chosen with --kernel");
  }
  bool ok = true;
  for (const KernelInfo *kernel : *kernels) {
    auto config = context.resolveLaunch(unit, *kernel, allowUnknownArgs);
    if (!config) {
      reportError(
          createStringError(inconvertibleErrorCode(),
                            kernelMessage(kernel->name, config.takeError())));
      ok = false;
      continue;
    }
    ok &= onLaunch(*kernel, *config);
  }
  return ok;
}

bool resolveLaunches(driver::AnalysisContext &context,
                     const TranslationUnitInfo &unit, const Request &request,
                     nlohmann::json &jsonOut) {
  nlohmann::json launches = nlohmann::json::array();
  bool selected = false;
  StatedHostValues stated;
  bool ok = forEachLaunch(
      context, unit, /*allowUnknownArgs=*/false,
      [&](const KernelInfo &kernel, const LaunchConfig &config) {
        if (request.json)
          launches.push_back(launchConfigJson(kernel, config));
        else
          printSpelled([&](raw_ostream &os) {
            printLaunchConfig(os, kernel, config, &stated);
          });
        return true;
      },
      selected);
  if (selected)
    jsonOut = {{"file", displayPath(unit.file)},
               {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise
