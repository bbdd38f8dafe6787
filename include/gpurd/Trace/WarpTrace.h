//===- WarpTrace.h - The request stream of the models -----------*- C++ -*-===//
//
// What every model of the seeds consumes (seed 000 §4.1, §4.6; seed 001
// §4.1): for the thread blocks that run on an SM, per warp, in program order,
// the memory instructions the warp executes — which lanes are active and the
// address each active lane accesses — plus the number of non-memory
// instructions the warp executed since its previous memory instruction.
// Coalescing into lines/sectors is the arch's business and is applied on top
// (the cache model's splitIntoLines, Model/WarpRequests.h).
//
// Two producers implement WarpTraceSource over the same prepared IR: the
// affine enumerator (AccessModel's quasi-affine forms, no isl) and the IR
// emulator (for kernels that are not affine). Sources are pulled one block at
// a time, so no whole grid is ever held in memory.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_WARPTRACE_H
#define GPURD_TRACE_WARPTRACE_H

#include "gpurd/Support/MemoryAccess.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gpurd::trace {

using gpurd::AccessKind;
using gpurd::MemorySpace;

constexpr unsigned WarpSize = 32;

/// The launch a trace is produced for.
struct TraceLaunch {
  std::array<uint64_t, 3> grid{1, 1, 1};
  std::array<uint64_t, 3> block{1, 1, 1};
  uint64_t dynamicSharedBytes = 0;

  uint64_t numBlocks() const { return grid[0] * grid[1] * grid[2]; }
  uint64_t threadsPerBlock() const { return block[0] * block[1] * block[2]; }
  unsigned warpsPerBlock() const {
    return static_cast<unsigned>((threadsPerBlock() + WarpSize - 1) / WarpSize);
  }
  /// Block index (x, y, z) of linear block id \p id (x fastest).
  std::array<uint64_t, 3> blockIndex(uint64_t id) const {
    return {id % grid[0], (id / grid[0]) % grid[1], id / (grid[0] * grid[1])};
  }
  /// Thread index (x, y, z) of linear thread id \p id in its block.
  std::array<uint64_t, 3> threadIndex(uint64_t id) const {
    return {id % block[0], (id / block[0]) % block[1],
            id / (block[0] * block[1])};
  }
};

/// One memory instruction (or barrier) executed by a warp.
struct WarpInstruction {
  uint32_t site = 0; ///< AccessSite id.
  AccessKind kind = AccessKind::Read;
  MemorySpace space = MemorySpace::Global;
  uint32_t size = 0;       ///< Bytes each lane accesses.
  uint32_t activeMask = 0; ///< Bit l set: lane l takes part.
  /// Non-memory instructions the warp executed since its previous entry.
  uint32_t instructionsBefore = 0;
  /// Address per lane (meaningful for active lanes; 0 for barriers). Global
  /// and constant addresses are in one flat space (MemoryLayout); shared
  /// addresses are offsets in the block's shared memory; local addresses
  /// are offsets in the thread's local memory.
  std::array<uint64_t, WarpSize> addresses{};
};

/// Everything one warp of one block does, in program order.
struct WarpTrace {
  uint64_t block = 0; ///< Linear block id (x fastest).
  unsigned warp = 0;  ///< Warp index within the block.
  std::vector<WarpInstruction> instructions;
  /// Non-memory instructions after the last memory instruction.
  uint64_t trailingInstructions = 0;
};

/// A producer of warp traces, one block at a time.
class WarpTraceSource {
public:
  virtual ~WarpTraceSource();
  /// Fills \p warps with the traces of every warp of block \p block (linear
  /// id), in warp order. Errors name the block, thread and site.
  virtual llvm::Error traceBlock(uint64_t block,
                                 std::vector<WarpTrace> &warps) = 0;
  /// The same traces one warp at a time: calls \p onWarp with each warp of
  /// block \p block in warp order (the trace is valid during the call only)
  /// and stops at the first error. A consumer that handles a warp at once
  /// (the cache model splits it into line requests) then never holds the
  /// whole block: a producer that overrides this (the affine enumerator)
  /// refills one buffer, which stays in the processor's cache. The default
  /// calls traceBlock.
  virtual llvm::Error
  traceWarps(uint64_t block,
             llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp);
  virtual const TraceLaunch &launch() const = 0;
  /// `affine` or `emulate`.
  virtual const char *name() const = 0;
  /// The producer's work so far, which the cache model's sampling bounds
  /// (--instruction-budget): the IR instructions the emulator interpreted,
  /// the lane loop iterations the affine enumerator stepped through.
  virtual uint64_t instructionsExecuted() const { return 0; }
  /// What instructionsExecuted counts, as the sampling note words it:
  /// "{workSubject} N {workNoun} for block 0".
  virtual const char *workSubject() const { return "the emulator interpreted"; }
  virtual const char *workNoun() const { return "instructions"; }
  /// What the producer saw so far that a report should state (sentences):
  /// the emulator's shared-memory accesses past what the kernel declares.
  virtual std::vector<std::string> notes() const { return {}; }
  /// The blocks traced so far whose runs were cut to what gpurd holds
  /// (TraceSourceRequest::cutLongBlocks): their traces are the first part
  /// of their runs.
  virtual uint64_t blocksCut() const { return 0; }
  /// The blocks traced so far with threads ended while they waited for a
  /// value no thread of the block writes (a flag the host or another block
  /// sets): their traces leave out the rest of the wait and what follows.
  virtual uint64_t blocksWaiting() const { return 0; }

private:
  std::vector<WarpTrace> blockBuffer; ///< The default traceWarps' block.
};

/// A producer that changes another's warp traces (what-if runs: arrays in
/// another memory space or layout) and forwards everything else.
class WarpTraceRewriter : public WarpTraceSource {
public:
  explicit WarpTraceRewriter(std::unique_ptr<WarpTraceSource> inner)
      : inner(std::move(inner)) {}

  llvm::Error traceBlock(uint64_t block,
                         std::vector<WarpTrace> &warps) override;
  llvm::Error traceWarps(
      uint64_t block,
      llvm::function_ref<llvm::Error(const WarpTrace &)> onWarp) override;
  const TraceLaunch &launch() const override { return inner->launch(); }
  const char *name() const override { return inner->name(); }
  uint64_t instructionsExecuted() const override {
    return inner->instructionsExecuted();
  }
  const char *workSubject() const override { return inner->workSubject(); }
  const char *workNoun() const override { return inner->workNoun(); }
  std::vector<std::string> notes() const override { return inner->notes(); }
  uint64_t blocksCut() const override { return inner->blocksCut(); }
  uint64_t blocksWaiting() const override { return inner->blocksWaiting(); }

protected:
  /// Changes one warp's trace.
  virtual void rewrite(WarpTrace &warp) const = 0;

private:
  std::unique_ptr<WarpTraceSource> inner;
  WarpTrace buffer; ///< traceWarps' copy of the inner producer's warp.
};

/// The note of a producer that cut runs longer than it holds
/// (TraceSourceRequest::cutLongBlocks): "in {blocksCut} of the
/// {blocksTraced} blocks {traced}, {cut}, so the figures describe the first
/// part of the kernel's run...", \p cut saying whose run was cut where.
std::string cutRunNote(uint64_t blocksCut, uint64_t blocksTraced,
                       const std::string &traced, const std::string &cut);

} // namespace gpurd::trace

#endif // GPURD_TRACE_WARPTRACE_H
