//===- CacheModel.cpp - The reuse-distance GPU cache model ----------------===//
//
// Seed 001 Algorithm 1 over seed 000's and seed 001's L1 models: every
// modelled SM's L1 is run by its engine; the requests leaving the L1s feed the
// shared L2 in the order they leave (time, then SM). The SMs advance side by
// side in windows of time so the L2 stream is never held whole. See
// docs/cache-model.md.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Model/CacheModel.h"

#include "gpurd/Model/ExecutionModel.h"
#include "gpurd/Model/LocalMemory.h"
#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Support/UserInput.h"

#include "Engines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpurd::model {
namespace {

llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// "192 KB", "0 KB", "1.5 KB" (KiB, as CUDA's documentation writes them).
std::string formatKiB(uint64_t bytes) {
  if (bytes % 1024 == 0)
    return std::to_string(bytes / 1024) + " KB";
  return llvm::formatv("{0:F1} KB", double(bytes) / 1024.0).str();
}

/// SMs that get at least one block under \p mapping.
unsigned activeSmCount(arch::BlockMapping mapping, uint64_t numBlocks,
                       unsigned numSms) {
  uint64_t units = numBlocks;
  if (mapping == arch::BlockMapping::Partition4)
    units = (numBlocks + 3) / 4;
  else if (mapping == arch::BlockMapping::Partition8)
    units = (numBlocks + 7) / 8;
  return static_cast<unsigned>(std::min<uint64_t>(units, numSms));
}

/// Seed 000 §4.6 models a subset of the cores and generalises; the L2 is
/// shared, so the modelled SMs get the share of it they would have: sets per
/// bank and MSHR entries scaled by modelled / active SMs (powers of two stay
/// powers of two for XOR indexing).
void scaleL2(CacheLevelConfig &l2, double fraction, SamplingInfo &sampling) {
  sampling.l2SetsPerBankFull = l2.setsPerBank;
  sampling.l2MshrEntriesFull = l2.mshr.entries;
  if (fraction < 1.0) {
    double sets = std::max(1.0, std::round(double(l2.setsPerBank) * fraction));
    uint64_t scaled = static_cast<uint64_t>(sets);
    if (l2.index.kind == arch::IndexFunctionKind::Xor &&
        llvm::isPowerOf2_64(l2.setsPerBank)) {
      // Nearest power of two (in log scale).
      double exponent = std::round(std::log2(sets));
      scaled = uint64_t(1) << static_cast<unsigned>(std::max(0.0, exponent));
      // Explicit XOR bit groups beyond the new index width are dropped by
      // IndexFunction::setIndex's final modulo.
    }
    if (l2.index.kind == arch::IndexFunctionKind::FullyAssociative) {
      l2.assoc = static_cast<unsigned>(
          std::max(1.0, std::round(double(l2.assoc) * fraction)));
    } else {
      l2.setsPerBank = std::max<uint64_t>(scaled, 1);
    }
    if (l2.mshr.entries)
      l2.mshr.entries = static_cast<unsigned>(
          std::max(1.0, std::round(double(l2.mshr.entries) * fraction)));
  }
  sampling.l2SetsPerBank = l2.setsPerBank;
  sampling.l2MshrEntries = l2.mshr.entries;
}

/// The L1 line requests of block 0 (the first block the model would
/// start), as the engines would see them; \p instructions is set to its
/// warp memory instructions (also those of shared memory and barriers,
/// which cost the engines a step each but no request).
llvm::Expected<uint64_t> requestsOfFirstBlock(const KernelTraceInput &input,
                                              const CacheLevelConfig &l1,
                                              unsigned l2LineSize,
                                              uint64_t &instructions) {
  std::vector<WarpRequests> warps;
  if (input.requestBlock) {
    if (llvm::Error e = input.requestBlock(0, l1, l2LineSize, warps))
      return e;
  } else {
    std::vector<trace::WarpTrace> traces;
    if (llvm::Error e = input.traceBlock(0, traces))
      return e;
    warps.resize(traces.size());
    RequestCounts counts;
    LocalMemoryLayout local = localMemoryLayout(input.launch.numBlocks(),
                                                input.launch.warpsPerBlock());
    trace::WarpTrace placed;
    for (size_t w = 0; w < traces.size(); ++w)
      prepareWarpRequests(placeLocalMemory(traces[w], local, placed), l1,
                          l2LineSize, warps[w], counts);
  }
  uint64_t requests = 0;
  instructions = 0;
  for (const WarpRequests &warp : warps) {
    instructions += warp.ops.size();
    for (const WarpMemoryOp &op : warp.ops)
      requests += op.l1Count;
  }
  return requests;
}

/// Seed 000 §4.6: how many of the \p activeSms SMs to model so that their
/// L1 requests stay within the budget (at least one).
unsigned smsWithinBudget(uint64_t perBlock, uint64_t numBlocks,
                         unsigned activeSms, uint64_t budget) {
  if (activeSms == 0 || perBlock == 0)
    return activeSms;
  // Each SM runs about numBlocks / activeSms blocks.
  double perSm = double(perBlock) * double(numBlocks) / double(activeSms);
  double fits = std::floor(double(budget) / perSm);
  return static_cast<unsigned>(
      std::clamp(fits, 1.0, static_cast<double>(activeSms)));
}

void mergeIntervals(std::vector<ReuseProfile> &into,
                    const std::optional<IntervalReuseProfile> &from,
                    uint64_t exactLimit) {
  if (!from)
    return;
  const std::vector<ReuseProfile> &intervals = from->intervals();
  if (into.size() < intervals.size())
    into.resize(intervals.size(), ReuseProfile(exactLimit));
  for (size_t i = 0; i < intervals.size(); ++i)
    into[i].merge(intervals[i]);
}

void collectProfiles(CacheLevel &level, CacheReuseProfiles &out,
                     uint64_t exactLimit) {
  out.perSet.merge(level.perSetProfile());
  mergeIntervals(out.perSetIntervals, level.perSetIntervalProfile(),
                 exactLimit);
  if (level.faProfile()) {
    if (!out.fullyAssociative)
      out.fullyAssociative.emplace(exactLimit);
    out.fullyAssociative->merge(*level.faProfile());
    mergeIntervals(out.fullyAssociativeIntervals, level.faIntervalProfile(),
                   exactLimit);
  }
}

/// One run of the cache model, step by step: the L1 the launch gets (its
/// share of the SM's L1 and shared memory), the engine, the L2, which SMs
/// and blocks are modelled within the request budget, the engines' run, and
/// the results. Each step reads what the steps before it chose.
class CacheModelRun {
public:
  CacheModelRun(const arch::ArchDescription &arch,
                const KernelTraceInput &input, const CacheModelOptions &options)
      : arch(arch), input(input), options(options), launch(input.launch),
        numBlocks(launch.numBlocks()) {}

  llvm::Expected<CacheModelResults> run();

private:
  llvm::Error checkLaunch();
  llvm::Error chooseL1();
  void noteCarveout(const L1Carveout &carveout);
  void chooseEngine();
  llvm::Error chooseL2();
  llvm::Error chooseClock();
  void useCycles(const CycleFigures &figures);
  llvm::Error chooseSms();
  llvm::Error fitRequestBudget(unsigned &count);
  bool sampleInTime(uint64_t requests, uint64_t instructions,
                    uint64_t blocksPerSm);
  llvm::Error checkResidentSetBudget(uint64_t requests, uint64_t instructions,
                                     uint64_t blocksPerSm);
  void recordSampling();
  ActiveSetPolicy chooseActiveSet();
  unsigned warpSchedulers();
  void createEngines();
  llvm::Error runEngines();
  void collectResults();
  void collectSm(SmEngine &smEngine,
                 std::map<uint32_t, SiteCacheResults> &sites);
  void collectL2(std::map<uint32_t, SiteCacheResults> &sites);
  void describeSampling();

  const arch::ArchDescription &arch;
  const KernelTraceInput &input;
  const CacheModelOptions &options;
  const trace::TraceLaunch &launch;
  const uint64_t numBlocks;
  CacheModelResults results;

  unsigned activeBlocks = 0;
  CacheLevelConfig l1;
  ExecutionEngine engine = ExecutionEngine::Auto;
  std::optional<CacheLevelConfig> l2;
  Clock clock = Clock::Requests;
  CycleFigures cycleFigures;
  /// Clock::Cycles: the L2's read hit rate so far, which sets the L1's miss
  /// latency (LatencyConfig::l2HitRate).
  double l2HitRate = 0;
  arch::BlockMapping mapping = arch::BlockMapping::RoundRobin;
  unsigned numSms = 1;
  unsigned activeSms = 0;
  /// The SMs modelled, of which modelledActive get blocks; blockLimit, when
  /// not 0, is how many blocks of each are modelled.
  std::vector<unsigned> sms;
  unsigned modelledActive = 0;
  uint64_t blockLimit = 0;
  bool sampledInTime = false;
  ProfileSettings profiles;
  std::vector<std::unique_ptr<SmEngine>> engines;
  std::unique_ptr<L2Engine> l2Engine;
};

llvm::Expected<CacheModelResults> CacheModelRun::run() {
  if (llvm::Error e = checkLaunch())
    return e;
  if (llvm::Error e = chooseL1())
    return e;
  chooseEngine();
  if (llvm::Error e = chooseL2())
    return e;
  if (llvm::Error e = chooseClock())
    return e;
  if (llvm::Error e = chooseSms())
    return e;
  recordSampling();
  createEngines();
  if (llvm::Error e = runEngines())
    return e;
  collectResults();
  describeSampling();
  return std::move(results);
}

/// The options and the launch, and the blocks resident on an SM.
llvm::Error CacheModelRun::checkLaunch() {
  if (!input.traceBlock && !input.requestBlock)
    return error("the cache model was given no trace producer");
  if (options.profileExactLimit == 0 ||
      !llvm::isPowerOf2_64(options.profileExactLimit))
    return error(llvm::formatv("the reuse-profile exact limit must be a power "
                               "of two, got {0}",
                               options.profileExactLimit));
  const uint64_t threadsPerBlock = launch.threadsPerBlock();
  if (threadsPerBlock == 0)
    return error("the launch has blocks of 0 threads");
  llvm::Expected<unsigned> resident =
      activeBlocksPerSm(arch, threadsPerBlock, input.sharedBytesPerBlock);
  if (!resident)
    return resident.takeError();
  activeBlocks = *resident;
  if (options.maxResidentBlocksPerSm)
    activeBlocks = std::min(activeBlocks, options.maxResidentBlocksPerSm);
  return llvm::Error::success();
}

/// The L1 this launch gets of a unified L1/shared storage (Volta and
/// later): not in the seeds, whose GPUs fix the split; see Carveout.cpp.
llvm::Error CacheModelRun::chooseL1() {
  std::optional<L1Carveout> carveout =
      chooseL1Carveout(arch, input.sharedBytesPerBlock, activeBlocks);
  llvm::Expected<CacheLevelConfig> resolved = [&] {
    if (!carveout)
      return resolveL1(arch);
    arch::ArchDescription sized = arch;
    sized.l1->size = carveout->l1Bytes;
    sized.l1->assoc = carveout->assoc;
    return resolveL1(sized);
  }();
  if (!resolved)
    return resolved.takeError();
  l1 = std::move(*resolved);
  if (carveout)
    noteCarveout(*carveout);
  results.execution.l1Bytes = l1.totalLines() * l1.lineSize;
  results.execution.l1Sets = l1.setsPerBank * l1.banks();
  results.execution.l1Assoc = l1.assoc;
  results.execution.l1SectorSize = l1.sectorSize;
  return llvm::Error::success();
}

void CacheModelRun::noteCarveout(const L1Carveout &carveout) {
  // "0, 8, 16 or 32 KB".
  std::string carveouts;
  const std::vector<uint64_t> &all = arch.sm.sharedMemoryCarveouts;
  for (size_t i = 0; i < all.size(); ++i) {
    std::string kib = formatKiB(all[i]);
    kib.resize(kib.size() - 3); // " KB"
    carveouts += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + kib;
  }
  carveouts += " KB";
  results.execution.sharedCarveoutBytes = carveout.sharedBytes;
  // "1152 B (the kernel's 33 B in 128-byte units plus the 1024 B CUDA
  // reserves per block)".
  uint64_t perBlock = allocatedSharedBytes(arch, input.sharedBytesPerBlock);
  std::string block = std::to_string(perBlock) + " B";
  if (perBlock != input.sharedBytesPerBlock) {
    block +=
        " (the kernel's " + std::to_string(input.sharedBytesPerBlock) + " B";
    if (arch.sm.sharedMemoryAllocationUnit.value_or(1) > 1)
      block += " in " + std::to_string(*arch.sm.sharedMemoryAllocationUnit) +
               "-byte units";
    if (arch.sm.reservedSharedMemoryPerBlock.value_or(0))
      block += " plus the " +
               std::to_string(*arch.sm.reservedSharedMemoryPerBlock) +
               " B CUDA reserves per block";
    block += ")";
  }
  results.notes.push_back(llvm::formatv(
      "the L1 is {0} of the SM's {1} of L1 and shared memory ({2} sets x "
      "{3} ways): the shared-memory carve-out is {4}, the smallest of {5} "
      "that holds {6} resident blocks x {7}, as CUDA's driver picks by "
      "default; {8} uses l1.size as given",
      formatKiB(carveout.l1Bytes), formatKiB(*arch.sm.l1SharedCapacity),
      carveout.sets, carveout.assoc, formatKiB(carveout.sharedBytes), carveouts,
      activeBlocks, block,
      userInput(UserInput::ArchSetting, "sm.sharedMemoryCarveouts=null")));
}

/// The SM engine, and the L1's policy on MSHR reservation failures when the
/// arch gives none.
void CacheModelRun::chooseEngine() {
  engine = options.engine;
  if (engine == ExecutionEngine::Auto)
    engine = l1.portsPerBank > 0 || l1.banksPerPartition > 1
                 ? ExecutionEngine::ParallelSteps
                 : ExecutionEngine::WarpQueue;
  if (!l1.mshr.onFailureGiven) {
    l1.mshr.onFailure = engine == ExecutionEngine::WarpQueue
                            ? arch::ReservationFailurePolicy::Reissue
                            : arch::ReservationFailurePolicy::StallWarp;
    results.notes.push_back(llvm::formatv(
        "arch '{0}' gives no l1.mshr.reservationFailure; the {1} engine's "
        "policy '{2}' is used",
        arch.name, executionEngineName(engine),
        arch::toString(l1.mshr.onFailure)));
  }
}

/// The L2, unless it is off or (by default) the arch does not describe it.
llvm::Error CacheModelRun::chooseL2() {
  if (options.l2 != L2Mode::Off) {
    llvm::Expected<CacheLevelConfig> resolved = resolveL2(arch);
    if (resolved) {
      l2 = std::move(*resolved);
      if (l2->portsPerBank == 0)
        results.notes.push_back(llvm::formatv(
            "arch '{0}' gives no l2.ports; every L2 bank serves all the "
            "requests that reach it in a step",
            arch.name));
    } else if (options.l2 == L2Mode::On) {
      return resolved.takeError();
    } else {
      results.notes.push_back("the L2 is not modelled: " +
                              llvm::toString(resolved.takeError()));
    }
  }
  results.l2Modelled = l2.has_value();
  results.execution.l2SectorSize = l2 ? l2->sectorSize : 0;
  return llvm::Error::success();
}

/// What the model's time counts: cycles when the arch gives the figures
/// (or the options ask for them), else seed 000's requests.
llvm::Error CacheModelRun::chooseClock() {
  llvm::Expected<CycleFigures> figures = resolveCycles(arch);
  clock = options.clock;
  if (clock == Clock::Cycles && !figures)
    return figures.takeError();
  if (clock == Clock::Auto) {
    clock = figures ? Clock::Cycles : Clock::Requests;
    if (!figures)
      results.notes.push_back(
          "the model's time counts L1 requests, as seed 000 §4.2 defines it, "
          "not cycles: " +
          llvm::toString(figures.takeError()));
  } else if (!figures) {
    llvm::consumeError(figures.takeError());
  }
  results.execution.clock = clockName(clock);
  if (clock == Clock::Cycles) {
    useCycles(*figures);
    return llvm::Error::success();
  }
  if (l2 && !l2->hasLatencyModel)
    results.notes.push_back(llvm::formatv(
        "arch '{0}' gives no l2.latencyModel; an L2 miss fills its line at "
        "the end of its step (only requests in the same step merge into "
        "it as latency misses)",
        arch.name));
  return llvm::Error::success();
}

/// Clock::Cycles: an L1 hit takes l1.hitLatency; an L1 miss the L2's hit
/// latency or DRAM's, in the proportion of the L2's hit rate so far (see
/// LatencyConfig); at the L2, a hit takes effect when it arrives and a miss
/// fills after DRAM's latency less the L2's.
void CacheModelRun::useCycles(const CycleFigures &figures) {
  cycleFigures = figures;
  LatencyConfig &latency = l1.latency;
  latency.hit = figures.l1Hit;
  latency.cyclesFromL2 = true;
  latency.l2HitCycles = figures.l2Hit;
  latency.dramCycles = figures.dram;
  latency.l2HitRate = l2 ? &l2HitRate : nullptr;
  l1.hasLatencyModel = true;
  if (l2) {
    LatencyConfig fixed;
    fixed.kind = arch::LatencyModelKind::Conditional;
    fixed.hit = 0;
    fixed.miss = std::max(figures.dram - figures.l2Hit, 0.0);
    l2->latency = fixed;
    l2->hasLatencyModel = true;
  }
  auto cycles = [](double value) {
    return llvm::formatv("{0}", llvm::format("%g", value)).str();
  };
  results.notes.push_back(llvm::formatv(
      "time is in core cycles: L1 hits take {0}, L2 hits {1}, loads DRAM "
      "serves {2} (l1.hitLatency, l2.hitLatency, dram.minLatency; an L1 "
      "miss waits for the L2's share at its hit latency so far and DRAM's "
      "for the rest); the L1 handles {3} line requests a cycle; each of the "
      "{4} warp schedulers issues {5} instruction{6} a cycle",
      cycles(figures.l1Hit), cycles(figures.l2Hit), cycles(figures.dram),
      figures.requestsPerCycle, arch.sm.warpSchedulers.value_or(1),
      figures.issueWidth, figures.issueWidth == 1 ? "" : "s"));
}

/// The SMs modelled: those asked for, or as many as asked for or as fit the
/// request budget.
llvm::Error CacheModelRun::chooseSms() {
  mapping = options.blockMapping.value_or(
      arch.sm.blockMapping.value_or(arch::BlockMapping::RoundRobin));
  numSms = std::max(arch.sm.count, 1u);
  activeSms = activeSmCount(mapping, numBlocks, numSms);

  blockLimit = options.maxBlocksPerSm;
  if (options.maxWavesPerSm) {
    const uint64_t waves = options.maxWavesPerSm * std::max(activeBlocks, 1u);
    blockLimit = blockLimit ? std::min(blockLimit, waves) : waves;
  }
  sms = options.sms;
  if (!sms.empty()) {
    std::sort(sms.begin(), sms.end());
    sms.erase(std::unique(sms.begin(), sms.end()), sms.end());
    for (unsigned sm : sms)
      if (sm >= numSms)
        return error(llvm::formatv("SM {0} does not exist: arch '{1}' has {2} "
                                   "SMs (0-{3})",
                                   sm, arch.name, numSms, numSms - 1));
    return llvm::Error::success();
  }
  unsigned count = options.modelledSms;
  if (count == 0 && (options.requestBudget || options.instructionBudget))
    if (llvm::Error e = fitRequestBudget(count))
      return e;
  if (!sampledInTime)
    sms = pickModelledSms(activeSms, count);
  return llvm::Error::success();
}

/// Seed 000 §4.6: \p count SMs whose L1 requests (and interpreted
/// instructions), estimated from block 0's, stay within the budgets, and
/// when one SM is over a budget by itself, its first blocks only.
llvm::Error CacheModelRun::fitRequestBudget(unsigned &count) {
  uint64_t before =
      input.instructionsExecuted ? input.instructionsExecuted() : 0;
  uint64_t warpInstructions = 0;
  llvm::Expected<uint64_t> perBlock = requestsOfFirstBlock(
      input, l1, l2 ? l2->lineSize : l1.lineSize, warpInstructions);
  if (!perBlock)
    return perBlock.takeError();
  // For assumed sizes, a block's cost is also its warp memory
  // instructions: a kernel that loops over shared memory makes few
  // requests and many steps (Rodinia pathfinder's assumed iteration
  // count). Given launches keep the request count of seed 000 §4.6.
  if (options.failWhenOneSmIsOverBudget)
    *perBlock = std::max(*perBlock, warpInstructions);
  uint64_t instructions =
      input.instructionsExecuted ? input.instructionsExecuted() - before : 0;
  SamplingInfo &sampling = results.sampling;
  sampling.requestsOfFirstBlock = *perBlock;
  sampling.estimatedRequests = *perBlock * numBlocks;
  sampling.requestBudget = options.requestBudget;
  if (options.instructionBudget && instructions) {
    sampling.instructionsOfFirstBlock = instructions;
    sampling.instructionBudget = options.instructionBudget;
  }
  uint64_t blocksPerSm =
      activeSms ? (numBlocks + activeSms - 1) / activeSms : 0;
  if (options.failWhenOneSmIsOverBudget)
    if (llvm::Error e =
            checkResidentSetBudget(*perBlock, instructions, blocksPerSm))
      return e;
  count = activeSms;
  // Each budget: the SMs whose blocks fit, and when one SM's blocks are
  // over it by itself, its first blocks only, at least one active set.
  auto fit = [&](uint64_t perBlockCost, uint64_t budget) {
    if (!budget || !perBlockCost)
      return;
    unsigned fits = smsWithinBudget(perBlockCost, numBlocks, activeSms, budget);
    count = std::min(count, fits);
    if (fits <= 1 && perBlockCost * blocksPerSm > budget &&
        options.maxBlocksPerSm == 0) {
      uint64_t limit = std::max<uint64_t>(budget / perBlockCost, activeBlocks);
      blockLimit = blockLimit ? std::min(blockLimit, limit) : limit;
    }
  };
  if (options.sampling == Sampling::Time &&
      sampleInTime(*perBlock, sampling.instructionsOfFirstBlock, blocksPerSm))
    return llvm::Error::success();
  fit(*perBlock, options.requestBudget);
  fit(sampling.instructionsOfFirstBlock, sampling.instructionBudget);
  count = std::max(count, 1u);
  return llvm::Error::success();
}

/// Sampling in time: every active SM runs its first blocks, whole waves of
/// activeBlocks, as many as the budgets allow (blockLimit; none when all
/// fit), and at least the first wave while its requests are at most
/// FirstWaveRequestBudgets request budgets (a part of a wave would leave the
/// L1s emptier than they are: on the V100, examples/matmul.cu's naive kernel
/// with half a wave gets 58 % L1 hits instead of 73 %) and its interpreted
/// instructions within the instruction budget (interpretation is the slow
/// part). False otherwise: then the SMs are sampled instead.
bool CacheModelRun::sampleInTime(uint64_t requests, uint64_t instructions,
                                 uint64_t blocksPerSm) {
  constexpr uint64_t FirstWaveRequestBudgets = 4;
  const uint64_t wave = std::min<uint64_t>(activeBlocks, blocksPerSm);
  uint64_t blocks = blocksPerSm;
  bool fits = true;
  auto fit = [&](uint64_t perBlock, uint64_t budget, uint64_t allowance) {
    if (!budget || !perBlock)
      return;
    const uint64_t perWave = perBlock * std::max(activeSms, 1u) * wave;
    if (perWave > budget * allowance)
      fits = false;
    uint64_t waves = budget / perWave;
    blocks = std::min(blocks, std::max<uint64_t>(waves, 1) * wave);
  };
  fit(requests, options.requestBudget, FirstWaveRequestBudgets);
  fit(instructions, results.sampling.instructionBudget, 1);
  if (!fits || blocks == 0)
    return false;
  sms = pickModelledSms(activeSms, activeSms);
  if (blocks < blocksPerSm)
    blockLimit = blockLimit ? std::min<uint64_t>(blockLimit, blocks) : blocks;
  sampledInTime = true;
  return true;
}

/// With failWhenOneSmIsOverBudget: an error when one SM's resident blocks,
/// each costing block 0's \p requests (and \p instructions), are over a
/// budget by themselves (of \p blocksPerSm blocks, at most activeBlocks
/// are resident at once).
llvm::Error CacheModelRun::checkResidentSetBudget(uint64_t requests,
                                                  uint64_t instructions,
                                                  uint64_t blocksPerSm) {
  uint64_t resident =
      std::max<uint64_t>(1, std::min<uint64_t>(activeBlocks, blocksPerSm));
  auto over = [&](uint64_t cost, uint64_t budget,
                  const char *what) -> llvm::Error {
    if (!budget || cost * resident <= budget)
      return llvm::Error::success();
    return makeBoundError(
        LaunchBound::BlockLength,
        llvm::formatv("the {0} resident blocks of one SM make {1} {2} "
                      "(block 0 makes {3}), more than the budget of {4}",
                      resident, cost * resident, what, cost, budget)
            .str());
  };
  if (llvm::Error e = over(requests, options.requestBudget, "L1 requests"))
    return e;
  return over(instructions, options.instructionBudget,
              "interpreted instructions");
}

/// What is modelled, in results.execution and results.sampling, and the L2
/// scaled to the modelled SMs.
void CacheModelRun::recordSampling() {
  l1.latency.activeSms = std::max(activeSms, 1u);

  ExecutionInfo &execution = results.execution;
  execution.engine = executionEngineName(engine);
  execution.blockMapping = arch::toString(mapping).str();
  execution.activeBlocksPerSm = activeBlocks;
  execution.warpsPerBlock = launch.warpsPerBlock();
  auto drawsAtRandom = [](const CacheLevelConfig &c) {
    return (c.hasLatencyModel &&
            c.latency.kind == arch::LatencyModelKind::HalfNormal &&
            c.latency.sigma > 0) ||
           c.replacement == arch::ReplacementPolicy::Random;
  };
  execution.randomDraws = drawsAtRandom(l1) || (l2 && drawsAtRandom(*l2)) ||
                          mapping == arch::BlockMapping::Random;

  SamplingInfo &sampling = results.sampling;
  sampling.totalSms = numSms;
  sampling.activeSms = activeSms;
  sampling.modelledSms = sms;
  sampling.totalBlocks = numBlocks;

  // Sampling the SMs: the L2 is scaled to the modelled SMs' share.
  for (unsigned sm : sms)
    if (sm < activeSms)
      ++modelledActive;
  double fraction =
      activeSms ? double(std::max(modelledActive, 1u)) / double(activeSms)
                : 1.0;
  if (l2)
    scaleL2(*l2, std::min(fraction, 1.0), sampling);
}

/// How the SMs' resident blocks are replaced: refilled as blocks finish, or
/// in waves.
ActiveSetPolicy CacheModelRun::chooseActiveSet() {
  ActiveSetPolicy activeSet = options.activeSet;
  if (activeSet == ActiveSetPolicy::Auto)
    activeSet = engine == ExecutionEngine::WarpQueue ? ActiveSetPolicy::Refill
                                                     : ActiveSetPolicy::Waves;
  if (engine == ExecutionEngine::ParallelSteps &&
      activeSet == ActiveSetPolicy::Refill) {
    results.notes.push_back("the parallel-steps engine runs blocks in waves "
                            "(seed 001 Algorithm 2); refill is ignored");
    activeSet = ActiveSetPolicy::Waves;
  }
  return activeSet;
}

unsigned CacheModelRun::warpSchedulers() {
  if (engine == ExecutionEngine::ParallelSteps && !arch.sm.warpSchedulers)
    results.notes.push_back(llvm::formatv(
        "arch '{0}' gives no sm.warpSchedulers; one scheduler per SM is "
        "modelled",
        arch.name));
  return arch.sm.warpSchedulers.value_or(1);
}

/// One engine for each modelled SM, with its blocks, and the L2's.
void CacheModelRun::createEngines() {
  profiles.exactLimit = options.profileExactLimit;
  profiles.interval = options.profileInterval;
  profiles.fullyAssociative = options.fullyAssociativeProfiles;
  ActiveSetPolicy activeSet = chooseActiveSet();
  unsigned schedulers = warpSchedulers();

  SamplingInfo &sampling = results.sampling;
  for (unsigned sm : sms) {
    SmEngineSetup setup;
    setup.options = &options;
    setup.input = &input;
    setup.l1 = l1;
    // Without an L2, requests leaving the L1 are still counted, in L1 lines.
    setup.l2LineSize = l2 ? l2->lineSize : l1.lineSize;
    setup.l2SectorSize = l2 ? l2->sectorSize : 0;
    setup.emitRequests = l2.has_value();
    setup.sm = sm;
    setup.blocks = blocksOfSm(mapping, numBlocks, numSms, sm, options.seed);
    if (blockLimit && setup.blocks.size() > blockLimit) {
      // Its first blocks, in the order the SM starts them.
      setup.blocks.resize(blockLimit);
      sampling.blocksPerSmLimit = blockLimit;
    }
    sampling.modelledBlocks += setup.blocks.size();
    setup.activeBlocks = activeBlocks;
    setup.waves = activeSet == ActiveSetPolicy::Waves;
    setup.warpSchedulers = schedulers;
    if (clock == Clock::Cycles && engine == ExecutionEngine::WarpQueue) {
      setup.requestsPerCycle = cycleFigures.requestsPerCycle;
      setup.issueWidth = cycleFigures.issueWidth;
    }
    setup.profiles = profiles;
    setup.packedLineStates = options.packedLineStates;
    engines.push_back(engine == ExecutionEngine::WarpQueue
                          ? createWarpQueueEngine(setup)
                          : createParallelStepEngine(setup));
  }
  sampling.scale = sampling.modelledBlocks
                       ? double(numBlocks) / double(sampling.modelledBlocks)
                       : 0.0;

  if (l2)
    l2Engine = std::make_unique<L2Engine>(*l2, options, profiles);
}

/// Runs the SMs side by side, window by window; the L2 takes each window's
/// outgoing requests in (time, SM) order.
llvm::Error CacheModelRun::runEngines() {
  TransactionCounts &transactions = results.transactions;
  std::vector<DownstreamRequest> merged;
  const uint64_t window = 4096;
  for (uint64_t limit = window;; limit += window) {
    bool allDone = true;
    merged.clear();
    for (std::unique_ptr<SmEngine> &smEngine : engines) {
      if (!smEngine->done())
        if (llvm::Error e = smEngine->runUntil(limit))
          return e;
      allDone &= smEngine->done();
      merged.insert(merged.end(), smEngine->out.begin(), smEngine->out.end());
      smEngine->out.clear();
    }
    std::stable_sort(
        merged.begin(), merged.end(),
        [](const DownstreamRequest &a, const DownstreamRequest &b) {
          return a.time < b.time;
        });
    for (const DownstreamRequest &request : merged) {
      if (request.kind == OpKind::Read)
        ++transactions.l2Reads;
      else
        ++transactions.l2Writes;
      if (l2Engine)
        l2Engine->push(request);
    }
    if (l2Engine) {
      l2Engine->runUntil(limit);
      l2HitRate = l2Engine->readHitRate();
    }
    if (allDone)
      break;
  }
  if (l2Engine)
    l2Engine->finish();
  return llvm::Error::success();
}

/// The engines' counters and profiles, per site and in total.
void CacheModelRun::collectResults() {
  results.l1Profiles.perSet = ReuseProfile(options.profileExactLimit);
  results.l2Profiles.perSet = ReuseProfile(options.profileExactLimit);
  std::map<uint32_t, SiteCacheResults> sites;
  for (std::unique_ptr<SmEngine> &smEngine : engines)
    collectSm(*smEngine, sites);
  if (l2Engine)
    collectL2(sites);
  results.l1Profiles.intervalLength = options.profileInterval;
  results.l2Profiles.intervalLength = options.profileInterval;
  for (auto &[id, site] : sites) {
    results.l1.add(site.l1);
    results.l2.add(site.l2);
    results.sites.push_back(site);
  }
  results.transactions.l1Reads = results.l1.readAccesses;
  results.transactions.l1Writes = results.l1.writeAccesses;
}

/// Adds each site's counters of one cache level (\p level of its results)
/// to \p sites, for the sites that used it.
static void addSiteCounters(const std::vector<CacheCounters> &counters,
                            CacheCounters SiteCacheResults::*level,
                            std::map<uint32_t, SiteCacheResults> &sites) {
  for (uint32_t site = 0; site < counters.size(); ++site) {
    if (!counters[site].accesses() && !counters[site].bypassed &&
        !counters[site].reservationFailures)
      continue;
    SiteCacheResults &s = sites[site];
    s.site = site;
    (s.*level).add(counters[site]);
  }
}

void CacheModelRun::collectSm(SmEngine &smEngine,
                              std::map<uint32_t, SiteCacheResults> &sites) {
  smEngine.l1().completeSectorCounters();
  addSiteCounters(smEngine.l1().allCounters(), &SiteCacheResults::l1, sites);
  const std::vector<uint64_t> &instructions = smEngine.siteInstructionCounts();
  for (uint32_t site = 0; site < instructions.size(); ++site)
    if (instructions[site]) {
      SiteCacheResults &s = sites[site];
      s.site = site;
      s.warpInstructions += instructions[site];
    }
  collectProfiles(smEngine.l1(), results.l1Profiles, options.profileExactLimit);
  ExecutionInfo &execution = results.execution;
  execution.timeSteps = std::max(execution.timeSteps, smEngine.now());
  results.transactions.l2Reads += smEngine.readsDown;
  results.transactions.l2Writes += smEngine.writesDown;
  execution.warpInstructions += smEngine.counts.modelled;
  execution.skippedInstructions += smEngine.counts.skipped;
}

void CacheModelRun::collectL2(std::map<uint32_t, SiteCacheResults> &sites) {
  l2Engine->level().completeSectorCounters();
  addSiteCounters(l2Engine->level().allCounters(), &SiteCacheResults::l2,
                  sites);
  collectProfiles(l2Engine->level(), results.l2Profiles,
                  options.profileExactLimit);
  TransactionCounts &transactions = results.transactions;
  transactions.dramReads = l2Engine->dramReads();
  transactions.dramReadSectors = l2Engine->dramReadSectors();
  transactions.dramWrites = l2Engine->dramWrites();
  transactions.dramWriteSectors = l2Engine->dramWriteSectors();
  transactions.l2DirtyAtEnd = l2Engine->dirtyAtEnd();
}

/// What was sampled: results.sampling.description, and notes on the budget
/// and the L2.
void CacheModelRun::describeSampling() {
  SamplingInfo &sampling = results.sampling;
  const bool whole = !sampling.blocksPerSmLimit && modelledActive >= activeSms;
  sampling.method = whole ? "none" : sampledInTime ? "time" : "space";
  std::string smList;
  for (size_t i = 0; i < sms.size() && i < 16; ++i)
    smList += (i ? ", " : "") + std::to_string(sms[i]);
  if (sms.size() > 16)
    smList += ", ...";
  sampling.description =
      llvm::formatv("{0} of {1} SMs ({2}), {3} of {4} blocks", sms.size(),
                    numSms, smList, sampling.modelledBlocks, numBlocks);
  if (sampling.blocksPerSmLimit)
    sampling.description +=
        llvm::formatv(" (each SM's first {0})", sampling.blocksPerSmLimit);
  if (l2 && sampling.l2SetsPerBank != sampling.l2SetsPerBankFull)
    sampling.description += llvm::formatv(
        "; L2 scaled to the modelled SMs' share: {0} of {1} sets per bank, "
        "{2} of {3} MSHR entries per table",
        sampling.l2SetsPerBank, sampling.l2SetsPerBankFull,
        sampling.l2MshrEntries, sampling.l2MshrEntriesFull);
  bool overRequests = sampling.requestBudget &&
                      sampling.estimatedRequests > sampling.requestBudget;
  if (sampling.instructionBudget &&
      sampling.instructionsOfFirstBlock * numBlocks >
          sampling.instructionBudget &&
      (sampling.blocksPerSmLimit || modelledActive < activeSms))
    results.notes.push_back(llvm::formatv(
        "{4} {0} {5} for block 0: the {1} blocks would take about {2}, "
        "more than the budget of {3} (--instruction-budget) that bounds the "
        "sample too",
        sampling.instructionsOfFirstBlock, numBlocks,
        sampling.instructionsOfFirstBlock * numBlocks,
        sampling.instructionBudget, input.workSubject, input.workNoun));
  if (overRequests && sampledInTime && whole)
    results.notes.push_back(llvm::formatv(
        "the launch makes about {0} L1 line requests ({1} per block, counted "
        "on block 0), more than the budget of {2}, but its first wave of "
        "blocks on every SM is all of it: it is modelled whole",
        sampling.estimatedRequests, sampling.requestsOfFirstBlock,
        sampling.requestBudget));
  else if (overRequests && sampledInTime)
    results.notes.push_back(llvm::formatv(
        "sampled in time: all {0} active SMs, each its first {1} blocks ({2} "
        "wave{3} of {4} resident blocks): the launch makes about {5} L1 line "
        "requests ({6} per block, counted on block 0), more than the budget "
        "of {7}; the figures describe the start of the launch "
        "(--sampling=space models some SMs with all their blocks instead)",
        activeSms, sampling.blocksPerSmLimit,
        sampling.blocksPerSmLimit / activeBlocks,
        sampling.blocksPerSmLimit / activeBlocks == 1 ? "" : "s", activeBlocks,
        sampling.estimatedRequests, sampling.requestsOfFirstBlock,
        sampling.requestBudget));
  else if (overRequests && sampling.blocksPerSmLimit)
    results.notes.push_back(llvm::formatv(
        "{0} of {1} SMs modelled, and of its blocks the first {2} only: the "
        "launch makes about {3} L1 line requests ({4} per block, counted on "
        "block 0), and one SM's blocks are more than the budget of {5}",
        modelledActive, activeSms, sampling.blocksPerSmLimit,
        sampling.estimatedRequests, sampling.requestsOfFirstBlock,
        sampling.requestBudget));
  else if (overRequests && modelledActive < activeSms)
    results.notes.push_back(llvm::formatv(
        "{0} of {1} SMs modelled: the launch makes about {2} L1 line "
        "requests ({3} per block, counted on block 0), more than the budget "
        "of {4}",
        modelledActive, activeSms, sampling.estimatedRequests,
        sampling.requestsOfFirstBlock, sampling.requestBudget));
  if (l2 && modelledActive < activeSms)
    results.notes.push_back(
        "with a sample of the SMs the L2 sees the modelled SMs' requests "
        "only: lines that the other SMs would bring into the L2 are not "
        "there, so L2 hit rates tend to be too low");
}

} // namespace

llvm::Expected<CacheModelResults>
runCacheModel(const arch::ArchDescription &arch, const KernelTraceInput &input,
              const CacheModelOptions &options) {
  return CacheModelRun(arch, input, options).run();
}

} // namespace gpurd::model
