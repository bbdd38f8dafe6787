//===- Emulator.h - Warp traces by interpreting the kernel's IR -*- C++ -*-===//
//
// For kernels that are not affine, gpurd interprets the same prepared device
// IR the access model is built from (so both producers describe the same
// compiled memory operations), block by block: every thread of the block
// runs with its own registers and local memory, the block shares its shared
// memory, `__syncthreads` is a block barrier, warp shuffles and votes execute
// warp-synchronously. Loads and stores go to real argument buffers; every
// address is bounds-checked; a runaway loop stops at a step limit.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_EMULATOR_H
#define GPURD_TRACE_EMULATOR_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Trace/MemoryLayout.h"
#include "gpurd/Trace/WarpTrace.h"

#include <map>
#include <memory>
#include <vector>

namespace gpurd::trace {

struct EmulatorOptions {
  /// Interpreted instructions per thread before the emulator gives up.
  uint64_t maxStepsPerThread = 100000000;
};

/// The values a kernel is launched with.
struct EmulatorArguments {
  /// Scalar arguments by parameter index (integers, or doubles for
  /// floating-point parameters).
  std::map<unsigned, int64_t> integers;
  std::map<unsigned, double> floats;
  /// Contents of pointer arguments by parameter index; their size is the
  /// buffer's size (accesses outside are errors).
  std::map<unsigned, std::vector<uint8_t>> buffers;
};

/// Creates the emulator for a prepared kernel (whose siteInstructions map
/// instructions to AccessSite ids) and its access model. The layout must come
/// from createLayout with the buffers' sizes.
llvm::Expected<std::unique_ptr<WarpTraceSource>>
createEmulator(const access::PreparedKernel &kernel,
               const access::AccessModel &model, const TraceLaunch &launch,
               MemoryLayout layout, EmulatorArguments arguments,
               const EmulatorOptions &options = {});

} // namespace gpurd::trace

#endif // GPURD_TRACE_EMULATOR_H
