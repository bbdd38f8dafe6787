//===- TraceWriterAccelSim.cpp - Accel-Sim trace-driven input -------------===//
//
// `accelsim:DIR` writes what Accel-Sim's NVBit tracer (tracer version 5)
// and its post-processing produce, as gpu-simulator/trace-parser reads it:
// DIR/kernelslist.g names DIR/kernel-N.traceg (N = kernel id + 1); each
// .traceg file is a `-key = value` header, a blank line, the `#traces
// format` line, then every thread block (x fastest) as
//
//   #BEGIN_TB
//
//   thread block = X,Y,Z
//
//   warp = W
//   insts = N
//   PC MASK NDST [Rd] OPCODE NSRC [Rs...] MEM_WIDTH [0 ADDRESSES...] IMM
//   ...
//
//   #END_TB
//
// Instructions are synthesised from the warp trace (docs/trace-formats.md
// has the tables): every memory instruction becomes one SASS-like line
// (LDG.E/STG.E/ATOMG.E.ADD, LDS/STS/ATOMS.ADD, LDL/STL, LDC, TEX with width
// suffixes .U8/.U16/.64/.128) listing the address of every active lane
// (address format 0); a barrier becomes `BAR.SYNC`; each non-memory
// instruction the trace counts before it becomes one line: the compiled
// kernel's own (SiteDataFlow::head and after: its unit's SASS opcode and
// the lines and loads of its block it reads) where the gap's count holds
// them, else a stand-in IMAD or FFMA (by slot: alternating, each reading
// the registers of the two slots before it, a chain); every warp ends
// with its trailing non-memory instructions, the last of which (the
// kernel's return) is EXIT, so the simulator counts the instructions the
// compiled kernel executes. The kernel's
// data flow (SiteDataFlow.h) decides which lines wait for a load: a load's
// result goes to a register of its site's own, the line standing for its
// first reader in its block reads that register, and a memory instruction
// whose address or stored value is computed from loads of its block reads
// theirs; a block's tail that the affine producer counts before the block's
// last site goes back after it (TraceHeader::gapsHoldTails). A site whose
// loads the compiled kernel has several of in flight (a loop the compiler
// unrolls, which the trace holds rolled: SiteDataFlow::inFlight) gives each
// copy its own register, and its first reader reads the copy loaded
// inFlight - 1 iterations before, so that many loads are in flight as in
// the unrolled loop. PCs are stable
// across warps: site s has 64 slots at 0x10 * (64 s + k), its memory
// instruction in slot 63 and its ALU lines in the slots just before it (cycling
// through slots 0-62 when more than 63 run); the trailing lines and EXIT use
// the slots of pseudo-site 0x10000 (EXIT at 0x40003f0).
//
//===----------------------------------------------------------------------===//

#include "TraceWriterFormats.h"
#include "gpurd/Support/UserInput.h"
#include "gpurd/Trace/SiteDataFlow.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <array>
#include <map>
#include <optional>

namespace gpurd::trace {
namespace {

/// PC slots per access site; the memory instruction takes the last one.
constexpr uint64_t SlotsPerSite = 64;
/// The slots of a site's ALU lines (more lines reuse them in turn).
constexpr uint64_t AluSlots = SlotsPerSite - 1;
/// Accel-Sim's limit on an instruction's source registers
/// (trace-parser/trace_parser.h, MAX_SRC).
constexpr size_t MaxSources = 4;
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

/// Lanes of warp \p warp that exist in a block of \p threads threads.
uint32_t existingLanes(uint64_t threads, unsigned warp) {
  uint64_t first = uint64_t(warp) * WarpSize;
  if (threads <= first)
    return 0;
  uint64_t count = threads - first;
  return count >= WarpSize ? ~uint32_t(0) : (uint32_t(1) << count) - 1;
}

/// Appends one warp's instruction lines to \p text and returns how many.
class WarpPrinter {
public:
  WarpPrinter(std::string &text, llvm::ArrayRef<SiteDataFlow> flow)
      : text(text), flow(flow) {}

  uint64_t lines() const { return count; }

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
      append(pcOf(site, slot), mask, opcode, dest, sources);
      text += " 0 0\n";
      aluDest[aluCount++ % AluHistory] = dest;
    }
    for (Pending &load : pending)
      load.remaining = load.remaining > n ? load.remaining - n : 1;
  }

  /// A line without registers or memory (BAR.SYNC, EXIT).
  void control(uint64_t site, const char *opcode, uint32_t mask) {
    append(pcOf(site, AluSlots), mask, opcode, std::nullopt, {});
    text += " 0 0\n";
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
    append(pcOf(instruction.site, AluSlots), instruction.activeMask, opcode,
           dest, sources);
    char buffer[32];
    int length = std::snprintf(buffer, sizeof buffer, " %u 0", width);
    text.append(buffer, length);
    for (unsigned lane = 0; lane < WarpSize; ++lane) {
      if (!(instruction.activeMask & (1u << lane)))
        continue;
      length = std::snprintf(buffer, sizeof buffer, " 0x%llx",
                             (unsigned long long)instruction.addresses[lane]);
      text.append(buffer, length);
    }
    text += " 0\n";
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

  std::string &text;
  llvm::ArrayRef<SiteDataFlow> flow;
  std::vector<Pending> pending;
  /// Memory instructions of each site so far in this warp.
  std::vector<uint64_t> occurrences = std::vector<uint64_t>(flow.size(), 0);
  /// The destinations of the warp's latest ALU lines, by line number.
  std::array<unsigned, AluHistory> aluDest{};
  uint64_t aluCount = 0;
  uint64_t count = 0;

  /// `PC MASK NDST [Rd] OPCODE NSRC [Rs...]`.
  void append(uint64_t pc, uint32_t mask, llvm::StringRef opcode,
              std::optional<unsigned> dest, llvm::ArrayRef<unsigned> sources) {
    char buffer[64];
    int length =
        dest ? std::snprintf(buffer, sizeof buffer, "%04llx %08x 1 R%u ",
                             (unsigned long long)pc, mask, *dest)
             : std::snprintf(buffer, sizeof buffer, "%04llx %08x 0 ",
                             (unsigned long long)pc, mask);
    text.append(buffer, length);
    text += opcode;
    length = std::snprintf(buffer, sizeof buffer, " %zu", sources.size());
    text.append(buffer, length);
    for (unsigned reg : sources) {
      length = std::snprintf(buffer, sizeof buffer, " R%u", reg);
      text.append(buffer, length);
    }
    ++count;
  }
};

class AccelSimTraceWriter : public TraceWriter {
public:
  AccelSimTraceWriter(std::string directory, std::string fileName,
                      std::unique_ptr<llvm::raw_fd_ostream> out,
                      const TraceHeader &header)
      : directory(std::move(directory)), fileName(std::move(fileName)),
        out(std::move(out)), header(header) {
    const TraceLaunch &launch = header.launch;
    llvm::raw_fd_ostream &os = *this->out;
    os << "-kernel name = " << header.kernel << "\n"
       << "-kernel id = " << header.kernelId + 1 << "\n"
       << "-grid dim = (" << launch.grid[0] << "," << launch.grid[1] << ","
       << launch.grid[2] << ")\n"
       << "-block dim = (" << launch.block[0] << "," << launch.block[1] << ","
       << launch.block[2] << ")\n"
       << "-shmem = " << header.sharedBytes << "\n"
       << "-nregs = " << header.registers << "\n"
       << "-binary version = " << header.binaryVersion << "\n"
       << "-cuda stream id = 0\n"
       << "-shmem base_addr = 0x00007f4c8c000000\n"
       << "-local mem base_addr = 0x00007f4c8e000000\n"
       << "-nvbit version = 1.5.5\n"
       << "-accelsim tracer version = 5\n"
       << "-enable lineinfo = 0\n"
       << "\n"
       << "#traces format = threadblock_x threadblock_y threadblock_z "
          "warpid_tb PC mask dest_num reg_dests opcode src_num reg_srcs "
          "mem_width [adrrescompress?] [mem_addresses] immediate\n";
  }
  ~AccelSimTraceWriter() override { out->clear_error(); }

  llvm::Error writeBlock(const std::vector<WarpTrace> &warps) override {
    const TraceLaunch &launch = header.launch;
    uint64_t block = warps.empty() ? nextBlock : warps.front().block;
    if (block != nextBlock)
      return makeTraceError(
          "trace file '" + path() + "': block " + llvm::Twine(block) +
          " arrives where block " + llvm::Twine(nextBlock) +
          " is due; Accel-Sim replays every block of the grid in order, so "
          "trace all blocks (" +
          userInput(UserInput::Sms, "all") + ") when writing accelsim:DIR");
    ++nextBlock;
    unsigned warpsPerBlock = launch.warpsPerBlock();
    std::vector<const WarpTrace *> byIndex(warpsPerBlock, nullptr);
    for (const WarpTrace &warp : warps) {
      if (warp.warp >= warpsPerBlock)
        return makeTraceError("trace file '" + path() + "': warp " +
                              llvm::Twine(warp.warp) + " of block " +
                              llvm::Twine(block) + " is outside the block's " +
                              llvm::Twine(warpsPerBlock) + " warps");
      byIndex[warp.warp] = &warp;
    }
    auto index = launch.blockIndex(block);
    llvm::raw_fd_ostream &os = *out;
    os << "\n#BEGIN_TB\n\nthread block = " << index[0] << "," << index[1] << ","
       << index[2] << "\n";
    std::string text;
    for (unsigned w = 0; w < warpsPerBlock; ++w) {
      text.clear();
      WarpPrinter printer(text, header.dataFlow);
      uint32_t lanes = existingLanes(launch.threadsPerBlock(), w);
      if (const WarpTrace *warp = byIndex[w]) {
        // A block's tail that the trace counted before its last site
        // runs after it: carried to the next gap.
        uint64_t carried = 0;
        llvm::ArrayRef<AluInstruction> previousAfter;
        for (const WarpInstruction &instruction : warp->instructions) {
          uint32_t mask =
              instruction.activeMask ? instruction.activeMask : lanes;
          uint64_t tail = tailOf(instruction);
          printer.gap(instruction.site,
                      instruction.instructionsBefore - tail + carried, mask,
                      previousAfter, headOf(instruction.site));
          carried = tail;
          previousAfter = afterOf(instruction.site);
          if (instruction.kind == AccessKind::Barrier)
            printer.control(instruction.site, "BAR.SYNC", mask);
          else if (instruction.activeMask)
            printer.memory(instruction);
        }
        // The count ends with the kernel's return, which EXIT stands for.
        uint64_t trailing = warp->trailingInstructions + carried;
        trailing = trailing ? trailing - 1 : 0;
        printer.gap(ExitSite, trailing, lanes,
                    previousAfter.take_front(trailing), {});
      }
      printer.control(ExitSite, "EXIT", lanes);
      os << "\nwarp = " << w << "\ninsts = " << printer.lines() << "\n" << text;
    }
    os << "\n#END_TB\n";
    return llvm::Error::success();
  }

  llvm::Error finish() override {
    std::string file = path();
    if (auto error = closeTraceFile(*out, file))
      return error;
    if (nextBlock != header.launch.numBlocks())
      return makeTraceError(
          "trace file '" + file + "' holds " + llvm::Twine(nextBlock) +
          " of the grid's " + llvm::Twine(header.launch.numBlocks()) +
          " blocks; Accel-Sim replays every block, so trace all blocks (" +
          userInput(UserInput::Sms, "all") + ") when writing accelsim:DIR");
    return updateKernelList();
  }

private:
  std::string directory, fileName;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  TraceHeader header;
  uint64_t nextBlock = 0;

  llvm::ArrayRef<AluInstruction> headOf(uint32_t site) const {
    if (site >= header.dataFlow.size())
      return {};
    return header.dataFlow[site].head;
  }
  llvm::ArrayRef<AluInstruction> afterOf(uint32_t site) const {
    if (site >= header.dataFlow.size())
      return {};
    return header.dataFlow[site].after;
  }

  /// What of \p instruction's gap runs after it (SiteDataFlow::tail).
  uint64_t tailOf(const WarpInstruction &instruction) const {
    if (!header.gapsHoldTails || instruction.site >= header.dataFlow.size())
      return 0;
    return std::min<uint64_t>(header.dataFlow[instruction.site].tail,
                              instruction.instructionsBefore);
  }

  std::string path() const {
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, fileName);
    return path.str().str();
  }

  static unsigned kernelNumber(llvm::StringRef line) {
    unsigned number = 0;
    if (line.consume_front("kernel-") && line.consume_back(".traceg"))
      line.getAsInteger(10, number);
    return number;
  }

  /// Adds this kernel to DIR/kernelslist.g, keeping the lines already there
  /// (other launches, memcpys) and the kernels in increasing number.
  llvm::Error updateKernelList() {
    llvm::SmallString<256> listPath(directory);
    llvm::sys::path::append(listPath, "kernelslist.g");
    std::vector<std::string> lines;
    if (auto existing = llvm::MemoryBuffer::getFile(listPath, true)) {
      llvm::SmallVector<llvm::StringRef, 16> parts;
      (*existing)->getBuffer().split(parts, '\n', -1, false);
      for (llvm::StringRef line : parts)
        if (!line.trim().empty())
          lines.push_back(line.trim().str());
    }
    if (llvm::find(lines, fileName) == lines.end()) {
      unsigned ours = kernelNumber(fileName);
      auto at = llvm::find_if(lines, [&](const std::string &line) {
        return kernelNumber(line) > ours;
      });
      lines.insert(at, fileName);
    }
    std::error_code error;
    llvm::raw_fd_ostream list(listPath, error, llvm::sys::fs::OF_None);
    if (error)
      return makeTraceError("cannot write '" + listPath +
                            "': " + error.message());
    for (const std::string &line : lines)
      list << line << "\n";
    return closeTraceFile(list, listPath);
  }
};

} // namespace

llvm::Expected<std::unique_ptr<TraceWriter>>
createAccelSimTraceWriter(llvm::StringRef directory,
                          const TraceHeader &header) {
  std::string fileName =
      "kernel-" + std::to_string(uint64_t(header.kernelId) + 1) + ".traceg";
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, fileName);
  auto out = openTraceFile(path, ("accelsim:" + directory).str());
  if (!out)
    return out.takeError();
  return std::make_unique<AccelSimTraceWriter>(
      directory.str(), std::move(fileName), std::move(*out), header);
}

} // namespace gpurd::trace
