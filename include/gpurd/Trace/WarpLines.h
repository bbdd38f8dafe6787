//===- WarpLines.h - A warp's instruction stream, line by line --*- C++ -*-===//
//
// The instructions one warp executes as the Accel-Sim trace lists them
// (docs/trace-formats.md): every memory instruction of the warp trace, a
// barrier as BAR.SYNC, the compiled kernel's own non-memory instructions
// (SiteDataFlow::head and after: their unit's SASS opcode and the lines and
// loads of their block they read) where a gap's count holds them, stand-ins
// (an IMAD/FFMA chain) for the rest, and EXIT for the kernel's return. Which
// line reads which register carries the data flow: a load's first reader
// reads the load's register, so a consumer that waits on registers waits
// where the compiled kernel waits for memory.
//
// Two consumers read the same lines: the Accel-Sim trace writer, which
// prints them, and the warp-replay timing model (Model/Timing), which issues
// them; so the simulator and gpurd's own timing see one instruction stream.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_WARPLINES_H
#define GPURD_TRACE_WARPLINES_H

#include "gpurd/Trace/SiteDataFlow.h"
#include "gpurd/Trace/WarpTrace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace gpurd::trace {

/// Accel-Sim's limit on an instruction's source registers
/// (trace-parser/trace_parser.h, MAX_SRC).
constexpr size_t MaxLineSources = 4;

/// One line of a warp's stream.
struct WarpLine {
  uint64_t pc = 0;
  uint32_t mask = 0;
  /// The SASS opcode (`IMAD`, `LDG.E.64`, `BAR.SYNC`, `EXIT`).
  std::string opcode;
  std::optional<unsigned> dest;
  llvm::SmallVector<unsigned, MaxLineSources> sources;
  /// A memory line's instruction (null for the others) and the bytes each
  /// lane accesses as the opcode states them.
  const WarpInstruction *memory = nullptr;
  unsigned width = 0;
};

/// What the lines of a kernel's warps follow from besides the warp trace.
struct WarpLineContext {
  /// Per site, which loads its lines wait for (empty: none).
  llvm::ArrayRef<SiteDataFlow> dataFlow;
  /// The trace counts a block's tail before the block's last site
  /// (TraceHeader::gapsHoldTails).
  bool gapsHoldTails = false;
};

/// Calls \p onLine with every line of warp \p warp (null: a warp with no
/// trace, which runs EXIT alone), whose existing lanes are \p lanes.
void forEachWarpLine(const WarpTrace *warp, uint32_t lanes,
                     const WarpLineContext &context,
                     llvm::function_ref<void(const WarpLine &)> onLine);

/// Lanes of warp \p warp that exist in a block of \p threads threads.
uint32_t existingLanes(uint64_t threads, unsigned warp);

} // namespace gpurd::trace

#endif // GPURD_TRACE_WARPLINES_H
