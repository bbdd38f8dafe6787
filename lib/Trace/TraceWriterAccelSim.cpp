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
#include "gpurd/Trace/WarpLines.h"

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

/// `PC MASK NDST [Rd] OPCODE NSRC [Rs...] MEM_WIDTH [0 ADDRESSES...] IMM`.
void printLine(std::string &text, const WarpLine &line) {
  char buffer[64];
  int length =
      line.dest
          ? std::snprintf(buffer, sizeof buffer, "%04llx %08x 1 R%u ",
                          (unsigned long long)line.pc, line.mask, *line.dest)
          : std::snprintf(buffer, sizeof buffer, "%04llx %08x 0 ",
                          (unsigned long long)line.pc, line.mask);
  text.append(buffer, length);
  text += line.opcode;
  length = std::snprintf(buffer, sizeof buffer, " %zu", line.sources.size());
  text.append(buffer, length);
  for (unsigned reg : line.sources) {
    length = std::snprintf(buffer, sizeof buffer, " R%u", reg);
    text.append(buffer, length);
  }
  if (!line.memory) {
    text += " 0 0\n";
    return;
  }
  length = std::snprintf(buffer, sizeof buffer, " %u 0", line.width);
  text.append(buffer, length);
  const WarpInstruction &instruction = *line.memory;
  for (unsigned lane = 0; lane < WarpSize; ++lane) {
    if (!(instruction.activeMask & (1u << lane)))
      continue;
    length = std::snprintf(buffer, sizeof buffer, " 0x%llx",
                           (unsigned long long)instruction.addresses[lane]);
    text.append(buffer, length);
  }
  text += " 0\n";
}

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
    WarpLineContext context{header.dataFlow, header.gapsHoldTails};
    for (unsigned w = 0; w < warpsPerBlock; ++w) {
      text.clear();
      uint64_t lines = 0;
      forEachWarpLine(byIndex[w], existingLanes(launch.threadsPerBlock(), w),
                      context, [&](const WarpLine &line) {
                        printLine(text, line);
                        ++lines;
                      });
      os << "\nwarp = " << w << "\ninsts = " << lines << "\n" << text;
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
