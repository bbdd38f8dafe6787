//===- ArchOverride.h - `--set key=value` overrides -------------*- C++ -*-===//
//
// Changes one field of a description, e.g. `--set l1.assoc=8`. The key is the
// dotted path of the field's JSON keys; the value is JSON (8, true, "lru",
// [[7, 13]], null to remove the field) or, when it is not valid JSON, a bare
// string (lru, 48KiB). The result is validated with the rules of
// parseArchJson; on error the description is left unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ARCH_ARCHOVERRIDE_H
#define GPURD_ARCH_ARCHOVERRIDE_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace gpurd::arch {

/// Sets the field at dotted path \p key of \p arch to \p value.
llvm::Error applyOverride(ArchDescription &arch, llvm::StringRef key,
                          llvm::StringRef value);

/// Applies an override written as "key=value".
llvm::Error applyOverride(ArchDescription &arch, llvm::StringRef assignment);

} // namespace gpurd::arch

#endif // GPURD_ARCH_ARCHOVERRIDE_H
