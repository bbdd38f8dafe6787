//===- TileSearch.cpp - Tile and block-size search ------------------------===//
//
// Each candidate is a KernelChange (source edits of the tunables' literals,
// a launch layer for the block) run through lib/Driver's pipeline, as every
// what-if is; the launch is not pinned to the one as written, since a
// tunable's new value changes what the host code computes (the grid, the
// template arguments).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Advisor/TileSearch.h"
#include "Figures.h"
#include "Footprint.h"
#include "gpurd/Advisor/PredictedTime.h"
#include "gpurd/Advisor/WhatIf.h"

#include "gpurd/Model/ExecutionModel.h"
#include "gpurd/Support/IllegalLaunchError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <numeric>

using namespace llvm;

namespace gpurd::advisor {
namespace {

/// More combinations than this is an error: each is a run of the pipeline.
constexpr size_t MaxCandidates = 64;
/// A candidate's limits on the block's dimensions are the launch's
/// (LaunchConfig.cpp): one beyond them fails to resolve with an
/// IllegalLaunchError.

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

Expected<int64_t> integerValue(StringRef axis, StringRef text) {
  int64_t value = 0;
  if (text.trim().getAsInteger(0, value) || value <= 0)
    return makeError("--tune " + axis + ": '" + text +
                     "' is not a positive integer");
  return value;
}

Expected<std::array<uint64_t, 3>> blockValue(StringRef text) {
  SmallVector<StringRef, 3> parts;
  text.trim().split(parts, 'x');
  std::array<uint64_t, 3> dims = {1, 1, 1};
  if (parts.size() > 3)
    return makeError("--tune block: '" + text +
                     "' is not a block shape (X, XxY or XxYxZ)");
  for (size_t i = 0; i < parts.size(); ++i)
    if (parts[i].getAsInteger(10, dims[i]) || dims[i] == 0)
      return makeError("--tune block: '" + text +
                       "' is not a block shape (X, XxY or XxYxZ)");
  return dims;
}

std::string shapeText(const std::array<uint64_t, 3> &dims) {
  std::string out = std::to_string(dims[0]);
  if (dims[1] > 1 || dims[2] > 1)
    out += "x" + std::to_string(dims[1]);
  if (dims[2] > 1)
    out += "x" + std::to_string(dims[2]);
  return out;
}

Error unknownTunable(const TranslationUnitInfo &unit, StringRef name) {
  std::vector<std::string> names;
  for (const Tunable &tunable : unit.tunables)
    names.push_back("'" + tunable.name + "'");
  return makeError(
      "--tune: '" + name + "' is not a tunable of " + unit.file +
      " (a macro defined as an integer literal, or a namespace-scope const "
      "or constexpr integer initialised with one); its tunables: " +
      (names.empty() ? std::string("none") : join(names, ", ")) +
      "; 'block' tunes the block shape");
}

/// Whether \p names contains \p name.
bool uses(const std::vector<std::string> &names, StringRef name) {
  return llvm::is_contained(names, name);
}

/// The launch sites of \p kernel in \p unit.
std::vector<const LaunchSite *> launchesOf(const TranslationUnitInfo &unit,
                                           const KernelInfo &kernel) {
  std::vector<const LaunchSite *> out;
  for (const LaunchSite &site : unit.launches)
    if (site.kernel == kernel.name)
      out.push_back(&site);
  return out;
}

std::vector<std::string> halvedAndDoubled(uint64_t value) {
  std::vector<std::string> out;
  if (value / 2 > 0)
    out.push_back(std::to_string(value / 2));
  out.push_back(std::to_string(value));
  out.push_back(std::to_string(value * 2));
  return out;
}

/// The candidate's change: the tunables' literals edited, the block given
/// with a grid over the threads of \p written.
Expected<driver::KernelChange> changeFor(const TranslationUnitInfo &unit,
                                         const std::vector<TuneAxis> &axes,
                                         const TuneCandidate &candidate,
                                         const LaunchConfig &written) {
  driver::KernelChange change;
  for (size_t i = 0; i < axes.size(); ++i) {
    const std::string &value = candidate.values[i].second;
    if (axes[i].kind == TuneAxis::Kind::Block) {
      auto block = blockValue(value);
      if (!block)
        return block.takeError();
      if (*block == written.block)
        continue;
      std::array<uint64_t, 3> grid;
      for (unsigned d = 0; d < 3; ++d)
        grid[d] = (written.grid[d] * written.block[d] + (*block)[d] - 1) /
                  (*block)[d];
      change.launch.block = *block;
      change.launch.grid = grid;
      change.launch.origin = "--tune";
      continue;
    }
    const Tunable *tunable = findTunable(unit, axes[i].name);
    if (!tunable)
      return unknownTunable(unit, axes[i].name);
    auto number = integerValue(axes[i].name, value);
    if (!number)
      return number.takeError();
    if (*number == tunable->value)
      continue;
    change.edits.push_back({tunable->literal.line, tunable->literal.column,
                            tunable->literalEndColumn,
                            std::to_string(*number)});
  }
  return change;
}

/// Why \p arch cannot launch \p kernel as \p config (a launch within
/// CUDA's limits), or nothing.
std::string illegalReason(const arch::ArchDescription &arch,
                          const KernelInfo &kernel,
                          const LaunchConfig &config) {
  const uint64_t threads = config.threadsPerBlock();
  if (arch.sm.maxThreadsPerBlock && threads > *arch.sm.maxThreadsPerBlock)
    return std::to_string(threads) + " threads per block, more than the " +
           std::to_string(*arch.sm.maxThreadsPerBlock) + " of " + arch.name +
           " (sm.maxThreadsPerBlock)";
  if (kernel.launchBoundsMaxThreads && threads > *kernel.launchBoundsMaxThreads)
    return std::to_string(threads) +
           " threads per block, more than the kernel's __launch_bounds__ (" +
           std::to_string(*kernel.launchBoundsMaxThreads) + ")";
  if (kernel.staticSharedBytes > arch::MaxStaticSharedBytes)
    return std::to_string(kernel.staticSharedBytes) +
           " B of static __shared__ arrays, more than the 48 KB CUDA lets a "
           "block declare statically";
  const uint64_t shared = kernel.staticSharedBytes + config.dynamicSharedBytes;
  if (arch.sm.sharedMemoryPerBlock && shared > *arch.sm.sharedMemoryPerBlock)
    return std::to_string(shared) +
           " B of shared memory per block, more than "
           "the " +
           std::to_string(*arch.sm.sharedMemoryPerBlock) + " of " + arch.name +
           " (sm.sharedMemoryPerBlock)";
  auto resident = model::activeBlocksPerSm(arch, threads, shared);
  if (!resident)
    return toString(resident.takeError());
  return "";
}

TuneFigures figuresOf(const arch::ArchDescription &arch,
                      const driver::ModelOptions &options,
                      const driver::KernelAnalysis &analysis) {
  const driver::KernelTrace &trace = *analysis.trace;
  const model::CacheModelResults &r = analysis.results;
  const double scale = r.sampling.scale;
  TuneFigures out;
  out.sampled = scale > 1;
  out.cut = r.sampling.blocksCut > 0;
  out.grid = trace.config.grid;
  out.block = trace.config.block;
  out.sharedBytesPerBlock =
      trace.kernel->staticSharedBytes + trace.config.dynamicSharedBytes;
  out.blocksPerSm = r.execution.activeBlocksPerSm;
  if (arch.sm.maxWarpsPerSm && *arch.sm.maxWarpsPerSm)
    out.occupancy = double(out.blocksPerSm) * r.execution.warpsPerBlock /
                    *arch.sm.maxWarpsPerSm;
  out.l1SectorHitRate = r.l1.sectorHitRate();
  out.l2SectorHitRate = r.l2.sectorHitRate();
  out.l2ReadSectors = double(r.l2.sectorReadAccesses) * scale;
  out.l2WriteSectors = double(r.l2.sectorWriteAccesses) * scale;
  out.dramReadSectors = double(r.transactions.dramReadSectors) * scale;
  for (const model::SiteAccessPattern &pattern : analysis.patterns)
    if (pattern.kind != AccessKind::Read &&
        pattern.kind != AccessKind::Barrier &&
        (pattern.space == MemorySpace::Global ||
         pattern.space == MemorySpace::Local))
      out.bytesWritten +=
          double(pattern.activeLanes) * pattern.accessSize * scale;
  if (auto cycles = predictedCycles(analysis, arch, options))
    out.predictedCycles = *cycles;
  else
    llvm::consumeError(cycles.takeError()); // the arch lacks figures
  if (analysis.divergence) {
    using model::divergence::DivergenceModel;
    out.mdmCycles = analysis.divergence->cycles(DivergenceModel::Mdm);
    out.mdmIpcSm = analysis.divergence->mdm.ipcSm;
  }
  return out;
}

/// Why \p figures do other work than \p written, or nothing.
std::string otherWorkReason(const TuneFigures &figures,
                            const TuneFigures &written) {
  // The bytes of a cut run are those of its first part, which another
  // value cuts elsewhere: they do not tell other work.
  if (figures.cut || written.cut)
    return "";
  const double difference =
      std::abs(figures.bytesWritten - written.bytesWritten);
  if (difference <= OtherWorkShare * written.bytesWritten)
    return "";
  if (written.bytesWritten <= 0)
    return formatv("writes {0:F0} bytes of global memory where the kernel as "
                   "written writes none: it computes something else, so its "
                   "traffic is not compared",
                   figures.bytesWritten)
        .str();
  const double share = difference / written.bytesWritten;
  return formatv("writes {0:F0} bytes of global memory, {1} {2} than the "
                 "{3:F0} of the kernel as written: it computes something "
                 "else (a launch that does not follow the value, a size the "
                 "value does not divide), so its traffic is not compared",
                 figures.bytesWritten,
                 share < 0.01 ? formatv("{0:F1}%", share * 100).str()
                              : percentText(share),
                 figures.bytesWritten > written.bytesWritten ? "more" : "fewer",
                 written.bytesWritten)
      .str();
}

/// Every combination of the axes' values, the first axis slowest.
std::vector<TuneCandidate> combinations(const std::vector<TuneAxis> &axes) {
  std::vector<TuneCandidate> out(1);
  for (const TuneAxis &axis : axes) {
    std::vector<TuneCandidate> next;
    for (const TuneCandidate &prefix : out)
      for (const std::string &value : axis.values) {
        TuneCandidate candidate = prefix;
        candidate.values.emplace_back(axis.name, value);
        next.push_back(std::move(candidate));
      }
    out = std::move(next);
  }
  return out;
}

/// Ranks the candidates with figures and puts them first: with
/// \p byDram, by DRAM read sectors in tiers (DramTieShare) and within a
/// tier by L2 read sectors; otherwise by L2 read sectors.
void rank(std::vector<TuneCandidate> &candidates, bool byDram, bool byTime) {
  std::vector<size_t> order(candidates.size());
  std::iota(order.begin(), order.end(), 0);
  auto rankable =
      std::stable_partition(order.begin(), order.end(), [&](size_t i) {
        return candidates[i].figures.has_value();
      });
  auto figures = [&](size_t i) { return *candidates[i].figures; };
  auto byL2 = [&](size_t a, size_t b) {
    return figures(a).l2ReadSectors < figures(b).l2ReadSectors;
  };
  if (byTime) {
    std::stable_sort(order.begin(), rankable, [&](size_t a, size_t b) {
      return *figures(a).predictedCycles < *figures(b).predictedCycles;
    });
  } else if (!byDram) {
    std::stable_sort(order.begin(), rankable, byL2);
  } else {
    std::stable_sort(order.begin(), rankable, [&](size_t a, size_t b) {
      return figures(a).dramReadSectors < figures(b).dramReadSectors;
    });
    // Tiers: the candidates within DramTieShare of the best remaining.
    for (auto tier = order.begin(); tier != rankable;) {
      const double limit = figures(*tier).dramReadSectors * (1 + DramTieShare);
      auto end = std::find_if(tier, rankable, [&](size_t i) {
        return figures(i).dramReadSectors > limit;
      });
      std::stable_sort(tier, end, byL2);
      tier = end;
    }
  }
  std::vector<TuneCandidate> ranked;
  for (size_t i : order) {
    ranked.push_back(std::move(candidates[i]));
    if (ranked.back().figures)
      ranked.back().rank = ranked.size();
  }
  candidates = std::move(ranked);
}

/// The analysis of \p kernel with \p change, with the model options
/// \p options (the context's when null); null when the arch cannot launch
/// it or the analysis fails, with candidate.illegal or candidate.failed
/// set.
std::optional<driver::KernelAnalysis> analyseCandidate(
    driver::AnalysisContext &context, const TranslationUnitInfo &unit,
    const KernelInfo &kernel, const driver::KernelChange &change,
    const driver::ModelOptions *options, TuneCandidate &candidate) {
  auto trace = context.prepareTrace(unit, kernel, change);
  if (!trace) {
    handleAllErrors(
        trace.takeError(),
        [&](const IllegalLaunchError &error) {
          candidate.illegal = error.reason();
        },
        [&](const ErrorInfoBase &error) {
          candidate.failed = error.message();
        });
    return std::nullopt;
  }
  candidate.illegal =
      illegalReason(context.arch(), *(*trace)->kernel, (*trace)->config);
  if (!candidate.illegal.empty())
    return std::nullopt;
  auto analysis = context.modelTrace(std::move(*trace), options);
  if (!analysis) {
    candidate.failed = toString(analysis.takeError());
    return std::nullopt;
  }
  return std::move(*analysis);
}

} // namespace

const TuneCandidate *TuneResult::asWritten() const {
  for (const TuneCandidate &candidate : candidates)
    if (candidate.asWritten)
      return &candidate;
  return nullptr;
}

Expected<TuneRequest> parseTuneSpecs(ArrayRef<std::string> specs) {
  TuneRequest out;
  for (StringRef spec : specs) {
    if (spec.trim() == "auto") {
      out.automatic = true;
      continue;
    }
    auto [name, list] = spec.split('=');
    name = name.trim();
    if (list.trim().empty() || name.empty())
      return makeError("--tune '" + spec +
                       "': expected NAME=V1,V2,... (a macro or constant of "
                       "the file), block=XxY,... or auto");
    TuneAxis axis;
    axis.name = name.str();
    axis.kind =
        name == "block" ? TuneAxis::Kind::Block : TuneAxis::Kind::Tunable;
    SmallVector<StringRef, 8> values;
    list.split(values, ',', -1, /*KeepEmpty=*/false);
    for (StringRef value : values) {
      if (axis.kind == TuneAxis::Kind::Block) {
        auto block = blockValue(value);
        if (!block)
          return block.takeError();
        axis.values.push_back(shapeText(*block));
      } else {
        auto number = integerValue(name, value);
        if (!number)
          return number.takeError();
        axis.values.push_back(std::to_string(*number));
      }
    }
    if (llvm::any_of(out.axes,
                     [&](const TuneAxis &a) { return a.name == axis.name; }))
      return makeError("--tune " + name + " is given twice");
    out.axes.push_back(std::move(axis));
  }
  return out;
}

std::vector<TuneAxis> automaticAxes(const TranslationUnitInfo &unit,
                                    const KernelInfo &kernel,
                                    const LaunchConfig &launch,
                                    bool withBlock) {
  std::vector<const LaunchSite *> sites = launchesOf(unit, kernel);
  std::vector<TuneAxis> out;
  bool blockTuned = false;
  for (const Tunable &tunable : unit.tunables) {
    bool sizesShared = llvm::any_of(kernel.sharedArrays, [&](const auto &a) {
      return uses(a.sizeNames, tunable.name);
    });
    bool givesBlock = llvm::any_of(sites, [&](const LaunchSite *site) {
      return uses(site->names.block, tunable.name);
    });
    bool templateArgument = llvm::any_of(sites, [&](const LaunchSite *site) {
      return uses(site->names.templateArguments, tunable.name);
    });
    bool givesGrid = llvm::any_of(sites, [&](const LaunchSite *site) {
      return uses(site->names.grid, tunable.name);
    });
    // The launch must follow the value: a tile size the launch does not
    // use changes the work each thread does, not how it is tiled.
    if (!givesBlock && !templateArgument && !givesGrid)
      continue;
    if (!sizesShared && !givesBlock && !templateArgument)
      continue;
    blockTuned |= givesBlock;
    if (tunable.value <= 0)
      continue;
    out.push_back({tunable.name, TuneAxis::Kind::Tunable,
                   halvedAndDoubled(uint64_t(tunable.value))});
  }
  if (withBlock && !blockTuned) {
    TuneAxis block{"block", TuneAxis::Kind::Block, {}};
    for (const std::string &x : halvedAndDoubled(launch.block[0]))
      block.values.push_back(
          shapeText({std::stoull(x), launch.block[1], launch.block[2]}));
    out.push_back(std::move(block));
  }
  return out;
}

std::vector<TuneAxis> requestedAxes(const TuneRequest &request,
                                    const TranslationUnitInfo &unit,
                                    const KernelInfo &kernel,
                                    const LaunchConfig &launch) {
  std::vector<TuneAxis> axes = request.axes;
  if (request.automatic)
    for (TuneAxis &axis :
         automaticAxes(unit, kernel, launch, /*withBlock=*/true))
      if (llvm::none_of(axes, [&](const TuneAxis &given) {
            return given.name == axis.name;
          }))
        axes.push_back(std::move(axis));
  return axes;
}

/// How \p result is ranked, one sentence (TuneResult::metric).
std::string metricText(const TuneResult &result) {
  const std::string &counted = result.unit;
  if (result.rankedByTime)
    return "ranked by predicted kernel time (" + result.timeModel +
           "); the traffic columns are what it rests on";
  const std::string time =
      result.timeModel.empty()
          ? "; the arch lacks the figures of seed 002's time model, so no "
            "time is predicted"
          : "; the time column is " + result.timeModel +
                " (--tune-metric=time ranks by it)";
  return result.rankedByDram
             ? "ranked by predicted DRAM read " + counted + "; those within " +
                   percentText(DramTieShare) +
                   " of the best tie and are ranked by predicted L2 read " +
                   counted + " (L1 misses)" + time
             : "ranked by predicted L2 read " + counted +
                   " (L1 misses): the launches were sampled, and a sample's "
                   "DRAM reads do not scale to the whole launch" +
                   time;
}

Expected<TuneResult> searchTiles(WhatIfRunner &runs,
                                 const std::vector<TuneAxis> &axes,
                                 bool byTime) {
  driver::AnalysisContext &context = runs.analysisContext();
  const TranslationUnitInfo &unit = runs.translationUnit();
  const driver::KernelAnalysis &baseline = runs.baselineAnalysis();
  const KernelInfo &kernel = runs.kernelInfo();
  if (axes.empty())
    return makeError("kernel '" + kernel.name +
                     "' has nothing to tune: no --tune value names a "
                     "tunable, and no macro or constant of the file sizes "
                     "its shared arrays or shapes its launch");
  for (const TuneAxis &axis : axes)
    if (axis.kind == TuneAxis::Kind::Tunable && !findTunable(unit, axis.name))
      return unknownTunable(unit, axis.name);
  TuneResult result;
  result.kernel = kernel.name;
  result.axes = axes;
  result.candidates = combinations(axes);
  if (result.candidates.size() > MaxCandidates)
    return makeError(
        "--tune gives " + std::to_string(result.candidates.size()) +
        " combinations, more than " + std::to_string(MaxCandidates) +
        " (each is a run of the models); give fewer values");
  const arch::ArchDescription &arch = context.arch();
  const driver::ModelOptions &options = context.modelOptions();
  if (byTime)
    if (Error missing = checkTimeModelFigures(arch))
      return std::move(missing);
  // A large launch: every candidate on the same, smaller sample, the one as
  // written from the runner (shared with the checks' comparisons).
  auto written = runs.comparedBaseline();
  if (!written)
    return written.takeError();
  std::optional<driver::ModelOptions> comparison;
  if (runs.comparesOnSample())
    comparison = runs.comparisonOptions(*written);
  for (TuneCandidate &candidate : result.candidates) {
    auto change = changeFor(unit, axes, candidate, baseline.trace->config);
    if (!change)
      return change.takeError();
    candidate.asWritten = change->empty();
    if (candidate.asWritten) {
      candidate.figures = figuresOf(arch, options, *written);
      continue;
    }
    auto analysis =
        analyseCandidate(context, unit, kernel, *change,
                         comparison ? &*comparison : nullptr, candidate);
    if (!analysis)
      continue;
    candidate.figures = figuresOf(arch, options, *analysis);
    // A value under which the kernel reaches other elements of its arrays
    // computes something else (threads that cover half the rows read half
    // the data): its traffic is not compared. Where the extents are not
    // known, the bytes written decide (below), and the candidate says so.
    FootprintComparison footprint = compareFootprints(*written, *analysis);
    if (footprint.kind == FootprintComparison::Kind::Different)
      candidate.otherWork = footprint.reason;
    else if (footprint.kind == FootprintComparison::Kind::Unknown)
      candidate.unverified = footprint.reason;
    // Every candidate changes what a warp runs: where gpurd cut the blocks'
    // runs, the first parts as written and with these values hold other
    // work.
    if (candidate.unverified.empty() && !sameWarpRuns(*written, *analysis))
      candidate.unverified =
          "gpurd cut the blocks' runs to what it holds: the first parts of "
          "the runs as written and with these values do not compare";
  }
  const TuneFigures writtenFigures = figuresOf(arch, options, *written);
  for (TuneCandidate &candidate : result.candidates)
    if (byTime && candidate.figures && !candidate.figures->predictedCycles) {
      candidate.failed = "seed 002's time model could not time its run";
      candidate.figures.reset();
    } else if (candidate.figures && !candidate.asWritten) {
      if (candidate.otherWork.empty())
        candidate.otherWork =
            otherWorkReason(*candidate.figures, writtenFigures);
      if (!candidate.otherWork.empty())
        candidate.figures.reset();
    }
  // A sample's DRAM reads do not scale to the whole launch: its first
  // blocks bring in most of the lines every later block finds in the L2,
  // so the estimate grows with the share left out, which differs between
  // candidates. The L2 read sectors (the L1s' misses, per SM) do scale.
  const bool sampled = llvm::any_of(result.candidates, [](const auto &c) {
    return c.figures && c.figures->sampled;
  });
  result.rankedByDram = !sampled && !byTime;
  result.rankedByTime = byTime;
  result.unit = written->results.execution.l2Unit();
  if (llvm::any_of(result.candidates, [](const TuneCandidate &c) {
        return c.figures && c.figures->predictedCycles;
      }))
    result.timeModel = timeModelName(options);
  rank(result.candidates, result.rankedByDram, byTime);
  result.metric = metricText(result);
  const std::string &counted = result.unit;
  result.notes.push_back(
      "occupancy counts threads, blocks and shared memory per SM, not "
      "registers (gpurd does not allocate registers): it is an upper bound");
  if (llvm::any_of(axes, [](const TuneAxis &axis) {
        return axis.kind == TuneAxis::Kind::Block;
      }))
    result.notes.push_back(
        "another block shape keeps the threads of the launch as written "
        "(grid = ceil(threads / block) in each dimension), and is ranked "
        "only when it accesses the same bytes of every global array as the "
        "kernel as written");
  if (comparison)
    result.notes.push_back(
        "the launch as written makes more requests than 1/" +
        std::to_string(driver::QuickBudgetDivisor) +
        " of the request budget, so every candidate (the one as written "
        "too) ran on a sample of the SMs (sampled in space at that budget), "
        "its counts scaled to the whole launch: the L2 read " +
        counted +
        " scale with the blocks; the L2 hit rates and DRAM reads of such a "
        "sample do not, and are not shown");
  else if (sampled)
    result.notes.push_back("the " + counted.substr(0, counted.size() - 1) +
                           " counts of a sampled launch are those of its "
                           "modelled blocks scaled to the whole launch; its "
                           "L2 hit rate and DRAM reads are not shown");
  return result;
}

} // namespace gpurd::advisor
