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

llvm::Error WarpTraceRewriter::traceBlock(uint64_t block,
                                          std::vector<WarpTrace> &warps) {
  if (llvm::Error e = inner->traceBlock(block, warps))
    return e;
  for (WarpTrace &warp : warps)
    rewrite(warp);
  return llvm::Error::success();
}

llvm::Error WarpTraceRewriter::traceWarps(
    uint64_t block, llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp) {
  // The inner producer's own traceWarps (the affine enumerator streams its
  // warps through one buffer); each warp copied into this one, whose
  // capacity stays, and changed.
  return inner->traceWarps(block, [&](const WarpTrace &warp) {
    buffer = warp;
    rewrite(buffer);
    return onWarp(buffer);
  });
}

std::string cutRunNote(uint64_t blocksCut, uint64_t blocksTraced,
                       const std::string &traced, const std::string &cut) {
  return "in " + std::to_string(blocksCut) + " of the " +
         std::to_string(blocksTraced) + " blocks " + traced + ", " + cut +
         ", so the figures describe the first part of the kernel's run, in "
         "which first touches of lines weigh more than in the whole run "
         "(smaller launch values, such as loop bounds or sizes, let gpurd "
         "trace all of it)";
}

} // namespace gpurd::trace
