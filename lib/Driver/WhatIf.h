//===- WhatIf.h - Trace producers changed by a what-if run ------*- C++ -*-===//
//
// Private to lib/Driver: how a KernelChange reaches a trace producer.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_DRIVER_WHATIF_H
#define GPURD_LIB_DRIVER_WHATIF_H

#include "gpurd/Access/AccessModel.h"
#include "gpurd/Driver/KernelChange.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpurd::driver {

/// \p source with the accesses to the arrays named in \p spaces (names of
/// \p model's arrays) in those memory spaces. An unknown name is an error
/// that lists the arrays.
llvm::Expected<std::unique_ptr<trace::WarpTraceSource>>
withArraySpaces(std::unique_ptr<trace::WarpTraceSource> source,
                const access::AccessModel &model,
                const std::map<std::string, MemorySpace> &spaces);

/// \p text (the contents of \p file) with \p edits applied; an edit
/// outside the file or its line, overlapping another or with a line break
/// is an error that names it.
llvm::Expected<std::string> applyEdits(llvm::StringRef text,
                                       std::vector<SourceEdit> edits,
                                       llvm::StringRef file);

/// The source text that makes \p instance (`ns::mm<32>`), an instance of a
/// kernel template, part of a file it is not instantiated in.
std::string explicitInstanceSource(llvm::StringRef instance);

/// \p name without its last template argument list (`ns::mm` for
/// `ns::mm<32>`), or nothing when it has none.
std::optional<std::string> templateNameOf(llvm::StringRef name);

} // namespace gpurd::driver

#endif // GPURD_LIB_DRIVER_WHATIF_H
