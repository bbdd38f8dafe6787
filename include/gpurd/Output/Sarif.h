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
#include "llvm/Support/Error.h"

#include <memory>

#include <nlohmann/json.hpp>

namespace gpurd {

/// The SARIF log of \p findings, made by the checks \p rules (the enabled
/// ones, all listed whether they found something or not) of gpurd-advise
/// \p toolVersion.
nlohmann::json sarifLog(llvm::ArrayRef<advisor::Finding> findings,
                        llvm::ArrayRef<std::unique_ptr<advisor::Check>> rules,
                        llvm::StringRef toolVersion);

/// One log of the results of \p logs (gpurd's, of the same checks: shards of
/// one project, or the files of a parallel run), in their order: the first
/// log's tool with the union of the rules (each result's ruleIndex renumbered),
/// and every result. An error names the log (by its index) that is not a
/// SARIF log of one run.
llvm::Expected<nlohmann::json>
mergeSarifLogs(llvm::ArrayRef<nlohmann::json> logs);

} // namespace gpurd

#endif // GPURD_OUTPUT_SARIF_H
