//===- IntervalProfile.h - A representative warp's intervals ----*- C++ -*-===//
//
// Seed 004 §3 starts from GPUMech's interval profile of a representative
// warp. gpurd builds it from the warp traces the cache model runs on and the
// cache model's results:
//
// - IntervalRecorder sees every modelled warp (alongside the cache model):
//   it keeps each warp's totals (instructions, L1 lines) and the memory
//   instructions of a deterministic sample of warps, and picks as the
//   representative the sampled warp nearest the mean of all warps (GPUMech
//   clusters warps; a mean-nearest warp is its one-cluster case).
// - buildIntervalProfile cuts that warp's instruction stream after each
//   global or local load that misses the L1: the warp's next instructions
//   are taken to use its value (MLP of 1 within a warp, as seed 004's Fig. 2
//   example and the cache model's warps assume). A load's read misses are
//   its L1 lines times its site's MSHR allocations per line request, from
//   the cache model (the site's average, not this warp's own outcomes),
//   and the warp waits for memory with the probability that not every line
//   hits, 1 - (1 - p)^lines for p the MSHR allocations a line;
//   stores and atomics are write requests to the L2 (a write-through,
//   no-allocate L1, §3.1).
//
// docs/divergence-model.md documents every choice.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_MODEL_DIVERGENCE_INTERVALPROFILE_H
#define GPURD_MODEL_DIVERGENCE_INTERVALPROFILE_H

#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/Divergence/Mdm.h"
#include "gpurd/Model/WarpRequests.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <vector>

namespace gpurd::model::divergence {

/// One memory instruction (or barrier) of a recorded warp.
struct RecordedAccess {
  uint32_t site = 0;
  AccessKind kind = AccessKind::Read;
  MemorySpace space = MemorySpace::Global;
  uint32_t instructionsBefore = 0;
  uint32_t lines = 0; ///< L1 lines its active lanes touch.
};

struct RecordedWarp {
  uint64_t block = 0;
  unsigned warp = 0;
  std::vector<RecordedAccess> accesses;
  uint64_t trailingInstructions = 0;
  /// Warp instructions (memory ones included) and global or local lines.
  uint64_t instructions = 0;
  uint64_t lines = 0;
  uint64_t memoryInstructions = 0; ///< Off-chip ones.
};

class IntervalRecorder {
public:
  /// \p lineBytes: the L1's line; \p sampleSize: the warps kept whole.
  explicit IntervalRecorder(unsigned lineBytes, unsigned sampleSize = 64);
  void add(const trace::WarpTrace &warp);
  uint64_t warps() const { return count; }
  /// The sampled warp nearest the mean of all warps' instructions and
  /// off-chip memory instructions (each relative to its mean); null when no
  /// warp was added.
  const RecordedWarp *representative() const;
  /// The mean instructions of a warp, over all warps added.
  double meanInstructions() const;

private:
  RecordedWarp record(const trace::WarpTrace &warp);

  unsigned lineBytes;
  unsigned sampleSize;
  uint64_t count = 0;
  double sumInstructions = 0, sumMemory = 0;
  std::vector<RecordedWarp> sample;
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  std::vector<LineRequestRef> lineScratch;
};

/// A site's read line requests at the L1 and the misses among them that
/// reserved an MSHR; for loads that bypass the L1, its L2 read requests,
/// every one of which goes down.
struct SiteL1Lines {
  uint64_t lines = 0;
  uint64_t allocations = 0;
};
SiteL1Lines l1LinesOf(const SiteCacheResults &site);

/// The cache model's figures of one site that the profile reads.
struct SiteMissRatios {
  /// L1 MSHR allocations per L1 read line request (1 when the site's
  /// loads bypass the L1: each line goes to the L2).
  double l1Misses = 0;
  /// The L2's read line misses per L2 read request of the site.
  double llcMisses = 0;
};
std::map<uint32_t, SiteMissRatios>
siteMissRatios(const CacheModelResults &results);

/// The intervals of \p warp (see the file comment), with W = \p warpsPerSm.
IntervalProfile
buildIntervalProfile(const RecordedWarp &warp,
                     const std::map<uint32_t, SiteMissRatios> &ratios,
                     double warpsPerSm);

/// The machine figures of \p arch for \p activeSms busy SMs; an error
/// naming the fields \p arch lacks.
llvm::Expected<MdmMachine> mdmMachine(const arch::ArchDescription &arch,
                                      unsigned activeSms);

} // namespace gpurd::model::divergence

#endif // GPURD_MODEL_DIVERGENCE_INTERVALPROFILE_H
