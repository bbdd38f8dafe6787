//===- Coalescer.h - Warp accesses to cache lines and sectors ---*- C++ -*-===//
//
// The memory requests a warp instruction turns into (seed 000 §4.1 and
// Table 1; seed 001 §4.1): the active lanes' byte ranges are grouped by cache
// line; for architectures with sectored caches (Maxwell and later) each line
// request lists the 32-byte sectors it touches. Fermi/Kepler-style caching
// loads request whole 128-byte lines.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_COALESCER_H
#define GPURD_TRACE_COALESCER_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Trace/WarpTrace.h"

#include <cstdint>
#include <vector>

namespace gpurd::trace {

struct CoalescerConfig {
  unsigned lineSize = 128;
  /// 0: unsectored (a request is for the whole line).
  unsigned sectorSize = 0;
};

/// How \p arch splits a warp instruction of \p kind to \p space into
/// requests: loads the L1 caches use the L1's line (and sector, Maxwell and
/// later) size; stores, and loads that bypass the L1 (an L1 that does not
/// cache global loads, e.g. Kepler's), go to the L2 in its sectors (32-byte
/// segments when the arch says nothing).
CoalescerConfig coalescerFor(const arch::ArchDescription &arch,
                             AccessKind kind, MemorySpace space);

/// One request to the memory system: a line and which of its sectors.
struct LineRequest {
  uint64_t lineAddress = 0; ///< Byte address of the line (aligned).
  uint32_t sectorMask = 0;  ///< Bit s: sector s of the line (all set when
                            ///< unsectored).
  uint32_t lanes = 0;       ///< Lanes served by this request.
};

/// The line requests of \p instruction, in order of first lane. Barriers
/// give none.
void coalesce(const WarpInstruction &instruction, const CoalescerConfig &config,
              std::vector<LineRequest> &out);

} // namespace gpurd::trace

#endif // GPURD_TRACE_COALESCER_H
