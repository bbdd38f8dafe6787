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

namespace gpurd {

/// The version of gpurd's JSON output format (docs/json-output.md).
inline constexpr int JsonSchemaVersion = 1;

void printKernelListing(llvm::raw_ostream &os, const TranslationUnitInfo &unit);
nlohmann::json kernelListingJson(const TranslationUnitInfo &unit);

void printLaunchConfig(llvm::raw_ostream &os, const KernelInfo &kernel,
                       const LaunchConfig &config);
nlohmann::json launchConfigJson(const KernelInfo &kernel,
                                const LaunchConfig &config);

} // namespace gpurd

#endif // GPURD_OUTPUT_KERNELLISTING_H
