//===- Emulator.h - Warp traces by interpreting the kernel's IR -*- C++ -*-===//
//
// For kernels that are not affine, gpurd interprets the same prepared device
// IR the access model is built from (so both producers describe the same
// compiled memory operations), block by block: every thread of the block
// runs with its own registers and local memory, the block shares its shared
// memory, `__syncthreads` is a block barrier, warp shuffles and votes execute
// warp-synchronously. Loads and stores go to real argument buffers (or
// default ones, DefaultBuffers.h); every address is bounds-checked; a
// runaway loop stops at a step limit.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_EMULATOR_H
#define GPURD_TRACE_EMULATOR_H

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Trace/DefaultBuffers.h"
#include "gpurd/Trace/MemoryLayout.h"
#include "gpurd/Trace/WarpTrace.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gpurd::trace {

/// Interpreted instructions a block may execute for each memory access it
/// may log, when the trace bounds a block's accesses
/// (TraceSourceRequest::maxBlockTrace): 64, a choice well above the few
/// instructions a memory-bound kernel runs between accesses, so that only
/// blocks that compute far longer than they access memory are cut by it. At
/// the default bound (250,000 warp instructions, 8 M thread accesses) that
/// is 512 M instructions, about 2 s of interpretation (docs/assumptions.md).
constexpr uint64_t InterpretedStepsPerAccess = 64;

struct EmulatorOptions {
  /// Interpreted instructions per thread before the emulator gives up.
  uint64_t maxStepsPerThread = 100000000;
  /// Memory accesses a block's threads may log before the emulator gives
  /// up (16 bytes each, held until the block's warp traces are built):
  /// 2^25 bound a block's log to 512 MiB.
  uint64_t maxEventsPerBlock = uint64_t(1) << 25;
  /// Interpreted instructions a block's threads may execute together
  /// before the emulator gives up: 2^33 are about 30 s of interpretation
  /// (docs/performance.md: 260-290 M instructions/s on one core), so one
  /// block of a kernel that runs far longer than gpurd can emulate (a
  /// whole GEMM in each persistent block) stops with an error instead of
  /// running for hours. Each thread gets its share, as for the log.
  uint64_t maxStepsPerBlock = uint64_t(1) << 33;
  /// Bytes a block's shared memory is allocated in (the arch's
  /// sm.sharedMemoryAllocationUnit; 0 or 1: exactly what it declares).
  /// Accesses past the declared bytes within the last unit do not fault, as
  /// on the hardware; the emulator's notes() say how far they went.
  uint64_t sharedAllocationUnit = 0;
  /// A thread past its share of maxEventsPerBlock or maxStepsPerBlock
  /// stops there, as if it returned, and the block's trace is the prefix
  /// of its run that fits (notes() say so); false: an error
  /// (LaunchBound::BlockLength). Simulators sample long kernels the same
  /// way (GPGPU-Sim's -gpgpu_max_insn); docs/trace-formats.md.
  bool cutLongThreads = false;
  /// What clock() and clock64() add to a thread's interpreted instructions
  /// for each load of the kernel it executed: the least a load waits (the
  /// arch's l1.hitLatency), and for a volatile load the L2's hit latency
  /// (ld.volatile is served by the L2). 0: clock() counts instructions.
  uint64_t loadCycles = 0;
  uint64_t volatileLoadCycles = 0;
};

/// A texture reference (`texture<T, 1, ...>` variable) bound to a buffer
/// argument: what `cudaBindTexture(0, tex, buffer, ...)` does on the host.
/// The emulator's 1-D fetches (tex1Dfetch, tex1D) read texel `x` of that
/// buffer; fetches outside it return zeros, as the hardware's border does.
struct TextureBinding {
  unsigned param = 0;      ///< Pointer parameter whose buffer is bound.
  unsigned texelBytes = 4; ///< sizeof(T).
  unsigned components = 1; ///< Components of T (1, 2 or 4).
};

/// The values a kernel is launched with.
struct EmulatorArguments {
  /// Scalar arguments by parameter index (integers, or doubles for
  /// floating-point parameters).
  std::map<unsigned, int64_t> integers;
  std::map<unsigned, double> floats;
  /// Contents of pointer arguments by parameter index; their size is the
  /// buffer's size (accesses outside are errors).
  std::map<unsigned, std::vector<uint8_t>> buffers;
  /// Texture references by variable name (as written, or the IR symbol).
  std::map<std::string, TextureBinding> textures;
  /// Texture references bound to no buffer, by IR symbol with their texel
  /// size in bytes (0: as large as the fetch site's access): fetches from
  /// them read zeros at an address range of their own (DefaultBuffers.h).
  std::vector<std::pair<std::string, uint64_t>> defaultTextures;
  /// Texture-object parameters (cudaTextureObject_t) that have no value:
  /// (parameter index, name). Each gets the handle DefaultTextureObjectHandle
  /// + its position here and is a default texture: fetches read zeros at an
  /// address range of its own, texels as large as the fetch.
  std::vector<std::pair<unsigned, std::string>> defaultTextureObjects;
  /// Members of struct parameters passed by value, by (parameter index,
  /// byte offset): scalar values with their size in bytes, and the
  /// contents of what pointer members point to, with their names (`p.vx`).
  struct MemberScalar {
    uint64_t bits = 0; ///< The value's bytes, little-endian.
    unsigned size = 0;
  };
  std::map<std::pair<unsigned, uint64_t>, MemberScalar> memberScalars;
  std::map<std::pair<unsigned, uint64_t>, std::vector<uint8_t>> memberBuffers;
  std::map<std::pair<unsigned, uint64_t>, std::string> memberNames;
  /// Pointer parameters and members given no contents above that get a
  /// default buffer (DefaultBuffers.h): zeros over the layout's span for a
  /// buffer of unknown size, mapped lazily. The emulator updates each
  /// entry's touchedEnd as it traces. Those missing from it have no buffer
  /// (an access is an error).
  std::shared_ptr<DefaultBufferReport> defaultBuffers;
};

/// Creates the emulator for a prepared kernel (whose siteInstructions map
/// instructions to AccessSite ids) and its access model. The layout must come
/// from createLayout with the buffers' sizes. \p kernel and \p model must
/// outlive the emulator. Global memory (the buffers, `__device__` variables)
/// keeps what earlier blocks wrote; shared memory starts zeroed per block.
llvm::Expected<std::unique_ptr<WarpTraceSource>>
createEmulator(const access::PreparedKernel &kernel,
               const access::AccessModel &model, const TraceLaunch &launch,
               MemoryLayout layout, EmulatorArguments arguments,
               const EmulatorOptions &options = {});

} // namespace gpurd::trace

#endif // GPURD_TRACE_EMULATOR_H
