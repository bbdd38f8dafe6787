//===- WarpRequests.h - Warp instructions as line requests ------*- C++ -*-===//
//
// What the cache model's engines consume: a block's warp traces split into
// line requests once, when the block starts (seed 000 §4.6 C: coalescing
// before the reuse-distance model). For every modelled memory instruction
// (global, read-only and local memory; shared, constant and texture accesses
// and barriers are skipped), the L1-line requests with sector masks in order
// of first lane, and, for writes and accesses that bypass the L1, the
// L2-line requests. This is gpurd's one coalescer (seed 000 §4.1, seed 001
// §4.1): splitIntoLines has fast paths for the common shapes of warp
// accesses, and unit tests check them against the lane-by-lane
// splitIntoLinesPerLane.
//
// A producer that coalesces by itself can hand these to the model directly
// (KernelTraceInput::requestBlock), which skips the per-lane work.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_WARPREQUESTS_H
#define GPURD_MODEL_WARPREQUESTS_H

#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Trace/WarpTrace.h"

#include <cstdint>
#include <vector>

namespace gpurd::model {

struct LineRequestRef {
  uint64_t lineNumber; ///< Byte address / line size.
  uint32_t sectorMask; ///< Sectors touched (bit 0 only when unsectored).
};

/// The lines of \p instruction at \p lineSize (sectors of \p sectorSize, 0:
/// unsectored), in order of the first lane touching them; barriers and
/// instructions without active lanes give none. An unsectored request has
/// sector mask 1; sectors finer than lineSize / 32 are merged to 32.
void splitIntoLines(const trace::WarpInstruction &instruction,
                    unsigned lineSize, unsigned sectorSize,
                    std::vector<LineRequestRef> &out);

/// splitIntoLines lane by lane, without its fast paths (the reference they
/// are tested against).
void splitIntoLinesPerLane(const trace::WarpInstruction &instruction,
                           unsigned lineSize, unsigned sectorSize,
                           std::vector<LineRequestRef> &out);

enum class OpKind : uint8_t { Read, Write, Atomic };

/// One modelled memory instruction of a warp.
struct WarpMemoryOp {
  uint32_t site = 0;
  uint32_t l1Begin = 0; ///< Its first line in WarpRequests::l1Lines.
  uint32_t l2Begin = 0; ///< Its first line in WarpRequests::l2Lines.
  uint16_t l1Count = 0;
  uint16_t l2Count = 0;
  OpKind kind = OpKind::Read;
  bool usesL1 = false; ///< Reads cached by the L1; writes that it sees.
  /// Instructions the warp issues between its previous modelled memory
  /// instruction and this one: the non-memory ones the trace counts
  /// (WarpInstruction::instructionsBefore) and the memory instructions and
  /// barriers the model skips (Clock::Cycles issues them).
  uint32_t instructionsBefore = 0;
  uint32_t l1End() const { return l1Begin + l1Count; }
  uint32_t l2End() const { return l2Begin + l2Count; }
};

/// A warp's modelled instructions as line requests (compact: 24 bytes per
/// instruction and 8 per line).
struct WarpRequests {
  uint64_t block = 0;
  unsigned warp = 0;
  std::vector<WarpMemoryOp> ops;
  /// L1 line numbers (byte address / L1 line size), per instruction in order
  /// of first lane; the instructions' ranges follow each other in the order
  /// of `ops` (the engines step from one to the next).
  std::vector<uint64_t> l1Lines;
  /// The sectors each L1 line request touches, parallel to l1Lines, for a
  /// sectored L1; empty for an unsectored one (whole lines).
  std::vector<uint32_t> l1SectorMasks;
  /// L2 line numbers of writes and of reads that bypass the L1.
  std::vector<uint64_t> l2Lines;
  /// Their sectors, parallel to l2Lines, for a sectored L2; empty for an
  /// unsectored one, or when a producer leaves them out (whole lines).
  std::vector<uint32_t> l2SectorMasks;

  uint32_t sectorMask(uint32_t request) const {
    return l1SectorMasks.empty() ? 1u : l1SectorMasks[request];
  }
  uint32_t l2SectorMask(uint32_t request) const {
    return l2SectorMasks.empty() ? ~0u : l2SectorMasks[request];
  }
  void clear() {
    ops.clear();
    l1Lines.clear();
    l1SectorMasks.clear();
    l2Lines.clear();
    l2SectorMasks.clear();
  }
};

struct RequestCounts {
  uint64_t modelled = 0;
  uint64_t skipped = 0;
};

/// Whether a read of memory \p space uses the L1 configured as \p l1 (its
/// bypass policy, whether it caches plain global loads; local memory and the
/// read-only path are always cached unless everything bypasses).
bool readUsesL1(const CacheLevelConfig &l1, MemorySpace space);

/// Splits \p trace for an L1 configured as \p l1 and an L2 of line size
/// \p l2LineSize (0: no L2 lines) and sector size \p l2SectorSize (0:
/// unsectored), adding to \p counts.
void prepareWarpRequests(const trace::WarpTrace &trace,
                         const CacheLevelConfig &l1, unsigned l2LineSize,
                         WarpRequests &out, RequestCounts &counts,
                         unsigned l2SectorSize = 0);

} // namespace gpurd::model

#endif // GPURD_MODEL_WARPREQUESTS_H
