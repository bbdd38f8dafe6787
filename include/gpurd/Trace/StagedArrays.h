//===- StagedArrays.h - Arrays staged through shared memory -----*- C++ -*-===//
//
// A what-if of the advisor (gpurd-shared-tiling): the kernel stages some
// arrays it only reads through shared memory, as the tiled matrix product of
// the CUDA programming guide stages A and B. Per block, the global loads of
// a staged array are replaced by
//
//  (a) coalesced fill loads: in each phase (the next T executions of each
//      load site by each warp: T iterations of the kernel's loop, one tile
//      step), every distinct element the block's warps read of the array is
//      loaded once, 32 neighbouring elements (in address order) per warp
//      request, the requests dealt out to the block's warps in turn, each
//      followed by its store into the shared tile;
//  (b) barriers: one after the phase's fills (`__syncthreads()` before the
//      tile is read) and one before the next phase's fills (before the tile
//      is overwritten), so a block of P phases has 2P - 1 per warp;
//  (c) shared loads where the global loads were: each lane reads the
//      element it read before, at its place in the shared tile. The tile
//      is laid out row by row as a programmer declares it, `__shared__
//      float As[R][C]` without padding: each run of neighbouring elements
//      the block reads is a row, the rows as wide as they reach (a
//      stencil's shorter halo rows leave corners unused), so the pattern
//      model counts the bank conflicts such a declaration would have. Runs
//      that make no rectangle (rows with holes) are packed densely.
//
// Every other access of the kernel stays as it is. What the rewrite
// assumes, and what it leaves out (docs/checks/gpurd-shared-tiling.md):
//  - a phase is the same T executions of a site in every warp: warps run the
//    same loop (a load whose executions differ between warps is staged by
//    its n-th execution, which may not be the same iteration);
//  - the array is not written during the kernel (the check stages only
//    arrays the kernel only reads), so a tile stays valid for its phase;
//  - each fill is one load and one store, after the non-memory instructions
//    compiled fill code runs per element: FillInstructionsDirect when the
//    tile has no more elements than the block has threads (one each, in
//    straight-line code), else a fill loop's index arithmetic and control,
//    FillInstructionsRow for a tile of one row, FillInstructionsRows for
//    rows (the loop divides by the row length); the shared addresses of the
//    loads that read the tile cost what their global ones did;
//  - the tile of a phase is as large as the distinct elements the block
//    reads in it; a kernel whose tile does not fit in shared memory cannot
//    be staged so (withStagedArrays does not check: the caller sizes it
//    with stageBlock on a traced block).
//
// The fill loads, shared stores and barriers are new instructions: they get
// site ids after the kernel's own (StagedArray::fillSite, storeSite,
// StagingPlan::barrierSite), so that the models count them apart from the
// staged sites, which become shared loads.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_STAGEDARRAYS_H
#define GPURD_TRACE_STAGEDARRAYS_H

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpurd::trace {

/// Non-memory instructions per fill request (see the file comment and
/// StagedArrays.cpp's fillInstructions for the loops they are counted in).
constexpr uint32_t FillInstructionsDirect = 4;
constexpr uint32_t FillInstructionsRow = 8;
constexpr uint32_t FillInstructionsRows = 19;

/// Arrays to stage through shared memory, by their name in the access
/// model: the phase length T, in executions of each of its load sites per
/// warp (the loop iterations of one tile step).
using ArrayStagings = std::map<std::string, unsigned>;

/// One staged array.
struct StagedArray {
  std::string name;
  uint32_t elementBytes = 0; ///< What each load of the array reads.
  unsigned phaseLength = 0;  ///< T.
  uint32_t fillSite = 0;     ///< Site id of its coalesced global fills.
  uint32_t storeSite = 0;    ///< Site id of the fills' shared stores.
};

/// What to stage: the arrays and which sites load them.
struct StagingPlan {
  std::vector<StagedArray> arrays;
  /// By the site id of a load of a staged array: its index in arrays.
  std::map<uint32_t, unsigned> siteArray;
  /// Site id of the barriers staging adds (the kernel has its own barrier
  /// sites; the models count instructions by site).
  uint32_t barrierSite = 0;
};

/// The plan that stages \p stagings of \p model. Each array must be a
/// global array the kernel only reads, with one element size, and T > 0;
/// otherwise the error names the array and why.
llvm::Expected<StagingPlan> stagingPlanOf(const access::AccessModel &model,
                                          const ArrayStagings &stagings);

/// The tile of one staged array in a block: the largest phase's.
struct StagedTile {
  uint64_t elements = 0; ///< Distinct elements read in the phase.
  /// Its shape, R rows of C elements (a 1-D tile is one row); rows = 0
  /// when it is packed densely, being no rectangle.
  uint64_t rows = 0, columns = 0;
};

/// What staging did to one block.
struct BlockStaging {
  unsigned phases = 0;
  uint64_t sharedBytes = 0;      ///< The tiles of all staged arrays.
  std::vector<StagedTile> tiles; ///< By StagingPlan::arrays index.
  uint64_t fillRequests = 0;     ///< Warp fill loads (and as many stores).
  uint64_t stagedLoads = 0;      ///< Warp loads turned into shared loads.
};

/// Stages \p plan's arrays in \p warps, the traces of all warps of one block
/// in warp order (see the file comment).
BlockStaging stageBlock(std::vector<WarpTrace> &warps, const StagingPlan &plan);

/// How often a block's warp requests come back to the same sectors and
/// elements: the measures of re-reading that make staging worth trying.
struct SectorReuse {
  uint64_t requests = 0; ///< Sectors requested, summed over warp requests.
  uint64_t distinct = 0; ///< Distinct sectors among them.
  /// Elements (lane addresses) requested, each request's distinct ones
  /// summed, and the distinct elements among them: an element read by
  /// several warp requests, not only its sector.
  uint64_t elementRequests = 0, distinctElements = 0;
  double perSector() const {
    return distinct ? double(requests) / double(distinct) : 0;
  }
  double perElement() const {
    return distinctElements ? double(elementRequests) / double(distinctElements)
                            : 0;
  }
};

/// By array index of \p model: the sector reuse of the global loads of
/// \p warps (one block), with sectors of \p sectorBytes.
std::map<int, SectorReuse> blockSectorReuse(const std::vector<WarpTrace> &warps,
                                            const access::AccessModel &model,
                                            unsigned sectorBytes);

/// \p source with \p stagings' arrays staged through shared memory, each
/// block at a time (stageBlock).
llvm::Expected<std::unique_ptr<WarpTraceSource>>
withStagedArrays(std::unique_ptr<WarpTraceSource> source,
                 const access::AccessModel &model,
                 const ArrayStagings &stagings);

} // namespace gpurd::trace

#endif // GPURD_TRACE_STAGEDARRAYS_H
