//===- CoalescedSites.cpp - Memory operations coalesced in a trace --------===//

#include "gpurd/Trace/CoalescedSites.h"

#include "llvm/Support/MathExtras.h"

namespace gpurd::trace {

uint64_t coalescedAddress(uint64_t first, unsigned size, unsigned lane) {
  uint64_t span = uint64_t(size) * WarpSize;
  uint64_t base = llvm::isPowerOf2_64(span) ? first & ~(span - 1) : first;
  return base + uint64_t(lane) * size;
}

namespace {

class CoalescedSitesSource : public WarpTraceRewriter {
public:
  CoalescedSitesSource(std::unique_ptr<WarpTraceSource> inner,
                       std::set<unsigned> sites)
      : WarpTraceRewriter(std::move(inner)), sites(std::move(sites)) {}

protected:
  void rewrite(WarpTrace &warp) const override {
    for (WarpInstruction &instruction : warp.instructions) {
      if (!instruction.activeMask || instruction.kind == AccessKind::Barrier ||
          !sites.count(instruction.site))
        continue;
      unsigned lowest = llvm::countr_zero(instruction.activeMask);
      uint64_t first = instruction.addresses[lowest];
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if (instruction.activeMask >> lane & 1)
          instruction.addresses[lane] =
              coalescedAddress(first, instruction.size, lane);
    }
  }

private:
  std::set<unsigned> sites;
};

} // namespace

std::unique_ptr<WarpTraceSource>
withCoalescedSites(std::unique_ptr<WarpTraceSource> source,
                   std::set<unsigned> sites) {
  return std::make_unique<CoalescedSitesSource>(std::move(source),
                                                std::move(sites));
}

} // namespace gpurd::trace
