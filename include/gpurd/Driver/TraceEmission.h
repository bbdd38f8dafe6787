//===- TraceEmission.h - Write a kernel's trace to files --------*- C++ -*-===//
//
// The blocks of a prepared kernel trace, written in the formats of
// docs/trace-formats.md (gpurd text or binary, seed 000's reference model,
// Accel-Sim) for all blocks or those of a sample of the SMs.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_TRACEEMISSION_H
#define GPURD_DRIVER_TRACEEMISSION_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Trace/TraceWriter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpurd::driver {

/// What was written.
struct TraceSummary {
  uint64_t blocks = 0;
  uint64_t warpInstructions = 0;
  /// Thread accesses: the active lanes of every memory instruction.
  uint64_t threadAccesses = 0;
  /// Which SMs' blocks were kept (BlockSchedule::describe()).
  std::string sampled;
  /// What the trace assumed (the emulator's default buffers), with user
  /// inputs as Support/UserInput.h references.
  std::vector<std::string> notes;
};

/// Writes the blocks of \p trace that \p smCount SMs spread over \p arch's
/// run (0: every block) to each of \p outputs (`FILE.txt`, `FILE.bin`,
/// `nugteren:DIR`, `accelsim:DIR`), in increasing block id.
/// What a trace file describes besides the accesses (the kernel, launch,
/// data flow): the header every writer starts with.
trace::TraceHeader traceHeader(const KernelTrace &trace,
                               const arch::ArchDescription &arch);

llvm::Expected<TraceSummary> writeTraces(KernelTrace &trace,
                                         const arch::ArchDescription &arch,
                                         llvm::ArrayRef<std::string> outputs,
                                         unsigned smCount);

} // namespace gpurd::driver

#endif // GPURD_DRIVER_TRACEEMISSION_H
