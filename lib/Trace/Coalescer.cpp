//===- Coalescer.cpp - Warp accesses to cache lines and sectors -----------===//
//
// Seed 000 §4.1 (coalescing per CUDA programming guide G.4.2) and seed 001
// §4.1: the active lanes' byte ranges [address, address + size) are grouped
// by the line they fall in; a range that crosses a line boundary touches
// every line it overlaps. Each line request carries the sectors it touches:
//
//   sectors per line = lineSize / sectorSize when 0 < sectorSize < lineSize
//                      (at most 32; finer sectors are merged to 32),
//                      1 otherwise (sectorSize == 0: unsectored, or a sector
//                      as large as the line);
//
// so an unsectored request always has sectorMask == 1 (its one "sector" is
// the whole line), and a sectored one has bit s set when sector s of the
// line is touched. Requests are listed in the order of the first lane that
// touches them (lines a lane touches in increasing address order).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/Coalescer.h"

#include <algorithm>

namespace gpurd::trace {

void coalesce(const WarpInstruction &instruction, const CoalescerConfig &config,
              std::vector<LineRequest> &out) {
  out.clear();
  if (instruction.kind == AccessKind::Barrier || instruction.activeMask == 0)
    return;
  const uint64_t lineSize = std::max(config.lineSize, 1u);
  uint64_t sectors = 1;
  if (config.sectorSize != 0 && config.sectorSize < lineSize)
    sectors = std::min<uint64_t>(lineSize / config.sectorSize, 32);
  const uint64_t sectorBytes = (lineSize + sectors - 1) / sectors;
  const uint64_t size = std::max(instruction.size, 1u);

  for (unsigned lane = 0; lane < WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    uint64_t first = instruction.addresses[lane];
    uint64_t last = first + size - 1;
    if (last < first) // wraps past 2^64
      last = ~uint64_t(0);
    for (uint64_t line = first / lineSize; line <= last / lineSize; ++line) {
      uint64_t lineAddress = line * lineSize;
      uint64_t begin = std::max(first, lineAddress) - lineAddress;
      uint64_t end = std::min(last, lineAddress + lineSize - 1) - lineAddress;
      uint32_t mask = 0;
      for (uint64_t sector = begin / sectorBytes; sector <= end / sectorBytes;
           ++sector)
        mask |= 1u << sector;
      // Neighbouring lanes usually share the newest line: search backwards.
      auto it =
          std::find_if(out.rbegin(), out.rend(), [&](const LineRequest &r) {
            return r.lineAddress == lineAddress;
          });
      if (it == out.rend()) {
        out.push_back({lineAddress, mask, 1u << lane});
      } else {
        it->sectorMask |= mask;
        it->lanes |= 1u << lane;
      }
      if (line == ~uint64_t(0) / lineSize)
        break;
    }
  }
}

} // namespace gpurd::trace
