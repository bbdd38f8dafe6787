//===- SiteDataFlow.h - Which loads a trace line waits for ---*- C++ -*-===//
//
// A warp trace lists memory instructions and counts the others; a replay in
// a cycle-level simulator (Accel-Sim's trace mode) also needs to know which
// instruction reads a load's result, since that is where a warp stalls
// until the load's data returns. This is the compiled kernel's data flow
// within each basic block, per access site:
//
//  - for a site whose instruction returns a value (a load, a texture fetch,
//    an atomic returning the old value): the first non-memory instruction
//    of its block that reads that value, counted as the trace counts
//    instructions (phis, debug, lifetime and assume intrinsics do not
//    count), 1 being the next counted instruction after the load;
//  - for every site: the loads of its block whose values its address or
//    stored value is computed from, directly or through non-memory
//    instructions (`b[i] = a[i]`'s store waits for `a[i]`; `x[idx[i]]`'s
//    load for `idx[i]`).
//
// Uses in another basic block (a value carried round a loop by a phi, read
// after a branch) are not followed: the trace then lets the warp run on,
// which is what it did for every load before this existed.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_SITEDATAFLOW_H
#define GPURD_TRACE_SITEDATAFLOW_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpurd::access {
struct AccessModel;
struct PreparedKernel;
} // namespace gpurd::access

namespace gpurd::trace {

/// A counted non-memory instruction of the compiled kernel, as a replayed
/// trace writes it: the SASS opcode of its unit and what it reads within
/// its basic block (values from other blocks, phis and arguments are ready).
struct AluInstruction {
  /// A SASS opcode of Volta's opcode map (a static string).
  const char *opcode = "IMAD";
  /// The earlier counted non-memory instructions of its block it reads, by
  /// how many such instructions back they are (1: the one just before).
  std::vector<uint32_t> back;
  /// The value-returning sites of its block it reads.
  std::vector<uint32_t> loads;
};

struct SiteDataFlow {
  /// For a site that returns a value: its first reader among the non-memory
  /// instructions of its block, in counted instructions after it; 0 when
  /// none reads it there (or the site returns nothing).
  uint32_t firstUse = 0;
  /// Sites of the same block whose returned values this site's operands
  /// are computed from, in increasing site order.
  std::vector<uint32_t> inputs;
  /// The counted instructions after the site to its block's end when it is
  /// the block's last site (0 for the others). The affine producer counts
  /// them before the site (InstructionGaps.h: they run as often as it does);
  /// TraceHeader::gapsHoldTails says a trace did, and the Accel-Sim writer
  /// then puts them back after it, where the load's first reader may be.
  uint32_t tail = 0;
  /// Loads of this site a warp has in flight before it reads the first of
  /// them: its copies in its issue group (AccessModel::issueGroups), the
  /// loop unrolled as the compiler unrolls it, where the trace holds it
  /// rolled. 1: each load is read before the next one issues.
  unsigned inFlight = 1;
  /// The counted non-memory instructions of its block before the site, back
  /// to the previous site or the block's start (InstructionGaps' count), in
  /// order.
  std::vector<AluInstruction> head;
  /// For the block's last site: the counted instructions after it (\c tail
  /// of them), in order.
  std::vector<AluInstruction> after;
  /// The counted non-memory instructions of its block the site's own
  /// operands (address, stored value) are, by how many back from the site.
  std::vector<uint32_t> operandsBack;
};

/// The data flow of \p kernel's \p sites access sites, indexed by site id
/// (all empty without the IR), with the affine producer's tails.
std::vector<SiteDataFlow> siteDataFlow(const access::PreparedKernel *kernel,
                                       size_t sites);

/// Sets each site's inFlight from \p model's issue groups.
void setLoadsInFlight(std::vector<SiteDataFlow> &flow,
                      const access::AccessModel &model);

} // namespace gpurd::trace

#endif // GPURD_TRACE_SITEDATAFLOW_H
