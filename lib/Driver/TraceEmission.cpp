//===- TraceEmission.cpp - Write a kernel's trace to files ----------------===//

#include "gpurd/Driver/TraceEmission.h"

#include "gpurd/Trace/BlockScheduler.h"
#include "gpurd/Trace/SiteDataFlow.h"
#include "gpurd/Trace/TraceWriter.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::driver {

trace::TraceHeader traceHeader(const KernelTrace &trace,
                               const arch::ArchDescription &arch) {
  trace::TraceHeader header;
  header.kernel = trace.kernel->name;
  header.launch = trace.source->launch();
  header.sharedBytes =
      trace.kernel->staticSharedBytes + trace.config.dynamicSharedBytes;
  header.dataFlow =
      trace::siteDataFlow(&trace.prepared, trace.model.sites.size());
  trace::setLoadsInFlight(header.dataFlow, trace.model);
  header.gapsHoldTails = llvm::StringRef(trace.source->name()) == "affine";
  if (std::optional<unsigned> version = arch.computeCapabilityNumber())
    header.binaryVersion = *version;
  return header;
}

Expected<TraceSummary> writeTraces(KernelTrace &trace,
                                   const arch::ArchDescription &arch,
                                   ArrayRef<std::string> outputs,
                                   unsigned smCount) {
  // Which blocks: those of the sampled SMs, in increasing id.
  const trace::TraceLaunch &launch = trace.source->launch();
  trace::BlockSchedule schedule = trace::scheduleBlocks(
      launch.numBlocks(), arch.sm.count, /*activeBlocks=*/1, smCount);
  std::vector<uint64_t> blocks;
  for (unsigned sm : schedule.modelledSms)
    for (uint64_t block : schedule.blocksOf(sm))
      blocks.push_back(block);
  std::sort(blocks.begin(), blocks.end());

  trace::TraceHeader header = traceHeader(trace, arch);
  std::vector<std::unique_ptr<trace::TraceWriter>> writers;
  for (const std::string &output : outputs) {
    auto writer = trace::createTraceWriter(output, header);
    if (!writer)
      return writer.takeError();
    writers.push_back(std::move(*writer));
  }
  TraceSummary summary;
  std::vector<trace::WarpTrace> warps;
  for (uint64_t block : blocks) {
    if (Error error = trace.source->traceBlock(block, warps))
      return error;
    for (const trace::WarpTrace &warp : warps)
      for (const trace::WarpInstruction &inst : warp.instructions) {
        ++summary.warpInstructions;
        if (inst.kind != AccessKind::Barrier)
          summary.threadAccesses += __builtin_popcount(inst.activeMask);
      }
    for (auto &writer : writers)
      if (Error error = writer->writeBlock(warps))
        return error;
  }
  for (auto &writer : writers)
    if (Error error = writer->finish())
      return error;
  summary.blocks = blocks.size();
  summary.sampled = schedule.describe();
  if (trace.defaultBuffers)
    summary.notes.push_back(
        trace::describeDefaultBuffers(*trace.defaultBuffers, trace.model));
  return summary;
}

} // namespace gpurd::driver
