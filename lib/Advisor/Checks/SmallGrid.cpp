//===- SmallGrid.cpp - gpurd-small-grid -----------------------------------===//
//
// A grid of fewer blocks than the GPU has SMs: the SMs without a block stay
// idle for the whole launch (Nsight Compute's launch-statistics rule,
// "the grid is too small to fill the available resources"). Only a grid
// the source or the inputs give, and only a kernel long enough for the idle
// SMs to matter; docs/checks/gpurd-small-grid.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/PredictedTime.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-small-grid";

class SmallGrid : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "grids of fewer blocks than the GPU has SMs, which leave SMs idle";
  }
  std::vector<StringRef> optionNames() const override {
    return {"MinCycles", "MinIdleShare"};
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The note on the fix: for a grid-stride loop in a dimension, a what-if
  /// run with a grid of \p waveBlocks blocks (one wave); otherwise what to
  /// change, with no figure.
  FindingNote fixNote(const CheckContext &context, uint64_t waveBlocks) const;
};

FindingNote SmallGrid::fixNote(const CheckContext &context,
                               uint64_t waveBlocks) const {
  const FindingNote noFigure{
      std::nullopt,
      "each block's share of the work is fixed by its index: to fill the "
      "idle SMs, split the work into more, smaller pieces (a grid-stride "
      "loop over the data, or smaller blocks with a grid that grows to "
      "match)"};
  std::optional<access::IndexUse> use = compiledIndexUse(context);
  if (!use || waveBlocks == 0)
    return noFigure;
  // A loop that strides by gridDim covers the same range with any grid: a
  // larger grid keeps what the kernel computes and splits it finer.
  auto strided = find(use->gridStride, true);
  if (strided == use->gridStride.end())
    return noFigure;
  const unsigned dim = strided - use->gridStride.begin();
  const LaunchConfig &launch = context.launch();
  std::array<uint64_t, 3> grid = launch.grid;
  const uint64_t others = launch.blocks() / grid[dim];
  grid[dim] = divideCeil(waveBlocks, others);
  if (dim > 0)
    grid[dim] = std::min<uint64_t>(grid[dim], 65535);
  if (grid[dim] <= launch.grid[dim])
    return noFigure;
  driver::KernelChange change;
  change.launch.grid = grid;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    consumeError(runs.takeError());
    return noFigure;
  }
  const std::string time = timeChangeText(context, runs->before, runs->after);
  if (time.empty())
    return noFigure;
  const char axis = char('x' + dim);
  return {std::nullopt,
          std::string("the kernel's loop strides by gridDim.") + axis +
              " (a grid-stride loop), so a grid of " + dimText(grid) +
              " does the same work in more pieces: " + time + " (" +
              whatIfRunText(runs->sampled, " with grid " + dimText(grid)) +
              ")"};
}

Error SmallGrid::run(const CheckContext &context,
                     std::vector<Finding> &out) const {
  const LaunchConfig &launch = context.launch();
  const arch::ArchDescription &arch = context.arch();
  const uint64_t sms = arch.sm.count;
  const uint64_t blocks = launch.blocks();
  if (!launchPartGiven(launch, "grid") || blocks == 0 || blocks >= sms)
    return Error::success();
  const double idleShare = 1 - double(blocks) / double(sms);
  if (idleShare < context.number(Name, "MinIdleShare", 0.25))
    return Error::success();
  // A short kernel (a reduction's last one-block pass) costs less than the
  // launch itself; and without a time there is no telling: say nothing.
  const driver::ModelOptions &options =
      context.whatIf().analysisContext().modelOptions();
  Expected<double> cycles = predictedCycles(context.analysis(), arch, options);
  if (!cycles) {
    consumeError(cycles.takeError());
    return Error::success();
  }
  if (*cycles < context.number(Name, "MinCycles", 20000))
    return Error::success();

  Finding f;
  f.check = Name.str();
  f.kernel = launch.kernel;
  f.position = launch.site ? *launch.site : context.kernel().position;
  f.message = "grid of " + std::to_string(blocks) +
              (blocks == 1 ? " block on " : " blocks on ") + arch.name + "'s " +
              std::to_string(sms) + " SMs: " + std::to_string(sms - blocks) +
              " SMs (" + percentText(idleShare) +
              ") stay idle for the whole launch";
  // The occupancy the cache model ran with (seed 001 Algorithm 3), not a
  // second calculation of it.
  const unsigned perSm = context.results().execution.activeBlocksPerSm;
  const uint64_t waveBlocks = uint64_t(perSm) * sms;
  std::string occupancy = "the kernel is predicted to take " +
                          countText(*cycles) + " cycles (" +
                          timeModelName(options) + ")";
  if (perSm)
    occupancy += "; the occupancy allows " + std::to_string(perSm) +
                 " resident blocks of " +
                 std::to_string(launch.threadsPerBlock()) +
                 " threads per SM, so " + std::to_string(waveBlocks) +
                 " blocks would fill one wave";
  f.notes.push_back({std::nullopt, occupancy});
  f.notes.push_back(fixNote(context, waveBlocks));
  context.addLaunchAssumptionNotes(f);
  out.push_back(std::move(f));
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeSmallGrid() { return std::make_unique<SmallGrid>(); }

} // namespace gpurd::advisor
