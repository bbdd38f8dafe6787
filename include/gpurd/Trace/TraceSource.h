//===- TraceSource.h - Choose and set up a trace producer -------*- C++ -*-===//
//
// `--trace-source=auto|affine|emulate`: the affine enumerator when every
// operation of the kernel is affine (auto) or when asked, the IR emulator
// otherwise. Both get the same memory layout; the emulator also gets real
// argument buffers (`--buffer`), whose sizes the layout uses, and default
// ones (DefaultBuffers.h) for the pointer arguments without.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_TRACESOURCE_H
#define GPURD_TRACE_TRACESOURCE_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Frontend/KernelInfo.h"
#include "gpurd/Trace/Buffers.h"
#include "gpurd/Trace/DefaultBuffers.h"
#include "gpurd/Trace/TransposedArrays.h"
#include "gpurd/Trace/WarpTrace.h"

#include <map>
#include <memory>

namespace gpurd::trace {

enum class TraceSourceKind { Auto, Affine, Emulate };

struct TraceSourceRequest {
  TraceSourceKind kind = TraceSourceKind::Auto;
  TraceLaunch launch;
  /// Scalar argument values by parameter name (for buffer sizes and the
  /// emulator).
  std::map<std::string, EvaluatedValue> args;
  std::vector<BufferSpec> buffers;
  /// Texel sizes of the translation unit's texture references by qualified
  /// name (TranslationUnitInfo::textures), for default textures.
  std::map<std::string, uint64_t> texelBytes;
  uint64_t maxStepsPerThread = 100000000;
  /// Warp memory instructions of one block the trace holds: the affine
  /// enumerator's budget, and 32 thread accesses each for the emulator's
  /// log; 0: DefaultMaxWarpInstructionsPerBlock and
  /// EmulatorOptions::maxEventsPerBlock.
  uint64_t maxBlockTrace = 0;
  /// The arch's shared-memory allocation unit (EmulatorOptions).
  uint64_t sharedAllocationUnit = 0;
  /// The cycles clock() adds for a load and a volatile load
  /// (EmulatorOptions).
  uint64_t loadCycles = 0, volatileLoadCycles = 0;
  /// The launch rests on assumed values: an array the affine enumerator
  /// would reach past the span of a buffer of unknown size is then a
  /// LaunchBoundError (the driver retries smaller values) rather than laid
  /// out by the bytes it reaches.
  bool assumedLaunch = false;
  /// A block longer than gpurd holds is traced as the prefix of its run
  /// that fits (EmulatorOptions::cutLongThreads, the affine enumerator's
  /// cutLongWarps) rather than an error (LaunchBound::BlockLength).
  bool cutLongBlocks = false;
  /// A default buffer whose contents decide global addresses only as
  /// indices into an array of known extent holds random indices (seeded
  /// with indexSeed) rather than refusing the kernel (IndexContents.h).
  bool assumeIndexContents = false;
  uint64_t indexSeed = 0;
  /// Arrays stored transposed (TransposedArrays.h), a what-if of affine
  /// kernels: the emulator does not take it.
  ArrayTransposes transposedArrays;
};

/// The producer `auto` stands for: the affine enumerator when the model can
/// be enumerated (every site and loop affine, no unknown parameter) and
/// \p prepared has no loop without memory operations (whose instructions
/// the affine path would not count), else the emulator; an error when an
/// affine kernel only lacks struct members (launch values the user should
/// give). Other kinds are returned as asked.
llvm::Expected<TraceSourceKind>
resolveTraceSourceKind(const access::AccessModel &model,
                       const access::PreparedKernel &prepared,
                       const KernelInfo &kernel, TraceSourceKind requested);

/// Creates the producer for \p kernel (prepared with the launch values) and
/// its access model. The emulator gets a default buffer (DefaultBuffers.h)
/// for each pointer argument the request has no buffer for; \p
/// defaultBuffers (when given) receives their report, which the emulator
/// keeps up to date as it traces (null when none was made). Errors name what
/// is missing: a buffer whose contents decide global addresses, a
/// non-affine operation when `affine` is asked.
llvm::Expected<std::unique_ptr<WarpTraceSource>> createTraceSource(
    const access::PreparedKernel &prepared, const access::AccessModel &model,
    const KernelInfo &kernel, const TraceSourceRequest &request,
    std::shared_ptr<const DefaultBufferReport> *defaultBuffers = nullptr);

} // namespace gpurd::trace

#endif // GPURD_TRACE_TRACESOURCE_H
