//===- KernelReplay.cpp - A kernel's warps through the warp replay --------===//
//
// Feeds the warp-replay timing model (Model/Timing/WarpReplay.h) the lines
// the Accel-Sim trace holds (Trace/WarpLines.h), block by block as the
// replay starts them, each memory line counted as the rest of gpurd counts
// it: its lanes coalesced into the sectors of the L1's lines by gpurd's one
// coalescer (model::splitIntoLines; local memory interleaved by thread
// first), its shared-memory wavefronts and constant addresses by the access
// pattern counters (model::countWavefronts, model::distinctAddresses), and
// an atomic's lanes on one address.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Driver/KernelReplay.h"

#include "gpurd/Driver/TraceEmission.h"
#include "gpurd/Model/AccessPattern.h"
#include "gpurd/Model/LocalMemory.h"
#include "gpurd/Model/WarpRequests.h"
#include "gpurd/Trace/WarpLines.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace llvm;

namespace gpurd::driver {
namespace {

using model::timing::LineRequest;
using model::timing::ReplayLine;
using model::timing::ReplayUnit;
using model::timing::ReplayWarp;

class LineConverter {
public:
  LineConverter(const model::timing::ReplayParameters &p,
                const model::AccessPatternConfig &banks,
                const model::LocalMemoryLayout &local, ReplayWarp &out)
      : p(p), banks(banks), local(local), out(out) {}

  void add(const trace::WarpLine &line, uint64_t block, unsigned warp) {
    ReplayLine replay;
    replay.unit = model::timing::unitOfOpcode(line.opcode);
    if (line.dest)
      replay.dest = uint8_t(std::min(*line.dest, 254u));
    for (unsigned reg : line.sources)
      if (replay.sourceCount < replay.sources.size())
        replay.sources[replay.sourceCount++] = uint8_t(std::min(reg, 254u));
    if (const trace::WarpInstruction *memory = line.memory)
      addMemory(replay, *memory, block, warp);
    out.lines.push_back(replay);
  }

private:
  void addMemory(ReplayLine &replay, const trace::WarpInstruction &inst,
                 uint64_t block, unsigned warp) {
    replay.store = inst.kind == AccessKind::Write;
    switch (replay.unit) {
    case ReplayUnit::Shared:
      replay.serial = uint16_t(sharedWavefronts(inst));
      return;
    case ReplayUnit::Constant:
      replay.serial = uint16_t(std::max(1u, model::distinctAddresses(inst)));
      return;
    case ReplayUnit::Atomic:
      replay.serial = uint16_t(lanesOnOneAddress(inst));
      break;
    default:
      break;
    }
    const trace::WarpInstruction *coalesced = &inst;
    if (inst.space == MemorySpace::Local) {
      interleaved = inst;
      model::placeLocalInstruction(interleaved, block, warp, local);
      coalesced = &interleaved;
    }
    model::splitIntoLines(*coalesced, p.lineSize, p.sectorSize, lines);
    replay.firstRequest = uint32_t(out.requests.size());
    for (const model::LineRequestRef &line : lines)
      out.requests.push_back({line.lineNumber, uint8_t(line.sectorMask)});
    replay.requestCount = uint16_t(lines.size());
  }

  /// The passes a shared-memory access takes through the banks: the
  /// access pattern counter's wavefronts; for an atomic, whose lanes on one
  /// bank take their turns even at one address, the most lanes on a bank.
  unsigned sharedWavefronts(const trace::WarpInstruction &inst) const {
    if (inst.kind != AccessKind::ReadModifyWrite) {
      model::InstructionPattern figures;
      model::countWavefronts(inst, banks, figures);
      return std::max(1u, figures.wavefronts);
    }
    unsigned width = std::max(1u, banks.sharedBankWidth);
    unsigned bankCount = std::max(1u, banks.sharedBanks);
    SmallDenseMap<uint64_t, unsigned, 32> lanes;
    unsigned most = 1;
    for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
      if (inst.activeMask & (1u << lane))
        most =
            std::max(most, ++lanes[inst.addresses[lane] / width % bankCount]);
    return most;
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
  const model::AccessPatternConfig &banks;
  const model::LocalMemoryLayout &local;
  ReplayWarp &out;
  trace::WarpInstruction interleaved; ///< A local access, interleaved.
  std::vector<model::LineRequestRef> lines;
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
  model::AccessPatternConfig banks = accessPatternConfigOf(arch);
  std::vector<trace::WarpTrace> warps;
  unsigned warpsPerBlock = launch.warpsPerBlock();
  model::LocalMemoryLayout local =
      model::localMemoryLayout(launch.numBlocks(), warpsPerBlock);
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
      LineConverter converter(*parameters, banks, local, replay[w]);
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
