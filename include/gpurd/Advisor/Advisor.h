//===- Advisor.h - Findings for analysed kernels -----------------*- C++
//-*-===//
//
// The advisor runs the enabled checks on each analysed kernel and returns
// their findings in source order. Tools build one from the user's check
// globs and options, then hand it every kernel lib/Driver analyses.
//
//   auto advisor = advisor::Advisor::create({"-*,gpurd-uncoalesced-access"});
//   auto findings = advisor->adviseKernel(context, *unit, *analysis);
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_ADVISOR_H
#define GPURD_ADVISOR_ADVISOR_H

#include "gpurd/Advisor/Check.h"
#include "gpurd/Advisor/Finding.h"

#include "llvm/ADT/ArrayRef.h"

namespace gpurd::advisor {

struct AdvisorOptions {
  /// Check globs (CheckFilter); every check by default.
  std::string checks = "*";
  CheckOptions checkOptions;
  /// Globs of the checks whose warnings are errors (clang-tidy's
  /// WarningsAsErrors, same syntax as `checks`); empty: none.
  std::string warningsAsErrors;
};

class Advisor {
public:
  /// An error names a glob that matches no check, an option no check has
  /// (`CHECK.OPTION`), or an option value that is not a number.
  static llvm::Expected<Advisor> create(AdvisorOptions options);

  /// The enabled checks, in name order.
  llvm::ArrayRef<std::unique_ptr<Check>> checks() const { return enabled; }

  /// The findings of the enabled checks on \p analysis, an analysis of a
  /// kernel of \p unit by \p context, in source order. Gains come from
  /// what-if runs of the same context.
  llvm::Expected<std::vector<Finding>>
  adviseKernel(driver::AnalysisContext &context,
               const TranslationUnitInfo &unit,
               const driver::KernelAnalysis &analysis) const;

  /// The remark for a kernel the pipeline could not analyse: no check ran,
  /// and \p reason (which names the kernel) says why.
  static Finding notAnalysed(const KernelInfo &kernel, llvm::StringRef reason);

private:
  AdvisorOptions options;
  std::vector<std::unique_ptr<Check>> enabled;
  /// The checks named by options.warningsAsErrors.
  CheckFilter asErrors;
};

/// \p sorted (findings in source order) with the findings of one check on
/// one line of one kernel merged into the first (the load and the
/// store of `x[i] += v`): the others' messages become its notes.
std::vector<Finding> mergeSamePosition(std::vector<Finding> sorted);

/// \p findings with each gpurd-placement finding that places an array in
/// shared memory on a line where gpurd-shared-tiling stages loads folded
/// into the staging's finding as a note: one change, one warning.
std::vector<Finding> foldStagedPlacements(std::vector<Finding> findings);

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_ADVISOR_H
