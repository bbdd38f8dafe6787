//===- TraceReader.h - Reading FILE.bin traces back (private) ---*- C++ -*-===//
//
// The reader of the compact binary trace (`--emit-trace=FILE.bin`), used by
// the unit tests to check that what is written round-trips. The layout is in
// docs/trace-formats.md and TraceWriterText.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_TRACEREADER_H
#define GPURD_LIB_TRACE_TRACEREADER_H

#include "gpurd/Trace/TraceWriter.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace gpurd::trace {

/// The file magic and the layout version of FILE.bin.
constexpr char BinaryTraceMagic[8] = {'G', 'P', 'U', 'R', 'D', 'T', 'R', '1'};
constexpr uint32_t BinaryTraceVersion = 1;
constexpr uint32_t BinaryTraceRecordSize = 32;
/// Header bytes before the kernel name.
constexpr uint32_t BinaryTraceFixedHeaderSize = 104;
/// Record count while a file is being written (or when it could not be
/// patched): the records run to the end of the file.
constexpr uint64_t BinaryTraceUnknownCount = ~uint64_t(0);

/// One thread-level access (one record).
struct ThreadAccess {
  uint64_t block = 0;  ///< Linear block id (x fastest).
  uint32_t thread = 0; ///< Linear thread id within the block (x fastest).
  uint32_t site = 0;
  AccessKind kind = AccessKind::Read;
  MemorySpace space = MemorySpace::Global;
  uint64_t address = 0;
  uint32_t size = 0;

  bool operator==(const ThreadAccess &other) const {
    return block == other.block && thread == other.thread &&
           site == other.site && kind == other.kind && space == other.space &&
           address == other.address && size == other.size;
  }
};

struct BinaryTrace {
  TraceHeader header;
  std::vector<ThreadAccess> accesses;
};

/// Reads a FILE.bin trace; errors name the file and what is wrong.
llvm::Expected<BinaryTrace> readBinaryTrace(llvm::StringRef path);

} // namespace gpurd::trace

#endif // GPURD_LIB_TRACE_TRACEREADER_H
