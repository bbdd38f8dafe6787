//===- TransposedArrays.h - Arrays stored transposed in a trace -*- C++ -*-===//
//
// A what-if of the advisor (gpurd-uncoalesced-access): the kernel reads and
// writes an array stored transposed, the element at row r and column c of
// the layout as written (byte offset r * rowBytes + c * elementBytes) moved
// to column r of row c (byte offset c * rows * elementBytes +
// r * elementBytes). Every access of the array in the trace moves with it,
// so the models see the traffic of a kernel that indexes the transposed
// array `a[c * rows + r]` where it indexed `a[r * columns + c]`.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_TRANSPOSEDARRAYS_H
#define GPURD_TRACE_TRANSPOSEDARRAYS_H

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Trace/MemoryLayout.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace gpurd::trace {

/// Arrays to store transposed, by their name in the access model: the bytes
/// of one row of the layout as written.
using ArrayTransposes = std::map<std::string, uint64_t>;

/// The shape of an array stored transposed.
struct TransposedShape {
  uint64_t rowBytes = 0;     ///< A row of the layout as written.
  uint64_t elementBytes = 0; ///< What each access of the array reads.
  uint64_t rows = 0;         ///< Rows of the layout as written.

  /// Where the byte at \p offset of the layout as written is in the
  /// transposed one (an offset past the rows stays where it is).
  uint64_t transposedOffset(uint64_t offset) const {
    const uint64_t row = offset / rowBytes;
    if (row >= rows)
      return offset;
    const uint64_t inRow = offset % rowBytes;
    return (inRow / elementBytes) * rows * elementBytes + row * elementBytes +
           inRow % elementBytes;
  }
};

/// \p source (the affine enumerator's, which placed the arrays by
/// \p layout) with the accesses to the arrays of \p transposes stored
/// transposed. Each must be a global array of \p model whose sites are all
/// affine, access one element size that divides its row, and reach whole
/// rows (the shape: isl's extent of the array, BufferExtents.h); otherwise
/// the error names the array and why.
llvm::Expected<std::unique_ptr<WarpTraceSource>> withTransposedArrays(
    std::unique_ptr<WarpTraceSource> source, const access::AccessModel &model,
    const MemoryLayout &layout, const ArrayTransposes &transposes);

} // namespace gpurd::trace

#endif // GPURD_TRACE_TRANSPOSEDARRAYS_H
