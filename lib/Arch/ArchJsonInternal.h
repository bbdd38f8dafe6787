//===- ArchJsonInternal.h - Shared pieces of the JSON code ------*- C++ -*-===//
//
// Private to lib/Arch: the JSON document form of a description, used by the
// parser, the printer, overrides and presets.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_ARCH_ARCHJSONINTERNAL_H
#define GPURD_LIB_ARCH_ARCHJSONINTERNAL_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gpurd::arch {

/// Parses JSON text; syntax errors and duplicate keys are reported as
/// "<source>:<line>:<column>: ..." or "<source>: <pointer>: ...".
llvm::Expected<nlohmann::json> parseJsonText(llvm::StringRef text,
                                             llvm::StringRef sourceName);

/// Resolves "base" (recursively, through the presets), returning the merged
/// document without "base".
llvm::Expected<nlohmann::json> resolveBase(nlohmann::json document,
                                           llvm::StringRef sourceName);

/// Reads and validates a resolved document.
llvm::Expected<ArchDescription> archFromJson(const nlohmann::json &document,
                                             llvm::StringRef sourceName);

/// The document form of \p arch, keys in schema order.
nlohmann::ordered_json archToJson(const ArchDescription &arch);

/// Renders a document: 2-space indentation, arrays of scalars on one line.
std::string renderJson(const nlohmann::ordered_json &document);

/// "/a/b" from a pointer prefix and a key, escaping '~' and '/'.
std::string appendPointer(llvm::StringRef pointer, llvm::StringRef key);

/// A short rendering of a JSON value for messages ("got ...").
std::string describeValue(const nlohmann::json &value);

} // namespace gpurd::arch

#endif // GPURD_LIB_ARCH_ARCHJSONINTERNAL_H
