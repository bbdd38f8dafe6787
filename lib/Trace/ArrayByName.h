//===- ArrayByName.h - An access model's array, named by a what-if -*- C++
//-*-===//
//
// The what-ifs that move an array's accesses in the request stream
// (TransposedArrays.h, StagedArrays.h) name the array as the access model
// does; a name it does not have is an error that lists the ones it has.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_ARRAYBYNAME_H
#define GPURD_LIB_TRACE_ARRAYBYNAME_H

#include "gpurd/Access/AccessModel.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gpurd::trace {

/// The index in \p model.arrays of the array named \p name; an error that
/// says what the what-if wanted (\p purpose: `to store transposed`) and
/// lists the kernel's arrays when there is none.
llvm::Expected<int> arrayByName(const access::AccessModel &model,
                                llvm::StringRef name, llvm::StringRef purpose);

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_ARRAYBYNAME_H
