//===- KernelDivergence.cpp - MDM and GPUMech on one kernel run -----------===//

#include "gpurd/Model/Divergence/KernelDivergence.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model::divergence {

llvm::Expected<KernelDivergence>
predictKernelDivergence(const IntervalRecorder &recorder,
                        const CacheModelResults &results,
                        const arch::ArchDescription &arch) {
  const SamplingInfo &sampling = results.sampling;
  const ExecutionInfo &execution = results.execution;
  unsigned activeSms = std::max(1u, sampling.activeSms);
  auto machine = mdmMachine(arch, activeSms);
  if (!machine)
    return machine.takeError();
  const RecordedWarp *warp = recorder.representative();
  if (!warp)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the memory-divergence model (seed 004) saw no warp of the launch");
  KernelDivergence out;
  out.machine = *machine;
  out.block = warp->block;
  out.warp = warp->warp;
  out.warpsModelled = recorder.warps();
  // W: the warps an SM runs at once.
  out.profile = buildIntervalProfile(*warp, siteMissRatios(results),
                                     results.residentWarpsPerSm());
  out.mdm = predict(out.profile, out.machine, DivergenceModel::Mdm);
  out.gpuMech = predict(out.profile, out.machine, DivergenceModel::GpuMech);
  double launchWarps = static_cast<double>(sampling.totalBlocks) *
                       static_cast<double>(execution.warpsPerBlock);
  out.instructionsPerSm = recorder.meanInstructions() * launchWarps /
                          static_cast<double>(activeSms);
  return out;
}

} // namespace gpurd::model::divergence
