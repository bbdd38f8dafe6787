//===- AccessCommand.cpp - --dump-accesses and --explain-compiled
//-----------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Output/AccessDump.h"
#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpurd::advise {

/// --dump-accesses / --explain-compiled for one file.
bool analyseAccesses(const RunContext &run, const TranslationUnitInfo &unit,
                     nlohmann::json &jsonOut) {
  auto kernels = selectedKernels(unit);
  if (!kernels) {
    reportError(kernels.takeError());
    return false;
  }
  access::DeviceCompileOptions deviceOptions;
  deviceOptions.cuda = run.compile;
  deviceOptions.unroll = unroll;
  auto device =
      access::compileDeviceModule(run.database, unit.file, deviceOptions);
  if (!device) {
    reportError(device.takeError());
    return false;
  }
  bool ok = true;
  nlohmann::json models = nlohmann::json::array();
  for (const KernelInfo *kernel : *kernels) {
    auto launch = mergedLaunchFor(run, unit, *kernel);
    if (!launch) {
      reportError(launch.takeError());
      ok = false;
      continue;
    }
    access::KernelSpecialization values =
        specializationFor(*kernel, launch->grid, launch->block, launch->args);
    access::AccessAnalysisOptions options;
    options.unroll = unroll;
    options.islMaxOperations = islMaxOperations;
    if (printDeviceIR)
      options.printIR = &errs();
    auto model =
        access::analyzeKernel(*device->module, *kernel, unit, values, options);
    if (!model) {
      reportError(model.takeError());
      ok = false;
      continue;
    }
    nlohmann::json entry;
    if (dumpAccesses) {
      if (outputFormat == OutputFormat::Json)
        entry["accesses"] = accessModelJson(*model);
      else
        printAccessModel(outs(), *model);
    }
    if (explainCompiled) {
      auto explanation = access::explainCompiled(*model, unit);
      if (outputFormat == OutputFormat::Json)
        entry["compiled"] = explanationJson(*model, explanation);
      else
        printExplanation(outs(), *model, explanation);
    }
    entry["kernel"] = kernel->name;
    models.push_back(std::move(entry));
  }
  jsonOut = {{"file", displayPath(unit.file)}, {"kernels", std::move(models)}};
  return ok;
}

} // namespace gpurd::advise
