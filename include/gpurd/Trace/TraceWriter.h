//===- TraceWriter.h - Trace files -----------------------------*- C++ -*-===//
//
// `--emit-trace=FILE.txt` (thread-level text), `FILE.bin` (compact binary),
// `nugteren:DIR` (input of the seed 000 reference implementation) and
// `accelsim:DIR` (Accel-Sim's trace-driven input, tracer version 5). Formats
// are documented in docs/trace-formats.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_TRACEWRITER_H
#define GPURD_TRACE_TRACEWRITER_H

#include "gpurd/Trace/SiteDataFlow.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace gpurd::trace {

/// What a trace file describes besides the accesses.
struct TraceHeader {
  std::string kernel; ///< Kernel name.
  TraceLaunch launch;
  unsigned kernelId = 0; ///< Launch number (for per-launch files).
  unsigned binaryVersion =
      70;                   ///< Accel-Sim `-binary version` (61/70/80/86...).
  uint64_t sharedBytes = 0; ///< Static + dynamic shared memory per block.
  unsigned registers = 32;  ///< Accel-Sim `-nregs`.
  /// Per site, which loads its lines wait for (accelsim:DIR); empty: none.
  std::vector<SiteDataFlow> dataFlow;
  /// The trace counts a block's tail before the block's last site (the
  /// affine producer does: SiteDataFlow::tail).
  bool gapsHoldTails = false;
};

class TraceWriter {
public:
  virtual ~TraceWriter();
  /// Writes one block's warps (blocks arrive in increasing linear id).
  virtual llvm::Error writeBlock(const std::vector<WarpTrace> &warps) = 0;
  virtual llvm::Error finish() = 0;
};

/// Creates the writer for `--emit-trace=SPEC` (`t.txt`, `t.bin`,
/// `nugteren:DIR`, `accelsim:DIR`); errors name the spec and what is wrong.
llvm::Expected<std::unique_ptr<TraceWriter>>
createTraceWriter(llvm::StringRef spec, const TraceHeader &header);

} // namespace gpurd::trace

#endif // GPURD_TRACE_TRACEWRITER_H
