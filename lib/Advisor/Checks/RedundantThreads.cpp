//===- RedundantThreads.cpp - gpurd-redundant-threads ---------------------===//
//
// A block dimension the compiled kernel never reads (neither threadIdx nor
// blockDim in it), with more than one thread along it: those threads
// compute the same, so they repeat each other's loads and race on the same
// stores. Only a block the source or the inputs give, and only when nothing
// else tells the threads apart (access::IndexUse::threadDistinction), and
// only when a launch without the copies can be shown to do the same work (a
// what-if run that accesses the same bytes, Footprint.h), whose predicted
// time the finding quotes.
// docs/checks/gpurd-redundant-threads.md.
//
//===----------------------------------------------------------------------===//

#include "../Figures.h"
#include "../Footprint.h"
#include "CheckUtil.h"
#include "Checks.h"
#include "gpurd/Advisor/WhatIf.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gpurd::advisor {
namespace {

constexpr StringLiteral Name = "gpurd-redundant-threads";

/// The launch site \p launch started from, when it is the only kernel that
/// site launches (an edit there changes no other kernel's launch).
const LaunchSite *siteOf(const CheckContext &context) {
  const LaunchConfig &launch = context.launch();
  if (!launch.site)
    return nullptr;
  const LaunchSite *found = nullptr;
  for (const LaunchSite &site : context.whatIf().translationUnit().launches) {
    const SourcePosition &p = site.position;
    if (p.file != launch.site->file || p.line != launch.site->line ||
        p.column != launch.site->column)
      continue;
    if (site.kernel != context.kernel().name)
      return nullptr;
    if (site.variant.index == launch.siteVariant.index)
      found = &site;
  }
  return found;
}

/// `cut the kernel's global-memory requests from 1024 to 128 and the
/// sectors they touch from 4096 to 512`, scaled to the launch.
std::string trafficText(const WhatIfRunner::Comparison &runs) {
  const model::CacheModelResults &r0 = runs.before.results,
                                 &r1 = runs.after.results;
  auto requests = [](const model::CacheModelResults &r) {
    return double(r.l1.accesses()) * r.sampling.scale;
  };
  auto sectors = [](const model::CacheModelResults &r) {
    return double(r.l1.sectorReadAccesses + r.l1.sectorWriteAccesses) *
           r.sampling.scale;
  };
  return "its global-memory requests would go from " +
         fromToText(requests(r0), requests(r1)) +
         " and the sectors they touch " + "from " +
         fromToText(sectors(r0), sectors(r1));
}

class RedundantThreads : public Check {
public:
  StringRef name() const override { return Name; }
  StringRef summary() const override {
    return "block dimensions the kernel never reads, whose threads repeat "
           "the same work";
  }
  std::vector<CheckOption> options() const override {
    // The copies are reported whatever the time model predicts.
    return {};
  }
  Error run(const CheckContext &context,
            std::vector<Finding> &out) const override;

private:
  /// The finding for dimension \p dim, or none when no launch without the
  /// copies can be shown to do the same work.
  std::optional<Finding> findingFor(const CheckContext &context,
                                    unsigned dim) const;
};

/// A launch without the copies along \p dim, on \p runs' comparison.
/// Only a launch whose run accesses the same bytes of every global array
/// as the kernel as written: the same work without the copies.
struct Deduplicated {
  std::array<uint64_t, 3> block, grid;
  std::optional<WhatIfRunner::Comparison> runs;
  TimeVerdict time;
};

/// The SMs a grid of \p grid occupies on the arch (its blocks, at most
/// the SMs).
uint64_t occupiedSms(const CheckContext &context,
                     const std::array<uint64_t, 3> &grid) {
  return std::min<uint64_t>(grid[0] * grid[1] * grid[2],
                            std::max(context.arch().sm.count, 1u));
}

/// Of the launches without the copies along \p dim, the block with \p dim
/// at 1 and its threads moved into x (the grid's x divided to match, which
/// keeps the warps of a block) and the block with \p dim at 1 and the same
/// grid (which keeps the blocks), one that keeps every SM the launch
/// occupies busy, and of those the one predicted fastest (a launch untimed
/// when none is timed). The first alone put atax's 128 blocks of (32, 8)
/// on 16 blocks of 256 threads, 92 of the A100's 108 SMs idle.
std::optional<Deduplicated> deduplicated(const CheckContext &context,
                                         unsigned dim) {
  const LaunchConfig &launch = context.launch();
  const uint64_t copies = launch.block[dim];
  std::vector<Deduplicated> candidates;
  if (dim != 0 && launch.grid[0] % copies == 0) {
    Deduplicated flat{launch.block, launch.grid, std::nullopt, {}};
    flat.block[dim] = 1;
    flat.block[0] *= copies;
    flat.grid[0] /= copies;
    candidates.push_back(flat);
  }
  Deduplicated narrow{launch.block, launch.grid, std::nullopt, {}};
  narrow.block[dim] = 1;
  candidates.push_back(narrow);
  Deduplicated *best = nullptr;
  for (Deduplicated &candidate : candidates) {
    // Seed 002's model counts the copies as warps that hide latency, so it
    // favours fewer, fuller blocks; the SMs they would leave idle decide
    // first, before any run.
    if (candidate.block[0] * candidate.block[1] * candidate.block[2] > 1024 ||
        occupiedSms(context, candidate.grid) <
            occupiedSms(context, launch.grid))
      continue;
    driver::KernelChange change;
    change.launch.block = candidate.block;
    change.launch.grid = candidate.grid;
    Expected<WhatIfRunner::Comparison> runs = context.whatIf().compare(change);
    if (!runs) {
      consumeError(runs.takeError()); // a launch the GPU cannot run
      continue;
    }
    if (!footprintDifference(runs->before, runs->after).empty())
      continue;
    candidate.runs.emplace(*runs);
    candidate.time = timeVerdict(context, runs->before, runs->after);
    const bool faster =
        !best ||
        (candidate.time.known() &&
         (!best->time.known() || *candidate.time.after < *best->time.after));
    if (faster)
      best = &candidate;
  }
  if (!best)
    return std::nullopt;
  return std::move(*best);
}

/// The edits of \p site's literals that launch \p grid and \p block
/// instead of \p launch's, or nothing when a component that changes is not
/// written as a literal of the launch in the analysed file.
std::optional<std::vector<FixIt>>
launchEdits(const CheckContext &context, const LaunchSite *site,
            const LaunchConfig &launch, const std::array<uint64_t, 3> &grid,
            const std::array<uint64_t, 3> &block) {
  if (!site)
    return std::nullopt;
  std::vector<FixIt> edits;
  auto edit = [&](const Dim3Value &written, unsigned d, uint64_t from,
                  uint64_t to) {
    if (from == to)
      return true;
    const std::optional<Dim3Value::Literal> &literal = written.literals[d];
    if (!literal || !context.whatIf().inAnalysedFile(literal->begin))
      return false;
    SourcePosition end = literal->begin;
    end.column = literal->endColumn;
    edits.push_back({literal->begin, end, std::to_string(to)});
    return true;
  };
  for (unsigned d = 0; d < 3; ++d)
    if (!edit(site->grid, d, launch.grid[d], grid[d]) ||
        !edit(site->block, d, launch.block[d], block[d]))
      return std::nullopt;
  llvm::sort(edits, [](const FixIt &a, const FixIt &b) {
    return std::tie(a.begin.line, a.begin.column) <
           std::tie(b.begin.line, b.begin.column);
  });
  return edits;
}

/// The time of the launch without the copies. Where seed 002's model
/// predicts it slower, it is because the model counts the copies as warps
/// that hide each other's latency, though they do no work: the note says
/// so rather than stating a verdict against the fix.
std::string timeText(const TimeVerdict &time) {
  if (!time.known())
    return "its time is " + time.verdictText(DefaultMinGain);
  if (time.pays(DefaultMinGain))
    return "the change is " + time.verdictText(DefaultMinGain);
  return "seed 002's time model cannot judge this change, which removes "
         "work and a race: it counts the copies as warps that hide each "
         "other's latency, though they wait on the same loads, and so "
         "predicts the launch without them slower (" +
         fromToText(*time.before, *time.after) + " cycles)";
}

std::optional<Finding> RedundantThreads::findingFor(const CheckContext &context,
                                                    unsigned dim) const {
  const LaunchConfig &launch = context.launch();
  const uint64_t copies = launch.block[dim];
  // The copies are a fact of the code (every one repeats the loads and the
  // stores race), reported as such; the time of the launch without them
  // supports it.
  std::optional<Deduplicated> fixed = deduplicated(context, dim);
  if (!fixed)
    return std::nullopt;
  const std::array<uint64_t, 3> &block = fixed->block;
  const TimeVerdict &time = fixed->time;

  const std::string axis(1, char('x' + dim));
  Finding f;
  f.check = Name.str();
  f.kernel = launch.kernel;
  f.position = launch.site ? *launch.site : context.kernel().position;
  f.message = "block " + dimText(launch.block) + " has " +
              std::to_string(copies) + " threads along " + axis +
              ", but the kernel never reads threadIdx." + axis +
              " or blockDim." + axis + ": each thread's work is done " +
              std::to_string(copies) +
              " times, and the copies repeat the "
              "same loads and race on the same stores";
  f.notes.push_back(
      {std::nullopt,
       "with block " + dimText(block) + " and grid " + dimText(fixed->grid) +
           " (the same bytes of every global array, without the copies), " +
           // Cut runs of other warp work: neither figure compares.
           (sameWarpRuns(fixed->runs->before, fixed->runs->after)
                ? trafficText(*fixed->runs) + "; "
                : std::string()) +
           timeText(time) + " (" + whatIfRunText(fixed->runs->sampled) + ")"});
  // An atomic whose result no thread reads tells no thread apart, but each
  // copy does it: the copies add up where plain stores would race.
  if (any_of(context.model().sites, [](const access::AccessSite &site) {
        return site.kind == AccessKind::ReadModifyWrite;
      }))
    f.notes.push_back(
        {std::nullopt, "the kernel's atomics are done " +
                           std::to_string(copies) +
                           " times too: with one thread along " + axis +
                           " they are done once, which changes what they "
                           "add up unless the copies were meant"});
  const std::string use = "launch the kernel with block " + dimText(block) +
                          " and grid " + dimText(fixed->grid) +
                          " (nothing in it tells the threads along " + axis +
                          " apart)";
  std::optional<std::vector<FixIt>> edits =
      launchEdits(context, siteOf(context), launch, fixed->grid, fixed->block);
  if (edits && !edits->empty())
    f.notes.push_back({edits->front().begin, use, std::move(*edits)});
  else
    f.notes.push_back({std::nullopt, use});
  context.addLaunchAssumptionNotes(f);
  return f;
}

Error RedundantThreads::run(const CheckContext &context,
                            std::vector<Finding> &out) const {
  const LaunchConfig &launch = context.launch();
  if (!launchPartGiven(launch, "block"))
    return Error::success();
  std::optional<access::IndexUse> use = compiledIndexUse(context);
  // An atomic's result, a shuffle or a lane id can give the threads along
  // an unread dimension different work: then the check cannot tell.
  if (!use || !use->threadDistinction.empty())
    return Error::success();
  for (unsigned dim = 0; dim < 3; ++dim) {
    if (launch.block[dim] <= 1 || use->thread[dim])
      continue;
    if (std::optional<Finding> f = findingFor(context, dim))
      out.push_back(std::move(*f));
  }
  return Error::success();
}

} // namespace

std::unique_ptr<Check> makeRedundantThreads() {
  return std::make_unique<RedundantThreads>();
}

} // namespace gpurd::advisor
