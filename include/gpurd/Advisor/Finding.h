//===- Finding.h - What the advisor tells the programmer --------*- C++ -*-===//
//
// A finding is one piece of advice: which check found what, where in the
// source, the figures it rests on (each a model prediction or an exact count
// of the request stream, and labelled so), the notes that give the evidence
// and the assumptions, and the edits that would fix it where they can be
// written. Output renders findings as clang-style diagnostics, JSON and
// SARIF; nothing here knows how.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_FINDING_H
#define GPURD_ADVISOR_FINDING_H

#include "gpurd/Frontend/KernelInfo.h"

#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

/// As clang names them: a warning is advice to act on, a remark says what
/// the advisor could not do (a kernel it could not analyse), a note
/// belongs to the finding before it.
/// Error: a warning of a check that AdvisorOptions::warningsAsErrors names.
enum class Severity { Remark, Warning, Error };
const char *severityName(Severity severity);

/// An edit of the source that fixes a finding: replace the characters
/// from `begin` up to (not including) `end`, on one line, with
/// `replacement` (an insertion when they are equal).
struct FixIt {
  SourcePosition begin;
  SourcePosition end;
  std::string replacement;
};

/// A note of a finding: evidence, an assumption, a suggestion, with the
/// source position it is about when there is one, and the edits it
/// suggests there (clang attaches a fix-it away from the warning to a note
/// at the place to change).
struct FindingNote {
  std::optional<SourcePosition> position;
  std::string message;
  std::vector<FixIt> fixIts = {};
};

struct Finding {
  std::string check;  ///< `gpurd-uncoalesced-access`
  std::string kernel; ///< The kernel it is about.
  Severity severity = Severity::Warning;
  SourcePosition position;
  /// Lower case, no trailing period (LLVM's message style).
  std::string message;
  std::vector<FindingNote> notes;
  /// Edits at the finding's own position.
  std::vector<FixIt> fixIts;
  /// Whether its figures are exact whatever the values the analysis
  /// assumed (the addresses of an affine access under a known block shape);
  /// otherwise the notes name the assumptions they rest on.
  bool exact = false;
  /// The source comment that silences it (`NOLINT(gpurd-...)`,
  /// Suppressions.h): the text and the SARIF log still carry it as
  /// suppressed, the other outputs leave it out.
  std::optional<std::string> suppressedBy;
};

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_FINDING_H
