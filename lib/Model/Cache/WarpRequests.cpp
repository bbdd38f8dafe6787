//===- WarpRequests.cpp - Warp instructions as line requests --------------===//

#include "gpurd/Model/WarpRequests.h"

#include <algorithm>

namespace gpurd::model {

namespace {

/// The general splitter, for any line and sector size (seed 000 §4.1:
/// coalescing per CUDA programming guide G.4.2; seed 001 §4.1): the active
/// lanes' byte ranges [address, address + size) are grouped by the line they
/// fall in; a range that crosses a line boundary touches every line it
/// overlaps. Each line request carries the sectors it touches:
///
///   sectors per line = lineSize / sectorSize when 0 < sectorSize < lineSize
///                      (at most 32; finer sectors are merged to 32),
///                      1 otherwise (sectorSize == 0: unsectored, or a sector
///                      as large as the line);
///
/// so an unsectored request always has sectorMask == 1 (its one "sector" is
/// the whole line), and a sectored one has bit s set when sector s of the
/// line is touched. Requests are listed in the order of the first lane that
/// touches them (lines a lane touches in increasing address order).
void splitAnySize(const trace::WarpInstruction &instruction, uint64_t line,
                  unsigned sectorSize, std::vector<LineRequestRef> &out) {
  uint64_t sectors = 1;
  if (sectorSize != 0 && sectorSize < line)
    sectors = std::min<uint64_t>(line / sectorSize, 32);
  const uint64_t sectorBytes = (line + sectors - 1) / sectors;
  const uint64_t size = std::max(instruction.size, 1u);
  for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    uint64_t first = instruction.addresses[lane];
    uint64_t last = first + size - 1;
    if (last < first)
      last = ~uint64_t(0);
    for (uint64_t n = first / line; n <= last / line; ++n) {
      uint64_t base = n * line;
      uint64_t begin = std::max(first, base) - base;
      uint64_t end = std::min(last, base + line - 1) - base;
      uint32_t mask = 0;
      for (uint64_t s = begin / sectorBytes; s <= end / sectorBytes; ++s)
        mask |= 1u << s;
      auto it =
          std::find_if(out.rbegin(), out.rend(), [&](const LineRequestRef &r) {
            return r.lineNumber == n;
          });
      if (it == out.rend())
        out.push_back({n, mask});
      else
        it->sectorMask |= mask;
      if (n == ~uint64_t(0) / line)
        break;
    }
  }
}

inline void addLine(std::vector<LineRequestRef> &out, uint64_t n,
                    uint32_t mask) {
  // Neighbouring lanes usually share the newest line.
  if (!out.empty() && out.back().lineNumber == n) {
    out.back().sectorMask |= mask;
    return;
  }
  for (size_t i = out.size(); i-- > 0;)
    if (out[i].lineNumber == n) {
      out[i].sectorMask |= mask;
      return;
    }
  out.push_back({n, mask});
}

/// addLine for lanes whose addresses do not decrease: the lines then come in
/// ascending order, and a lane (touching at most two lines) can only meet
/// again one of the two newest.
inline void addLineAscending(std::vector<LineRequestRef> &out, uint64_t n,
                             uint32_t mask) {
  const size_t size = out.size();
  if (size && out[size - 1].lineNumber == n) {
    out[size - 1].sectorMask |= mask;
    return;
  }
  if (size > 1 && out[size - 2].lineNumber == n) {
    out[size - 2].sectorMask |= mask;
    return;
  }
  out.push_back({n, mask});
}

/// Barriers and instructions without active lanes touch no line.
bool makesNoRequests(const trace::WarpInstruction &instruction) {
  return instruction.kind == trace::AccessKind::Barrier ||
         instruction.activeMask == 0;
}

} // namespace

void splitIntoLinesPerLane(const trace::WarpInstruction &instruction,
                           unsigned lineSize, unsigned sectorSize,
                           std::vector<LineRequestRef> &out) {
  out.clear();
  if (makesNoRequests(instruction))
    return;
  splitAnySize(instruction, std::max(lineSize, 1u), sectorSize, out);
}

void splitIntoLines(const trace::WarpInstruction &instruction,
                    unsigned lineSize, unsigned sectorSize,
                    std::vector<LineRequestRef> &out) {
  out.clear();
  if (makesNoRequests(instruction))
    return;
  const uint64_t line = std::max(lineSize, 1u);
  const uint64_t size = std::max(instruction.size, 1u);
  bool powersOfTwo = (line & (line - 1)) == 0 &&
                     (sectorSize & (sectorSize - 1)) == 0 && size <= line;
  if (!powersOfTwo) {
    splitAnySize(instruction, line, sectorSize, out);
    return;
  }
  // Power-of-two lines and sectors (what arch validation allows): shifts,
  // and a lane touches at most two lines.
  const unsigned lineShift = __builtin_ctzll(line);
  unsigned sectorShift = lineShift; // one sector: the whole line
  if (sectorSize != 0 && sectorSize < line)
    sectorShift = std::max<unsigned>(__builtin_ctzll(sectorSize),
                                     lineShift > 5 ? lineShift - 5 : 0);
  const uint64_t offsetMask = line - 1;
  auto maskOf = [&](uint64_t begin, uint64_t end) -> uint32_t {
    unsigned a = static_cast<unsigned>(begin >> sectorShift);
    unsigned b = static_cast<unsigned>(end >> sectorShift);
    uint64_t high = (uint64_t(2) << b) - 1;
    uint64_t low = (uint64_t(1) << a) - 1;
    return static_cast<uint32_t>(high & ~low);
  };
  // The common case: every active lane in one line (a coalesced or
  // broadcast access). All addresses share their line bits with the first
  // lane's, and each access ends within its line: OR-ing the XORs and the
  // end offsets tells, without comparisons (this vectorises; the same as
  // lowest and highest address + size - 1 in one line).
  const uint64_t *addresses = instruction.addresses.data();
  const uint32_t activeMask = instruction.activeMask;
  {
    const uint64_t first = addresses[__builtin_ctz(activeMask)];
    uint64_t differ = 0, ends = 0;
    if (activeMask == ~0u) {
      for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
        differ |= addresses[lane] ^ first;
        ends |= (addresses[lane] & offsetMask) + (size - 1);
      }
    } else {
      for (uint32_t m = activeMask; m; m &= m - 1) {
        uint64_t a = addresses[__builtin_ctz(m)];
        differ |= a ^ first;
        ends |= (a & offsetMask) + (size - 1);
      }
    }
    if (((differ | ends) >> lineShift) == 0) {
      uint32_t mask = 1;
      if (sectorShift != lineShift) {
        const uint64_t offset = first & offsetMask;
        bool consecutive = false;
        if (differ == 0) {
          // A broadcast: every lane reads the first lane's bytes.
          mask = maskOf(offset, offset + size - 1);
        } else if (activeMask == ~0u) {
          // Lane l at first + l * size (a unit-stride access): one range.
          uint64_t off = 0;
          for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
            off |= addresses[lane] - first - lane * size;
          consecutive = off == 0;
          if (consecutive)
            mask = maskOf(offset, offset + trace::WarpSize * size - 1);
        }
        if (differ != 0 && !consecutive) {
          mask = 0;
          for (uint32_t m = activeMask; m; m &= m - 1) {
            uint64_t a = addresses[__builtin_ctz(m)];
            mask |= maskOf(a & offsetMask, (a + size - 1) & offsetMask);
          }
        }
      }
      out.push_back({first >> lineShift, mask});
      return;
    }
  }
  // Addresses that ascend with the lanes (unit or larger strides) bring
  // their lines in ascending order, which makes looking them up cheaper.
  bool ascending = true;
  {
    uint64_t previous = 0;
    for (uint32_t m = activeMask; m; m &= m - 1) {
      uint64_t a = addresses[__builtin_ctz(m)];
      ascending &= previous <= a;
      previous = a;
    }
  }
  uint32_t active = instruction.activeMask;
  while (active) {
    unsigned lane = __builtin_ctz(active);
    active &= active - 1;
    uint64_t first = instruction.addresses[lane];
    uint64_t last = first + size - 1;
    if (last < first) { // wraps past 2^64
      splitAnySize(instruction, line, sectorSize, (out.clear(), out));
      return;
    }
    uint64_t firstLine = first >> lineShift;
    uint64_t lastLine = last >> lineShift;
    auto add = ascending ? addLineAscending : addLine;
    if (firstLine == lastLine) {
      add(out, firstLine, maskOf(first & offsetMask, last & offsetMask));
    } else {
      add(out, firstLine, maskOf(first & offsetMask, offsetMask));
      add(out, lastLine, maskOf(0, last & offsetMask));
    }
  }
}

bool readUsesL1(const CacheLevelConfig &l1, MemorySpace space) {
  // seed 001 Table 2 bypassing: RWON sends every access past the L1;
  // seed 000 §3 / seed 001 §3.1: global loads are cached when the L1
  // caches them (local memory always is). Loads through the read-only path
  // (`__ldg`, `const __restrict__`) are cached in the unified L1/texture
  // cache even where plain global loads are not (CUDA C Programming Guide,
  // compute capability 5.x, Global Memory; seed 001 §5: on the GTX 970 "the
  // texture cache is the same as L1 cache").
  return l1.bypass != arch::BypassPolicy::ReadsAndWrites &&
         (l1.cachesGlobalLoads || space == MemorySpace::Local ||
          space == MemorySpace::GlobalReadOnly);
}

void prepareWarpRequests(const trace::WarpTrace &trace,
                         const CacheLevelConfig &l1, unsigned l2LineSize,
                         WarpRequests &out, RequestCounts &counts,
                         unsigned l2SectorSize) {
  out.block = trace.block;
  out.warp = trace.warp;
  out.clear();
  const bool sectored = l1.sectorSize != 0 && l1.sectorSize < l1.lineSize;
  if (l2SectorSize >= l2LineSize)
    l2SectorSize = 0;
  const bool l2Sectored = l2SectorSize != 0;
  const bool l2AsL1 = l2LineSize == l1.lineSize &&
                      l2SectorSize == (sectored ? l1.sectorSize : 0);
  // One op per instruction at most: grown once, not per push.
  out.ops.reserve(trace.instructions.size());
  std::vector<LineRequestRef> scratch;
  // Instructions issued since the previous modelled one.
  uint64_t issued = 0;
  auto clampIssued = [](uint64_t n) {
    return static_cast<uint32_t>(std::min<uint64_t>(n, ~uint32_t(0)));
  };
  for (const trace::WarpInstruction &instruction : trace.instructions) {
    issued += instruction.instructionsBefore;
    bool modelledSpace =
        instruction.space == trace::MemorySpace::Global ||
        instruction.space == trace::MemorySpace::GlobalReadOnly ||
        instruction.space == trace::MemorySpace::Local;
    if (instruction.kind == trace::AccessKind::Barrier || !modelledSpace ||
        instruction.activeMask == 0) {
      ++counts.skipped;
      ++issued;
      continue;
    }
    ++counts.modelled;
    WarpMemoryOp op;
    op.site = instruction.site;
    op.instructionsBefore = clampIssued(issued);
    issued = 0;
    switch (instruction.kind) {
    case trace::AccessKind::Read:
      op.kind = OpKind::Read;
      break;
    case trace::AccessKind::Write:
      op.kind = OpKind::Write;
      break;
    default:
      op.kind = OpKind::Atomic;
      break;
    }
    op.usesL1 = op.kind == OpKind::Read
                    ? readUsesL1(l1, instruction.space)
                    : l1.bypass != arch::BypassPolicy::ReadsAndWrites;
    splitIntoLines(instruction, l1.lineSize, l1.sectorSize, scratch);
    op.l1Begin = static_cast<uint32_t>(out.l1Lines.size());
    op.l1Count = static_cast<uint16_t>(scratch.size());
    for (const LineRequestRef &r : scratch) {
      out.l1Lines.push_back(r.lineNumber);
      if (sectored)
        out.l1SectorMasks.push_back(r.sectorMask);
    }
    op.l2Begin = static_cast<uint32_t>(out.l2Lines.size());
    if (l2LineSize && (op.kind != OpKind::Read || !op.usesL1)) {
      // With the L1's line and sector sizes the L2 requests are the L1's.
      if (!l2AsL1)
        splitIntoLines(instruction, l2LineSize, l2SectorSize, scratch);
      for (const LineRequestRef &r : scratch) {
        out.l2Lines.push_back(r.lineNumber);
        if (l2Sectored)
          out.l2SectorMasks.push_back(r.sectorMask);
      }
    }
    op.l2Count = static_cast<uint16_t>(out.l2Lines.size() - op.l2Begin);
    out.ops.push_back(op);
  }
}

} // namespace gpurd::model
