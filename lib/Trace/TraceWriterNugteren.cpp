//===- TraceWriterNugteren.cpp - Input of the seed 000 reference model ----===//
//
// `nugteren:DIR` writes what the Ocelot tracer of tue-es/gpu-cache-model
// (Nugteren et al., seed 000 §4.6) produces and its model reads
// (src/model/io.cpp): one file per kernel launch, DIR/<name>_<NN>.trc with
// NN the two-digit launch number, containing
//
//   blocksize: BX BY BZ
//   TID DIR ADDRESS BYTES        (one line per thread-level access, decimal)
//
// TID is the flat global thread id (linear block id * threads per block +
// linear thread id in the block), DIR 0 for a load and 1 for a store. Like
// the reference tracer, only global (including read-only) and texture
// accesses are listed; an atomic is a load followed by a store; barriers are
// left out. Threads appear in increasing TID, each thread's lines in its
// program order.
//
//===----------------------------------------------------------------------===//

#include "TraceWriterFormats.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace gpurd::trace {
namespace {

bool isListed(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly ||
         space == MemorySpace::Texture;
}

class NugterenTraceWriter : public TraceWriter {
public:
  NugterenTraceWriter(std::string path,
                      std::unique_ptr<llvm::raw_fd_ostream> out,
                      const TraceHeader &header)
      : path(std::move(path)), out(std::move(out)),
        threadsPerBlock(header.launch.threadsPerBlock()) {
    const TraceLaunch &launch = header.launch;
    *this->out << "blocksize: " << launch.block[0] << " " << launch.block[1]
               << " " << launch.block[2] << "\n";
  }
  ~NugterenTraceWriter() override { out->clear_error(); }

  llvm::Error writeBlock(const std::vector<WarpTrace> &warps) override {
    if (warps.empty())
      return llvm::Error::success();
    uint64_t block = warps.front().block;
    if (written && block <= lastBlock)
      return makeTraceError("trace file '" + path + "': block " +
                            llvm::Twine(block) + " arrives after block " +
                            llvm::Twine(lastBlock) +
                            "; blocks must be written in increasing linear id");
    written = true;
    lastBlock = block;
    uint64_t firstThread = block * threadsPerBlock;
    char line[96];
    forEachThreadAccess(warps, [&](uint64_t thread,
                                   const WarpInstruction &instruction,
                                   unsigned lane) {
      if (instruction.kind == AccessKind::Barrier ||
          !isListed(instruction.space))
        return;
      auto emit = [&](int direction) {
        int length = std::snprintf(
            line, sizeof line, "%llu %d %llu %u\n",
            (unsigned long long)(firstThread + thread), direction,
            (unsigned long long)instruction.addresses[lane], instruction.size);
        out->write(line, length);
      };
      if (instruction.kind != AccessKind::Write)
        emit(0);
      if (instruction.kind != AccessKind::Read)
        emit(1);
    });
    return llvm::Error::success();
  }

  llvm::Error finish() override { return closeTraceFile(*out, path); }

private:
  std::string path;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  uint64_t threadsPerBlock;
  bool written = false;
  uint64_t lastBlock = 0;
};

/// The kernel name as a file name: characters other than letters, digits,
/// '_', '-' and '.' become '_'.
std::string fileNameOf(llvm::StringRef kernel) {
  std::string name;
  for (char c : kernel)
    name += llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' ? c : '_';
  return name.empty() ? "kernel" : name;
}

} // namespace

llvm::Expected<std::unique_ptr<TraceWriter>>
createNugterenTraceWriter(llvm::StringRef directory,
                          const TraceHeader &header) {
  char number[16];
  std::snprintf(number, sizeof number, "_%02u.trc", header.kernelId);
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, fileNameOf(header.kernel) + number);
  auto out = openTraceFile(path, ("nugteren:" + directory).str());
  if (!out)
    return out.takeError();
  return std::make_unique<NugterenTraceWriter>(path.str().str(),
                                               std::move(*out), header);
}

} // namespace gpurd::trace
