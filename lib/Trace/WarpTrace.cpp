//===- WarpTrace.cpp - The request stream the memory models consume -------===//

#include "gpurd/Trace/WarpTrace.h"

namespace gpurd::trace {

WarpTraceSource::~WarpTraceSource() = default;

llvm::Error WarpTraceSource::traceWarps(
    uint64_t block, llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp) {
  if (llvm::Error e = traceBlock(block, blockBuffer))
    return e;
  for (const WarpTrace &warp : blockBuffer)
    if (llvm::Error e = onWarp(warp))
      return e;
  return llvm::Error::success();
}

} // namespace gpurd::trace
