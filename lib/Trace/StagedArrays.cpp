//===- StagedArrays.cpp - Arrays staged through shared memory -------------===//

#include "gpurd/Trace/StagedArrays.h"
#include "ArrayByName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace llvm;

namespace gpurd::trace {
namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

bool isGlobalSpace(MemorySpace space) {
  return space == MemorySpace::Global || space == MemorySpace::GlobalReadOnly;
}

/// The plan's entry for array \p index of \p model staged in phases of
/// \p phaseLength, or why it cannot be staged.
Expected<StagedArray> stagedArrayOf(const access::AccessModel &model, int index,
                                    unsigned phaseLength) {
  const access::ArrayInfo &array = model.arrays[index];
  auto fail = [&](const Twine &why) {
    return makeError("'" + array.name +
                     "' cannot be staged through shared memory: " + why);
  };
  using Origin = access::ArrayInfo::Origin;
  if (!isGlobalSpace(array.space) ||
      (array.origin != Origin::Parameter && array.origin != Origin::Variable))
    return fail("it is not a global array the kernel is given");
  if (!phaseLength)
    return fail("a phase of 0 iterations");
  StagedArray out;
  out.name = array.name;
  out.phaseLength = phaseLength;
  for (const access::AccessSite &site : model.sites) {
    if (site.array != index || site.kind == AccessKind::Barrier ||
        site.neverExecuted)
      continue;
    // A tile is a copy: it stays valid only while nothing writes the array.
    if (site.kind != AccessKind::Read)
      return fail("the kernel writes it");
    if (out.elementBytes && site.sizeBytes != out.elementBytes)
      return fail("its loads read " + std::to_string(out.elementBytes) +
                  " and " + std::to_string(site.sizeBytes) + " bytes");
    out.elementBytes = site.sizeBytes;
  }
  if (!out.elementBytes)
    return fail("the kernel does not read it");
  return out;
}

/// Where one staged load instruction of a warp is: its array and phase.
struct StagedLoad {
  size_t instruction = 0;
  unsigned array = 0;
  unsigned phase = 0;
};

/// The staged loads of \p warp, in program order: the n-th execution of a
/// site in the warp is in phase n / T.
std::vector<StagedLoad> stagedLoadsOf(const WarpTrace &warp,
                                      const StagingPlan &plan) {
  std::vector<StagedLoad> out;
  std::map<uint32_t, unsigned> executions;
  for (auto [i, instruction] : enumerate(warp.instructions)) {
    auto staged = plan.siteArray.find(instruction.site);
    if (staged == plan.siteArray.end() || !instruction.activeMask ||
        instruction.kind != AccessKind::Read ||
        !isGlobalSpace(instruction.space))
      continue;
    const unsigned array = staged->second;
    const unsigned n = executions[instruction.site]++;
    out.push_back({i, array, n / plan.arrays[array].phaseLength});
  }
  return out;
}

/// The distinct elements (their addresses) of each array in each phase:
/// [phase][array], sorted.
using PhaseElements = std::vector<std::vector<std::vector<uint64_t>>>;

/// Where a phase's elements of one array are in its shared tile. Each run
/// of neighbouring elements is a row of a rectangle as wide as the rows
/// reach (`float tile[rows][width]`: a stencil's halo rows, shorter than
/// the others, leave their corners unused), the rows a pitch apart in the
/// array (the commonest distance between runs). Runs that are no such
/// rectangle (a row with a hole: slots more than twice the elements) are
/// packed densely instead.
struct TileLayout {
  std::vector<uint64_t> runStart; ///< Address of each run's first element.
  std::vector<uint64_t> runSlot;  ///< Its slot (element index) in the tile.
  uint64_t slots = 0;             ///< The tile's elements, corners included.
  StagedTile shape;

  uint64_t slotOf(uint64_t address, uint32_t elementBytes) const {
    const size_t run =
        std::upper_bound(runStart.begin(), runStart.end(), address) -
        runStart.begin() - 1;
    return runSlot[run] + (address - runStart[run]) / elementBytes;
  }
};

/// The runs of \p elements (sorted, distinct), packed one after another.
TileLayout denseLayoutOf(const std::vector<uint64_t> &elements,
                         uint32_t elementBytes,
                         std::vector<uint64_t> &runLength) {
  TileLayout out;
  out.shape.elements = out.slots = elements.size();
  for (auto [i, address] : enumerate(elements)) {
    if (i && address == elements[i - 1] + elementBytes) {
      ++runLength.back();
      continue;
    }
    out.runStart.push_back(address);
    out.runSlot.push_back(i);
    runLength.push_back(1);
  }
  if (!runLength.empty() && all_equal(runLength)) {
    out.shape.rows = runLength.size();
    out.shape.columns = runLength.front();
  }
  return out;
}

/// With rows \p pitch bytes apart, the width of the rectangle of
/// \p dense's runs (of \p length elements) and each run's first column; none
/// when a run does not start a whole element from its row's start.
std::optional<std::pair<uint64_t, std::vector<int64_t>>>
columnsAt(const TileLayout &dense, const std::vector<uint64_t> &length,
          uint64_t pitch, uint32_t elementBytes) {
  const size_t rows = dense.runStart.size();
  std::vector<int64_t> column(rows);
  for (size_t i = 0; i < rows; ++i) {
    const int64_t shift =
        int64_t(dense.runStart[i]) - int64_t(dense.runStart[0] + i * pitch);
    if (shift % int64_t(elementBytes))
      return std::nullopt;
    column[i] = shift / int64_t(elementBytes);
  }
  const int64_t first = *std::min_element(column.begin(), column.end());
  int64_t end = first;
  for (size_t i = 0; i < rows; ++i)
    end = std::max(end, column[i] + int64_t(length[i]));
  return std::make_pair(uint64_t(end - first), std::move(column));
}

TileLayout layoutOf(const std::vector<uint64_t> &elements,
                    uint32_t elementBytes) {
  std::vector<uint64_t> length;
  TileLayout dense = denseLayoutOf(elements, elementBytes, length);
  const size_t rows = dense.runStart.size();
  if (rows < 2)
    return dense;
  // The pitch: of the distances between neighbouring runs and their mean
  // (a halo row shifts its neighbours' distances), the one that makes the
  // narrowest rectangle.
  std::set<uint64_t> pitches;
  for (size_t i = 1; i < rows; ++i)
    pitches.insert(dense.runStart[i] - dense.runStart[i - 1]);
  const uint64_t span = dense.runStart.back() - dense.runStart.front();
  const uint64_t mean = span % (rows - 1) ? 0 : span / (rows - 1);
  if (mean)
    pitches.insert(mean);
  std::optional<std::pair<uint64_t, std::vector<int64_t>>> best;
  for (uint64_t pitch : pitches) {
    auto columns = columnsAt(dense, length, pitch, elementBytes);
    // The mean wins a tie: the first and last rows agree on it.
    if (columns && (!best || columns->first < best->first ||
                    (columns->first == best->first && pitch == mean)))
      best = std::move(columns);
  }
  if (!best || rows * best->first > 2 * elements.size())
    return dense;
  const uint64_t width = best->first;
  const std::vector<int64_t> &column = best->second;
  const int64_t first = *std::min_element(column.begin(), column.end());
  TileLayout box = dense;
  for (size_t i = 0; i < rows; ++i)
    box.runSlot[i] = i * width + uint64_t(column[i] - first);
  box.slots = rows * width;
  box.shape.rows = rows;
  box.shape.columns = width;
  return box;
}

/// The layout of each phase's tile of each array: [phase][array].
using PhaseLayouts = std::vector<std::vector<TileLayout>>;

/// The instructions a warp adds at the start of a phase, by [phase][warp].
using Prologues = std::vector<std::vector<std::vector<WarpInstruction>>>;

/// The non-memory instructions a thread runs for each element it loads
/// into a tile of \p shape in a block of \p threads threads, as compiled
/// (device IR at -O3, counted as the traces count; StagedArraysTest
/// recompiles the fills and counts them). A tile no larger than the block
/// is filled one element a thread in straight-line code, `tile[ty][tx] =
/// a[(y0 + ty) * pitch + t * T + tx];`: 4 (the element's address in this
/// phase; the shared one does not change between phases). A larger tile
/// needs a loop: for a row, `for (e = tid; e < n; e += nt) tile[e] = a[base
/// + e];`, 8 (the element's global and shared addresses, 5; the loop's
/// increment, compare and branch, 3); for rows (or runs packed densely),
/// `r = e / C, c = e % C; tile[r][c] = a[(y0 + r) * pitch + x0 + c];`, 19
/// (the division and remainder by the row length and the row's address, 11
/// more).
uint32_t fillInstructions(const StagedTile &shape, uint64_t threads) {
  if (shape.elements <= threads)
    return FillInstructionsDirect;
  return shape.rows == 1 ? FillInstructionsRow : FillInstructionsRows;
}

WarpInstruction barrier(const StagingPlan &plan) {
  WarpInstruction out;
  out.site = plan.barrierSite;
  out.kind = AccessKind::Barrier;
  out.space = MemorySpace::Shared;
  out.activeMask = ~0u;
  return out;
}

/// Each phase's fills: 32 neighbouring elements of a tile per warp request,
/// the requests dealt out to the warps in turn, each with its shared store;
/// around them the phase's barriers.
Prologues prologuesOf(const PhaseElements &elements,
                      const PhaseLayouts &layouts, const StagingPlan &plan,
                      const std::vector<MemorySpace> &spaces,
                      const std::vector<uint64_t> &tileBase, unsigned warps,
                      BlockStaging &stats) {
  Prologues out(elements.size(),
                std::vector<std::vector<WarpInstruction>>(warps));
  for (auto [phase, arrays] : enumerate(elements)) {
    // Each warp's share of the phase's requests, a fill and a store each,
    // and two barriers: reserved at once (a long block's prologues were
    // most of PolyBench correlation's peak memory, half of it the slack of
    // doubling vectors).
    uint64_t requests = 0;
    for (const auto &tile : arrays)
      requests += (tile.size() + WarpSize - 1) / WarpSize;
    for (auto &warp : out[phase])
      warp.reserve(2 * ((requests + warps - 1) / warps) + 2);
    if (phase > 0)
      for (auto &warp : out[phase])
        warp.push_back(barrier(plan)); // the previous tile has been read
    uint64_t request = 0;
    for (auto [a, tile] : enumerate(arrays)) {
      const StagedArray &array = plan.arrays[a];
      const uint32_t perFill =
          fillInstructions(layouts[phase][a].shape, uint64_t(warps) * WarpSize);
      for (size_t first = 0; first < tile.size();
           first += WarpSize, ++request) {
        WarpInstruction fill;
        fill.instructionsBefore = perFill;
        fill.site = array.fillSite;
        fill.kind = AccessKind::Read;
        fill.space = spaces[a];
        fill.size = array.elementBytes;
        WarpInstruction store = fill;
        store.instructionsBefore = 0; // Counted with the fill.
        store.site = array.storeSite;
        store.kind = AccessKind::Write;
        store.space = MemorySpace::Shared;
        const size_t lanes = std::min<size_t>(WarpSize, tile.size() - first);
        for (unsigned lane = 0; lane < lanes; ++lane) {
          fill.addresses[lane] = tile[first + lane];
          store.addresses[lane] =
              tileBase[a] +
              layouts[phase][a].slotOf(tile[first + lane], array.elementBytes) *
                  array.elementBytes;
        }
        fill.activeMask = store.activeMask =
            lanes == WarpSize ? ~0u : (1u << lanes) - 1;
        auto &warp = out[phase][request % warps];
        warp.push_back(fill);
        warp.push_back(store);
        ++stats.fillRequests;
      }
    }
    for (auto &warp : out[phase])
      warp.push_back(barrier(plan)); // the tile is complete before it is read
  }
  return out;
}

/// \p warp with its staged loads turned into shared loads of the tiles and
/// each phase's prologue before the first of its loads in the phase (every
/// phase's, so that all warps meet at the same barriers).
void rewriteWarp(WarpTrace &warp, unsigned position,
                 const std::vector<StagedLoad> &loads,
                 const Prologues &prologues, const PhaseLayouts &layouts,
                 const StagingPlan &plan,
                 const std::vector<uint64_t> &tileBase) {
  std::vector<WarpInstruction> out;
  size_t size = warp.instructions.size();
  for (const auto &phase : prologues)
    size += phase[position].size();
  out.reserve(size);
  unsigned begun = 0; // phases whose prologue is in out
  auto beginPhasesThrough = [&](unsigned phase) {
    for (; begun <= phase && begun < prologues.size(); ++begun)
      append_range(out, prologues[begun][position]);
  };
  size_t next = 0; // the next of loads
  for (auto [i, instruction] : enumerate(warp.instructions)) {
    if (next == loads.size() || loads[next].instruction != i) {
      out.push_back(instruction);
      continue;
    }
    const StagedLoad &load = loads[next++];
    beginPhasesThrough(load.phase);
    const TileLayout &tile = layouts[load.phase][load.array];
    const uint32_t elementBytes = plan.arrays[load.array].elementBytes;
    WarpInstruction shared = instruction;
    shared.space = MemorySpace::Shared;
    for (unsigned lane = 0; lane < WarpSize; ++lane)
      if (shared.activeMask >> lane & 1)
        shared.addresses[lane] =
            tileBase[load.array] +
            tile.slotOf(shared.addresses[lane], elementBytes) * elementBytes;
    out.push_back(shared);
  }
  beginPhasesThrough(unsigned(prologues.size()));
  warp.instructions = std::move(out);
}

/// A producer whose blocks have some arrays staged through shared memory.
class StagedArraysSource : public WarpTraceSource {
public:
  StagedArraysSource(std::unique_ptr<WarpTraceSource> inner, StagingPlan plan)
      : inner(std::move(inner)), plan(std::move(plan)) {}

  // The whole block at once, since a phase's tile gathers all its warps'
  // loads; traceWarps is the default, over this.
  Error traceBlock(uint64_t block, std::vector<WarpTrace> &warps) override {
    if (Error error = inner->traceBlock(block, warps))
      return error;
    stageBlock(warps, plan);
    return Error::success();
  }
  const TraceLaunch &launch() const override { return inner->launch(); }
  const char *name() const override { return inner->name(); }
  uint64_t instructionsExecuted() const override {
    return inner->instructionsExecuted();
  }
  const char *workSubject() const override { return inner->workSubject(); }
  const char *workNoun() const override { return inner->workNoun(); }
  std::vector<std::string> notes() const override { return inner->notes(); }
  uint64_t blocksCut() const override { return inner->blocksCut(); }
  uint64_t blocksWaiting() const override { return inner->blocksWaiting(); }

private:
  std::unique_ptr<WarpTraceSource> inner;
  StagingPlan plan;
};

} // namespace

Expected<StagingPlan> stagingPlanOf(const access::AccessModel &model,
                                    const ArrayStagings &stagings) {
  StagingPlan plan;
  // New sites after the kernel's own.
  uint32_t nextSite = 0;
  for (const access::AccessSite &site : model.sites)
    nextSite = std::max(nextSite, site.id + 1);
  for (const auto &[name, phaseLength] : stagings) {
    Expected<int> found = arrayByName(model, name, "to stage");
    if (!found)
      return found.takeError();
    const int index = *found;
    auto staged = stagedArrayOf(model, index, phaseLength);
    if (!staged)
      return staged.takeError();
    staged->fillSite = nextSite++;
    staged->storeSite = nextSite++;
    for (const access::AccessSite &site : model.sites)
      if (site.array == index && site.kind == AccessKind::Read)
        plan.siteArray[site.id] = unsigned(plan.arrays.size());
    plan.arrays.push_back(std::move(*staged));
  }
  plan.barrierSite = nextSite++;
  return plan;
}

BlockStaging stageBlock(std::vector<WarpTrace> &warps,
                        const StagingPlan &plan) {
  BlockStaging stats;
  stats.tiles.resize(plan.arrays.size());
  std::vector<std::vector<StagedLoad>> loads;
  PhaseElements elements;
  std::vector<MemorySpace> spaces(plan.arrays.size(), MemorySpace::Global);
  for (const WarpTrace &warp : warps) {
    loads.push_back(stagedLoadsOf(warp, plan));
    for (const StagedLoad &load : loads.back()) {
      if (elements.size() <= load.phase)
        elements.resize(load.phase + 1,
                        std::vector<std::vector<uint64_t>>(plan.arrays.size()));
      const WarpInstruction &instruction = warp.instructions[load.instruction];
      // The fills read through the path the loads did (ldg or not).
      spaces[load.array] = instruction.space;
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if (instruction.activeMask >> lane & 1)
          elements[load.phase][load.array].push_back(
              instruction.addresses[lane]);
    }
    stats.stagedLoads += loads.back().size();
  }
  if (elements.empty())
    return stats;
  PhaseLayouts layouts;
  std::vector<uint64_t> slots(plan.arrays.size());
  for (auto &arrays : elements) {
    layouts.emplace_back();
    for (auto [a, tile] : enumerate(arrays)) {
      llvm::sort(tile);
      tile.erase(std::unique(tile.begin(), tile.end()), tile.end());
      layouts.back().push_back(layoutOf(tile, plan.arrays[a].elementBytes));
      const TileLayout &layout = layouts.back().back();
      if (layout.slots > slots[a]) {
        slots[a] = layout.slots;
        stats.tiles[a] = layout.shape;
      }
    }
  }
  // Each array's tile after the previous one's, as large as its largest
  // phase (the kernel itself has no shared memory: the check asks so).
  std::vector<uint64_t> tileBase;
  for (auto [a, array] : enumerate(plan.arrays)) {
    tileBase.push_back(stats.sharedBytes);
    stats.sharedBytes += slots[a] * array.elementBytes;
  }
  stats.phases = unsigned(elements.size());
  Prologues prologues = prologuesOf(elements, layouts, plan, spaces, tileBase,
                                    unsigned(warps.size()), stats);
  for (auto [w, warp] : enumerate(warps))
    rewriteWarp(warp, unsigned(w), loads[w], prologues, layouts, plan,
                tileBase);
  return stats;
}

std::map<int, SectorReuse> blockSectorReuse(const std::vector<WarpTrace> &warps,
                                            const access::AccessModel &model,
                                            unsigned sectorBytes) {
  std::map<int, SectorReuse> out;
  std::map<int, std::set<uint64_t>> distinct, distinctElements;
  std::vector<uint64_t> sectors, elements;
  sectorBytes = std::max(sectorBytes, 1u);
  for (const WarpTrace &warp : warps)
    for (const WarpInstruction &instruction : warp.instructions) {
      if (instruction.site >= model.sites.size() ||
          instruction.kind != AccessKind::Read || !instruction.activeMask ||
          !isGlobalSpace(instruction.space))
        continue;
      const int array = model.sites[instruction.site].array;
      if (array < 0)
        continue;
      // The sectors of one warp request (the coalescer's, splitIntoLines).
      sectors.clear();
      elements.clear();
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if (instruction.activeMask >> lane & 1) {
          elements.push_back(instruction.addresses[lane]);
          const uint64_t first = instruction.addresses[lane] / sectorBytes;
          const uint64_t last = (instruction.addresses[lane] +
                                 std::max(instruction.size, 1u) - 1) /
                                sectorBytes;
          for (uint64_t s = first; s <= last; ++s)
            sectors.push_back(s);
        }
      llvm::sort(sectors);
      sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
      out[array].requests += sectors.size();
      distinct[array].insert(sectors.begin(), sectors.end());
      llvm::sort(elements);
      elements.erase(std::unique(elements.begin(), elements.end()),
                     elements.end());
      out[array].elementRequests += elements.size();
      distinctElements[array].insert(elements.begin(), elements.end());
    }
  for (auto &[array, reuse] : out) {
    reuse.distinct = distinct[array].size();
    reuse.distinctElements = distinctElements[array].size();
  }
  return out;
}

Expected<std::unique_ptr<WarpTraceSource>>
withStagedArrays(std::unique_ptr<WarpTraceSource> source,
                 const access::AccessModel &model,
                 const ArrayStagings &stagings) {
  auto plan = stagingPlanOf(model, stagings);
  if (!plan)
    return plan.takeError();
  return std::make_unique<StagedArraysSource>(std::move(source),
                                              std::move(*plan));
}

} // namespace gpurd::trace
