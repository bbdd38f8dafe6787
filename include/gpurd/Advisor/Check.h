//===- Check.h - One kind of advice ------------------------------*- C++
//-*-===//
//
// A check looks at one kernel's analysis and reports findings (clang-tidy's
// shape: a small class with a kebab-case name, options with defaults, and
// a page docs/checks/NAME.md with its rationale). Checks read the analysis
// through a CheckContext and never print.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_CHECK_H
#define GPURD_ADVISOR_CHECK_H

#include "gpurd/Advisor/Finding.h"
#include "gpurd/Arch/ArchDescription.h"
#include "gpurd/Driver/AnalysisContext.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::advisor {

/// Options of the checks, `check-name.Option` -> value, as clang-tidy's
/// CheckOptions.
using CheckOptions = std::map<std::string, std::string>;

class WhatIfRunner;

/// An access as written in the source: the compiled kernel's sites at one
/// source position, of one kind and memory space, to one array (a loop the
/// compiler unrolled has a site per copy), with their access patterns
/// summed. A check reports an access once, not once per copy.
struct SourceAccess {
  /// In site order; the first stands for them all.
  std::vector<const access::AccessSite *> sites;
  model::SiteAccessPattern pattern;
  const access::AccessSite &site() const { return *sites.front(); }
};

/// What a check sees of one analysed kernel.
class CheckContext {
public:
  CheckContext(const arch::ArchDescription &arch,
               const driver::KernelAnalysis &analysis,
               const CheckOptions &options, WhatIfRunner &whatIf);

  const arch::ArchDescription &arch() const { return archDescription; }
  const driver::KernelAnalysis &analysis() const { return kernelAnalysis; }
  const access::AccessModel &model() const {
    return kernelAnalysis.trace->model;
  }
  const LaunchConfig &launch() const { return kernelAnalysis.trace->config; }
  const KernelInfo &kernel() const { return *kernelAnalysis.trace->kernel; }
  /// Runs the kernel with a change (WhatIf.h).
  WhatIfRunner &whatIf() const { return whatIfRunner; }
  const model::CacheModelResults &results() const {
    return kernelAnalysis.results;
  }
  /// The kernel's accesses as written, with the patterns counted on them,
  /// in the order of their first sites.
  const std::vector<SourceAccess> &sourceAccesses() const { return accesses; }
  /// The site with id \p site, or null.
  const access::AccessSite *site(uint32_t site) const;
  /// The array site \p site accesses, or null.
  const access::ArrayInfo *arrayOf(const access::AccessSite &site) const;

  /// Option \p name of check \p check as given, else its default
  /// (Check::options; Advisor::create has checked that every option given
  /// is a number).
  double number(llvm::StringRef check, llvm::StringRef name) const;

  /// A finding of \p check at \p site with its kernel and position.
  Finding findingAt(llvm::StringRef check,
                    const access::AccessSite &site) const;
  /// Notes stating the values the launch assumed; sets finding.exact when
  /// the addresses of \p access's warp requests rest on none of them (its
  /// sites affine, their offsets using no assumed parameter, under a block
  /// shape that was not assumed).
  /// \p figures names what is exact (`the sectors per request are`).
  void addAssumptionNotes(Finding &finding, const SourceAccess &access,
                          llvm::StringRef figures) const;
  /// A note naming the values the launch assumed (stated in full with the
  /// kernel's launch), for a finding whose figures rest on them.
  void addLaunchAssumptionNotes(Finding &finding) const;
  /// Whether which threads share a warp rests on an assumption: the block
  /// was assumed in more than one dimension (in one, a warp is 32
  /// consecutive threads of x whatever the block's size). The checks of
  /// warps' access patterns (sectors, bank conflicts, constant addresses)
  /// say nothing then: their findings would be the assumption's.
  bool warpShapeAssumed() const;
  /// Whether the kernel is long enough for a finding that proposes no
  /// judged change: its predicted time (seed 002's model) is at least
  /// \p minCycles (true when the model cannot time it: nothing to judge
  /// by, and the finding's other thresholds decide).
  bool longEnough(double minCycles) const;
  /// The kernel's predicted time in cycles (seed 002's model and the
  /// throughput bound, as the verdicts take it), or nothing when the model
  /// cannot time it. Computed once, when a check first asks.
  std::optional<double> predictedKernelCycles() const;

private:
  /// The accesses as written, grouped once for all the checks.
  std::vector<SourceAccess> groupAccesses() const;
  /// Whether \p site's offset uses the scalar parameter \p parameter.
  bool offsetUses(const access::AccessSite &site,
                  llvm::StringRef parameter) const;

  const arch::ArchDescription &archDescription;
  const driver::KernelAnalysis &kernelAnalysis;
  const CheckOptions &options;
  WhatIfRunner &whatIfRunner;
  std::vector<SourceAccess> accesses;
  /// predictedKernelCycles(), once asked.
  mutable std::optional<std::optional<double>> kernelCycles;
};

/// An option of a check, as `--check-option=CHECK.NAME=VALUE` sets it and
/// `--list-checks` shows it.
struct CheckOption {
  llvm::StringRef name;
  double defaultValue;
  llvm::StringRef meaning;
};

/// The default of option \p name of check \p check, or none when the
/// check has no such option.
std::optional<double> checkOptionDefault(llvm::StringRef check,
                                         llvm::StringRef name);

class Check {
public:
  virtual ~Check();
  /// The kebab-case name, `gpurd-...`.
  virtual llvm::StringRef name() const = 0;
  /// One line for --list-checks.
  virtual llvm::StringRef summary() const = 0;
  /// Its options (numbers, read with CheckContext::number), with their
  /// defaults, in name order.
  virtual std::vector<CheckOption> options() const { return {}; }
  /// Adds the findings of \p context's kernel to \p out.
  virtual llvm::Error run(const CheckContext &context,
                          std::vector<Finding> &out) const = 0;
};

/// Every check, in name order.
std::vector<std::unique_ptr<Check>> allChecks();

/// Whether check name \p check matches glob \p pattern, where `*` matches
/// any text.
bool checkGlobMatches(llvm::StringRef pattern, llvm::StringRef check);

/// clang-tidy's check globs: comma-separated, `*` matches any text, a
/// leading `-` removes what it matches, the last glob that matches a name
/// decides (`-*,gpurd-uncoalesced-access`).
class CheckFilter {
public:
  /// An error names a glob that matches no check.
  static llvm::Expected<CheckFilter> parse(llvm::StringRef globs);
  bool enabled(llvm::StringRef check) const;

private:
  struct Glob {
    std::string pattern;
    bool positive = true;
  };
  std::vector<Glob> globs;
};

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_CHECK_H
