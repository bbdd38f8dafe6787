//===- NvccAsmDialect.h - Inline PTX as nvcc reads it -----------*- C++ -*-===//
//
// nvcc passes `%name` through an inline-asm string when `name` is a PTX
// special register (`asm("mov.u32 %0, %laneid;" : "=r"(lane))`, the CUDA
// samples' `%globaltimer`), where Clang, which follows GCC, requires `%%`
// and stops with "invalid % escape in inline assembly string". No flag or
// diagnostic mapping relaxes that error, so gpurd reads source files through
// a file system that doubles the `%` of special-register names inside the
// string literals of asm statements: the string Clang then hands to the PTX
// back end is the one nvcc would. The user's files are not changed; a
// rewritten line has its columns after the `%` shifted by one per insertion.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_FRONTEND_NVCCASMDIALECT_H
#define GPURD_FRONTEND_NVCCASMDIALECT_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace gpurd {

/// \p source with `%` doubled before each PTX special register named in an
/// asm statement's string literals; nothing when there is none.
std::optional<std::string> escapePtxRegistersInAsm(llvm::StringRef source);

/// \p base with every file read as escapePtxRegistersInAsm rewrites it (its
/// status reports the rewritten size, as Clang's source manager checks).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> createNvccAsmDialectFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

} // namespace gpurd

#endif // GPURD_FRONTEND_NVCCASMDIALECT_H
