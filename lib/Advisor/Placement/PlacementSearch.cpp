//===- PlacementSearch.cpp - Ranking the placements of the arrays ---------===//

#include "../Footprint.h"
#include "PlacementTiming.h"

#include "gpurd/Advisor/WhatIf.h"
#include "gpurd/Model/ExecutionModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

namespace gpurd::advisor {
namespace {

using Placement = std::map<std::string, PlacementTarget>;

/// Every combination of the arrays' targets (an odometer over them).
std::vector<Placement>
allPlacements(const std::vector<PlacementArray> &arrays) {
  std::vector<Placement> out;
  std::vector<size_t> digit(arrays.size(), 0);
  while (true) {
    Placement placement;
    for (size_t i = 0; i < arrays.size(); ++i)
      if (arrays[i].targets[digit[i]] != arrays[i].home)
        placement[arrays[i].name] = arrays[i].targets[digit[i]];
    out.push_back(std::move(placement));
    size_t i = 0;
    for (; i < arrays.size(); ++i) {
      if (++digit[i] < arrays[i].targets.size())
        break;
      digit[i] = 0;
    }
    if (i == arrays.size())
      return out;
  }
}

/// The placement as written and each array moved alone.
std::vector<Placement> singleMoves(const std::vector<PlacementArray> &arrays) {
  std::vector<Placement> out{Placement{}};
  for (const PlacementArray &array : arrays)
    for (PlacementTarget target : array.targets)
      if (target != array.home)
        out.push_back(Placement{{array.name, target}});
  return out;
}

/// The warps an SM holds when each block also holds \p array's tile in
/// shared memory, by the cache model's occupancy rule (0: no limit known).
double sharedOccupancyWarps(const driver::KernelAnalysis &baseline,
                            const PlacementArray &array,
                            const arch::ArchDescription &arch) {
  if (!array.tileBytes)
    return 0;
  const LaunchConfig &launch = baseline.trace->config;
  llvm::Expected<unsigned> blocks = model::activeBlocksPerSm(
      arch, launch.threadsPerBlock(),
      baseline.trace->kernel->staticSharedBytes + launch.dynamicSharedBytes +
          *array.tileBytes);
  if (!blocks) {
    llvm::consumeError(blocks.takeError());
    return 0;
  }
  return static_cast<double>(std::max(1u, *blocks)) *
         baseline.results.execution.warpsPerBlock;
}

/// The what-if change that places the arrays so.
driver::KernelChange changeFor(const Placement &placement,
                               const std::vector<PlacementArray> &arrays,
                               const driver::KernelAnalysis &baseline) {
  driver::KernelChange change;
  for (const auto &[name, target] : placement)
    change.arraySpaces[name] = placementSpace(target);
  uint64_t sharedBytes = sharedTileBytes(placement, arrays);
  // A shared copy takes the block's shared memory, and its occupancy.
  if (sharedBytes)
    change.launch.dynamicSharedBytes =
        baseline.trace->config.dynamicSharedBytes + sharedBytes;
  return change;
}

/// \p time moved by a sample profile's \p correction, when there is one.
PlacementTime
profiled(PlacementTime time,
         const std::optional<model::placement::ProfileCorrection> &correction,
         const PlacementMachine &machine) {
  if (correction)
    applyProfile(time, *correction, machine);
  return time;
}

/// Leaves where they are the arrays (and the shared copies) whose moves the
/// model's own bounds show cannot gain \p minGain of \p written's time:
/// with their accesses free, and for a shared copy with its copy-in and the
/// occupancy its tile leaves too. The bounds are times of the ranking's
/// own kind (with the sample profile's \p correction), so they never drop
/// a placement that would have won.
llvm::Error pruneByBounds(
    PlacementRanking &ranking, const driver::KernelAnalysis &baseline,
    const PlacementTime &written,
    const std::optional<model::placement::ProfileCorrection> &correction,
    const PlacementMachine &machine, const arch::ArchDescription &arch,
    double minGain) {
  for (PlacementArray &array : ranking.arrays) {
    if (array.targets.size() < 2)
      continue;
    auto free =
        timePlacement(baseline, {}, ranking.arrays, machine, &array.name);
    if (!free)
      return free.takeError();
    double bound =
        1 - profiled(*free, correction, machine).total() / written.total();
    if (bound < minGain) {
      array.excluded.push_back("'" + array.name +
                               "' stays where it is: were its accesses free, "
                               "the time would drop by " +
                               llvm::formatv("{0:P1}", bound).str() +
                               ", less than the gain asked for");
      array.targets.resize(1);
      continue;
    }
    if (!llvm::is_contained(array.targets, PlacementTarget::Shared))
      continue;
    // What the model predicts beyond the reads a copy saves comes from how
    // it times the copy-in (one DRAM round trip at the DRAM bandwidth, seed
    // 002 §III-B), not from the change: rodinia's rdwt53Kernel, which
    // streams its input through a shared window already, reads each byte
    // 1.0013 times and was told to copy its 58.5 KB tile for -30%.
    if (std::optional<std::string> why = sharedReuseExclusion(array, minGain)) {
      array.excluded.push_back(*why);
      llvm::erase(array.targets, PlacementTarget::Shared);
      continue;
    }
    auto shared = timePlacement(
        baseline, {{array.name, PlacementTarget::Shared}}, ranking.arrays,
        machine, &array.name, sharedOccupancyWarps(baseline, array, arch));
    if (!shared)
      return shared.takeError();
    double sharedBound =
        1 - profiled(*shared, correction, machine).total() / written.total();
    if (sharedBound < minGain) {
      array.excluded.push_back(
          "'" + array.name +
          "' is not copied to shared memory: with its copy-in and the "
          "occupancy its tile leaves, even free accesses would change the "
          "time by " +
          llvm::formatv("{0:P1}", -sharedBound).str());
      llvm::erase(array.targets, PlacementTarget::Shared);
    }
  }
  return llvm::Error::success();
}

/// What \p measured gives, for the assumptions: `issued instructions, L1
/// hit rate`.
std::string measuredEventsText(const model::placement::MeasuredEvents &m) {
  std::vector<std::string> parts;
  if (m.instructionsIssued)
    parts.push_back("issued instructions");
  if (m.l1HitRate)
    parts.push_back("L1 hit rate");
  if (m.l2HitRate)
    parts.push_back("L2 hit rate");
  return parts.empty() ? std::string("no event the model reads")
                       : llvm::join(parts, ", ");
}

std::vector<std::string>
assumptionsOf(const driver::KernelAnalysis &baseline,
              const arch::ArchDescription &arch,
              const PlacementSearchOptions &options,
              const model::placement::MeasuredEvents *measured) {
  std::vector<std::string> out{
      measured
          ? "the placement as written has the events measured in " +
                measured->source + " (" + measuredEventsText(*measured) +
                "; the rest from gpurd's models), and every other placement "
                "those events moved by the difference gpurd's models "
                "predict between it and the placement as written (seed 002's "
                "method from its sample placement)"
          : "the events of every placement come from gpurd's models of the "
            "compiled kernel (instructions of its optimised IR, the cache "
            "model's misses), not from a profile measured on a GPU as seed "
            "002's sample placement is",
      options.calibration
          ? "Toverlap is seed 002's Eq. 11 with the coefficients fitted in " +
                options.calibrationSource
          : "Toverlap is uncalibrated: Sim et al.'s CWP/MWP form (seed 002 "
            "appendix), not seed 002's fitted Eq. 11",
      "each warp's instruction-level parallelism is 1 and its memory-level "
      "parallelism (Eq. 18's MLP) is the mean number of memory instructions "
      "it issues before it waits on one of their results, in the compiled "
      "kernel with its loops unrolled as Clang's O3 unrolls them; W_serial "
      "(synchronisation, SFU, divergence) is left out: it is the same for "
      "every placement"};
  if (baseline.dram)
    out.push_back("the DRAM latency is seed 002's row-buffer and bank-queue "
                  "model on the reads the modelled SMs' L2 misses send, their "
                  "arrival times compressed by the SMs not modelled");
  else
    out.push_back("the DRAM latency is arch '" + arch.name +
                  "''s constant dram.minLatency: the arch gives no DRAM "
                  "address mapping, so row-buffer conflicts and bank queues "
                  "are not modelled (seed 002's 'baseline' of §V-B)");
  if (!baseline.results.sampling.l2SeesEverySm())
    out.push_back("the L2 saw the requests of a sample of the SMs: data "
                  "other SMs bring into it counts as DRAM reads");
  out.push_back("a shared copy holds the bytes a block accesses of the "
                "array (the most of the modelled blocks), has the bank "
                "conflicts of their global addresses, and is loaded by each "
                "block in one DRAM round trip at the DRAM bandwidth");
  return out;
}

} // namespace

llvm::Expected<PlacementRanking>
rankPlacements(WhatIfRunner &runner, const PlacementSearchOptions &options) {
  const arch::ArchDescription &arch = runner.analysisContext().arch();
  auto machine = placementMachine(arch);
  if (!machine)
    return machine.takeError();
  // The search's own calibration, else the context's (--calibration).
  PlacementSearchOptions given = options;
  const driver::ModelOptions &model = runner.analysisContext().modelOptions();
  if (!given.calibration && model.placementCalibration) {
    given.calibration = model.placementCalibration;
    given.calibrationSource = model.placementCalibrationSource;
  }
  machine->overlap = given.calibration;
  auto baseline = runner.comparedBaseline();
  if (!baseline)
    return baseline.takeError();

  PlacementRanking ranking;
  ranking.kernel = runner.kernelInfo().name;
  ranking.arrays = placementArrays(*baseline, arch);
  auto written = timePlacement(*baseline, {}, ranking.arrays, *machine);
  if (!written)
    return written.takeError();
  // A measured profile of the placement as written: every placement's
  // events move by its difference from the modelled ones (seed 002 §III).
  const std::vector<model::placement::MeasuredEvents> &profile =
      given.sampleProfile.empty() ? model.sampleProfile : given.sampleProfile;
  std::optional<model::placement::ProfileCorrection> correction;
  if (const model::placement::MeasuredEvents *measured =
          measuredEventsOf(profile, ranking.kernel)) {
    auto found =
        model::placement::profileCorrection(*measured, written->events);
    if (!found)
      return found.takeError();
    correction = *found;
    ranking.measured = *measured;
  }
  ranking.clockMHz = arch.clockMHz.value_or(0);
  const PlacementTime writtenTime = profiled(*written, correction, *machine);
  if (options.minGain > 0)
    if (llvm::Error error =
            pruneByBounds(ranking, *baseline, writtenTime, correction, *machine,
                          arch, options.minGain))
      return std::move(error);
  std::vector<PlacementArray> movable;
  for (const PlacementArray &array : ranking.arrays) {
    ranking.combinations *= array.targets.size();
    if (array.targets.size() > 1)
      movable.push_back(array);
  }
  ranking.exhaustive = ranking.combinations <= options.exhaustiveLimit;
  std::vector<Placement> placements =
      ranking.exhaustive ? allPlacements(movable) : singleMoves(movable);

  // The time of \p placement; nothing when its run does not compare with
  // the kernel's as written (each moved array then says why).
  auto timeOf = [&](const Placement &placement)
      -> llvm::Expected<std::optional<PlacementTime>> {
    if (placement.empty())
      return writtenTime;
    auto compared = runner.compare(changeFor(placement, movable, *baseline));
    if (!compared)
      return compared.takeError();
    if (!sameWarpRuns(*baseline, compared->after)) {
      const std::string why =
          PlacementTime{placement}.describe() +
          " is not ranked: gpurd cut the blocks' runs to what it holds, and "
          "the first parts of the two runs do not compare";
      for (PlacementArray &array : ranking.arrays)
        if (placement.count(array.name))
          array.excluded.push_back(why);
      return std::nullopt;
    }
    auto time =
        timePlacement(compared->after, placement, ranking.arrays, *machine);
    if (!time)
      return time.takeError();
    return profiled(std::move(*time), correction, *machine);
  };
  for (const Placement &placement : placements) {
    auto time = timeOf(placement);
    if (!time)
      return time.takeError();
    if (*time)
      ranking.candidates.push_back(std::move(**time));
  }
  if (!ranking.exhaustive) {
    // Pruned: every array's best move together, when it has more than one.
    Placement combined;
    for (const PlacementArray &array : movable) {
      const PlacementTime *best = nullptr;
      for (const PlacementTime &candidate : ranking.candidates)
        if (candidate.moved.size() == 1 && candidate.moved.count(array.name) &&
            (!best || candidate.total() < best->total()))
          best = &candidate;
      if (best && best->total() < ranking.candidates.front().total())
        combined[array.name] = best->moved.begin()->second;
    }
    if (combined.size() > 1) {
      auto time = timeOf(combined);
      if (!time)
        return time.takeError();
      if (*time)
        ranking.candidates.push_back(std::move(**time));
    }
  }
  std::stable_sort(ranking.candidates.begin(), ranking.candidates.end(),
                   [](const PlacementTime &a, const PlacementTime &b) {
                     return a.total() < b.total();
                   });
  const PlacementTime &asWritten = ranking.asWritten();
  for (PlacementTime &candidate : ranking.candidates)
    if (!candidate.asWritten())
      candidate.factor = decidingFactor(asWritten, candidate, *machine);
  ranking.assumptions = assumptionsOf(
      *baseline, arch, given, ranking.measured ? &*ranking.measured : nullptr);
  if (!profile.empty() && !ranking.measured) {
    std::vector<std::string> names;
    for (const model::placement::MeasuredEvents &events : profile)
      names.push_back("'" + events.kernel + "'");
    ranking.assumptions.insert(
        ranking.assumptions.begin() + 1,
        profile.front().source + " has no events of kernel '" + ranking.kernel +
            "' (it has " + llvm::join(names, ", ") +
            "), so its placement as written is modelled too");
  }
  return ranking;
}

} // namespace gpurd::advisor
