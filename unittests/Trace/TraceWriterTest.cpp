//===- TraceWriterTest.cpp - FILE.txt, FILE.bin, nugteren:, accelsim: -----===//

#include "gpurd/Trace/TraceWriter.h"

#include "TraceReader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <bitset>
#include <sstream>

using namespace gpurd::trace;

namespace {

constexpr uint64_t Base = 0x7f0000000000ull;

/// A fresh directory, removed with everything in it on destruction.
class TemporaryDirectory {
public:
  TemporaryDirectory() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("gpurd-trace", path));
  }
  ~TemporaryDirectory() { llvm::sys::fs::remove_directories(path); }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<256> result(path);
    llvm::sys::path::append(result, name);
    return result.str().str();
  }
  std::string str() const { return path.str().str(); }

private:
  llvm::SmallString<128> path;
};

std::string contents(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    ADD_FAILURE() << "cannot read " << path;
    return "";
  }
  return (*buffer)->getBuffer().str();
}

WarpInstruction instruction(uint32_t site, AccessKind kind, MemorySpace space,
                            uint32_t size, uint32_t mask, uint32_t before,
                            std::vector<uint64_t> addresses) {
  WarpInstruction result;
  result.site = site;
  result.kind = kind;
  result.space = space;
  result.size = size;
  result.activeMask = mask;
  result.instructionsBefore = before;
  unsigned next = 0;
  for (unsigned lane = 0; lane < WarpSize; ++lane)
    if (mask & (1u << lane) && next < addresses.size())
      result.addresses[lane] = addresses[next++];
  return result;
}

/// The tiny kernel every format test writes: one block of 64 threads, two
/// warps. Warp 0: lanes 0-1 load (site 0) and store to shared memory
/// (site 1), meet the barrier (site 2), lane 0 stores a double (site 3).
/// Warp 1: lane 0 loads (site 0), meets the barrier, adds atomically
/// (site 4), then runs one more non-memory instruction.
TraceHeader tinyHeader() {
  TraceHeader header;
  header.kernel = "tiny";
  header.launch.grid = {1, 1, 1};
  header.launch.block = {64, 1, 1};
  header.kernelId = 3;
  header.binaryVersion = 70;
  header.sharedBytes = 256;
  header.registers = 24;
  return header;
}

std::vector<WarpTrace> tinyBlock() {
  using K = AccessKind;
  using S = MemorySpace;
  WarpTrace warp0;
  warp0.block = 0;
  warp0.warp = 0;
  warp0.instructions = {
      instruction(0, K::Read, S::Global, 4, 0x3, 2, {Base, Base + 4}),
      instruction(1, K::Write, S::Shared, 4, 0x3, 0, {0x0, 0x4}),
      instruction(2, K::Barrier, S::Global, 0, 0x3, 1, {}),
      instruction(3, K::Write, S::Global, 8, 0x1, 0, {Base + 0x100}),
  };
  WarpTrace warp1;
  warp1.block = 0;
  warp1.warp = 1;
  warp1.instructions = {
      instruction(0, K::Read, S::Global, 4, 0x1, 2, {Base + 0x80}),
      instruction(2, K::Barrier, S::Global, 0, 0x1, 0, {}),
      instruction(4, K::ReadModifyWrite, S::Global, 4, 0x1, 0, {Base + 0x200}),
  };
  warp1.trailingInstructions = 1;
  return {warp0, warp1};
}

void writeTiny(const std::string &spec, const TraceHeader &header,
               const std::vector<std::vector<WarpTrace>> &blocks) {
  auto writer = createTraceWriter(spec, header);
  ASSERT_TRUE(bool(writer)) << llvm::toString(writer.takeError());
  for (const auto &block : blocks) {
    llvm::Error written = (*writer)->writeBlock(block);
    ASSERT_FALSE(bool(written)) << llvm::toString(std::move(written));
  }
  llvm::Error finished = (*writer)->finish();
  ASSERT_FALSE(bool(finished)) << llvm::toString(std::move(finished));
}

TEST(TraceWriter, TextFormat) {
  TemporaryDirectory dir;
  std::string path = dir.file("t.txt");
  writeTiny(path, tinyHeader(), {tinyBlock()});
  EXPECT_EQ(contents(path),
            "# gpurd trace 1: kernel=tiny grid=1,1,1 block=64,1,1 shared=256; "
            "fields: block thread site access space address size\n"
            "0 0 0 r global 0x7f0000000000 4\n"
            "0 0 1 w shared 0x0 4\n"
            "0 0 2 bar - 0x0 0\n"
            "0 0 3 w global 0x7f0000000100 8\n"
            "0 1 0 r global 0x7f0000000004 4\n"
            "0 1 1 w shared 0x4 4\n"
            "0 1 2 bar - 0x0 0\n"
            "0 32 0 r global 0x7f0000000080 4\n"
            "0 32 2 bar - 0x0 0\n"
            "0 32 4 rw global 0x7f0000000200 4\n");
}

TEST(TraceWriter, TextFormatOrdersThreadsAcrossWarpsAndBlocks) {
  TemporaryDirectory dir;
  std::string path = dir.file("t.txt");
  TraceHeader header = tinyHeader();
  header.launch.grid = {2, 1, 1};
  std::vector<WarpTrace> block0 = tinyBlock();
  std::swap(block0[0], block0[1]); // warps handed over out of order
  std::vector<WarpTrace> block1 = tinyBlock();
  for (WarpTrace &warp : block1) {
    warp.block = 1;
    warp.instructions.resize(1);
  }
  writeTiny(path, header, {block0, block1});
  std::string text = contents(path);
  EXPECT_NE(text.find("0 1 2 bar - 0x0 0\n0 32 0 r global"), std::string::npos)
      << text;
  EXPECT_NE(text.find("0 32 4 rw global 0x7f0000000200 4\n"
                      "1 0 0 r global 0x7f0000000000 4\n"
                      "1 1 0 r global 0x7f0000000004 4\n"
                      "1 32 0 r global 0x7f0000000080 4\n"),
            std::string::npos)
      << text;
}

TEST(TraceWriter, BinaryFormatRoundTrips) {
  TemporaryDirectory dir;
  std::string path = dir.file("t.bin");
  TraceHeader header = tinyHeader();
  header.launch.dynamicSharedBytes = 128;
  writeTiny(path, header, {tinyBlock()});

  std::string bytes = contents(path);
  ASSERT_EQ(bytes.size(), 104u + 4u + 10u * 32u);
  EXPECT_EQ(bytes.substr(0, 8), "GPURDTR1");
  EXPECT_EQ(bytes.substr(104, 4), "tiny");
  // The first record: block 0, thread 0, site 0, the load of lane 0.
  EXPECT_EQ(llvm::toHex(bytes.substr(108, 32), /*LowerCase=*/true),
            "0000000000000000"
            "00000000"
            "00000000"
            "00000000007f0000"
            "04000000"
            "00"
            "00"
            "0000");

  auto trace = readBinaryTrace(path);
  ASSERT_TRUE(bool(trace)) << llvm::toString(trace.takeError());
  EXPECT_EQ(trace->header.kernel, "tiny");
  EXPECT_EQ(trace->header.kernelId, 3u);
  EXPECT_EQ(trace->header.binaryVersion, 70u);
  EXPECT_EQ(trace->header.registers, 24u);
  EXPECT_EQ(trace->header.sharedBytes, 256u);
  EXPECT_EQ(trace->header.launch.grid, (std::array<uint64_t, 3>{1, 1, 1}));
  EXPECT_EQ(trace->header.launch.block, (std::array<uint64_t, 3>{64, 1, 1}));
  EXPECT_EQ(trace->header.launch.dynamicSharedBytes, 128u);

  using K = AccessKind;
  using S = MemorySpace;
  std::vector<ThreadAccess> expected = {
      {0, 0, 0, K::Read, S::Global, Base, 4},
      {0, 0, 1, K::Write, S::Shared, 0x0, 4},
      {0, 0, 2, K::Barrier, S::Global, 0, 0},
      {0, 0, 3, K::Write, S::Global, Base + 0x100, 8},
      {0, 1, 0, K::Read, S::Global, Base + 4, 4},
      {0, 1, 1, K::Write, S::Shared, 0x4, 4},
      {0, 1, 2, K::Barrier, S::Global, 0, 0},
      {0, 32, 0, K::Read, S::Global, Base + 0x80, 4},
      {0, 32, 2, K::Barrier, S::Global, 0, 0},
      {0, 32, 4, K::ReadModifyWrite, S::Global, Base + 0x200, 4},
  };
  ASSERT_EQ(trace->accesses.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_TRUE(trace->accesses[i] == expected[i]) << "record " << i;
}

TEST(TraceWriter, BinaryReaderRejectsDamage) {
  TemporaryDirectory dir;
  std::string path = dir.file("t.bin");
  writeTiny(path, tinyHeader(), {tinyBlock()});
  std::string bytes = contents(path);

  auto check = [&](const std::string &damaged, llvm::StringRef what) {
    std::string broken = dir.file("broken.bin");
    {
      std::error_code error;
      llvm::raw_fd_ostream out(broken, error);
      out << damaged;
    }
    auto trace = readBinaryTrace(broken);
    ASSERT_FALSE(bool(trace)) << what.str();
    std::string message = llvm::toString(trace.takeError());
    EXPECT_NE(message.find(what), std::string::npos) << message;
  };
  check(bytes.substr(0, bytes.size() - 1), "ends in the middle of a record");
  check(bytes.substr(0, bytes.size() - 32),
        "announces 10 records but the file holds 9");
  check("GPURDTR0" + bytes.substr(8), "magic 'GPURDTR1'");
  std::string version = bytes;
  version[8] = 2;
  check(version, "layout version 2 is not supported");
  std::string kind = bytes;
  kind[104 + 4 + 28] = 9;
  check(kind, "record 0 has an unknown access kind");
  auto missing = readBinaryTrace(dir.file("none.bin"));
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("cannot read trace file"),
            std::string::npos);
}

TEST(TraceWriter, NugterenFormat) {
  TemporaryDirectory dir;
  writeTiny("nugteren:" + dir.str(), tinyHeader(), {tinyBlock()});
  // Global and texture accesses only (the shared stores and the barriers are
  // left out); the atomic is a load then a store.
  EXPECT_EQ(contents(dir.file("tiny_03.trc")), "blocksize: 64 1 1\n"
                                               "0 0 139637976727552 4\n"
                                               "0 1 139637976727808 8\n"
                                               "1 0 139637976727556 4\n"
                                               "32 0 139637976727680 4\n"
                                               "32 0 139637976728064 4\n"
                                               "32 1 139637976728064 4\n");
}

TEST(TraceWriter, NugterenThreadIdsAreGlobal) {
  TemporaryDirectory dir;
  TraceHeader header = tinyHeader();
  header.kernel = "ns::kernel<int>";
  header.kernelId = 12;
  header.launch.grid = {3, 1, 1};
  std::vector<WarpTrace> block2 = tinyBlock();
  for (WarpTrace &warp : block2)
    warp.block = 2;
  writeTiny("nugteren:" + dir.str(), header, {block2});
  std::string text = contents(dir.file("ns__kernel_int__12.trc"));
  // Block 2 of 64-thread blocks: thread 0 is tid 128, thread 32 is tid 160.
  EXPECT_NE(text.find("blocksize: 64 1 1\n128 0 139637976727552 4\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n160 1 139637976728064 4\n"), std::string::npos)
      << text;

  auto writer = createTraceWriter("nugteren:" + dir.str(), header);
  ASSERT_TRUE(bool(writer));
  ASSERT_FALSE(bool((*writer)->writeBlock(block2)));
  llvm::Error late = (*writer)->writeBlock(tinyBlock());
  ASSERT_TRUE(bool(late));
  EXPECT_NE(llvm::toString(std::move(late))
                .find("block 0 arrives after block 2; blocks must be written "
                      "in increasing linear id"),
            std::string::npos);
  ASSERT_FALSE(bool((*writer)->finish()));
}

const char *const AccelSimHeader =
    "-kernel name = tiny\n"
    "-kernel id = 4\n"
    "-grid dim = (1,1,1)\n"
    "-block dim = (64,1,1)\n"
    "-shmem = 256\n"
    "-nregs = 24\n"
    "-binary version = 70\n"
    "-cuda stream id = 0\n"
    "-shmem base_addr = 0x00007f4c8c000000\n"
    "-local mem base_addr = 0x00007f4c8e000000\n"
    "-nvbit version = 1.5.5\n"
    "-accelsim tracer version = 5\n"
    "-enable lineinfo = 0\n"
    "\n"
    "#traces format = threadblock_x threadblock_y threadblock_z warpid_tb PC "
    "mask dest_num reg_dests opcode src_num reg_srcs mem_width "
    "[adrrescompress?] [mem_addresses] immediate\n";

TEST(TraceWriter, AccelSimFormat) {
  TemporaryDirectory dir;
  writeTiny("accelsim:" + dir.str(), tinyHeader(), {tinyBlock()});
  EXPECT_EQ(contents(dir.file("kernelslist.g")), "kernel-4.traceg\n");
  EXPECT_EQ(contents(dir.file("kernel-4.traceg")),
            std::string(AccelSimHeader) +
                "\n"
                "#BEGIN_TB\n"
                "\n"
                "thread block = 0,0,0\n"
                "\n"
                "warp = 0\n"
                "insts = 8\n"
                "03d0 00000003 1 R13 FFMA 2 R12 R11 0 0\n"
                "03e0 00000003 1 R14 IMAD 2 R13 R12 0 0\n"
                "03f0 00000003 1 R16 LDG.E 1 R2 4 0 0x7f0000000000 "
                "0x7f0000000004 0\n"
                "07f0 00000003 0 STS 2 R2 R20 4 0 0x0 0x4 0\n"
                "0be0 00000003 1 R14 IMAD 2 R13 R12 0 0\n"
                "0bf0 00000003 0 BAR.SYNC 0 0 0\n"
                "0ff0 00000001 0 STG.E.64 2 R2 R28 8 0 0x7f0000000100 0\n"
                "40003f0 ffffffff 0 EXIT 0 0 0\n"
                "\n"
                "warp = 1\n"
                "insts = 6\n"
                "03d0 00000001 1 R13 FFMA 2 R12 R11 0 0\n"
                "03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                "03f0 00000001 1 R16 LDG.E 1 R2 4 0 0x7f0000000080 0\n"
                "0bf0 00000001 0 BAR.SYNC 0 0 0\n"
                "13f0 00000001 1 R32 ATOMG.E.ADD 2 R2 R33 4 0 0x7f0000000200 "
                "0\n"
                // Its one trailing instruction, the return, is EXIT.
                "40003f0 ffffffff 0 EXIT 0 0 0\n"
                "\n"
                "#END_TB\n");
}

/// Parses one instruction line the way Accel-Sim's trace parser does
/// (gpu-simulator/trace-parser, inst_trace_t::parse_from_string, tracer
/// version >= 3, no line info) and checks that every field is consumed.
void expectAccelSimParses(const std::string &line) {
  std::istringstream in(line);
  unsigned pc = 0, mask = 0, dsts = 0, srcs = 0, width = 0, mode = 0;
  std::string token, opcode;
  in >> std::hex >> pc >> mask >> std::dec >> dsts;
  ASSERT_TRUE(in && dsts <= 1) << line;
  for (unsigned i = 0; i < dsts; ++i) {
    in >> token;
    EXPECT_EQ(token[0], 'R') << line;
  }
  in >> opcode >> srcs;
  ASSERT_TRUE(in && srcs <= 4) << line;
  for (unsigned i = 0; i < srcs; ++i) {
    in >> token;
    EXPECT_EQ(token[0], 'R') << line;
  }
  in >> width;
  if (width > 0) {
    in >> std::dec >> mode;
    EXPECT_EQ(mode, 0u) << line;
    std::bitset<32> bits(mask);
    for (unsigned lane = 0; lane < 32; ++lane)
      if (bits.test(lane)) {
        unsigned long long address = 0;
        in >> std::hex >> address;
        EXPECT_TRUE(bool(in)) << line;
      }
  }
  unsigned immediate = 1;
  in >> std::dec >> immediate;
  EXPECT_TRUE(bool(in)) << line;
  EXPECT_EQ(immediate, 0u) << line;
  in >> token;
  EXPECT_TRUE(in.eof()) << "trailing fields in: " << line;
}

TEST(TraceWriter, AccelSimLinesFollowTheParser) {
  TemporaryDirectory dir;
  TraceHeader header = tinyHeader();
  header.launch.grid = {2, 2, 1};
  header.launch.block = {40, 1, 1}; // warp 1 has 8 threads
  std::vector<std::vector<WarpTrace>> blocks;
  for (uint64_t block = 0; block < 4; ++block) {
    std::vector<WarpTrace> warps = tinyBlock();
    for (WarpTrace &warp : warps) {
      warp.block = block;
      if (warp.warp == 1)
        warp.trailingInstructions = 1000; // 999 lines and EXIT
    }
    // Every access width and space.
    using K = AccessKind;
    using S = MemorySpace;
    warps[0].instructions.push_back(
        instruction(5, K::Read, S::Texture, 16, 0x1, 0, {Base}));
    warps[0].instructions.push_back(
        instruction(6, K::Read, S::Constant, 8, 0x1, 0, {Base}));
    warps[0].instructions.push_back(
        instruction(7, K::Write, S::Local, 1, 0x1, 0, {16}));
    warps[0].instructions.push_back(
        instruction(8, K::Read, S::Local, 2, 0x1, 0, {16}));
    warps[0].instructions.push_back(
        instruction(9, K::ReadModifyWrite, S::Shared, 8, 0x1, 0, {8}));
    warps[0].instructions.push_back(
        instruction(10, K::Read, S::GlobalReadOnly, 16, 0x1, 0, {Base}));
    if (block == 3)
      warps.pop_back(); // a warp without a trace still gets EXIT
    blocks.push_back(warps);
  }
  writeTiny("accelsim:" + dir.str(), header, blocks);
  std::string text = contents(dir.file("kernel-4.traceg"));
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');

  // Walk the file as get_next_threadblock_traces does.
  llvm::SmallVector<llvm::StringRef, 64> lines;
  llvm::StringRef(text).split(lines, '\n');
  size_t i = 0;
  while (i < lines.size() && !lines[i].starts_with("#"))
    ++i; // the header
  ++i;   // the #traces format line
  std::vector<std::string> blockIds;
  std::vector<std::string> opcodes;
  unsigned expectedInsts = 0, seenInsts = 0;
  for (; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i];
    if (line.empty())
      continue;
    if (line == "#BEGIN_TB" || line == "#END_TB") {
      EXPECT_EQ(seenInsts, expectedInsts);
      continue;
    }
    if (line.consume_front("thread block = ")) {
      blockIds.push_back(line.str());
      continue;
    }
    if (line.starts_with("warp = "))
      continue;
    if (line.consume_front("insts = ")) {
      EXPECT_EQ(seenInsts, expectedInsts);
      seenInsts = 0;
      ASSERT_FALSE(line.getAsInteger(10, expectedInsts));
      continue;
    }
    ++seenInsts;
    expectAccelSimParses(line.str());
    llvm::SmallVector<llvm::StringRef, 8> fields;
    line.split(fields, ' ');
    opcodes.push_back(fields[2] == "1" ? fields[4].str() : fields[3].str());
  }
  EXPECT_EQ(blockIds,
            (std::vector<std::string>{"0,0,0", "1,0,0", "0,1,0", "1,1,0"}));
  for (const char *opcode : {"TEX", "LDC.64", "STL.U8", "LDL.U16",
                             "ATOMS.ADD.64", "LDG.E.128", "STS", "EXIT"})
    EXPECT_NE(llvm::find(opcodes, opcode), opcodes.end()) << opcode;
  EXPECT_NE(text.find("thread block = 1,1,0\n\nwarp = 0\n"), std::string::npos);
  EXPECT_NE(text.find("\nwarp = 1\ninsts = 1\n40003f0 000000ff 0 EXIT 0 0 0\n"
                      "\n#END_TB\n"),
            std::string::npos);
  // Trailing work: a line for each instruction, the first in slot 0.
  EXPECT_NE(text.find("\n4000000 000000ff 1 R8 IMAD 2 R15 R14 0 0\n"),
            std::string::npos);
}

/// A one-thread launch whose \p sites sites have data flow (filled by the
/// test).
TraceHeader oneThreadHeader(size_t sites) {
  TraceHeader header = tinyHeader();
  header.launch.block = {1, 1, 1};
  header.dataFlow.resize(sites);
  return header;
}

/// The Accel-Sim trace file of \p warp, the only one of its launch.
std::string accelSimText(const TraceHeader &header, const WarpTrace &warp) {
  TemporaryDirectory dir;
  writeTiny("accelsim:" + dir.str(), header, {{warp}});
  return contents(dir.file("kernel-4.traceg"));
}

// The kernel's data flow in the trace: a load's first reader waits for it
// (its register among the reader's sources), a store reads the registers of
// the loads its value comes from, and every counted instruction is a line,
// past the 63 slots of a site too. Expected lines by hand: site s's memory
// line is at PC 0x10 * (64 s + 63); an ALU line in slot k writes R(8 + k % 8)
// and reads R(8 + (k + 7) % 8), R(8 + (k + 6) % 8), IMAD in even slots; a
// load of site s returns in R(16 + 4 s).
TEST(TraceWriter, AccelSimLinesWaitForTheLoadsTheyRead) {
  using K = AccessKind;
  using S = MemorySpace;
  TraceHeader header = oneThreadHeader(3);
  header.dataFlow[0].firstUse = 2; // The second ALU line after it.
  header.dataFlow[1].firstUse = 1; // The next ALU line, after the store.
  header.dataFlow[2].inputs = {0, 1};
  WarpTrace warp;
  warp.instructions = {
      instruction(0, K::Read, S::Global, 4, 0x1, 0, {Base}),
      instruction(1, K::Read, S::Global, 4, 0x1, 3, {Base + 0x80}),
      instruction(2, K::Write, S::Global, 4, 0x1, 0, {Base + 0x100}),
  };
  warp.trailingInstructions = 70;
  std::string text = accelSimText(header, warp);
  // 3 memory lines + 3 + 69 ALU lines + EXIT (the 70th trailing one, the
  // kernel's return).
  EXPECT_NE(text.find("\nwarp = 0\ninsts = 76\n"
                      "03f0 00000001 1 R16 LDG.E 1 R2 4 0 0x7f0000000000 0\n"
                      // Slots 60-62 of site 1; the second reads R16.
                      "07c0 00000001 1 R12 IMAD 2 R11 R10 0 0\n"
                      "07d0 00000001 1 R13 FFMA 3 R12 R11 R16 0 0\n"
                      "07e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "07f0 00000001 1 R20 LDG.E 1 R2 4 0 0x7f0000000080 0\n"
                      // The store waits for both loads (the latest first).
                      "0bf0 00000001 0 STG.E 4 R2 R24 R20 R16 4 0 "
                      "0x7f0000000100 0\n"
                      // 69 trailing lines from slot 0 of pseudo-site
                      // 0x10000 (0x10 * 0x10000 * 64 = 0x4000000); the first
                      // is site 1's load's reader.
                      "4000000 00000001 1 R8 IMAD 3 R15 R14 R20 0 0\n"
                      "4000010 00000001 1 R9 FFMA 2 R8 R15 0 0\n"),
            std::string::npos)
      << text;
  // Line 63 is in slot 62, line 64 back in slot 0, line 69 in slot 5.
  EXPECT_NE(text.find("\n40003e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "4000000 00000001 1 R8 IMAD 2 R15 R14 0 0\n"),
            std::string::npos);
  EXPECT_NE(text.find("\n4000050 00000001 1 R13 FFMA 2 R12 R11 0 0\n"
                      "40003f0 00000001 0 EXIT 0 0 0\n"),
            std::string::npos);
}

// A loop the compiler unrolls by 4 has 4 of site 0's loads in flight: its
// k-th load writes copy k mod 4's register (R16 for copy 0, then R144,
// R148, R152: 16 + 4 x (32 + (7 x 0 + c - 1) mod 24)), and the reader after
// it (the next ALU line) reads load k - 3's: none for loads 0 to 2, R16 for
// load 3, R144 for load 4.
TEST(TraceWriter, AccelSimKeepsAnUnrolledLoopsLoadsInFlight) {
  using K = AccessKind;
  using S = MemorySpace;
  TraceHeader header = oneThreadHeader(1);
  header.dataFlow[0].firstUse = 1;
  header.dataFlow[0].inFlight = 4;
  WarpTrace warp;
  for (uint64_t k = 0; k < 5; ++k)
    warp.instructions.push_back(instruction(0, K::Read, S::Global, 4, 0x1,
                                            k == 0 ? 0 : 1, {Base + 0x80 * k}));
  warp.trailingInstructions = 2;
  std::string text = accelSimText(header, warp);
  EXPECT_NE(text.find("03f0 00000001 1 R16 LDG.E 1 R2 4 0 0x7f0000000000 0\n"
                      "03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "03f0 00000001 1 R144 LDG.E 1 R2 4 0 0x7f0000000080 0\n"
                      "03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "03f0 00000001 1 R148 LDG.E 1 R2 4 0 0x7f0000000100 0\n"
                      "03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "03f0 00000001 1 R152 LDG.E 1 R2 4 0 0x7f0000000180 0\n"
                      "03e0 00000001 1 R14 IMAD 3 R13 R12 R16 0 0\n"
                      "03f0 00000001 1 R16 LDG.E 1 R2 4 0 0x7f0000000200 0\n"
                      // The trailing line (slot 62 of pseudo-site 0x10000)
                      // reads load 1's R144; EXIT is the return.
                      "40003e0 00000001 1 R14 IMAD 3 R13 R12 R144 0 0\n"
                      "40003f0 00000001 0 EXIT 0 0 0\n"),
            std::string::npos)
      << text;
}

// The affine producer counts a block's tail (here 3 instructions, the first
// of which reads the load) before the block's last site; the writer puts it
// back after the site, in the next gap: 5 - 3 = 2 lines before the load,
// 1 + 3 = 4 after it (site 1's slots 59-62, PCs 0x7b0-0x7e0), the first
// (slot 59: R11 FFMA reading R10, R9) reading the load's R16.
TEST(TraceWriter, AccelSimPutsAnAffineTailBackAfterItsSite) {
  using K = AccessKind;
  using S = MemorySpace;
  TraceHeader header = oneThreadHeader(2);
  header.dataFlow[0].firstUse = 1;
  header.dataFlow[0].tail = 3;
  header.gapsHoldTails = true;
  WarpTrace warp;
  warp.instructions = {
      instruction(0, K::Read, S::Global, 4, 0x1, 5, {Base}),
      instruction(1, K::Write, S::Global, 4, 0x1, 1, {Base + 0x80}),
  };
  std::string text = accelSimText(header, warp);
  EXPECT_NE(text.find("\nwarp = 0\ninsts = 9\n"
                      "03d0 00000001 1 R13 FFMA 2 R12 R11 0 0\n"
                      "03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "03f0 00000001 1 R16 LDG.E 1 R2 4 0 0x7f0000000000 0\n"
                      "07b0 00000001 1 R11 FFMA 3 R10 R9 R16 0 0\n"
                      "07c0 00000001 1 R12 IMAD 2 R11 R10 0 0\n"
                      "07d0 00000001 1 R13 FFMA 2 R12 R11 0 0\n"
                      "07e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "07f0 00000001 0 STG.E 2 R2 R20 4 0 0x7f0000000080 0\n"
                      "40003f0 00000001 0 EXIT 0 0 0\n"),
            std::string::npos)
      << text;
  // Without the flag (an emulated trace) the gap is as counted.
  header.gapsHoldTails = false;
  EXPECT_NE(accelSimText(header, warp)
                .find("\n03b0 00000001 1 R11 FFMA 2 R10 R9 0 0\n"),
            std::string::npos);
}

// With the compiled kernel's instructions (SiteDataFlow::head, after,
// operandsBack) a gap that holds them is written as they are: their
// opcodes, destinations R18, R19, R22, R23, ... (18 + 4 (j / 2) + j % 2 for
// a warp's j-th ALU line), and the lines and loads they read. Site 0's head
// is `IADD3; IMAD reading it`, and the load's address is the IMAD; site 1's
// head is an FMUL of the load, its store writes the FMUL and its block ends
// in a BRA reading the IADD3 (3 lines back), the trailing gap's one line.
TEST(TraceWriter, AccelSimWritesTheKernelsOwnInstructions) {
  using K = AccessKind;
  using S = MemorySpace;
  TraceHeader header = oneThreadHeader(2);
  header.gapsHoldTails = true;
  header.dataFlow[0].head = {{"IADD3", {}, {}}, {"IMAD", {1}, {}}};
  header.dataFlow[0].operandsBack = {1};
  header.dataFlow[1].head = {{"FMUL", {}, {0}}};
  header.dataFlow[1].operandsBack = {1};
  header.dataFlow[1].inputs = {0};
  header.dataFlow[1].after = {{"BRA", {3}, {}}};
  header.dataFlow[1].tail = 1;
  WarpTrace warp;
  warp.instructions = {
      instruction(0, K::Read, S::Global, 4, 0x1, 2, {Base}),
      // Its head and its block's tail, which the affine producer counts
      // before it.
      instruction(1, K::Write, S::Global, 4, 0x1, 2, {Base + 0x80}),
  };
  warp.trailingInstructions = 1; // The return, EXIT.
  std::string text = accelSimText(header, warp);
  EXPECT_NE(
      text.find("\nwarp = 0\ninsts = 7\n"
                // Site 0's slots 61-62.
                "03d0 00000001 1 R18 IADD3 0 0 0\n"
                "03e0 00000001 1 R19 IMAD 1 R18 0 0\n"
                "03f0 00000001 1 R16 LDG.E 2 R2 R19 4 0 0x7f0000000000 0\n"
                "07e0 00000001 1 R22 FMUL 1 R16 0 0\n"
                // Its value (the FMUL), then the load it comes from.
                "07f0 00000001 0 STG.E 4 R2 R20 R22 R16 4 0 "
                "0x7f0000000080 0\n"
                // The block's tail, back after its site.
                "40003e0 00000001 1 R23 BRA 1 R18 0 0\n"
                "40003f0 00000001 0 EXIT 0 0 0\n"),
      std::string::npos)
      << text;

  // A gap with fewer lines than the head (the trace counted otherwise) is
  // all stand-ins: slot 62's IMAD, whose R14 the load then reads.
  warp.instructions[0].instructionsBefore = 1;
  text = accelSimText(header, warp);
  EXPECT_NE(text.find("\n03e0 00000001 1 R14 IMAD 2 R13 R12 0 0\n"
                      "03f0 00000001 1 R16 LDG.E 2 R2 R14 4 0 "),
            std::string::npos)
      << text;
  // A gap with more (an emulated trace's blocks without sites): stand-ins
  // first (slots 59-60), the head last, as the ALU lines 2 and 3 of the warp.
  warp.instructions[0].instructionsBefore = 4;
  text = accelSimText(header, warp);
  EXPECT_NE(text.find("\n03b0 00000001 1 R11 FFMA 2 R10 R9 0 0\n"
                      "03c0 00000001 1 R12 IMAD 2 R11 R10 0 0\n"
                      "03d0 00000001 1 R22 IADD3 0 0 0\n"
                      "03e0 00000001 1 R23 IMAD 1 R22 0 0\n"
                      "03f0 00000001 1 R16 LDG.E 2 R2 R23 4 0 "),
            std::string::npos)
      << text;
}

TEST(TraceWriter, AccelSimKernelListIsMerged) {
  TemporaryDirectory dir;
  TraceHeader second = tinyHeader();
  second.kernelId = 1;
  writeTiny("accelsim:" + dir.str(), second, {tinyBlock()});
  TraceHeader first = tinyHeader();
  first.kernelId = 0;
  writeTiny("accelsim:" + dir.str(), first, {tinyBlock()});
  writeTiny("accelsim:" + dir.str(), second, {tinyBlock()});
  EXPECT_EQ(contents(dir.file("kernelslist.g")),
            "kernel-1.traceg\nkernel-2.traceg\n");
  EXPECT_NE(contents(dir.file("kernel-1.traceg")).find("-kernel id = 1\n"),
            std::string::npos);
}

TEST(TraceWriter, AccelSimNeedsEveryBlockInOrder) {
  TemporaryDirectory dir;
  TraceHeader header = tinyHeader();
  header.launch.grid = {2, 1, 1};
  {
    auto writer = createTraceWriter("accelsim:" + dir.str(), header);
    ASSERT_TRUE(bool(writer));
    std::vector<WarpTrace> block1 = tinyBlock();
    for (WarpTrace &warp : block1)
      warp.block = 1;
    llvm::Error skipped = (*writer)->writeBlock(block1);
    ASSERT_TRUE(bool(skipped));
    EXPECT_NE(llvm::toString(std::move(skipped))
                  .find("block 1 arrives where block 0 is due"),
              std::string::npos);
    ASSERT_FALSE(bool((*writer)->writeBlock(tinyBlock())));
    llvm::Error missing = (*writer)->finish();
    ASSERT_TRUE(bool(missing));
    EXPECT_NE(llvm::toString(std::move(missing))
                  .find("holds 1 of the grid's 2 blocks; Accel-Sim replays "
                        "every block"),
              std::string::npos);
  }
  EXPECT_FALSE(llvm::sys::fs::exists(dir.file("kernelslist.g")));
}

TEST(TraceWriter, BadSpecs) {
  auto message = [](llvm::StringRef spec) {
    auto writer = createTraceWriter(spec, tinyHeader());
    return writer ? std::string() : llvm::toString(writer.takeError());
  };
  EXPECT_NE(message("trace.dat")
                .find("{{input:emit-trace trace.dat}}: unknown trace "
                      "format; use FILE.txt"),
            std::string::npos);
  EXPECT_NE(message("nugteren:").find("missing DIR after 'nugteren:'"),
            std::string::npos);
  EXPECT_NE(message("accelsim:").find("missing DIR after 'accelsim:'"),
            std::string::npos);
  EXPECT_NE(message("/no/such/dir/t.txt")
                .find("cannot write "
                      "'/no/such/dir/t.txt'"),
            std::string::npos);
  EXPECT_NE(message("/proc/gpurd/x").find("unknown trace format"),
            std::string::npos);
}

} // namespace
