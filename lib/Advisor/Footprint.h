//===- Footprint.h - Whether a what-if does the kernel's work ----*- C++
//-*-===//
//
// A what-if (a tile value, a block shape) is advice only when the variant
// reads and writes the same global elements as the kernel as written: a
// tile search that shrinks a kernel's reach "saves" traffic by computing
// less. The footprint compared is, per global array, the bytes its accesses
// span over the whole launch (the isl access relations, BufferExtents.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ADVISOR_FOOTPRINT_H
#define GPURD_LIB_ADVISOR_FOOTPRINT_H

#include "gpurd/Driver/AnalysisContext.h"

#include <string>

namespace gpurd::advisor {

/// Whether a variant accesses what the kernel as written does.
struct FootprintComparison {
  enum class Kind {
    Same,      ///< Every global array spans the same bytes.
    Different, ///< Some array spans other bytes: the variant does other work.
    Unknown,   ///< An extent is not known (an access that is not affine).
  } kind = Kind::Same;
  /// Why, for Different and Unknown.
  std::string reason;
};

/// Compares, for every global array of either run (by name), the bytes
/// its accesses span.
FootprintComparison compareFootprints(const driver::KernelAnalysis &written,
                                      const driver::KernelAnalysis &variant);

/// Why \p variant cannot be shown to access what \p written does, or
/// empty when it does (Different or Unknown: a what-if that cannot be shown
/// to do the same work is not advice).
std::string footprintDifference(const driver::KernelAnalysis &written,
                                const driver::KernelAnalysis &variant);

/// Whether the two runs' figures compare when gpurd cut a block's run (the
/// trace's bound, driver::blockTraceBound): each warp then stops at its
/// share of the bound, so both runs must be cut and give their warps the
/// same work (no change to the source or to the grid and block); true when
/// neither run was cut.
bool sameWarpRuns(const driver::KernelAnalysis &before,
                  const driver::KernelAnalysis &after);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_FOOTPRINT_H
