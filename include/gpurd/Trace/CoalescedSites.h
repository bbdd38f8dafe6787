//===- CoalescedSites.h - Memory operations coalesced in a trace -*- C++
//-*-===//
//
// A what-if of the advisor (gpurd-memory-divergence): some memory
// operations made coalesced. Each warp instruction of such a site has its
// active lanes access consecutive elements: lane l at base + l x size, the
// base being the address of the lowest active lane rounded down to a warp's
// span (32 x size, when that is a power of two). The models then see the
// kernel as if its data were ordered so that neighbouring threads read
// neighbouring elements (sorted indices, a renumbered graph), with the same
// instructions: how much that would gain is the what-if's answer.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_TRACE_COALESCEDSITES_H
#define GPURD_TRACE_COALESCEDSITES_H

#include "gpurd/Trace/WarpTrace.h"

#include <memory>
#include <set>

namespace gpurd::trace {

/// The address of \p lane of a coalesced warp instruction whose lowest
/// active lane accesses \p first, each lane \p size bytes.
uint64_t coalescedAddress(uint64_t first, unsigned size, unsigned lane);

/// \p source with the memory operations of \p sites (AccessSite ids)
/// coalesced.
std::unique_ptr<WarpTraceSource>
withCoalescedSites(std::unique_ptr<WarpTraceSource> source,
                   std::set<unsigned> sites);

} // namespace gpurd::trace

#endif // GPURD_TRACE_COALESCEDSITES_H
