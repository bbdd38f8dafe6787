//===- KernelListing.h - Kernels, launches, configurations ------*- C++ -*-===//
//
// Renders what the Frontend found (`--list-kernels`) and resolved launch
// configurations, as text (one `file:line:col: ...` line per item, so editors
// and terminals can jump to it) or as JSON (schema in docs/json-output.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_OUTPUT_KERNELLISTING_H
#define GPURD_OUTPUT_KERNELLISTING_H

#include "gpurd/Frontend/DisplayPath.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Frontend/LaunchConfig.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace gpurd {

/// The version of gpurd's JSON output format (docs/json-output.md).
inline constexpr int JsonSchemaVersion = 1;

void printKernelListing(llvm::raw_ostream &os, const TranslationUnitInfo &unit);
nlohmann::json kernelListingJson(const TranslationUnitInfo &unit);

/// The assumed values of host variables a file's earlier kernels stated in
/// full (by value and basis), and the kernel that stated each.
using StatedHostValues = std::map<std::string, std::string>;

/// Prints \p config; each assumption as a note. An assumed host value
/// already in \p stated (one value for the file's launches) is named with
/// the kernel that stated it rather than stated again (SHOC's S3D repeated
/// one note of a host value under each of its 54 kernels).
void printLaunchConfig(llvm::raw_ostream &os, const KernelInfo &kernel,
                       const LaunchConfig &config,
                       StatedHostValues *stated = nullptr);
nlohmann::json launchConfigJson(const KernelInfo &kernel,
                                const LaunchConfig &config);

} // namespace gpurd

#endif // GPURD_OUTPUT_KERNELLISTING_H
