//===- WarpLines.cpp - A warp's instruction stream, line by line ----------===//
//
// The lines of docs/trace-formats.md's Accel-Sim section, built from the
// warp trace and the kernel's data flow (WarpLines.h). PCs are stable across
// warps: site s has 64 slots at 0x10 * (64 s + k), its memory instruction in
// slot 63 and its ALU lines in the slots just before it (cycling through
// slots 0-62 when more than 63 run); the trailing lines and EXIT use the
// slots of pseudo-site 0x10000 (EXIT at 0x40003f0).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Trace/WarpLines.h"

#include <array>

namespace gpurd::trace {
namespace {

/// PC slots per access site; the memory instruction takes the last one.
constexpr uint64_t SlotsPerSite = 64;
/// The slots of a site's ALU lines (more lines reuse them in turn).
constexpr uint64_t AluSlots = SlotsPerSite - 1;
constexpr size_t MaxSources = MaxLineSources;
/// Load registers, four each (R16, R20, ... R236), so that two loads in
/// flight seldom share one (which would make the second wait for the
/// first): a site's first copy uses number s mod 32; copy c >= 1 of the
/// loads in flight of site s (SiteDataFlow::inFlight, at most MaxInFlight)
/// one of the other 24, 32 + (7 s + c - 1) mod 24.
constexpr unsigned FirstCopyRegisters = 32;
constexpr unsigned CopyRegisters = 24;
constexpr unsigned MaxInFlight = 8;
/// The pseudo-site whose slots hold a warp's trailing ALU lines and EXIT.
constexpr uint64_t ExitSite = 0x10000;

uint64_t pcOf(uint64_t site, uint64_t slot) {
  return 0x10 * (site * SlotsPerSite + slot);
}

/// The register copy \p copy of a memory instruction of \p site returns
/// its value in (a store's data register: copy 0's, read instead of
/// written).
unsigned registerOf(uint32_t site, unsigned copy = 0) {
  unsigned number =
      copy == 0 ? site % FirstCopyRegisters
                : FirstCopyRegisters +
                      (site * (MaxInFlight - 1) + copy - 1) % CopyRegisters;
  return 16 + 4 * number;
}

/// The opcode suffix for an access of \p size bytes and the width it
/// stands for (what Accel-Sim reads back from the opcode).
std::pair<const char *, unsigned> widthOf(uint32_t size) {
  if (size <= 1)
    return {".U8", 1};
  if (size <= 2)
    return {".U16", 2};
  if (size <= 4)
    return {"", 4};
  if (size <= 8)
    return {".64", 8};
  return {".128", 16};
}

/// The SASS opcode (without width suffix) for an access.
const char *opcodeOf(AccessKind kind, MemorySpace space) {
  if (kind == AccessKind::ReadModifyWrite)
    return space == MemorySpace::Shared ? "ATOMS.ADD" : "ATOMG.E.ADD";
  bool load = kind == AccessKind::Read;
  switch (space) {
  case MemorySpace::Shared:
    return load ? "LDS" : "STS";
  case MemorySpace::Local:
    return load ? "LDL" : "STL";
  case MemorySpace::Constant:
    return load ? "LDC" : "STG.E";
  case MemorySpace::Texture:
    return load ? "TEX" : "STG.E";
  case MemorySpace::Global:
  case MemorySpace::GlobalReadOnly:
    break;
  }
  return load ? "LDG.E" : "STG.E";
}

/// Builds one warp's lines and hands each to a callback.
class LineBuilder {
public:
  LineBuilder(llvm::function_ref<void(const WarpLine &)> onLine,
              llvm::ArrayRef<SiteDataFlow> flow)
      : onLine(onLine), flow(flow) {}

  /// \p n ALU lines ending just before slot SlotsPerSite - 1 of \p site:
  /// the compiled kernel's own instructions where the gap holds \p first
  /// (the previous site's block tail) and \p last (this site's head) and
  /// the count leaves room for both, stand-ins for the rest (all of them
  /// otherwise). A line that stands for a load's first reader reads its
  /// register.
  void gap(uint64_t site, uint64_t n, uint32_t mask,
           llvm::ArrayRef<AluInstruction> first,
           llvm::ArrayRef<AluInstruction> last) {
    if (first.size() + last.size() > n)
      first = last = {};
    uint64_t firstSlot = n <= AluSlots ? AluSlots - n : 0;
    for (uint64_t i = 1; i <= n; ++i) {
      uint64_t slot = (firstSlot + i - 1) % AluSlots;
      llvm::SmallVector<unsigned, MaxSources> sources;
      unsigned dest;
      const char *opcode;
      if (const AluInstruction *own = ownLine(i, n, first, last)) {
        dest = ownRegister(aluCount);
        opcode = own->opcode;
        for (uint32_t back : own->back)
          addSource(sources, aluRegisterBack(back));
        for (uint32_t load : own->loads)
          addSource(sources, readableRegister(load));
      } else {
        // Stand-ins: IMAD and FFMA in turn, a chain.
        dest = 8 + unsigned(slot % 8);
        opcode = slot % 2 == 0 ? "IMAD" : "FFMA";
        sources = {8 + unsigned((slot + 7) % 8), 8 + unsigned((slot + 6) % 8)};
      }
      llvm::erase_if(pending, [&](Pending &load) {
        if (load.remaining != i)
          return false;
        addSource(sources, load.reg);
        return true;
      });
      emit(pcOf(site, slot), mask, opcode, dest, sources);
      aluDest[aluCount++ % AluHistory] = dest;
    }
    for (Pending &load : pending)
      load.remaining = load.remaining > n ? load.remaining - n : 1;
  }

  /// A line without registers or memory (BAR.SYNC, EXIT).
  void control(uint64_t site, const char *opcode, uint32_t mask) {
    emit(pcOf(site, AluSlots), mask, opcode, std::nullopt, {});
  }

  void memory(const WarpInstruction &instruction) {
    auto [suffix, width] = widthOf(instruction.size);
    std::string opcode = opcodeOf(instruction.kind, instruction.space);
    if (instruction.space == MemorySpace::Texture &&
        instruction.kind == AccessKind::Read) {
      suffix = ""; // TEX carries no width; Accel-Sim assumes 4 bytes
      width = 4;
    }
    opcode += suffix;
    // The loads of a site in flight take their copies' registers in turn.
    uint64_t occurrence = 0;
    if (instruction.site < flow.size())
      occurrence = occurrences[instruction.site]++;
    unsigned data =
        registerOf(instruction.site, occurrence % inFlightOf(instruction.site));
    std::optional<unsigned> dest;
    llvm::SmallVector<unsigned, MaxSources> sources{2};
    if (instruction.kind != AccessKind::Read)
      sources.push_back(instruction.kind == AccessKind::Write ? data
                                                              : data + 1);
    if (instruction.kind != AccessKind::Write)
      dest = data;
    // The instructions its operands are, then the loads they come from
    // (the latest ones when more than the simulator takes).
    if (instruction.site < flow.size()) {
      for (uint32_t back : flow[instruction.site].operandsBack)
        addSource(sources, aluRegisterBack(back));
      for (uint32_t input : llvm::reverse(flow[instruction.site].inputs))
        if (input != instruction.site)
          addSource(sources, latestRegister(input));
    }
    emit(pcOf(instruction.site, AluSlots), instruction.activeMask, opcode, dest,
         sources, &instruction, width);
    // Its first reader reads the load of inFlight - 1 occurrences before
    // (readableRegister).
    if (dest && instruction.site < flow.size() &&
        flow[instruction.site].firstUse)
      if (std::optional<unsigned> reg = readableRegister(instruction.site)) {
        llvm::erase_if(pending,
                       [&](const Pending &p) { return p.reg == *reg; });
        pending.push_back({*reg, flow[instruction.site].firstUse});
      }
  }

private:
  /// The compiled kernel's instruction for line \p i (from 1) of a gap of
  /// \p n that begins with \p first and ends with \p last, or null for a
  /// stand-in.
  static const AluInstruction *ownLine(uint64_t i, uint64_t n,
                                       llvm::ArrayRef<AluInstruction> first,
                                       llvm::ArrayRef<AluInstruction> last) {
    if (i <= first.size())
      return &first[i - 1];
    if (i + last.size() > n)
      return &last[i - 1 - (n - last.size())];
    return nullptr;
  }

  /// ALU lines whose destinations a line can still read.
  static constexpr uint64_t AluHistory = 64;

  /// The destination of the compiled kernel's \p k-th ALU line of a warp:
  /// R18, R19, R22, R23, ... R143, beside the load registers (R16 + 4 n,
  /// an atomic's operand R17 + 4 n) and the stand-ins' R8-R15.
  static unsigned ownRegister(uint64_t k) {
    unsigned j = unsigned(k % AluHistory);
    return 18 + 4 * (j / 2) + j % 2;
  }

  /// The destination of the ALU line \p back lines before the next one,
  /// or none when it is older than the history (or before the warp's first).
  std::optional<unsigned> aluRegisterBack(uint32_t back) const {
    if (back == 0 || back > aluCount || back >= AluHistory)
      return std::nullopt;
    return aluDest[(aluCount - back) % AluHistory];
  }

  /// The register a reader of \p site's latest load reads: that of the load
  /// inFlight - 1 before it, as the unrolled loop's reader does once the
  /// other copies issued (none before that many have).
  std::optional<unsigned> readableRegister(uint32_t site) const {
    if (site >= flow.size())
      return std::nullopt;
    unsigned inFlight = inFlightOf(site);
    uint64_t issued = occurrences[site];
    if (issued < inFlight)
      return std::nullopt;
    return registerOf(site, issued % inFlight);
  }

  static void addSource(llvm::SmallVectorImpl<unsigned> &sources,
                        std::optional<unsigned> reg) {
    if (reg && sources.size() < MaxSources &&
        !llvm::is_contained(sources, *reg))
      sources.push_back(*reg);
  }

  /// The register of \p site's latest load (copy 0's before any).
  unsigned latestRegister(uint32_t site) const {
    if (site >= flow.size() || occurrences[site] == 0)
      return registerOf(site);
    return registerOf(site, (occurrences[site] - 1) % inFlightOf(site));
  }

  /// The loads of \p site in flight (SiteDataFlow::inFlight, at most
  /// MaxInFlight; 1 without its data flow).
  unsigned inFlightOf(uint32_t site) const {
    return site < flow.size() ? std::min(flow[site].inFlight, MaxInFlight) : 1;
  }

  /// A load's register and the ALU line, counted from the next, that
  /// reads it first.
  struct Pending {
    unsigned reg;
    uint64_t remaining;
  };

  llvm::function_ref<void(const WarpLine &)> onLine;
  llvm::ArrayRef<SiteDataFlow> flow;
  std::vector<Pending> pending;
  /// Memory instructions of each site so far in this warp.
  std::vector<uint64_t> occurrences = std::vector<uint64_t>(flow.size(), 0);
  /// The destinations of the warp's latest ALU lines, by line number.
  std::array<unsigned, AluHistory> aluDest{};
  uint64_t aluCount = 0;
  WarpLine line; ///< Reused: its opcode's and sources' storage.

  void emit(uint64_t pc, uint32_t mask, llvm::StringRef opcode,
            std::optional<unsigned> dest, llvm::ArrayRef<unsigned> sources,
            const WarpInstruction *memory = nullptr, unsigned width = 0) {
    line.pc = pc;
    line.mask = mask;
    line.opcode.assign(opcode.begin(), opcode.end());
    line.dest = dest;
    line.sources.assign(sources.begin(), sources.end());
    line.memory = memory;
    line.width = width;
    onLine(line);
  }
};

/// The lines of \p site's block the trace counted (SiteDataFlow).
llvm::ArrayRef<AluInstruction> headOf(const WarpLineContext &context,
                                      uint32_t site) {
  if (site >= context.dataFlow.size())
    return {};
  return context.dataFlow[site].head;
}
llvm::ArrayRef<AluInstruction> afterOf(const WarpLineContext &context,
                                       uint32_t site) {
  if (site >= context.dataFlow.size())
    return {};
  return context.dataFlow[site].after;
}

/// What of \p instruction's gap runs after it (SiteDataFlow::tail).
uint64_t tailOf(const WarpLineContext &context,
                const WarpInstruction &instruction) {
  if (!context.gapsHoldTails || instruction.site >= context.dataFlow.size())
    return 0;
  return std::min<uint64_t>(context.dataFlow[instruction.site].tail,
                            instruction.instructionsBefore);
}

} // namespace

/// Lanes of warp \p warp that exist in a block of \p threads threads.
uint32_t existingLanes(uint64_t threads, unsigned warp) {
  uint64_t first = uint64_t(warp) * WarpSize;
  if (threads <= first)
    return 0;
  uint64_t count = threads - first;
  return count >= WarpSize ? ~uint32_t(0) : (uint32_t(1) << count) - 1;
}

void forEachWarpLine(const WarpTrace *warp, uint32_t lanes,
                     const WarpLineContext &context,
                     llvm::function_ref<void(const WarpLine &)> onLine) {
  LineBuilder builder(onLine, context.dataFlow);
  if (warp) {
    // A block's tail that the trace counted before its last site runs after
    // it: carried to the next gap.
    uint64_t carried = 0;
    llvm::ArrayRef<AluInstruction> previousAfter;
    for (const WarpInstruction &instruction : warp->instructions) {
      uint32_t mask = instruction.activeMask ? instruction.activeMask : lanes;
      uint64_t tail = tailOf(context, instruction);
      builder.gap(instruction.site,
                  instruction.instructionsBefore - tail + carried, mask,
                  previousAfter, headOf(context, instruction.site));
      carried = tail;
      previousAfter = afterOf(context, instruction.site);
      if (instruction.kind == AccessKind::Barrier)
        builder.control(instruction.site, "BAR.SYNC", mask);
      else if (instruction.activeMask)
        builder.memory(instruction);
    }
    // The count ends with the kernel's return, which EXIT stands for.
    uint64_t trailing = warp->trailingInstructions + carried;
    trailing = trailing ? trailing - 1 : 0;
    builder.gap(ExitSite, trailing, lanes, previousAfter.take_front(trailing),
                {});
  }
  builder.control(ExitSite, "EXIT", lanes);
}

} // namespace gpurd::trace
