//===- LocalMemory.cpp - Where the device keeps local memory --------------===//
//
// Local-memory offsets at their interleaved device addresses (CUDA C++
// Programming Guide, Device Memory Accesses, Local Memory).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/LocalMemory.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace gpurd::model {

LocalMemoryLayout localMemoryLayout(uint64_t blocks, unsigned warpsPerBlock) {
  LocalMemoryLayout layout;
  layout.threadsPerBlock = uint64_t(warpsPerBlock) * trace::WarpSize;
  layout.threads = blocks * layout.threadsPerBlock;
  return layout;
}

uint64_t localDeviceAddress(uint64_t offset, unsigned size, uint64_t thread,
                            const LocalMemoryLayout &layout) {
  // The interleave's unit: a 32-bit word (the Programming Guide's), or the
  // access's own width when it is wider.
  uint64_t unit = std::max<uint64_t>(4, llvm::PowerOf2Ceil(size));
  return LocalMemoryBase + unit * ((offset / unit) * layout.threads + thread) +
         offset % unit;
}

void placeLocalInstruction(trace::WarpInstruction &inst, uint64_t block,
                           unsigned warp, const LocalMemoryLayout &layout) {
  uint64_t firstThread =
      block * layout.threadsPerBlock + uint64_t(warp) * trace::WarpSize;
  for (uint32_t m = inst.activeMask; m; m &= m - 1) {
    unsigned lane = unsigned(__builtin_ctz(m));
    inst.addresses[lane] = localDeviceAddress(inst.addresses[lane], inst.size,
                                              firstThread + lane, layout);
  }
}

const trace::WarpTrace &placeLocalMemory(const trace::WarpTrace &warp,
                                         const LocalMemoryLayout &layout,
                                         trace::WarpTrace &placed) {
  auto isLocal = [](const trace::WarpInstruction &i) {
    return i.space == MemorySpace::Local && i.kind != AccessKind::Barrier;
  };
  if (!layout.threads || llvm::none_of(warp.instructions, isLocal))
    return warp;
  placed = warp;
  for (trace::WarpInstruction &inst : placed.instructions)
    if (isLocal(inst))
      placeLocalInstruction(inst, warp.block, warp.warp, layout);
  return placed;
}

} // namespace gpurd::model
