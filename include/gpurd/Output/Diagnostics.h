//===- Diagnostics.h - Findings as clang prints diagnostics -----*- C++ -*-===//
//
// The advisor's findings in the forms builds and editors already read: as
// clang prints diagnostics (`file:line:col: warning: message [check]`, the
// source line with a caret, then `note:` lines), and as JSON
// (docs/json-output.md).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_OUTPUT_DIAGNOSTICS_H
#define GPURD_OUTPUT_DIAGNOSTICS_H

#include "gpurd/Advisor/Finding.h"
#include "gpurd/Model/CacheResults.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace gpurd {

/// How fix-its are shown: under the source line (clang's default), as
/// clang's -fdiagnostics-parseable-fixits lines, or not at all.
enum class FixItStyle { Inline, Parseable, None };

/// Prints \p findings as clang prints diagnostics, each with its source
/// line and caret (when the file can be read), its notes and its fix-its.
void printFindings(llvm::raw_ostream &os,
                   llvm::ArrayRef<advisor::Finding> findings,
                   FixItStyle fixIts = FixItStyle::Inline);

/// The findings as a JSON array.
nlohmann::json findingsJson(llvm::ArrayRef<advisor::Finding> findings);

/// One line of the cache model's whole-kernel figures: `predicted: L1
/// sector hit rate 43.8%, L2 57.9%; DRAM reads 159744 sectors`.
void printModelSummary(llvm::raw_ostream &os,
                       const model::CacheModelResults &results);

} // namespace gpurd

#endif // GPURD_OUTPUT_DIAGNOSTICS_H
