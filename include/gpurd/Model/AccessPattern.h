//===- AccessPattern.h - Sectors, banks and addresses per site --*- C++ -*-===//
//
// What each warp instruction asks of its memory, whatever the caches hold:
// the 32-byte sectors a global (local, read-only, texture) access touches
// against the fewest its bytes could fit in, the wavefronts a shared-memory
// access needs for its bank conflicts against the fewest its width needs,
// and the distinct addresses a constant-memory access serialises into.
// These are the quantities of Nsight Compute's source counters
// (l1tex__t_sectors_pipe_lsu_mem_global_op_ld against its ideal,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared, the constant cache's
// serialisation), counted per access site on the request stream the cache
// model runs on. They depend on the addresses alone, so for an affine access
// they are exact whatever the launch's sizes (docs/checks/).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_ACCESSPATTERN_H
#define GPURD_MODEL_ACCESSPATTERN_H

#include "gpurd/Trace/WarpTrace.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace gpurd::model {

/// The banks and sectors the counting assumes (from the arch).
struct AccessPatternConfig {
  /// Bytes of a sector, the unit global accesses are counted in (32 on
  /// every NVIDIA GPU since Fermi's L2; Nsight Compute's unit).
  unsigned sectorSize = 32;
  /// Shared-memory banks and the bytes of a bank word (0 banks: shared
  /// accesses are not counted).
  unsigned sharedBanks = 32;
  unsigned sharedBankWidth = 4;
};

/// The counters of one access site, over the warp instructions counted.
struct SiteAccessPattern {
  uint32_t site = 0;
  MemorySpace space = MemorySpace::Global;
  AccessKind kind = AccessKind::Read;
  uint32_t accessSize = 0; ///< Bytes per lane (of the last instruction).
  uint64_t warpInstructions = 0;
  uint64_t activeLanes = 0;
  /// Global, read-only, local and texture accesses: the sectors touched and
  /// the fewest that hold the distinct bytes the active lanes access
  /// (ceil(bytes / sectorSize) per instruction).
  uint64_t sectors = 0;
  uint64_t idealSectors = 0;
  /// Shared accesses: the wavefronts (passes through the banks) and the
  /// fewest the access width needs (one per phase of lanes: a warp of 4-byte
  /// accesses is one phase, of 8-byte ones two half-warps, with 4-byte
  /// banks). The most wavefronts one instruction needed, per phase.
  uint64_t wavefronts = 0;
  uint64_t idealWavefronts = 0;
  uint32_t maxWaysPerPhase = 0;
  /// Constant accesses: the distinct addresses of each instruction (the
  /// constant cache serves one a cycle), and the most in one instruction.
  uint64_t constantAddresses = 0;
  uint32_t maxConstantAddresses = 0;

  /// The bytes between neighbouring active lanes when every instruction
  /// of the site had the same step between all of them (`stepKnown`).
  int64_t laneStep = 0;
  bool stepKnown = false;

  /// Instructions whose every active lane accesses the element after (or
  /// before) its own of the site's previous instruction: each thread walks
  /// consecutive elements (a row per thread), a shift under a sector with
  /// the lanes' relative addresses unchanged. The uncoalescing of such a
  /// site lies in which thread takes which element, whatever picked the
  /// lanes' starting addresses (an index array's contents, say).
  uint64_t laneWalks = 0;
  /// Instructions whose active lanes access what they accessed in the
  /// site's previous instruction (c[i * n + j] read and written again in
  /// every iteration of a loop over k).
  uint64_t laneRepeats = 0;

  /// Whether most of the site's instructions continue a per-thread walk.
  bool walksPerLane() const {
    return warpInstructions > 1 && 2 * laneWalks >= warpInstructions;
  }

  uint64_t excessiveSectors() const { return sectors - idealSectors; }
  uint64_t excessiveWavefronts() const { return wavefronts - idealWavefronts; }
  void add(const SiteAccessPattern &other);
};

/// The figures of one warp instruction (tests and tools).
struct InstructionPattern {
  unsigned sectors = 0, idealSectors = 0;
  unsigned wavefronts = 0, idealWavefronts = 0, maxWaysPerPhase = 0;
  unsigned distinctAddresses = 0;
};
/// Counts warp instructions per site.
class AccessPatternCounter {
public:
  explicit AccessPatternCounter(AccessPatternConfig config = {});

  void add(const trace::WarpInstruction &instruction);
  void add(const trace::WarpTrace &warp) {
    for (const trace::WarpInstruction &instruction : warp.instructions)
      add(instruction);
  }
  /// The sites counted, by site; barriers are left out.
  std::vector<SiteAccessPattern> results() const;

private:
  /// A site's counters and its last instruction's shape and figures: the
  /// next instruction of the site with the same shape (the same active
  /// lanes, size and addresses relative to the first lane's, moved by a
  /// whole sector or bank word) has the same figures (a shift of whole
  /// words rotates the banks; of whole sectors, keeps the count), so the
  /// lanes are not counted again. Exact; most affine accesses repeat
  /// their shape from one instruction to the next.
  struct SiteState {
    SiteAccessPattern pattern;
    bool seen = false;
    bool shapeValid = false;
    uint32_t mask = 0, size = 0;
    MemorySpace space = MemorySpace::Global;
    uint64_t base = 0;
    uint64_t lastBase = 0; ///< Of the site's previous instruction.
    std::array<uint64_t, trace::WarpSize> relative{};
    InstructionPattern figures;
    std::optional<int64_t> step;
  };
  void count(const trace::WarpInstruction &instruction, SiteState &state);

  AccessPatternConfig config;
  std::vector<SiteState> sites; ///< By site id.
};

/// Sectors of a global-like access (\p config's sector size).
void countSectors(const trace::WarpInstruction &instruction,
                  const AccessPatternConfig &config, InstructionPattern &out);
/// Wavefronts of a shared access (\p config's banks).
void countWavefronts(const trace::WarpInstruction &instruction,
                     const AccessPatternConfig &config,
                     InstructionPattern &out);
/// The step between the addresses of neighbouring active lanes when it is
/// the same for all of them (nothing with fewer than two active lanes).
std::optional<int64_t> laneStep(const trace::WarpInstruction &instruction);
/// Distinct addresses of the active lanes.
unsigned distinctAddresses(const trace::WarpInstruction &instruction);

} // namespace gpurd::model

#endif // GPURD_MODEL_ACCESSPATTERN_H
