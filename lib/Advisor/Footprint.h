//===- Footprint.h - Whether a what-if does the kernel's work ----*- C++ -*-===//
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

/// Why \p variant does not access what \p written does, or empty when it
/// does: for every global array of either run (by name), the bytes its
/// accesses span must be the same. A run in which an array's extent is not
/// known (an access that is not affine) cannot be compared, and the reason
/// says so: a what-if that cannot be shown to do the same work is not
/// advice.
std::string footprintDifference(const driver::KernelAnalysis &written,
                                const driver::KernelAnalysis &variant);

} // namespace gpurd::advisor

#endif // GPURD_LIB_ADVISOR_FOOTPRINT_H
