//===- DriverOptions.h - What a caller asks of the pipeline -----*- C++ -*-===//
//
// Plain option structs for lib/Driver: how files are compiled and kernels
// traced (AnalysisOptions), the launch values given from outside the source
// (LaunchInputs), and how the models run (ModelOptions). The tools fill them
// from their command lines, a language server from its settings, an
// autotuner server from its requests; nothing here is a global flag.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_DRIVER_DRIVEROPTIONS_H
#define GPURD_DRIVER_DRIVEROPTIONS_H

#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Model/CacheConfig.h"
#include "gpurd/Model/Placement/Calibration.h"
#include "gpurd/Model/Placement/SampleProfile.h"
#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/Buffers.h"
#include "gpurd/Trace/TraceSource.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::driver {

/// How files are compiled and a kernel's trace is produced.
struct AnalysisOptions {
  /// Keep the compiler's loop unrolling in the analysed device code (off:
  /// unrolled loops lose the source's loop structure).
  bool unroll = false;
  /// Bound on isl's work per kernel; operations that exceed it are
  /// non-affine (reason `complexity`).
  unsigned long islMaxOperations = 2000000;
  /// Which producer makes a kernel's trace.
  trace::TraceSourceKind traceSource = trace::TraceSourceKind::Auto;
  /// Warp memory instructions of one block a trace holds (the emulator: 32
  /// thread accesses each); 0: blockTraceBound of the request budget.
  uint64_t maxBlockTrace = 0;
  /// Argument buffers for emulated kernels.
  std::vector<trace::BufferSpec> buffers;
  /// Analyse only this kernel (name as findKernel takes it); all when empty.
  /// With a kernel named, every command-line argument value is for it;
  /// without, each applies to the kernels that have such a parameter.
  std::string kernel;
  /// Analyse launches the inputs leave incomplete under stated assumptions
  /// (LaunchConfig::assumptions, docs/assumptions.md); off: such a launch
  /// is an error that lists what is missing.
  bool assumeUnknownValues = true;
  /// Show the compiler's warnings about the program (its errors always
  /// show).
  bool showCompilerWarnings = false;
  /// When set, the specialised, optimised kernel IR the access model is
  /// built from is printed here.
  llvm::raw_ostream *printDeviceIR = nullptr;
};

/// Launch values from outside the source. Layers apply in this order over
/// the launch site found in the source: the spec's entries for the kernel,
/// then the command line.
struct LaunchInputs {
  std::optional<LaunchSpec> spec;
  /// Where the spec was read from, for messages.
  std::string specPath;
  /// Whether the spec is a project's, for all its files (a .gpurd file's
  /// Launches): an entry no input file's kernel takes is then no error.
  bool specCoversProject = false;
  LaunchOverrides commandLine;
};

/// Which SMs the cache model models (and whose blocks a trace keeps).
struct SmsChoice {
  enum class Kind {
    Auto,  ///< Every SM unless the launch exceeds the request budget.
    All,   ///< Every SM.
    Count, ///< `count` SMs spread over the GPU.
  };
  Kind kind = Kind::Auto;
  unsigned count = 0; ///< Kind::Count.
};

/// The default request budget. End to end (trace, line splitting, L1s, L2)
/// the model handles about 5 million L1 line requests per second on one
/// core (docs/performance.md: PolyBench GEMM N = 512, 12.6 M requests in
/// 2.8 s); 8 million keep a launch under about two seconds.
inline constexpr uint64_t DefaultRequestBudget = 8000000;

/// The default instruction budget: the emulator interprets 260-290 million
/// IR instructions per second on one core (docs/performance.md), so a
/// billion keep the emulation of the modelled blocks to about four seconds.
inline constexpr uint64_t DefaultInstructionBudget = 1000000000;

/// The default bound on the warp instructions --warp-replay loads: it issues
/// about 1.6 million a second (docs/performance.md), so a hundred million
/// keep a replay to about a minute, and the lines of the resident blocks
/// (16 bytes each) to about a gigabyte and a half at the most.
inline constexpr uint64_t DefaultReplayBudget = 100000000;

/// How the models run.
struct ModelOptions {
  SmsChoice sms;
  /// With SmsChoice::Kind::Auto: the L1 line requests the cache model
  /// handles before it models a sample of the SMs.
  uint64_t requestBudget = DefaultRequestBudget;
  /// With SmsChoice::Kind::Auto: the IR instructions the emulator
  /// interprets for the modelled blocks before a sample of the SMs (or of
  /// one SM's blocks) is modelled.
  uint64_t instructionBudget = DefaultInstructionBudget;
  /// --warp-replay: the warp instructions it loads before it stops.
  uint64_t replayBudget = DefaultReplayBudget;
  /// Seed of the model's random choices.
  uint64_t seed = 0;
  /// Runs of the cache model, with seeds seed, seed + 1, ...: more than one
  /// reports the range of the figures over them (runCacheModelOverSeeds).
  unsigned seeds = 1;
  /// What the cache model's time counts.
  model::Clock clock = model::Clock::Auto;
  /// How a launch over the request budget is sampled.
  model::Sampling sampling = model::Sampling::Time;
  /// Interval length (requests) of per-interval reuse profiles; 0: none.
  uint64_t profileInterval = 0;
  /// At most this many resident blocks per SM (0: the occupancy limits
  /// decide); CacheModelOptions::maxResidentBlocksPerSm.
  unsigned residentBlocksPerSm = 0;
  /// Model only the first this many waves of resident blocks on each
  /// modelled SM (0: as the budgets decide);
  /// CacheModelOptions::maxWavesPerSm.
  uint64_t wavesPerSm = 0;
  /// Set by quickOptions: these are the options of a quick sample.
  bool quick = false;
  /// Also count what the placement model reads (seed 002): instructions and
  /// replays per site, and the DRAM requests' row buffers and bank queues
  /// (KernelAnalysis::placement, ::dram).
  bool placementEvents = false;
  /// Seed 002 Eq. 11's coefficients for the placement model's Toverlap
  /// (`--calibration`), and the file they come from; without, Toverlap is
  /// uncalibrated.
  std::optional<model::placement::OverlapCoefficients> placementCalibration;
  std::string placementCalibrationSource;
  /// Measured events of kernels' placements as written
  /// (`--sample-profile`), which the placement model starts from instead of
  /// its own counts (Model/Placement/SampleProfile.h).
  std::vector<model::placement::MeasuredEvents> sampleProfile;
};

/// The share of the budgets a quick sample runs on.
inline constexpr uint64_t QuickBudgetDivisor = 32;

/// The share of the instruction budget a quick sample interprets: 1/128,
/// 7.8 million IR instructions, about 30 ms of emulation a run
/// (docs/performance.md). At 1/32 a quick sample of an emulated kernel took
/// about 0.3 s, which a file of many kernels pays for each: the CUDA
/// samples' reduction_kernel.cu, 213 emulated instances, took 71 s with
/// every check and 66 s with none; at 1/128 it takes 32 s with the same
/// warnings (a sample of 342 blocks on 9 SMs instead of 1404 on 37; the
/// findings' figures are per request and per SM).
inline constexpr uint64_t QuickInstructionDivisor = 4 * QuickBudgetDivisor;

/// How much smaller a quick sample's instruction budget is when the
/// emulator interprets the kernel: 1/256 of the instruction budget, 3.9
/// million IR instructions. The budget was sized by the 260-290 million
/// instructions a second the emulator interprets in plain loops; in
/// kernels with a barrier or a shuffle every few instructions it
/// interprets about 84 million (the CUDA samples' reduce1<double>: 342
/// blocks of 20731 instructions in 84 ms), so a quick sample at 1/128 took
/// about 85 ms there, not 30, and the 213 instances of
/// reduction_kernel.cu 35 s (docs/performance.md). The affine enumerator's
/// lane iterations, which cost far less each, keep 1/128.
inline constexpr uint64_t QuickEmulatorShare = 2;

/// \p options for a quick sample of a large launch: SMs sampled in space at
/// 1/QuickBudgetDivisor of the request budget and 1/QuickInstructionDivisor
/// of the instruction budget, one seed (docs/tuning.md, "Cost").
/// Advice without --cache-report analyses a launch so, and the two runs of a
/// comparison of a large launch both run so: the findings use figures of
/// one SM's L1 (sectors per request, L1 misses, L2 read sectors), which
/// scale from a sample of SMs, and not the L2's hit rate or the DRAM reads,
/// which need every SM. Options already quick are returned as they are.
inline ModelOptions quickOptions(ModelOptions options) {
  if (options.quick)
    return options;
  options.sampling = model::Sampling::Space;
  options.requestBudget =
      std::max<uint64_t>(1, options.requestBudget / QuickBudgetDivisor);
  options.instructionBudget =
      std::max<uint64_t>(1, options.instructionBudget / QuickInstructionDivisor);
  options.seeds = 1;
  options.quick = true;
  return options;
}

/// The warp memory instructions one block's trace may hold when
/// AnalysisOptions::maxBlockTrace is 0: the request budget of a full sample
/// (a quick one models fewer SMs, not shorter blocks) over the warp size,
/// so that one block makes at most the budget's L1 line requests (a warp
/// instruction makes at most 32) and the model can sample the launch
/// within it; never more than the trace producers hold
/// (trace::DefaultMaxWarpInstructionsPerBlock). A longer block's run is
/// cut (docs/assumptions.md, "A block longer than gpurd holds"). Measured
/// on PolyBench's correlation (one block of 8 warps that each walk a 2048 x
/// 2048 matrix), the 4 M instructions it held before took 80 s and 2.3 GB
/// to trace and model, and each what-if as long (docs/performance.md).
inline uint64_t blockTraceBound(const ModelOptions &options) {
  const uint64_t budget = options.quick
                              ? options.requestBudget * QuickBudgetDivisor
                              : options.requestBudget;
  return std::clamp<uint64_t>(budget / trace::WarpSize, 1,
                              trace::DefaultMaxWarpInstructionsPerBlock);
}

} // namespace gpurd::driver

#endif // GPURD_DRIVER_DRIVEROPTIONS_H
