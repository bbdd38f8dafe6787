//===- Presets.h - Built-in GPU architecture presets ------------*- C++ -*-===//
//
// The presets are the JSON files of share/gpurd/arch, compiled into the
// binary, so `--arch volta-v100` works without an installed data directory.
// Users' own descriptions are loaded from files with the same validation.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ARCH_PRESETS_H
#define GPURD_ARCH_PRESETS_H

#include "gpurd/Arch/ArchDescription.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace gpurd::arch {

/// Names of the built-in presets (file names without ".json"), sorted.
llvm::ArrayRef<llvm::StringRef> presetNames();

/// The JSON text of preset \p name, if there is one.
std::optional<llvm::StringRef> presetText(llvm::StringRef name);

/// Loads and validates preset \p name. An unknown name is an error that lists
/// the presets and suggests the closest one.
llvm::Expected<ArchDescription> loadPreset(llvm::StringRef name);

/// Loads and validates the JSON file at \p path. A file that cannot be read
/// is an error naming the path and the operating system's reason.
llvm::Expected<ArchDescription> loadArchFile(llvm::StringRef path);

/// The preset of the GPUs of compute capability \p sm (`sm_70`): the one
/// whose computeCapability it is, the shortest name where several are
/// (`fermi-gtx470`, not its `-l1-48k` variant). None when no preset has it.
std::optional<std::string> presetForComputeCapability(llvm::StringRef sm);

/// What `--arch` takes: a preset name, or else the path of a JSON file.
llvm::Expected<ArchDescription> loadArch(llvm::StringRef presetOrPath);

} // namespace gpurd::arch

#endif // GPURD_ARCH_PRESETS_H
