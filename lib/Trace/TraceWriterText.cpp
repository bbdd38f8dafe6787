//===- TraceWriterText.cpp - FILE.txt and FILE.bin traces -----------------===//
//
// Both list every thread-level access: a block's threads in increasing
// linear thread id, each thread's accesses (barriers included) in its
// program order, blocks in the order they are written.
//
// FILE.txt: one header comment line, then one line per access
//
//   BLOCK THREAD SITE ACCESS SPACE ADDRESS SIZE
//   0 33 2 r global 0x7f0000000084 4
//
// BLOCK and THREAD are linear ids (x fastest), ACCESS is r|w|rw|bar, SPACE
// global|global-readonly|shared|constant|local|texture ('-' for barriers),
// ADDRESS is hexadecimal (0x0 for barriers), SIZE decimal bytes.
//
// FILE.bin: a header, then 32-byte little-endian records (TraceReader.h):
//
//   header  0  char[8] "GPURDTR1"      record  0  u64 block
//           8  u32 version (1)                 8  u32 thread
//          12  u32 record size (32)           12  u32 site
//          16  u64 record count               16  u64 address
//          24  u64 grid x, y, z               24  u32 size
//          48  u64 block x, y, z              28  u8  access (0 r, 1 w,
//          72  u64 dynamic shared bytes               2 rw, 3 bar)
//          80  u64 shared bytes per block     29  u8  space (0 global,
//          88  u32 kernel id                          1 global-readonly,
//          92  u32 registers                          2 shared, 3 constant,
//          96  u32 binary version                     4 local, 5 texture)
//         100  u32 kernel name length N       30  u16 reserved (0)
//         104  N bytes kernel name
//
// The record count is ~0 until finish() patches it (it stays ~0 when the
// output cannot seek; readers then take the records up to the end).
//
//===----------------------------------------------------------------------===//

#include "TraceReader.h"
#include "TraceWriterFormats.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

namespace gpurd::trace {
namespace {

const char *accessCode(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "r";
  case AccessKind::Write:
    return "w";
  case AccessKind::ReadModifyWrite:
    return "rw";
  case AccessKind::Barrier:
    return "bar";
  }
  return "r";
}

uint8_t accessNumber(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return 0;
  case AccessKind::Write:
    return 1;
  case AccessKind::ReadModifyWrite:
    return 2;
  case AccessKind::Barrier:
    return 3;
  }
  return 0;
}

uint8_t spaceNumber(MemorySpace space) {
  switch (space) {
  case MemorySpace::Global:
    return 0;
  case MemorySpace::GlobalReadOnly:
    return 1;
  case MemorySpace::Shared:
    return 2;
  case MemorySpace::Constant:
    return 3;
  case MemorySpace::Local:
    return 4;
  case MemorySpace::Texture:
    return 5;
  }
  return 0;
}

constexpr AccessKind AccessKinds[] = {AccessKind::Read, AccessKind::Write,
                                      AccessKind::ReadModifyWrite,
                                      AccessKind::Barrier};
constexpr MemorySpace MemorySpaces[] = {
    MemorySpace::Global,   MemorySpace::GlobalReadOnly, MemorySpace::Shared,
    MemorySpace::Constant, MemorySpace::Local,          MemorySpace::Texture};

class TextTraceWriter : public TraceWriter {
public:
  TextTraceWriter(std::string path, std::unique_ptr<llvm::raw_fd_ostream> out,
                  const TraceHeader &header)
      : path(std::move(path)), out(std::move(out)) {
    const TraceLaunch &launch = header.launch;
    *this->out << "# gpurd trace 1: kernel=" << header.kernel
               << " grid=" << launch.grid[0] << "," << launch.grid[1] << ","
               << launch.grid[2] << " block=" << launch.block[0] << ","
               << launch.block[1] << "," << launch.block[2]
               << " shared=" << header.sharedBytes
               << "; fields: block thread site access space address size\n";
  }
  ~TextTraceWriter() override { out->clear_error(); }

  llvm::Error writeBlock(const std::vector<WarpTrace> &warps) override {
    if (warps.empty())
      return llvm::Error::success();
    uint64_t block = warps.front().block;
    char line[160];
    forEachThreadAccess(warps, [&](uint64_t thread,
                                   const WarpInstruction &instruction,
                                   unsigned lane) {
      bool barrier = instruction.kind == AccessKind::Barrier;
      int length = std::snprintf(
          line, sizeof line, "%llu %llu %u %s %s 0x%llx %u\n",
          (unsigned long long)block, (unsigned long long)thread,
          instruction.site, accessCode(instruction.kind),
          barrier ? "-" : memorySpaceName(instruction.space),
          (unsigned long long)(barrier ? 0 : instruction.addresses[lane]),
          barrier ? 0u : instruction.size);
      out->write(line, length);
    });
    return llvm::Error::success();
  }

  llvm::Error finish() override { return closeTraceFile(*out, path); }

private:
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> out;
};

class BinaryTraceWriter : public TraceWriter {
public:
  BinaryTraceWriter(std::string path, std::unique_ptr<llvm::raw_fd_ostream> out,
                    const TraceHeader &header)
      : path(std::move(path)), out(std::move(out)) {
    using namespace llvm::support;
    std::string bytes(BinaryTraceFixedHeaderSize, '\0');
    auto *at = reinterpret_cast<uint8_t *>(bytes.data());
    std::memcpy(at, BinaryTraceMagic, sizeof BinaryTraceMagic);
    endian::write32le(at + 8, BinaryTraceVersion);
    endian::write32le(at + 12, BinaryTraceRecordSize);
    endian::write64le(at + 16, BinaryTraceUnknownCount);
    for (unsigned d = 0; d < 3; ++d) {
      endian::write64le(at + 24 + 8 * d, header.launch.grid[d]);
      endian::write64le(at + 48 + 8 * d, header.launch.block[d]);
    }
    endian::write64le(at + 72, header.launch.dynamicSharedBytes);
    endian::write64le(at + 80, header.sharedBytes);
    endian::write32le(at + 88, header.kernelId);
    endian::write32le(at + 92, header.registers);
    endian::write32le(at + 96, header.binaryVersion);
    endian::write32le(at + 100, uint32_t(header.kernel.size()));
    *this->out << bytes << header.kernel;
  }
  ~BinaryTraceWriter() override { out->clear_error(); }

  llvm::Error writeBlock(const std::vector<WarpTrace> &warps) override {
    if (warps.empty())
      return llvm::Error::success();
    using namespace llvm::support;
    uint64_t block = warps.front().block;
    uint8_t record[BinaryTraceRecordSize];
    forEachThreadAccess(warps, [&](uint64_t thread,
                                   const WarpInstruction &instruction,
                                   unsigned lane) {
      bool barrier = instruction.kind == AccessKind::Barrier;
      std::memset(record, 0, sizeof record);
      endian::write64le(record, block);
      endian::write32le(record + 8, uint32_t(thread));
      endian::write32le(record + 12, instruction.site);
      endian::write64le(record + 16, barrier ? 0 : instruction.addresses[lane]);
      endian::write32le(record + 24, barrier ? 0 : instruction.size);
      record[28] = accessNumber(instruction.kind);
      record[29] = spaceNumber(instruction.space);
      out->write(reinterpret_cast<const char *>(record), sizeof record);
      ++records;
    });
    return llvm::Error::success();
  }

  llvm::Error finish() override {
    if (out->supportsSeeking() && !out->has_error()) {
      uint8_t count[8];
      llvm::support::endian::write64le(count, records);
      out->pwrite(reinterpret_cast<const char *>(count), sizeof count, 16);
    }
    return closeTraceFile(*out, path);
  }

private:
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  uint64_t records = 0;
};

} // namespace

llvm::Expected<std::unique_ptr<TraceWriter>>
createTextTraceWriter(llvm::StringRef path, const TraceHeader &header) {
  auto out = openTraceFile(path, path);
  if (!out)
    return out.takeError();
  return std::make_unique<TextTraceWriter>(path.str(), std::move(*out), header);
}

llvm::Expected<std::unique_ptr<TraceWriter>>
createBinaryTraceWriter(llvm::StringRef path, const TraceHeader &header) {
  auto out = openTraceFile(path, path);
  if (!out)
    return out.takeError();
  return std::make_unique<BinaryTraceWriter>(path.str(), std::move(*out),
                                             header);
}

llvm::Expected<BinaryTrace> readBinaryTrace(llvm::StringRef path) {
  auto fail = [&](const llvm::Twine &what) {
    return makeTraceError("'" + path +
                          "' is not a valid gpurd binary trace: " + what);
  };
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file)
    return makeTraceError("cannot read trace file '" + path +
                          "': " + file.getError().message());
  llvm::StringRef bytes = (*file)->getBuffer();
  const auto *at = reinterpret_cast<const uint8_t *>(bytes.data());
  using namespace llvm::support;
  if (bytes.size() < BinaryTraceFixedHeaderSize ||
      std::memcmp(at, BinaryTraceMagic, sizeof BinaryTraceMagic) != 0)
    return fail("it does not start with the magic 'GPURDTR1'");
  if (uint32_t version = endian::read32le(at + 8);
      version != BinaryTraceVersion)
    return fail("layout version " + llvm::Twine(version) +
                " is not supported (this gpurd reads version " +
                llvm::Twine(BinaryTraceVersion) + ")");
  if (uint32_t size = endian::read32le(at + 12); size != BinaryTraceRecordSize)
    return fail("record size " + llvm::Twine(size) + " is not " +
                llvm::Twine(BinaryTraceRecordSize));
  BinaryTrace trace;
  uint64_t count = endian::read64le(at + 16);
  for (unsigned d = 0; d < 3; ++d) {
    trace.header.launch.grid[d] = endian::read64le(at + 24 + 8 * d);
    trace.header.launch.block[d] = endian::read64le(at + 48 + 8 * d);
  }
  trace.header.launch.dynamicSharedBytes = endian::read64le(at + 72);
  trace.header.sharedBytes = endian::read64le(at + 80);
  trace.header.kernelId = endian::read32le(at + 88);
  trace.header.registers = endian::read32le(at + 92);
  trace.header.binaryVersion = endian::read32le(at + 96);
  uint64_t nameLength = endian::read32le(at + 100);
  if (bytes.size() - BinaryTraceFixedHeaderSize < nameLength)
    return fail("the kernel name runs past the end of the file");
  trace.header.kernel =
      bytes.substr(BinaryTraceFixedHeaderSize, nameLength).str();
  llvm::StringRef body =
      bytes.drop_front(BinaryTraceFixedHeaderSize + nameLength);
  if (body.size() % BinaryTraceRecordSize != 0)
    return fail("it ends in the middle of a record (truncated?)");
  uint64_t present = body.size() / BinaryTraceRecordSize;
  if (count != BinaryTraceUnknownCount && count != present)
    return fail("the header announces " + llvm::Twine(count) +
                " records but the file holds " + llvm::Twine(present));
  trace.accesses.reserve(present);
  const auto *record = reinterpret_cast<const uint8_t *>(body.data());
  for (uint64_t i = 0; i < present; ++i, record += BinaryTraceRecordSize) {
    ThreadAccess access;
    access.block = endian::read64le(record);
    access.thread = endian::read32le(record + 8);
    access.site = endian::read32le(record + 12);
    access.address = endian::read64le(record + 16);
    access.size = endian::read32le(record + 24);
    if (record[28] >= std::size(AccessKinds) ||
        record[29] >= std::size(MemorySpaces))
      return fail("record " + llvm::Twine(i) +
                  " has an unknown access kind or memory space");
    access.kind = AccessKinds[record[28]];
    access.space = MemorySpaces[record[29]];
    trace.accesses.push_back(access);
  }
  return trace;
}

} // namespace gpurd::trace
