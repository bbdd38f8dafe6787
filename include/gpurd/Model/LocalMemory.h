//===- LocalMemory.h - Where the device keeps local memory ------*- C++ -*-===//
//
// The traces give a local-memory access as the offset in the thread's own
// local memory (the emulator's frames; the affine path's allocas at 0), so
// that every thread's first word is offset 0. The device interleaves the
// threads' local memories instead: "local memory is organized such that
// consecutive 32-bit words are accessed by consecutive thread IDs" (CUDA
// C++ Programming Guide, Device Memory Accesses, Local Memory), the layout
// gpgpu-sim builds in shader_core_ctx::translate_local_memaddr: word D of
// thread t at 4 (D N + t), N the threads it interleaves. The models place
// local accesses with it before they coalesce them, so that a warp reading
// one offset touches a 128-byte line of its own, not one word that every
// thread of the launch shares.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_LOCALMEMORY_H
#define GPURD_MODEL_LOCALMEMORY_H

#include "gpurd/Trace/WarpTrace.h"

#include <cstdint>

namespace gpurd::model {

/// Far above the global buffers (trace::GlobalBase, 2^46.99) and the
/// texture and heap spans below them.
constexpr uint64_t LocalMemoryBase = uint64_t(1) << 52;

/// The launch's threads as the interleave counts them.
struct LocalMemoryLayout {
  uint64_t threadsPerBlock = 0; ///< Warps x 32 (a block's last warp whole).
  uint64_t threads = 0;         ///< N: every block's, 0 for no launch.
};

/// The layout of a launch of \p blocks blocks of \p warpsPerBlock warps.
LocalMemoryLayout localMemoryLayout(uint64_t blocks, unsigned warpsPerBlock);

/// Where the device keeps the \p size bytes thread \p thread accesses at
/// \p offset of its local memory. An access of a word or less is in word
/// offset / 4 at its byte; a wider one (8 or 16 bytes) is kept whole, in
/// the interleave of its own width: the warp touches as many bytes and
/// sectors as with the 4-byte interleave (its lanes' words lie together
/// rather than 4 N bytes apart), and one access stays one request per line.
uint64_t localDeviceAddress(uint64_t offset, unsigned size, uint64_t thread,
                            const LocalMemoryLayout &layout);

/// \p inst, a local access of warp \p warp of block \p block, with its
/// active lanes' offsets at their device addresses.
void placeLocalInstruction(trace::WarpInstruction &inst, uint64_t block,
                           unsigned warp, const LocalMemoryLayout &layout);

/// \p warp with its local accesses at their device addresses, in
/// \p placed; \p warp itself when it has none or the layout no threads
/// (then \p placed is untouched).
const trace::WarpTrace &placeLocalMemory(const trace::WarpTrace &warp,
                                         const LocalMemoryLayout &layout,
                                         trace::WarpTrace &placed);

} // namespace gpurd::model

#endif // GPURD_MODEL_LOCALMEMORY_H
