//===- ConfigFile.h - A project's .gpurd file -------------------*- C++ -*-===//
//
// A project keeps its gpurd settings in a `.gpurd` file (YAML), found from
// the source file's directory upwards as clang-tidy finds `.clang-tidy`:
//
//   Checks: '-*,gpurd-uncoalesced-access,gpurd-shared-bank-conflict'
//   CheckOptions:
//     gpurd-uncoalesced-access.MinGain: 0.05
//   WarningsAsErrors: 'gpurd-shared-bank-conflict'
//   FailOn: warning
//   Arch: volta-v100
//   Launches:
//     - Kernel: stencil
//       Grid: [32, 32]
//       Block: [16, 16]
//       Args: {nx: 512, ny: 512}
//
// The file's settings apply first and the command line's over them
// (docs/configuration.md says how each key combines). Every key and value is
// checked when the file is read; an error names the file, the line and
// column, and the key.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_REQUEST_CONFIGFILE_H
#define GPURD_REQUEST_CONFIGFILE_H

#include "gpurd/Request/Settings.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gpurd::request {

/// The name of a project's configuration file.
inline constexpr const char *ConfigFileName = ".gpurd";

/// The configuration file nearest to \p sourceFile: `.gpurd` in its
/// directory or the closest directory above it. None when no directory up
/// to the root has one.
std::optional<std::string> findConfigFile(llvm::StringRef sourceFile);

/// Applies the settings of the configuration \p text over \p settings;
/// \p path names it in errors and is the directory relative paths in it
/// (ArchFile) start from.
llvm::Error applyConfig(llvm::StringRef text, llvm::StringRef path,
                        Settings &settings);

/// Reads the file at \p path and applies it (applyConfig).
llvm::Error applyConfigFile(llvm::StringRef path, Settings &settings);

/// The configuration \p settings amount to, as a `.gpurd` file would give
/// it: the checks, every option of each enabled check with its value (the
/// default where none is given), what fails the run, the GPU and the launch
/// values by kernel. An error is that of resolveAdvisor.
llvm::Expected<std::string> dumpConfig(const Settings &settings);

} // namespace gpurd::request

#endif // GPURD_REQUEST_CONFIGFILE_H
