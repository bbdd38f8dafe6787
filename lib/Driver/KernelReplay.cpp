//===- KernelReplay.cpp - A kernel's warps through the warp replay --------===//
//
// Feeds the warp-replay timing model (Model/Timing/WarpReplay.h) the lines
// the Accel-Sim trace holds (Trace/WarpLines.h), block by block as the
// replay starts them: each memory line's lanes coalesced into the sectors of
// 128-byte lines (global, local, texture), its shared-memory wavefronts
// (the most distinct words one bank holds), its constant addresses, or an
// atomic's lanes on one address.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Driver/KernelReplay.h"

#include "gpurd/Driver/TraceEmission.h"
#include "gpurd/Trace/WarpLines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace gpurd::driver {
namespace {

using model::timing::LineRequest;
using model::timing::ReplayLine;
using model::timing::ReplayUnit;
using model::timing::ReplayWarp;

/// Where the local memory of the launch's threads lies (above any global
/// address the layout gives): word w of thread t at base + 4 (w T + t), as
/// CUDA interleaves local memory, so a warp's lanes at one offset share
/// lines.
constexpr uint64_t LocalBase = uint64_t(1) << 52;

class LineConverter {
public:
  LineConverter(const model::timing::ReplayParameters &p,
                const trace::TraceLaunch &launch, ReplayWarp &out)
      : p(p), launch(launch), out(out) {}

  void add(const trace::WarpLine &line, uint64_t block, unsigned warp) {
    ReplayLine replay;
    replay.unit = model::timing::unitOfOpcode(line.opcode);
    if (line.dest)
      replay.dest = uint8_t(std::min(*line.dest, 254u));
    for (unsigned reg : line.sources)
      if (replay.sourceCount < replay.sources.size())
        replay.sources[replay.sourceCount++] = uint8_t(std::min(reg, 254u));
    if (const trace::WarpInstruction *memory = line.memory)
      addMemory(replay, *memory, line.width, block, warp);
    out.lines.push_back(replay);
  }

private:
  void addMemory(ReplayLine &replay, const trace::WarpInstruction &inst,
                 unsigned width, uint64_t block, unsigned warp) {
    replay.store = inst.kind == AccessKind::Write;
    switch (replay.unit) {
    case ReplayUnit::Shared:
      replay.serial = uint16_t(sharedWavefronts(inst, width));
      return;
    case ReplayUnit::Constant:
      replay.serial = uint16_t(distinctAddresses(inst));
      return;
    case ReplayUnit::Atomic:
      replay.serial = uint16_t(lanesOnOneAddress(inst));
      break;
    default:
      break;
    }
    replay.firstRequest = uint32_t(out.requests.size());
    std::map<uint64_t, uint8_t> lines;
    for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
      if (!(inst.activeMask & (1u << lane)))
        continue;
      uint64_t address = inst.addresses[lane];
      if (inst.space == MemorySpace::Local)
        address = localAddress(address, block, warp, lane);
      for (uint64_t byte = address; byte < address + width;
           byte += p.sectorSize - byte % p.sectorSize)
        lines[byte / p.lineSize] |=
            uint8_t(1u << (byte % p.lineSize / p.sectorSize));
    }
    for (auto [line, sectors] : lines)
      out.requests.push_back({line, sectors});
    replay.requestCount = uint16_t(out.requests.size() - replay.firstRequest);
  }

  uint64_t localAddress(uint64_t offset, uint64_t block, unsigned warp,
                        unsigned lane) const {
    uint64_t threads = launch.numBlocks() * launch.warpsPerBlock() * 32;
    uint64_t thread = (block * launch.warpsPerBlock() + warp) * 32 + lane;
    return LocalBase + 4 * ((offset / 4) * threads + thread) + offset % 4;
  }

  /// The wavefronts a shared-memory access takes: the most distinct
  /// bank-wide words one bank holds (a word many lanes read is broadcast);
  /// for an atomic, the most lanes on one bank.
  unsigned sharedWavefronts(const trace::WarpInstruction &inst,
                            unsigned width) const {
    const unsigned banks = 32, wordBytes = 4;
    bool atomic = inst.kind == AccessKind::ReadModifyWrite;
    std::array<SmallVector<uint64_t, 4>, banks> words;
    std::array<unsigned, banks> lanes{};
    for (unsigned lane = 0; lane < trace::WarpSize; ++lane) {
      if (!(inst.activeMask & (1u << lane)))
        continue;
      uint64_t address = inst.addresses[lane];
      for (uint64_t byte = address - address % wordBytes;
           byte < address + std::max(width, 1u); byte += wordBytes) {
        uint64_t word = byte / wordBytes;
        unsigned bank = unsigned(word % banks);
        ++lanes[bank];
        if (!llvm::is_contained(words[bank], word))
          words[bank].push_back(word);
      }
    }
    unsigned most = 1;
    for (unsigned bank = 0; bank < banks; ++bank)
      most =
          std::max(most, atomic ? lanes[bank] : unsigned(words[bank].size()));
    return most;
  }

  static unsigned distinctAddresses(const trace::WarpInstruction &inst) {
    SmallVector<uint64_t, 32> seen;
    for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
      if ((inst.activeMask & (1u << lane)) &&
          !llvm::is_contained(seen, inst.addresses[lane]))
        seen.push_back(inst.addresses[lane]);
    return std::max<unsigned>(1, seen.size());
  }

  static unsigned lanesOnOneAddress(const trace::WarpInstruction &inst) {
    SmallDenseMap<uint64_t, unsigned, 32> count;
    unsigned most = 1;
    for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
      if (inst.activeMask & (1u << lane))
        most = std::max(most, ++count[inst.addresses[lane]]);
    return most;
  }

  const model::timing::ReplayParameters &p;
  const trace::TraceLaunch &launch;
  ReplayWarp &out;
};

} // namespace

Expected<KernelReplay> replayKernel(KernelTrace &trace,
                                    const arch::ArchDescription &arch,
                                    uint64_t budget) {
  const trace::TraceLaunch &launch = trace.source->launch();
  trace::TraceHeader header = traceHeader(trace, arch);
  auto parameters = model::timing::replayParameters(
      arch, launch.threadsPerBlock(), header.sharedBytes);
  if (!parameters)
    return parameters.takeError();
  trace::WarpLineContext context{header.dataFlow, header.gapsHoldTails};
  std::vector<trace::WarpTrace> warps;
  unsigned warpsPerBlock = launch.warpsPerBlock();
  uint64_t loaded = 0;
  auto load = [&](uint64_t block, std::vector<ReplayWarp> &replay) -> Error {
    if (Error error = trace.source->traceBlock(block, warps))
      return error;
    std::vector<const trace::WarpTrace *> byIndex(warpsPerBlock, nullptr);
    for (const trace::WarpTrace &warp : warps)
      if (warp.warp < warpsPerBlock)
        byIndex[warp.warp] = &warp;
    replay.resize(warpsPerBlock);
    for (unsigned w = 0; w < warpsPerBlock; ++w) {
      LineConverter converter(*parameters, launch, replay[w]);
      trace::forEachWarpLine(
          byIndex[w], trace::existingLanes(launch.threadsPerBlock(), w),
          context,
          [&](const trace::WarpLine &line) { converter.add(line, block, w); });
      loaded += replay[w].lines.size();
    }
    if (loaded > budget)
      return createStringError(
          inconvertibleErrorCode(),
          "kernel '" + trace.kernel->name + "': the warp replay stopped at " +
              Twine(loaded) + " warp instructions in the first " +
              Twine(block + 1) + " of " + Twine(launch.numBlocks()) +
              " blocks, past --replay-budget=" + Twine(budget) +
              "; give a larger --replay-budget (about 1.6 million warp "
              "instructions a second) or a smaller launch");
    return Error::success();
  };
  auto result =
      model::timing::replayKernel(*parameters, launch.numBlocks(), load);
  if (!result)
    return result.takeError();
  KernelReplay replay;
  replay.result = *result;
  replay.parameters = std::move(*parameters);
  return replay;
}

} // namespace gpurd::driver
