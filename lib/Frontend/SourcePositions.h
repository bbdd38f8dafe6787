//===- SourcePositions.h - Clang locations as SourcePositions ---*- C++ -*-===//
#ifndef GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H
#define GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H

#include "gpurd/Frontend/KernelInfo.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <string>

namespace gpurd {

/// Where \p loc is written (the expansion of a macro: where the macro is
/// used), with an absolute file path.
SourcePosition positionOf(const clang::SourceManager &sm,
                          clang::SourceLocation loc);

/// The text of \p range as the programmer wrote it: the tokens themselves
/// when they are written in one file (also as a macro's argument: the
/// launch inside `checkKernelErrors((k<<<g, b>>>(A, B)))` quotes its
/// argument `A`, not the whole macro use), else the macro use they expand
/// from.
std::string writtenText(const clang::SourceManager &sm,
                        const clang::LangOptions &langOpts,
                        clang::SourceRange range);

} // namespace gpurd

#endif // GPURD_LIB_FRONTEND_SOURCEPOSITIONS_H
