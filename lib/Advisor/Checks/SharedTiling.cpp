//===- SharedTiling.cpp - gpurd-shared-tiling -----------------------------===//
//
// Global loads that several warps of a block read again (a naive matrix
// product's rows of A and columns of B, a stencil's neighbours, a
// convolution's input window), and what staging them through shared memory
// would gain: the kernel analysed again with its re-read arrays staged
// (trace/StagedArrays.h) in phases of 8, 16 and 32 loop iterations, each
// judged by the kernel's predicted time; docs/checks/gpurd-shared-tiling.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Trace/StagedArrays.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-shared-tiling";

/// The phase lengths tried: the tile edges programmers use, a warp's
/// width at most.
constexpr unsigned PhaseLengths[] = {8, 16, 32};

/// Bytes of shared memory a block may declare statically
/// (arch::MaxStaticSharedBytes), or the arch's limit when lower.
uint64_t staticSharedLimit(const arch::ArchDescription &arch) {
  return std::min(
      arch::MaxStaticSharedBytes,
      arch.sm.sharedMemoryPerBlock.value_or(arch::MaxStaticSharedBytes));
}

/// The sector the L2 serves (the coalescer's unit): 32 bytes unless the
/// arch says otherwise.
unsigned sectorBytesOf(const arch::ArchDescription &arch) {
  if (arch.l2 && arch.l2->sectorSize)
    return *arch.l2->sectorSize;
  return 32;
}

/// `'A'`, `'A' and 'B'`, `'a', 'b' and 'c'`.
std::string namesText(const std::vector<std::string> &names) {
  std::vector<std::string> quoted;
  for (const std::string &name : names)
    quoted.push_back("'" + name + "'");
  if (quoted.size() < 2)
    return join(quoted, "");
  std::string last = quoted.back();
  quoted.pop_back();
  return join(quoted, ", ") + " and " + last;
}

/// `16 x 16`; a tile of one row or none (packed densely) by its
/// elements: `262-element` (\p adjective) or `262 elements`.
std::string tileText(const trace::StagedTile &tile, bool adjective) {
  if (tile.rows > 1)
    return std::to_string(tile.rows) + " x " + std::to_string(tile.columns);
  return std::to_string(tile.elements) + (adjective ? "-element" : " elements");
}

/// A re-read array of the kernel.
struct ReusedArray {
  std::string name;
  double reuse = 0; ///< Sector requests per distinct sector, per block.
  /// Element requests per distinct element, per block.
  double elementReuse = 0;
};

/// One staging tried: its phase length, what it does to block 0, and the
/// what-if run's figures.
struct StagingRun {
  unsigned phaseLength = 0;
  trace::BlockStaging block;
  /// The staged arrays' names in the order of block.tiles (the plan's,
  /// which is the ArrayStagings map's: by name, not the kernel's order).
  std::vector<std::string> tileArrays;
  TimeVerdict time;
  double l2Before = 0, l2After = 0;         ///< L2 read sectors, the launch's.
  double globalBefore = 0, globalAfter = 0; ///< Global sectors requested.
  double wavefronts = 0;                    ///< Shared wavefronts after.
  bool sampled = false;
  std::string failure; ///< Why it was not run; empty when it was.
};

/// Per launch: the global read sectors requested and the shared wavefronts
/// of \p run (the pattern model's, scaled from the modelled blocks).
std::pair<double, double> requestFigures(const driver::KernelAnalysis &run) {
  double sectors = 0, wavefronts = 0;
  for (const model::SiteAccessPattern &p : run.patterns) {
    if (p.space == MemorySpace::Shared)
      wavefronts += double(p.wavefronts);
    else if ((p.space == MemorySpace::Global ||
              p.space == MemorySpace::GlobalReadOnly) &&
             p.kind == AccessKind::Read)
      sectors += double(p.sectors);
  }
  const double scale = run.results.sampling.scale;
  return {sectors * scale, wavefronts * scale};
}

/// Whether \p a and \p b access the same addresses in the same order.
bool sameAccesses(const trace::WarpTrace &a, const trace::WarpTrace &b) {
  return a.instructions.size() == b.instructions.size() &&
         llvm::equal(a.instructions, b.instructions,
                     [](const trace::WarpInstruction &x,
                        const trace::WarpInstruction &y) {
                       return x.site == y.site && x.kind == y.kind &&
                              x.activeMask == y.activeMask &&
                              x.addresses == y.addresses;
                     });
}

class SharedTiling : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "global loads the warps of a block read again, which staging "
           "through shared memory would serve once per block";
  }
  std::vector<CheckOption> options() const override {
    return {
        minCyclesOption(),
        {"MinGain", DefaultMinGain,
         "the least share of the kernel's predicted time the staging must "
         "save"},
        {"MinReuse", 2,
         "the least sectors requested per distinct sector, per block, for an "
         "array to be staged"},
    };
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The arrays \p warps (block 0) read at least \p minReuse times a
  /// sector, when one of them is read so many times an element.
  std::vector<ReusedArray>
  reusedArrays(const CheckContext &context,
               const std::vector<trace::WarpTrace> &warps,
               double minReuse) const;
  /// \p stagings' rewrite of \p warps (block 0) and \p inner (a block
  /// inside the grid; none when empty), the one that needs more shared
  /// memory, or why it cannot run.
  StagingRun staging(const CheckContext &context,
                     const std::vector<trace::WarpTrace> &warps,
                     const std::vector<trace::WarpTrace> &inner,
                     const trace::ArrayStagings &stagings,
                     unsigned phaseLength) const;
  /// \p run's what-if run and its verdict.
  void timeStaging(const CheckContext &context,
                   const trace::ArrayStagings &stagings, StagingRun &run) const;
  Finding finding(const CheckContext &context,
                  const std::vector<ReusedArray> &arrays,
                  const std::vector<StagingRun> &runs, const StagingRun &best,
                  double minGain) const;
};

/// Whether the kernel has shared memory of its own: it stages already (or
/// uses shared memory otherwise), and a rewrite of ours would not be
/// the programmer's.
bool usesSharedMemory(const CheckContext &context) {
  const KernelInfo &kernel = context.kernel();
  if (kernel.staticSharedBytes || kernel.usesDynamicShared ||
      context.launch().dynamicSharedBytes)
    return true;
  return any_of(context.model().sites, [](const access::AccessSite &site) {
    return site.space == MemorySpace::Shared &&
           site.kind != AccessKind::Barrier;
  });
}

Error SharedTiling::run(const CheckContext &context,
                        std::vector<Finding> &out) const {
  const double minGain = minGainOf(context, Name);
  const double minReuse = context.number(Name, "MinReuse");
  // A kernel shorter than MinCycles (about a launch's overhead) saves a
  // share of a time its launch costs anyway: Rodinia backprop's
  // 2204-cycle layer kernel was told to stage a warp-uniform row for 7%.
  const double minCycles = context.number(Name, "MinCycles");
  if (usesSharedMemory(context) || !context.analysis().trace ||
      !context.analysis().trace->source || !context.longEnough(minCycles))
    return Error::success();
  // Block 0 as the kernel runs it: the reuse and the tiles are measured on
  // it (every block of a regular kernel reads alike).
  std::vector<trace::WarpTrace> warps;
  if (Error error = context.analysis().trace->source->traceBlock(0, warps)) {
    consumeError(std::move(error)); // the baseline's own run reported it
    return Error::success();
  }
  std::vector<ReusedArray> arrays = reusedArrays(context, warps, minReuse);
  if (arrays.empty())
    return Error::success();
  // The block in the middle of the grid: block 0 of a stencil sits at the
  // data's edge, where guards leave threads idle and its tile is smaller
  // than an inner block's (PolyBench's 2DConvolution: 9 x 33 for block 0,
  // 10 x 34 inside). The tiles declared are the larger of the two.
  std::vector<trace::WarpTrace> inner;
  const LaunchConfig &launch = context.launch();
  const uint64_t middle =
      launch.grid[0] / 2 +
      launch.grid[0] *
          (launch.grid[1] / 2 + launch.grid[1] * (launch.grid[2] / 2));
  if (middle != 0) {
    if (Error error =
            context.analysis().trace->source->traceBlock(middle, inner)) {
      consumeError(std::move(error)); // block 0's tiles stand
      inner.clear();
    }
  }
  std::vector<StagingRun> runs;
  unsigned lastPhases = 0;
  for (unsigned phaseLength : PhaseLengths) {
    trace::ArrayStagings stagings;
    for (const ReusedArray &array : arrays)
      stagings[array.name] = phaseLength;
    StagingRun run = staging(context, warps, inner, stagings, phaseLength);
    // A loop shorter than the phases: one phase whatever the length, the
    // same rewrite as the last one.
    if (run.block.phases && run.block.phases == lastPhases)
      continue;
    lastPhases = run.block.phases;
    if (run.failure.empty())
      timeStaging(context, stagings, run);
    runs.push_back(std::move(run));
  }
  const StagingRun *best = nullptr;
  for (const StagingRun &run : runs)
    if (run.failure.empty() && run.time.pays(minGain) &&
        (!best || run.time.saving() > best->time.saving()))
      best = &run;
  if (best)
    out.push_back(finding(context, arrays, runs, *best, minGain));
  return Error::success();
}

std::vector<ReusedArray>
SharedTiling::reusedArrays(const CheckContext &context,
                           const std::vector<trace::WarpTrace> &warps,
                           double minReuse) const {
  const access::AccessModel &model = context.model();
  // Warps that repeat another's every access do the same work again (the
  // block has threads the kernel does not tell apart:
  // gpurd-redundant-threads' finding); their re-reads are not a tile's.
  std::vector<trace::WarpTrace> distinct;
  for (const trace::WarpTrace &warp : warps)
    if (none_of(distinct, [&](const trace::WarpTrace &other) {
          return sameAccesses(warp, other);
        }))
      distinct.push_back(warp);
  std::vector<ReusedArray> out;
  for (const auto &[index, reuse] : trace::blockSectorReuse(
           distinct, model, sectorBytesOf(context.arch()))) {
    if (reuse.perSector() < minReuse)
      continue;
    // A tile holds more than one element. Staging gains by serving the
    // block's re-reads from shared memory and by loading the tile with
    // coalesced requests, up to 32 neighbouring elements each. Of an array
    // the block reads one element of (a scalar every warp reads: r[k][k]),
    // each warp's read is already one broadcast request of one sector,
    // which the L1 serves after the first; a one-element tile loads nothing
    // coalesced, and serves the same requests one for one from shared
    // memory, at the cost of a barrier the time model does not count
    // (seed 002's W_serial is left out). A register holds a scalar.
    if (reuse.distinctElements <= 1)
      continue;
    // A tile is declared for addresses the code gives; a load whose
    // address is data (a gather) reads what the contents say, and the
    // contents gpurd traced may be assumed ones.
    if (any_of(model.sites, [&, index = index](const access::AccessSite &s) {
          return s.array == index && !s.neverExecuted && !s.affine;
        }))
      continue;
    // Sector reuse alone, on requests that touch more sectors than their
    // bytes need, is each thread walking its own elements (a row per
    // thread: matvec's a[i * n + j] reads each sector 8 times, always by
    // the lane that read it first). Staging such an array is a way of
    // coalescing it, which gpurd-uncoalesced-access reports with that fix
    // among its notes; its time here would be that check's gain.
    if (reuse.perElement() < minReuse &&
        any_of(context.sourceAccesses(),
               [&, index = index](const SourceAccess &access) {
                 return access.site().array == index &&
                        access.site().kind == AccessKind::Read &&
                        uncoalescedRequests(context, access.pattern);
               }))
      continue;
    // Only arrays the rewrite can stage: global, only read, one size.
    trace::ArrayStagings one{{model.arrays[index].name, 1}};
    if (auto plan = trace::stagingPlanOf(model, one); !plan) {
      consumeError(plan.takeError());
      continue;
    }
    out.push_back(
        {model.arrays[index].name, reuse.perSector(), reuse.perElement()});
  }
  // Staging serves from shared memory the elements the block reads again.
  // Sectors requested again whose elements are each read once (warps
  // reading neighbouring elements of a sector, once each) are spatial
  // locality the L1 serves as well: some array must have elements the
  // block's requests read again (the arrays with sector reuse only, a
  // naive product's rows of A, are staged with it).
  if (none_of(out, [&](const ReusedArray &array) {
        return array.elementReuse >= minReuse;
      }))
    out.clear();
  return out;
}

StagingRun SharedTiling::staging(const CheckContext &context,
                                 const std::vector<trace::WarpTrace> &warps,
                                 const std::vector<trace::WarpTrace> &inner,
                                 const trace::ArrayStagings &stagings,
                                 unsigned phaseLength) const {
  StagingRun out;
  out.phaseLength = phaseLength;
  auto plan = trace::stagingPlanOf(context.model(), stagings);
  if (!plan) {
    out.failure = toString(plan.takeError());
    return out;
  }
  std::vector<trace::WarpTrace> staged = warps;
  out.block = trace::stageBlock(staged, *plan);
  if (!inner.empty()) {
    std::vector<trace::WarpTrace> stagedInner = inner;
    trace::BlockStaging innerBlock = trace::stageBlock(stagedInner, *plan);
    if (innerBlock.sharedBytes > out.block.sharedBytes)
      out.block = std::move(innerBlock);
  }
  for (const trace::StagedArray &array : plan->arrays)
    out.tileArrays.push_back(array.name);
  const uint64_t limit = staticSharedLimit(context.arch());
  if (out.block.sharedBytes > limit) {
    out.failure = "its tiles need " + std::to_string(out.block.sharedBytes) +
                  " bytes of shared memory a block, more than the " +
                  std::to_string(limit) + " a block can declare";
  }
  return out;
}

void SharedTiling::timeStaging(const CheckContext &context,
                               const trace::ArrayStagings &stagings,
                               StagingRun &out) const {
  driver::KernelChange change;
  change.stagedArrays = stagings;
  // The tiles' shared memory, so that the run's occupancy is that of a
  // kernel declaring them.
  change.launch.dynamicSharedBytes = out.block.sharedBytes;
  Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
  if (!runs) {
    out.failure = toString(runs.takeError());
    return;
  }
  out.sampled = runs->sampled;
  // The staged loads read shared memory: they pay its addressing, not
  // global memory's (seed 002 Fig. 2), as an array placed there does.
  std::map<std::string, MemorySpace> spaces;
  for (const auto &[name, length] : stagings)
    spaces[name] = MemorySpace::Shared;
  out.time = timeVerdict(context, runs->before, runs->after, &spaces);
  out.l2Before = launchL2ReadSectors(runs->before.results);
  out.l2After = launchL2ReadSectors(runs->after.results);
  std::tie(out.globalBefore, std::ignore) = requestFigures(runs->before);
  std::tie(out.globalAfter, out.wavefronts) = requestFigures(runs->after);
}

/// The first load of \p arrays in the source (the finding's position).
const access::AccessSite *
firstReusedLoad(const CheckContext &context,
                const std::vector<ReusedArray> &arrays) {
  const access::AccessSite *first = nullptr;
  for (const access::AccessSite &site : context.model().sites) {
    const access::ArrayInfo *array = context.arrayOf(site);
    if (!array || site.kind != AccessKind::Read || site.neverExecuted ||
        none_of(arrays,
                [&](const ReusedArray &a) { return a.name == array->name; }))
      continue;
    if (!first || std::tie(site.position.line, site.position.column) <
                      std::tie(first->position.line, first->position.column))
      first = &site;
  }
  return first;
}

/// `in 16 x 16 tiles`, with \p phases `, 16 loop iterations a phase`: the
/// shape of \p run's staging, the arrays in the order of \p arrays.
std::string stagingShapeText(const std::vector<ReusedArray> &arrays,
                             const StagingRun &run, bool phases) {
  std::vector<std::string> tiles;
  for (const trace::StagedTile &tile : run.block.tiles)
    tiles.push_back(tileText(tile, /*adjective=*/true));
  std::string text;
  if (llvm::all_equal(tiles)) {
    text = "in " + tiles.front() + " tiles";
  } else {
    std::vector<std::string> each;
    // Each array's tile by its name: the run's tiles are in the plan's
    // order, not the kernel's.
    for (const ReusedArray &array : arrays)
      for (auto [name, tile] : zip(run.tileArrays, run.block.tiles))
        if (name == array.name)
          each.push_back(tileText(tile, /*adjective=*/false) + " ('" + name +
                         "')");
    text = "in tiles of " + join(each, ", ");
  }
  if (!phases)
    return text;
  if (run.block.phases > 1)
    return text + ", " + std::to_string(run.phaseLength) +
           " loop iterations a phase";
  return text + ", one per block";
}

/// The note of one staging tried.
std::string runNote(const std::vector<ReusedArray> &arrays,
                    const StagingRun &run, double minGain) {
  const unsigned barriers = run.block.phases ? 2 * run.block.phases - 1 : 0;
  std::string text = "phases of " + std::to_string(run.phaseLength) +
                     " iterations (" + std::to_string(run.block.phases) +
                     (run.block.phases == 1 ? " phase" : " phases") +
                     " a block, " + stagingShapeText(arrays, run, false) +
                     ", " + std::to_string(run.block.sharedBytes) +
                     " bytes of shared memory and " + std::to_string(barriers) +
                     (barriers == 1 ? " barrier" : " barriers") + " a warp): ";
  if (!run.failure.empty())
    return text + "not tried: " + run.failure;
  return text + run.time.verdictText(minGain) + "; L2 read sectors " +
         fromToText(run.l2Before, run.l2After) +
         ", global read sectors requested " +
         fromToText(run.globalBefore, run.globalAfter) +
         ", shared-memory wavefronts " + countText(run.wavefronts) + " (" +
         whatIfRunText(run.sampled) + ")";
}

Finding SharedTiling::finding(const CheckContext &context,
                              const std::vector<ReusedArray> &arrays,
                              const std::vector<StagingRun> &runs,
                              const StagingRun &best, double minGain) const {
  const access::AccessSite *site = firstReusedLoad(context, arrays);
  Finding f = site ? context.findingAt(Name, *site)
                   : context.findingAt(Name, context.model().sites.front());
  std::vector<std::string> names, reuses;
  for (const ReusedArray &array : arrays) {
    names.push_back(array.name);
    reuses.push_back(averageText(array.reuse));
  }
  std::string reuse = llvm::all_equal(reuses)
                          ? reuses.front()
                          : join(reuses, ", ") + " respectively";
  f.message = namesText(names) + (arrays.size() == 1 ? " is" : " are") +
              " read again by the block's warps (each sector " + reuse +
              " times per block): staging " +
              (arrays.size() == 1 ? "it" : "them") + " through shared memory " +
              stagingShapeText(arrays, best, true) + ", is " +
              best.time.verdictText(minGain);
  for (const StagingRun &run : runs)
    f.notes.push_back({std::nullopt, runNote(arrays, run, minGain)});
  f.notes.push_back(
      {std::nullopt,
       "the rewrite loads each phase's tile once, coalesced (32 neighbouring "
       "elements a warp request, spread over the block's warps), stores it "
       "to a __shared__ array declared row by row without padding, "
       "synchronises the block before and after, and reads the elements "
       "from the tile where the kernel read them; it assumes every warp "
       "runs the loop alike and nothing writes " +
           namesText(names) +
           " during the kernel, and counts a fill's index arithmetic as "
           "compiled fill code has it (4 instructions an element when each "
           "thread loads one, 8 or 19 in a fill loop over a row or rows; "
           "measured on block 0; docs/checks/gpurd-shared-tiling.md)"});
  context.addLaunchAssumptionNotes(f);
  return f;
}

} // namespace

std::unique_ptr<Check> makeSharedTiling() {
  return std::make_unique<SharedTiling>();
}

} // namespace gpurd::advisor
