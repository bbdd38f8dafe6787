//===- TraceCommand.cpp - --emit-trace and --warp-replay ------------------===//
//
// The two commands on one kernel's trace: write it to files, or time it with
// the warp-level replay (Driver/KernelReplay.h).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Commands/Commands.h"
#include "gpurd/Commands/Messages.h"

#include "gpurd/Driver/KernelReplay.h"
#include "gpurd/Driver/TraceEmission.h"
#include "gpurd/Output/KernelListing.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gpurd::advise {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// The trace of the one kernel --kernel selects for \p option.
Expected<std::unique_ptr<driver::KernelTrace>>
prepareTrace(driver::AnalysisContext &context, const TranslationUnitInfo &unit,
             StringRef option) {
  auto kernels = context.selectedKernels(unit);
  if (!kernels)
    return kernels.takeError();
  if (kernels->size() != 1) {
    std::string names;
    for (const KernelInfo *k : *kernels)
      names += "\n  " + k->name;
    return makeError(option +
                     " works on one kernel; choose it with "
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
  auto trace = prepareTrace(context, unit, "--emit-trace");
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

bool replayWarps(driver::AnalysisContext &context,
                 const TranslationUnitInfo &unit, const Request &request,
                 nlohmann::json &jsonOut) {
  auto trace = prepareTrace(context, unit, "--warp-replay");
  if (!trace) {
    reportError(trace.takeError());
    return false;
  }
  auto replay =
      driver::replayKernel(**trace, context.arch(), request.model.replayBudget);
  if (!replay) {
    reportError(replay.takeError());
    return false;
  }
  const model::timing::ReplayResult &r = replay->result;
  const model::timing::ReplayParameters &p = replay->parameters;
  const std::string &kernel = (*trace)->kernel->name;
  const std::string &arch = context.arch().name;
  auto perScheduler = [&](uint64_t cycles) {
    return r.schedulerCount ? double(cycles) / r.schedulerCount : 0.0;
  };
  if (request.json) {
    jsonOut = {{"file", displayPath(unit.file)},
               {"kernel", kernel},
               {"arch", arch},
               {"model", "warp replay (docs/timing-model.md)"},
               {"cycles", r.cycles},
               {"warp_instructions", r.warpInstructions},
               {"active_sms", r.activeSms},
               {"blocks_per_sm", p.blocksPerSm},
               {"per_scheduler",
                {{"issue_cycles", perScheduler(r.issueCycles)},
                 {"register_wait_cycles", perScheduler(r.registerWaitCycles)},
                 {"other_wait_cycles", perScheduler(r.otherWaitCycles)}}},
               {"l1_sectors",
                {{"hits", r.l1Hits},
                 {"pending_hits", r.l1PendingHits},
                 {"misses", r.l1Misses}}},
               {"l2_sectors", {{"hits", r.l2Hits}, {"misses", r.l2Misses}}},
               {"mean_miss_latency", r.meanMissLatency},
               {"barriers", r.barriers},
               {"assumptions", p.assumptions},
               {"notes", (*trace)->source->notes()}};
    return true;
  }
  outs() << "kernel " << kernel << ": " << r.cycles << " cycles predicted on "
         << arch
         << " by the warp replay (docs/timing-model.md): " << r.warpInstructions
         << " warp instructions on " << r.activeSms << " SMs, " << p.blocksPerSm
         << " blocks resident an SM\n";
  outs() << "  per scheduler: "
         << formatv("{0:F0}", perScheduler(r.issueCycles))
         << " cycles issuing, "
         << formatv("{0:F0}", perScheduler(r.registerWaitCycles))
         << " waiting on a register, "
         << formatv("{0:F0}", perScheduler(r.otherWaitCycles))
         << " waiting on a unit or a barrier\n";
  outs() << "  L1 sectors of global loads: " << r.l1Hits << " hits, "
         << r.l1PendingHits << " hits in flight, " << r.l1Misses
         << " misses; L2 sectors: " << r.l2Hits << " hits, " << r.l2Misses
         << " misses; a load that leaves the SM takes "
         << formatv("{0:F0}", r.meanMissLatency) << " cycles on average\n";
  for (const std::string &assumption : p.assumptions)
    outs() << "  assumption: " << assumption << "\n";
  for (const std::string &note : (*trace)->source->notes())
    outs() << "  note: " << spelled(note) << "\n";
  return true;
}

} // namespace gpurd::advise
