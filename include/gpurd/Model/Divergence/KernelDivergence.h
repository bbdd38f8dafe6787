//===- KernelDivergence.h - MDM and GPUMech on one kernel run ---*- C++ -*-===//
//
// Seed 004's models on one run of the cache model: the representative
// warp's interval profile (IntervalProfile.h) under the launch's W, MDM's
// and the GPUMech baseline's predictions, and the launch's cycles from them.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_DIVERGENCE_KERNELDIVERGENCE_H
#define GPURD_MODEL_DIVERGENCE_KERNELDIVERGENCE_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/Divergence/IntervalProfile.h"
#include "gpurd/Model/Divergence/Mdm.h"

#include "llvm/Support/Error.h"

namespace gpurd::model::divergence {

struct KernelDivergence {
  MdmMachine machine;
  /// The representative warp (block, warp in block) of the warps modelled.
  uint64_t block = 0;
  unsigned warp = 0;
  uint64_t warpsModelled = 0;
  IntervalProfile profile;
  MdmPrediction mdm;
  MdmPrediction gpuMech;
  /// The launch's warp instructions per busy SM (the mean warp's times the
  /// launch's warps over the busy SMs): a model's cycles are these over its
  /// IPC_SM.
  double instructionsPerSm = 0;

  const MdmPrediction &prediction(DivergenceModel model) const {
    return model == DivergenceModel::GpuMech ? gpuMech : mdm;
  }
  double cycles(DivergenceModel model) const {
    double ipc = prediction(model).ipcSm;
    return ipc > 0 ? instructionsPerSm / ipc : 0;
  }
};

/// Seed 004 on the warps \p recorder saw and the cache model's \p results
/// on \p arch; an error naming the arch fields MDM needs and \p arch lacks,
/// or saying that no warp was modelled.
llvm::Expected<KernelDivergence>
predictKernelDivergence(const IntervalRecorder &recorder,
                        const CacheModelResults &results,
                        const arch::ArchDescription &arch);

} // namespace gpurd::model::divergence

#endif // GPURD_MODEL_DIVERGENCE_KERNELDIVERGENCE_H
