//===- Suppressions.h - Findings silenced in the source ---------*- C++ -*-===//
//
// clang-tidy's comments silence gpurd's findings too, with check globs in
// parentheses (all checks without them):
//
//   out[x * n + y] = v;  // NOLINT(gpurd-uncoalesced-access)
//   // NOLINTNEXTLINE(gpurd-*)
//   // NOLINTBEGIN(gpurd-shared-bank-conflict) ... // NOLINTEND(...)
//
// A finding is silenced by a comment on its own line (NOLINT), on the line
// before (NOLINTNEXTLINE), or by a NOLINTBEGIN before it in its file whose
// NOLINTEND with the same globs does not come first. The finding stays,
// marked (Finding::suppressedBy): the text output and the exit status leave
// it out, the SARIF log records it as suppressed in source.
//
// clang-tidy's own NoLintDirectiveHandler (in Debian's libclang-19-dev,
// with libclangTidy.a) decides on a live clang::Diagnostic through the
// translation unit's SourceManager; gpurd's findings are positions in files
// after the analysis, so the few rules are scanned here from the text.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_SUPPRESSIONS_H
#define GPURD_ADVISOR_SUPPRESSIONS_H

#include "gpurd/Advisor/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

/// The comment among \p lines (a file's, from line 1) that silences check
/// \p check at line \p line, or none.
std::optional<std::string>
suppressionAt(const std::vector<llvm::StringRef> &lines, unsigned line,
              llvm::StringRef check);

/// Marks the findings of \p findings that their files' comments silence
/// (files that cannot be read silence nothing).
void markSuppressed(std::vector<Finding> &findings);

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_SUPPRESSIONS_H
