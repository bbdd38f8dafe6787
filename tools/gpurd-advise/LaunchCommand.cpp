//===- LaunchCommand.cpp - --print-launches -------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpurd::advise {

/// Resolves and prints the launch configuration of every selected kernel.
/// Returns false when one could not be resolved (the error is printed).
bool resolveLaunches(const RunContext &run, const TranslationUnitInfo &unit,
                     nlohmann::json &jsonOut) {
  std::vector<const KernelInfo *> selected;
  if (!kernelName.empty()) {
    auto kernel = findKernel(unit, kernelName);
    if (!kernel) {
      reportError(kernel.takeError());
      return false;
    }
    selected.push_back(*kernel);
  } else {
    for (const KernelInfo &kernel : unit.kernels)
      selected.push_back(&kernel);
    if (selected.empty())
      WithColor::warning(errs(), "gpurd-advise")
          << "'" << unit.file << "' defines no __global__ kernel\n";
  }
  bool ok = true;
  nlohmann::json launches = nlohmann::json::array();
  for (const KernelInfo *kernel : selected) {
    auto config = resolvedLaunchFor(run, unit, *kernel);
    if (!config) {
      reportError(config.takeError());
      ok = false;
      continue;
    }
    if (outputFormat == OutputFormat::Json)
      launches.push_back(launchConfigJson(*kernel, *config));
    else
      printLaunchConfig(outs(), *kernel, *config);
  }
  jsonOut = {{"file", displayPath(unit.file)},
             {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise
