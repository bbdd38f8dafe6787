//===- SourcePositions.h - Clang locations as SourcePositions ---*- C++ -*-===//
#ifndef GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H
#define GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H

#include "gpurd/Frontend/KernelInfo.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

namespace gpurd {

/// Where \p loc is written (the expansion of a macro: where the macro is
/// used), with an absolute file path.
SourcePosition positionOf(const clang::SourceManager &sm,
                          clang::SourceLocation loc);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H
