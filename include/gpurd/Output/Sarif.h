//===- Sarif.h - Findings as a SARIF 2.1.0 log --------------------*- C++
//-*-===//
//
// `--format=sarif`: the advisor's findings as a SARIF 2.1.0 log (OASIS
// Standard, errata 01) that code-scanning services read: one run whose
// tool lists the checks as rules, and a result per finding with its
// location, its notes as related locations and its fix-its as fixes
// (docs/sarif.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_OUTPUT_SARIF_H
#define GPURD_OUTPUT_SARIF_H

#include "gpurd/Advisor/Check.h"
#include "gpurd/Advisor/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

#include <nlohmann/json.hpp>

namespace gpurd {

/// The SARIF log of \p findings, made by the checks \p rules (the enabled
/// ones, all listed whether they found something or not) of gpurd-advise
/// \p toolVersion.
nlohmann::json sarifLog(llvm::ArrayRef<advisor::Finding> findings,
                        llvm::ArrayRef<std::unique_ptr<advisor::Check>> rules,
                        llvm::StringRef toolVersion);

} // namespace gpurd

#endif // GPURD_OUTPUT_SARIF_H
