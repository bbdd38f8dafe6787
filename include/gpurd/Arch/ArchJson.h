//===- ArchJson.h - Architecture descriptions as JSON -----------*- C++ -*-===//
//
// Reads and writes ArchDescription as JSON (docs/arch-format.md). Reading is
// strict: unknown keys, wrong types and out-of-range or inconsistent values
// are errors naming the source, the JSON pointer of the value and what was
// expected, e.g.
//   arch.json: /l1/assoc: expected a positive integer that divides the number
//   of lines (128), got 3
// A description may start from a preset with "base": "<preset>"; its own keys
// then override the preset's (JSON merge patch, RFC 7386: null removes).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ARCH_ARCHJSON_H
#define GPURD_ARCH_ARCHJSON_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace gpurd::arch {

/// Parses and validates the JSON text \p text; \p sourceName names it in
/// error messages (a file path, a preset name, "--set").
llvm::Expected<ArchDescription> parseArchJson(llvm::StringRef text,
                                              llvm::StringRef sourceName);

/// Prints \p arch as JSON: keys in the fixed order of docs/arch-format.md,
/// absent values omitted, 2-space indentation, a final newline. Printing the
/// result of parsing this output gives the same text.
std::string printArchJson(const ArchDescription &arch);

} // namespace gpurd::arch

#endif // GPURD_ARCH_ARCHJSON_H
