//===- CoalescerConfig.cpp - Request granularity from the architecture ----===//

#include "gpurd/Trace/Coalescer.h"

namespace gpurd::trace {

CoalescerConfig coalescerFor(const arch::ArchDescription &arch, AccessKind kind,
                             MemorySpace space) {
  CoalescerConfig config;
  const std::optional<arch::CacheDescription> &l1 = arch.l1;
  bool isLoad = kind == AccessKind::Read;
  bool globalSpace =
      space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly;
  bool l1Caches = l1 && (!globalSpace || l1->cachesGlobalLoads.value_or(true));
  if (isLoad && l1Caches) {
    // seed 000 §4.1 / Table 1: caching loads request whole L1 lines (Fermi,
    // Kepler); sectored L1s request the sectors of a line (seed 001 §4.1).
    config.lineSize = l1->lineSize.value_or(128);
    config.sectorSize = l1->sectorSize.value_or(0);
    return config;
  }
  const std::optional<arch::CacheDescription> &l2 = arch.l2;
  config.lineSize = l2 && l2->lineSize ? *l2->lineSize : 128;
  config.sectorSize = l2 && l2->sectorSize ? *l2->sectorSize : 32;
  return config;
}

} // namespace gpurd::trace
