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
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-small-grid";

/// A kernel whose memory work one thread does: in block 0, one thread makes
/// every memory access, and no warp instruction of the blocks the cache
/// model ran has more than one active thread. Then neither a larger grid
/// nor smaller blocks split the work: it is one thread's loop.
struct SerialWork {
  /// The thread's index in its block.
  std::array<uint64_t, 3> thread{0, 0, 0};
  /// Its memory instructions in block 0.
  uint64_t instructions = 0;
  /// The outermost loop around the site it executes most, and that site's
  /// instructions (none when that site is in no loop).
  const access::LoopInfo *loop = nullptr;
  uint64_t loopInstructions = 0;
};

std::optional<SerialWork> serialWork(const CheckContext &context) {
  // Cheap first: one active thread in every warp instruction counted.
  const std::vector<model::SiteAccessPattern> &patterns =
      context.analysis().patterns;
  if (patterns.empty() ||
      any_of(patterns, [](const model::SiteAccessPattern &p) {
        return p.activeLanes > p.warpInstructions;
      }))
    return std::nullopt;
  const driver::KernelTrace *trace = context.analysis().trace.get();
  if (!trace || !trace->source)
    return std::nullopt;
  std::vector<trace::WarpTrace> warps;
  if (Error error = trace->source->traceBlock(0, warps)) {
    consumeError(std::move(error)); // the baseline's own run reported it
    return std::nullopt;
  }
  std::optional<uint64_t> thread;
  std::map<uint32_t, uint64_t> perSite;
  SerialWork out;
  for (const trace::WarpTrace &warp : warps)
    for (const trace::WarpInstruction &instruction : warp.instructions) {
      if (instruction.kind == AccessKind::Barrier || !instruction.activeMask)
        continue;
      if (!isPowerOf2_32(instruction.activeMask))
        return std::nullopt;
      const uint64_t id = uint64_t(warp.warp) * trace::WarpSize +
                          countr_zero(instruction.activeMask);
      if (thread && *thread != id)
        return std::nullopt;
      thread = id;
      ++out.instructions;
      ++perSite[instruction.site];
    }
  if (!thread)
    return std::nullopt;
  const std::array<uint64_t, 3> &block = context.launch().block;
  out.thread = {*thread % block[0], *thread / block[0] % block[1],
                *thread / (block[0] * block[1])};
  auto most = max_element(perSite, [](const auto &a, const auto &b) {
    return a.second < b.second;
  });
  if (const access::AccessSite *site = context.site(most->first))
    if (!site->loops.empty() &&
        site->loops.front() < context.model().loops.size()) {
      out.loop = &context.model().loops[site->loops.front()];
      out.loopInstructions = most->second;
    }
  return out;
}

/// Whether the kernel reads no blockIdx or gridDim and synchronises its
/// block: its one block's threads work together.
bool cooperatesInOneBlock(const CheckContext &context) {
  std::optional<access::IndexUse> use = compiledIndexUse(context);
  if (!use || any_of(use->block, [](bool read) { return read; }))
    return false;
  return any_of(context.model().sites, [](const access::AccessSite &site) {
    return site.kind == AccessKind::Barrier && !site.neverExecuted;
  });
}

/// Whether the kernel only waits: every memory operation it executes is a
/// volatile read (a flag another agent sets, as the CUDA samples'
/// p2pBandwidthLatencyTest's delay kernel spins on until a timeout). Its
/// time is the wait, not work more threads or blocks would share.
bool onlyWaits(const CheckContext &context) {
  bool reads = false;
  for (const access::AccessSite &site : context.model().sites) {
    if (site.neverExecuted)
      continue;
    if (site.kind != AccessKind::Read || !site.isVolatile)
      return false;
    reads = true;
  }
  return reads;
}

class SmallGrid : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "grids of fewer blocks than the GPU has SMs, which leave SMs idle";
  }
  std::vector<CheckOption> options() const override {
    return {
        {"MinCycles", 20000,
         "the least predicted time of the kernel, in cycles, for a finding"},
        {"MinIdleShare", 0.25,
         "the least share of the SMs left idle for a finding"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The finding \p f for a kernel whose work one thread does (\p serial),
  /// predicted to take \p cycles.
  Finding serialFinding(const CheckContext &context, Finding f,
                        const SerialWork &serial, double cycles) const;
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

Finding SmallGrid::serialFinding(const CheckContext &context, Finding f,
                                 const SerialWork &serial,
                                 double cycles) const {
  const LaunchConfig &launch = context.launch();
  const arch::ArchDescription &arch = context.arch();
  const uint64_t blocks = launch.blocks(), sms = arch.sm.count;
  const uint64_t threads = launch.threadsPerBlock();
  const std::string loop =
      serial.loop ? " (" + std::to_string(serial.loopInstructions) +
                        " of them in the loop at line " +
                        std::to_string(serial.loop->position.line) + ")"
                  : "";
  const std::string idleSms = std::to_string(sms - blocks) + " of " +
                              arch.name + "'s " + std::to_string(sms) + " SMs";
  if (blocks == 1)
    f.message = "the kernel runs serially: one thread makes every memory "
                "access of the launch (a grid of 1 block of " +
                std::to_string(threads) + " threads), and the other " +
                std::to_string(threads - 1) + " threads and " + idleSms +
                " stay idle for the whole launch";
  else
    f.message = "each block's work is serial: one thread of block 0 makes "
                "all its memory accesses, and the grid of " +
                std::to_string(blocks) + " blocks leaves " + idleSms +
                " idle for the whole launch";
  const uint64_t modelled = context.results().sampling.modelledBlocks;
  const driver::ModelOptions &options =
      context.whatIf().analysisContext().modelOptions();
  f.notes.push_back(
      {std::nullopt,
       "thread " + dimText(serial.thread) + " of block 0 makes its " +
           std::to_string(serial.instructions) + " memory instructions" + loop +
           ", and no warp instruction of the " + std::to_string(modelled) +
           (modelled == 1 ? " block" : " blocks") +
           " modelled has more than one active thread; the kernel is "
           "predicted to take " +
           countText(cycles) + " cycles (" + timeModelName(options) + ")"});
  f.notes.push_back(
      {std::nullopt,
       "a larger grid or smaller blocks would not split this work, which is "
       "one thread's loop: spreading its iterations over the block's threads "
       "(a parallel reduction in shared memory or with warp shuffles, when "
       "the loop accumulates one value) is a change of algorithm, which gpurd "
       "does not time"});
  context.addLaunchAssumptionNotes(f);
  return f;
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
  if (idleShare < context.number(Name, "MinIdleShare"))
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
  if (*cycles < context.number(Name, "MinCycles"))
    return Error::success();

  // One block that reads no block index and synchronises its threads is a
  // block-wide algorithm (Rodinia lud_diagonal factors one 16 x 16 tile in
  // a dependent chain of barriers): another block would repeat its work,
  // and splitting it is a change of algorithm no grid makes. An expert
  // does not act on the idle SMs of its one launch.
  if ((blocks == 1 && cooperatesInOneBlock(context)) || onlyWaits(context))
    return Error::success();
  Finding f;
  f.check = Name.str();
  f.kernel = launch.kernel;
  f.position = launch.site ? *launch.site : context.kernel().position;
  // A kernel whose work one thread does idles the SMs by its algorithm,
  // not by its grid: the finding says so, and names no grid.
  if (std::optional<SerialWork> serial = serialWork(context)) {
    out.push_back(serialFinding(context, std::move(f), *serial, *cycles));
    return Error::success();
  }
  f.message = "grid of " + std::to_string(blocks) +
              (blocks == 1 ? " block on " : " blocks on ") + arch.name + "'s " +
              std::to_string(sms) + " SMs: " + std::to_string(sms - blocks) +
              " SMs (" + percentText(idleShare) +
              ") stay idle for the whole launch";
  // The occupancy the cache model ran with (seed 001 Algorithm 3), not a
  // second calculation of it.
  const unsigned perSm = context.results().execution.activeBlocksPerSm;
  const uint64_t waveBlocks = uint64_t(perSm) * sms;
  // A cut run's time is that of the first part of its blocks' runs: a
  // lower bound of the kernel's.
  const bool cut = context.results().sampling.blocksCut > 0;
  std::string occupancy =
      std::string(cut ? "the first part of the kernel's run, to which gpurd "
                        "cut its blocks, is predicted to take "
                      : "the kernel is predicted to take ") +
      countText(*cycles) + " cycles (" + timeModelName(options) + ")";
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
