//===- TraceWriterFormats.h - The trace file formats (private) --*- C++ -*-===//
//
// One factory per `--emit-trace` format (createTraceWriter dispatches on the
// spec) and what they share. Formats are documented in docs/trace-formats.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_TRACEWRITERFORMATS_H
#define GPURD_LIB_TRACE_TRACEWRITERFORMATS_H

#include "gpurd/Trace/TraceWriter.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>

namespace gpurd::trace {

/// `FILE.txt`: one text line per thread-level access.
llvm::Expected<std::unique_ptr<TraceWriter>>
createTextTraceWriter(llvm::StringRef path, const TraceHeader &header);
/// `FILE.bin`: fixed-size little-endian records per thread-level access.
llvm::Expected<std::unique_ptr<TraceWriter>>
createBinaryTraceWriter(llvm::StringRef path, const TraceHeader &header);
/// `nugteren:DIR`: the input of tue-es/gpu-cache-model (seed 000).
llvm::Expected<std::unique_ptr<TraceWriter>>
createNugterenTraceWriter(llvm::StringRef directory, const TraceHeader &header);
/// `accelsim:DIR`: Accel-Sim trace-driven input (tracer version 5).
llvm::Expected<std::unique_ptr<TraceWriter>>
createAccelSimTraceWriter(llvm::StringRef directory, const TraceHeader &header);

inline llvm::Error makeTraceError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Opens \p path for writing (binary); errors name the spec and the path.
llvm::Expected<std::unique_ptr<llvm::raw_fd_ostream>>
openTraceFile(llvm::StringRef path, llvm::StringRef spec);

/// Flushes and closes \p out, turning a write error into an llvm::Error.
llvm::Error closeTraceFile(llvm::raw_fd_ostream &out, llvm::StringRef path);

/// Calls \p visit(thread, instruction, lane) for every thread-level access
/// of a block: threads in increasing linear id (warp * 32 + lane), each
/// thread's accesses in its program order. Only active lanes take part.
template <typename Visitor>
void forEachThreadAccess(const std::vector<WarpTrace> &warps, Visitor visit) {
  std::vector<const WarpTrace *> ordered;
  ordered.reserve(warps.size());
  for (const WarpTrace &warp : warps)
    ordered.push_back(&warp);
  std::stable_sort(
      ordered.begin(), ordered.end(),
      [](const WarpTrace *a, const WarpTrace *b) { return a->warp < b->warp; });
  for (const WarpTrace *warp : ordered) {
    uint32_t lanes = 0;
    for (const WarpInstruction &instruction : warp->instructions)
      lanes |= instruction.activeMask;
    for (unsigned lane = 0; lane < WarpSize; ++lane) {
      if (!(lanes & (1u << lane)))
        continue;
      uint64_t thread = uint64_t(warp->warp) * WarpSize + lane;
      for (const WarpInstruction &instruction : warp->instructions)
        if (instruction.activeMask & (1u << lane))
          visit(thread, instruction, lane);
    }
  }
}

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_TRACEWRITERFORMATS_H
