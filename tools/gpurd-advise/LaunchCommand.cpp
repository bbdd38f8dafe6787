//===- LaunchCommand.cpp - --print-launches -------------------------------===//

#include "Commands.h"
#include "Messages.h"

#include "gpurd/Output/KernelListing.h"

using namespace llvm;

namespace gpurd::advise {

bool resolveLaunches(driver::AnalysisContext &context,
                     const TranslationUnitInfo &unit,
                     const ToolRequest &request, nlohmann::json &jsonOut) {
  auto selected = context.selectedKernels(unit);
  if (!selected) {
    reportError(selected.takeError());
    return false;
  }
  if (selected->empty())
    warn("'" + unit.file + "' defines no __global__ kernel");
  bool ok = true;
  nlohmann::json launches = nlohmann::json::array();
  for (const KernelInfo *kernel : *selected) {
    auto config = context.resolveLaunch(unit, *kernel);
    if (!config) {
      reportError(config.takeError());
      ok = false;
      continue;
    }
    if (request.json)
      launches.push_back(launchConfigJson(*kernel, *config));
    else
      printSpelled(
          [&](raw_ostream &os) { printLaunchConfig(os, *kernel, *config); });
  }
  jsonOut = {{"file", displayPath(unit.file)},
             {"launches", std::move(launches)}};
  return ok;
}

} // namespace gpurd::advise
