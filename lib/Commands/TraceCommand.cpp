//===- TraceCommand.cpp - --emit-trace ------------------------------------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Driver/TraceEmission.h"
#include "gpurd/Output/KernelListing.h"

using namespace llvm;

namespace gpurd::advise {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The trace of the one kernel --kernel selects.
Expected<std::unique_ptr<driver::KernelTrace>>
prepareTrace(driver::AnalysisContext &context,
             const TranslationUnitInfo &unit) {
  auto kernels = context.selectedKernels(unit);
  if (!kernels)
    return kernels.takeError();
  if (kernels->size() != 1) {
    std::string names;
    for (const KernelInfo *k : *kernels)
      names += "\n  " + k->name;
    return makeError("--emit-trace works on one kernel; choose it with "
                     "--kernel (the kernels are:" +
                     names + ")");
  }
  const KernelInfo &kernel = *kernels->front();
  auto config = context.resolveLaunch(unit, kernel, /*allowUnknownArgs=*/true);
  if (!config)
    return config.takeError();
  return context.prepareTrace(unit, kernel, *config);
}

} // namespace

bool emitTraces(driver::AnalysisContext &context,
                const TranslationUnitInfo &unit, const Request &request,
                nlohmann::json &jsonOut) {
  auto trace = prepareTrace(context, unit);
  if (!trace) {
    reportError(trace.takeError());
    return false;
  }
  // --sms auto keeps every block: the request budget is the cache model's.
  const driver::SmsChoice &sms = request.model.sms;
  unsigned count = sms.kind == driver::SmsChoice::Kind::Count ? sms.count : 0;
  for (const std::string &output : request.traceOutputs)
    if (StringRef(output).starts_with("accelsim:") && count) {
      reportError(makeError("--emit-trace=" + output +
                            ": Accel-Sim traces contain every block of the "
                            "grid; drop --sms " +
                            std::to_string(count)));
      return false;
    }
  auto summary =
      driver::writeTraces(**trace, context.arch(), request.traceOutputs, count);
  if (!summary) {
    reportError(summary.takeError());
    return false;
  }
  const char *source = (*trace)->source->name();
  if (request.json) {
    jsonOut = {{"file", displayPath(unit.file)},
               {"kernel", (*trace)->kernel->name},
               {"trace_source", source},
               {"blocks", summary->blocks},
               {"warp_instructions", summary->warpInstructions},
               {"thread_accesses", summary->threadAccesses},
               {"sampled", summary->sampled},
               {"outputs", request.traceOutputs},
               {"notes", summary->notes}};
    return true;
  }
  uint64_t instructions = summary->warpInstructions;
  outs() << "kernel " << (*trace)->kernel->name << ": wrote "
         << summary->threadAccesses << " thread accesses (" << instructions
         << (instructions == 1 ? " warp instruction, " : " warp instructions, ")
         << summary->blocks << (summary->blocks == 1 ? " block" : " blocks")
         << ") from the " << source << " trace source";
  if (count)
    outs() << "; sampled " << summary->sampled;
  outs() << "\n";
  for (const std::string &note : summary->notes)
    outs() << "  note: " << spelled(note) << "\n";
  return true;
}

} // namespace gpurd::advise
