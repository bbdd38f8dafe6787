//===- ModelCommand.cpp - --cache-model -----------------------------------===//
//
// Runs the GPU cache model of seeds 000/001 (lib/Model) on the kernel's
// request stream and prints the predicted L1/L2 behaviour per kernel, access
// site and array.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "Options.h"

#include "gpurd/Model/CacheModel.h"
#include "gpurd/Output/CacheReport.h"
#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gpurd::advise {

bool runCacheModel(const RunContext &run, const TranslationUnitInfo &unit,
                   nlohmann::json &jsonOut) {
  auto prepared = prepareTrace(run, unit, "--cache-model");
  if (!prepared) {
    reportError(prepared.takeError());
    return false;
  }
  PreparedTrace &trace = **prepared;
  model::CacheModelOptions options;
  if (smsOption != "all") {
    unsigned count = 0;
    if (StringRef(smsOption).getAsInteger(10, count) || count == 0) {
      reportError(createStringError(
          inconvertibleErrorCode(),
          "--sms takes a number of SMs or 'all', got '" + smsOption + "'"));
      return false;
    }
    options.modelledSms = count;
  }
  options.seed = modelSeed;
  model::KernelTraceInput input =
      model::traceInputFrom(*trace.source, trace.kernel->staticSharedBytes);
  auto results = model::runCacheModel(run.arch, input, options);
  if (!results) {
    reportError(results.takeError());
    return false;
  }
  if (outputFormat == OutputFormat::Json)
    jsonOut = {{"file", displayPath(unit.file)},
               {"cache_model", cacheReportJson(run.arch.name, trace.model,
                                               *results, reuseProfile)}};
  else
    printCacheReport(outs(), run.arch.name, trace.model, *results,
                     reuseProfile);
  return true;
}

} // namespace gpurd::advise
