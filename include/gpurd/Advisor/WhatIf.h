//===- WhatIf.h - Re-running a kernel with a change --------------*- C++
//-*-===//
//
// The one mechanism by which a check predicts a gain: the kernel analysed
// again, by the same pipeline (lib/Driver), with a change applied (a fix-it
// to the source, another launch, an array in another memory space), on the
// launch the finding is about. The checks compare the two analyses' model
// results; a gain is never a rule of thumb.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ADVISOR_WHATIF_H
#define GPURD_ADVISOR_WHATIF_H

#include "gpurd/Driver/AnalysisContext.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace gpurd::advisor {

/// Whether comparisons with \p baseline run on a comparison sample: when
/// it was sampled, or when its launch makes more requests than the
/// comparison sample's budget (\p options: the context's). A comparison
/// sample is a quick sample (driver::quickOptions).
bool comparesOnSample(const driver::KernelAnalysis &baseline,
                      const driver::ModelOptions &options);

class WhatIfRunner {
public:
  /// The two runs of a comparison, on the same sample.
  struct Comparison {
    const driver::KernelAnalysis &before;
    const driver::KernelAnalysis &after;
    /// Whether both ran on a comparison sample (the baseline was
    /// sampled): their L2 read sectors scale to the launch; their DRAM
    /// reads and L2 hit rates do not.
    bool sampled = false;
  };

  /// What-ifs of \p baseline, the analysis of \p kernel in \p unit.
  WhatIfRunner(driver::AnalysisContext &context,
               const TranslationUnitInfo &unit, const KernelInfo &kernel,
               const driver::KernelAnalysis &baseline)
      : context(context), unit(unit), kernel(kernel), baseline(baseline) {}

  /// The kernel analysed with \p change, on the baseline's launch (its
  /// grid, block, dynamic shared memory and arguments, with the change's
  /// launch values on top). Each change runs once.
  llvm::Expected<const driver::KernelAnalysis &>
  run(const driver::KernelChange &change);
  /// The kernel as analysed and with \p change, both on the baseline's
  /// launch and on the same sample: the baseline and run(change) when the
  /// baseline modelled every block, else both on a comparison sample
  /// (driver::quickOptions), since the figures of samples of different sizes
  /// do not compare, and a smaller one costs less.
  llvm::Expected<Comparison> compare(const driver::KernelChange &change);
  /// Like compare, for the kernel as written with at most \p blocks of its
  /// blocks resident on an SM at once (a working set per SM that many
  /// blocks large; ModelOptions::residentBlocksPerSm).
  llvm::Expected<Comparison> compareResidentBlocks(unsigned blocks);
  /// Whether comparisons run on a comparison sample (comparesOnSample).
  bool comparesOnSample() const;
  /// The options of a variant's run on the comparison sample of
  /// \p before (comparedBaseline()): a quick sample on as many SMs.
  driver::ModelOptions
  comparisonOptions(const driver::KernelAnalysis &before) const;
  /// The kernel as analysed, on the sample comparisons use: the baseline,
  /// or its run on the comparison sample (once, shared by every check and
  /// search that compares with it).
  llvm::Expected<const driver::KernelAnalysis &> comparedBaseline();
  /// Whether \p position is in the file a source edit changes (the
  /// analysed file, not a header it includes).
  bool inAnalysedFile(const SourcePosition &position) const;
  /// What the runs start from: for a search that is not pinned to the
  /// baseline's launch (TileSearch.h).
  driver::AnalysisContext &analysisContext() const { return context; }
  const TranslationUnitInfo &translationUnit() const { return unit; }
  const KernelInfo &kernelInfo() const { return kernel; }
  const driver::KernelAnalysis &baselineAnalysis() const { return baseline; }

private:
  driver::AnalysisContext &context;
  const TranslationUnitInfo &unit;
  const KernelInfo &kernel;
  const driver::KernelAnalysis &baseline;
  /// \p change on the baseline's launch, with \p options (the context's
  /// when null), once.
  llvm::Expected<const driver::KernelAnalysis &>
  runWith(const driver::KernelChange &change,
          const driver::ModelOptions *options);
  /// compare and compareResidentBlocks: \p change with at most
  /// \p residentBlocks resident blocks per SM (0: the occupancy's).
  llvm::Expected<Comparison> compareWith(const driver::KernelChange &change,
                                         unsigned residentBlocks);

  std::map<std::string, std::unique_ptr<driver::KernelAnalysis>> runs;
};

} // namespace gpurd::advisor

#endif // GPURD_ADVISOR_WHATIF_H
