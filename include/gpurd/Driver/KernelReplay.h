//===- KernelReplay.h - A kernel's warps through the warp replay -*- C++
//-*-===//
//
// `--warp-replay`: every block of the launch, its warps' lines (the
// Accel-Sim trace's, Trace/WarpLines.h) issued by the warp-level timing
// model (Model/Timing/WarpReplay.h). docs/timing-model.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_KERNELREPLAY_H
#define GPURD_DRIVER_KERNELREPLAY_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Model/Timing/WarpReplay.h"

#include "llvm/Support/Error.h"

namespace gpurd::driver {

struct KernelReplay {
  model::timing::ReplayResult result;
  model::timing::ReplayParameters parameters;
};

/// Replays every block of \p trace's launch on \p arch; an error when the
/// blocks hold more than \p budget warp instructions (--replay-budget).
llvm::Expected<KernelReplay> replayKernel(KernelTrace &trace,
                                          const arch::ArchDescription &arch,
                                          uint64_t budget);

} // namespace gpurd::driver

#endif // GPURD_DRIVER_KERNELREPLAY_H
