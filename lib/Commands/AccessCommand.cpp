//===- AccessCommand.cpp - --dump-accesses and --explain-compiled ---------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Access/HostDeviceDifferences.h"
#include "gpurd/Output/AccessDump.h"
#include "gpurd/Output/KernelListing.h"

using namespace llvm;

namespace gpurd::advise {

bool printAccesses(driver::AnalysisContext &context,
                   const TranslationUnitInfo &unit, const Request &request,
                   nlohmann::json &jsonOut) {
  auto kernels = context.selectedKernels(unit);
  if (!kernels) {
    reportError(kernels.takeError());
    return false;
  }
  // One compile for every kernel of the file; a file that does not compile
  // is reported once.
  auto device = context.deviceModule(unit);
  if (!device) {
    reportError(device.takeError());
    return false;
  }
  for (const std::string &message :
       access::deviceOnlyKernels(*(*device)->module, unit))
    warn(message);
  bool ok = true;
  nlohmann::json models = nlohmann::json::array();
  for (const KernelInfo *kernel : *kernels) {
    auto model = context.analyseAccesses(unit, *kernel);
    if (!model) {
      reportError(model.takeError());
      ok = false;
      continue;
    }
    for (const std::string &warning : model->warnings)
      warn(warning);
    nlohmann::json entry;
    if (request.printAccessModel) {
      if (request.json)
        entry["accesses"] = accessModelJson(*model);
      else
        printSpelled([&](raw_ostream &os) { printAccessModel(os, *model); });
    }
    if (request.printExplanation) {
      auto explanation = access::explainCompiled(*model, unit);
      if (request.json)
        entry["compiled"] = explanationJson(*model, explanation);
      else
        printSpelled([&](raw_ostream &os) {
          printExplanation(os, *model, explanation);
        });
    }
    entry["kernel"] = kernel->name;
    models.push_back(std::move(entry));
  }
  jsonOut = {{"file", displayPath(unit.file)}, {"kernels", std::move(models)}};
  return ok;
}

} // namespace gpurd::advise
