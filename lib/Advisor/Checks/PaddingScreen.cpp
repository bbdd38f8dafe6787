//===- PaddingScreen.cpp - Padded rows' wavefronts, without compiling -----===//

#include "PaddingScreen.h"
#include "CheckUtil.h"

#include "gpurd/Model/AccessPattern.h"
#include "gpurd/Trace/MemoryLayout.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace gpurd::advisor {
namespace {

/// Where the screened array lies in block 0's shared memory and how its
/// rows are laid out.
struct PaddedArray {
  int index = -1; ///< In the access model.
  uint64_t base = 0, bytes = 0, rowBytes = 0, elementBytes = 0;

  /// \p address with the rows padded by \p pad elements (addresses outside
  /// the array stay).
  uint64_t moved(uint64_t address, unsigned pad) const {
    if (address < base || address >= base + bytes)
      return address;
    uint64_t offset = address - base;
    uint64_t row = offset / rowBytes;
    return base + row * (rowBytes + pad * elementBytes) + offset % rowBytes;
  }
};

std::optional<PaddedArray> placeArray(const CheckContext &context,
                                      const access::AccessSite &site,
                                      const SharedArrayDecl &decl) {
  const access::ArrayInfo *array = context.arrayOf(site);
  const driver::KernelTrace *trace = context.analysis().trace.get();
  if (!array || !trace || !trace->prepared.function || site.array < 0 ||
      decl.dimensions.size() < 2 || !decl.elementBytes)
    return std::nullopt;
  trace::MemoryLayout layout = trace::createLayout(
      *trace->prepared.function, {}, context.launch().dynamicSharedBytes);
  std::optional<uint64_t> base =
      trace::arrayBase(layout, *array, MemorySpace::Shared);
  if (!base)
    return std::nullopt;
  PaddedArray out;
  out.index = site.array;
  out.base = *base;
  out.elementBytes = decl.elementBytes;
  out.rowBytes = decl.dimensions.back() * decl.elementBytes;
  out.bytes = std::accumulate(decl.dimensions.begin(), decl.dimensions.end(),
                              uint64_t(1), std::multiplies<uint64_t>()) *
              decl.elementBytes;
  if (!out.rowBytes)
    return std::nullopt;
  return out;
}

/// The wavefronts of \p warps' accesses of \p array (all of them, and those
/// at \p site's source position) with its rows padded by \p pad.
std::pair<uint64_t, uint64_t>
paddedWavefronts(const std::vector<trace::WarpTrace> &warps,
                 const access::AccessModel &model,
                 const access::AccessSite &site, const PaddedArray &array,
                 const model::AccessPatternConfig &config, unsigned pad) {
  uint64_t atSite = 0, all = 0;
  for (const trace::WarpTrace &warp : warps)
    for (const trace::WarpInstruction &instruction : warp.instructions) {
      if (instruction.space != MemorySpace::Shared ||
          instruction.kind == AccessKind::Barrier ||
          instruction.site >= model.sites.size() ||
          model.sites[instruction.site].array != array.index)
        continue;
      trace::WarpInstruction moved = instruction;
      for (unsigned lane = 0; lane < trace::WarpSize; ++lane)
        if (moved.activeMask & (1u << lane))
          moved.addresses[lane] = array.moved(moved.addresses[lane], pad);
      model::InstructionPattern figures;
      model::countWavefronts(moved, config, figures);
      all += figures.wavefronts;
      if (sameAccessAs(site)(model, model.sites[instruction.site]))
        atSite += figures.wavefronts;
    }
  return {atSite, all};
}

} // namespace

std::vector<unsigned> screenPads(const CheckContext &context,
                                 const access::AccessSite &site,
                                 const SharedArrayDecl &decl,
                                 const std::vector<unsigned> &pads) {
  std::optional<PaddedArray> array = placeArray(context, site, decl);
  if (!array || !context.analysis().trace->source)
    return pads;
  std::vector<trace::WarpTrace> warps;
  if (llvm::Error error =
          context.analysis().trace->source->traceBlock(0, warps)) {
    llvm::consumeError(std::move(error)); // the what-ifs decide alone
    return pads;
  }
  const model::AccessPatternConfig config =
      driver::accessPatternConfigOf(context.arch());
  std::vector<std::tuple<uint64_t, uint64_t, unsigned>> ranked;
  for (unsigned pad : pads) {
    auto [atSite, all] =
        paddedWavefronts(warps, context.model(), site, *array, config, pad);
    ranked.emplace_back(atSite, all, pad);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<unsigned> out;
  for (const auto &entry : ranked)
    out.push_back(std::get<2>(entry));
  return out;
}

} // namespace gpurd::advisor
