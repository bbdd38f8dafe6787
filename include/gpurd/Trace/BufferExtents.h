//===- BufferExtents.h - Bytes of each array the model accesses -*- C++ -*-===//
//
// When the user describes no buffer for a pointer argument, the emulator
// sizes it from the access model: the affine sites of the array give, with
// isl, the smallest and largest byte offset they reach under the launch
// (each site's access relation, which already carries its iteration domain,
// projected onto the array and bounded). Sites that are not affine have no
// relation; their bytes are found while emulating (Emulator.h: a default
// buffer grows to what the kernel touches).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_BUFFEREXTENTS_H
#define GPURD_TRACE_BUFFEREXTENTS_H

#include "gpurd/Access/AccessModel.h"

#include <cstdint>
#include <optional>

namespace gpurd::trace {

/// The bytes [begin, end) of an array that its affine sites access, relative
/// to the array's start; and whether those are all its sites.
struct ArrayExtent {
  int64_t begin = 0, end = 0;
  /// Every executed site of the array is affine: [begin, end) is all the
  /// kernel touches of it under the launch.
  bool complete = true;
  /// Whether some affine site accesses the array (begin/end are set).
  bool empty() const { return begin >= end; }
};

/// The extent of array \p array (an index into \p model.arrays) over its
/// sites' isl access relations. A site whose relation isl cannot read or
/// bound (a parameter left unknown, isl's operation limit) counts as not
/// affine: the extent is then not complete.
ArrayExtent accessedExtent(const access::AccessModel &model, int array);

} // namespace gpurd::trace

#endif // GPURD_TRACE_BUFFEREXTENTS_H
