//===- Assumptions.cpp - Values assumed where a launch is unknown ---------===//

#include "Assumptions.h"

#include "gpurd/Model/ExecutionModel.h"
#include "gpurd/Support/UserInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

using namespace llvm;

namespace gpurd::driver {
namespace {

constexpr const char *axisName[3] = {"x", "y", "z"};

/// "threadIdx.x, threadIdx.y" for the dimensions \p used.
std::string indexNames(StringRef index, const std::array<bool, 3> &used) {
  std::string names;
  for (unsigned d = 0; d < 3; ++d)
    if (used[d])
      names += (names.empty() ? "" : ", ") + index.str() + "." + axisName[d];
  return names;
}

/// A block of about \p threads threads in \p dims dimensions: x a power of
/// two near the square (cube) root, the rest in y (and z).
std::array<uint64_t, 3> blockShape(uint64_t threads, unsigned dims) {
  std::array<uint64_t, 3> block{threads, 1, 1};
  if (dims == 1)
    return block;
  uint64_t z = 1;
  if (dims == 3) {
    z = std::max<uint64_t>(1, PowerOf2Ceil(static_cast<uint64_t>(
                                  std::cbrt(static_cast<double>(threads)))) /
                                  2);
    threads = std::max<uint64_t>(1, threads / z);
  }
  uint64_t x = std::min<uint64_t>(
      threads, PowerOf2Ceil(static_cast<uint64_t>(
                   std::ceil(std::sqrt(static_cast<double>(threads))))));
  return {x, std::max<uint64_t>(1, threads / x), z};
}

/// \p block, assumed, with the components \p given by the source in the
/// dimensions the kernel reads as written; the assumed threads go to the
/// other dimensions it reads (shaped as blockShape shapes them), and the
/// basis says so. Nothing changes when the source gives none of those.
void keepGivenBlock(const access::IndexUse &use,
                    const std::array<uint64_t, 3> &given,
                    std::array<uint64_t, 3> &block, std::string &basis) {
  std::vector<unsigned> open;
  uint64_t givenThreads = 1;
  std::string kept;
  for (unsigned d = 0; d < 3; ++d) {
    if (!use.thread[d])
      continue;
    if (!given[d]) {
      open.push_back(d);
      continue;
    }
    givenThreads *= given[d];
    kept += (kept.empty() ? "; " : ", ") + std::string(axisName[d]) + " = " +
            std::to_string(given[d]);
  }
  if (kept.empty())
    return;
  const uint64_t threads = block[0] * block[1] * block[2];
  const uint64_t rest = std::max<uint64_t>(1, threads / givenThreads);
  const std::array<uint64_t, 3> shape =
      blockShape(rest, std::max<unsigned>(1, unsigned(open.size())));
  std::array<uint64_t, 3> out{1, 1, 1};
  for (unsigned d = 0; d < 3; ++d)
    if (use.thread[d] && given[d])
      out[d] = given[d];
  for (size_t i = 0; i < open.size(); ++i)
    out[open[i]] = shape[i];
  block = out;
  basis += kept + " as the source gives it";
}

std::array<uint64_t, 3> assumedBlock(const KernelInfo &kernel,
                                     const access::IndexUse &use,
                                     std::string &basis) {
  unsigned dims = use.threadDims();
  // Cooperative groups' thread_rank() and size() read threadIdx and
  // blockDim in every dimension, yet give the same ranks in any block
  // shape: the dimensions the source reads otherwise decide (a kernel that
  // computes `blockIdx.x * blockDim.x + block.thread_rank()` runs in 1-D
  // blocks; in (8, 8, 4) blocks its blocks' indices would overlap).
  const unsigned sourceDims = access::IndexUse::dimsOf(kernel.sourceThreadDims);
  const bool rankOnly = kernel.usesLinearThreadRank && sourceDims < dims;
  if (rankOnly)
    dims = sourceDims;
  uint64_t threads =
      kernel.launchBoundsMaxThreads.value_or(AssumedBlockThreads);
  std::array<uint64_t, 3> block = blockShape(threads, dims);
  basis =
      kernel.launchBoundsMaxThreads
          ? "the kernel's __launch_bounds__(" + std::to_string(threads) + ")"
          : "gpurd's default of " + std::to_string(threads) +
                " threads per block";
  if (rankOnly)
    basis += ", in " + std::string(dims == 1 ? "x" : "x and y") +
             ": the kernel reads threadIdx and blockDim in " +
             (dims == 1 ? "y and z" : "z") +
             " only through cooperative groups' thread_rank() or size(), "
             "which rank the threads the same in any block shape";
  else
    basis += dims == 1 ? ", in x: the kernel reads no threadIdx.y or .z"
                       : ", in " + std::to_string(dims) +
                             " dimensions: the kernel reads " +
                             indexNames("threadIdx", use.thread);
  return block;
}

/// \p grid with the components \p given by the source (non-zero) as
/// written.
std::array<uint64_t, 3> keepGiven(std::array<uint64_t, 3> grid,
                                  const std::array<uint64_t, 3> &given) {
  for (unsigned d = 0; d < 3; ++d)
    if (given[d])
      grid[d] = given[d];
  return grid;
}

std::array<uint64_t, 3> assumedGrid(const KernelInfo &kernel,
                                    const access::IndexUse &use,
                                    const arch::ArchDescription &arch,
                                    const std::array<uint64_t, 3> &block,
                                    uint64_t sharedBytes, std::string &basis,
                                    const std::array<uint64_t, 3> &given) {
  // The dimensions to assume: those the kernel indexes that the source
  // leaves unknown; a component the source gives is kept as written.
  // Only components in dimensions the kernel indexes change the
  // assumption (elsewhere it assumes 1, or keeps what is given).
  std::array<bool, 3> open{false, false, false};
  unsigned openDims = 0;
  bool anyGiven = false;
  std::string kept;
  for (unsigned d = 0; d < 3; ++d) {
    if (!use.block[d])
      continue;
    if (!given[d]) {
      open[d] = true, ++openDims;
      continue;
    }
    anyGiven = true;
    kept += (kept.empty() ? "; " : ", ") + std::string(axisName[d]) + " = " +
            std::to_string(given[d]);
  }
  if (anyGiven)
    kept += " as the source gives it";
  if (!use.readsBlockIndex() || (anyGiven && openDims == 0)) {
    basis = use.readsBlockIndex()
                ? "1 in the dimensions the source leaves unknown: the "
                  "kernel does not index them"
                : "the kernel reads neither blockIdx nor gridDim, so every "
                  "block does the same work";
    return keepGiven({1, 1, 1}, given);
  }
  unsigned perSm = 1;
  // A grid-wide synchronisation needs every block resident at once (a
  // cooperative launch of more fails): one wave, as the CUDA samples size
  // it (SMs x cudaOccupancyMaxActiveBlocksPerMultiprocessor), not rounded
  // up past it.
  unsigned waves = use.gridSync ? 1 : AssumedWaves;
  uint64_t target =
      assumedWaveBlocks(kernel, arch, block, sharedBytes, perSm, waves);
  unsigned dims = use.blockDims();
  // Blocks the given components already make: the open ones share the
  // rest of the target.
  uint64_t givenBlocks = 1;
  for (unsigned d = 0; d < 3; ++d)
    if (given[d] && use.block[d])
      givenBlocks *= given[d];
  const uint64_t openTarget =
      std::max<uint64_t>(1, (target + givenBlocks - 1) / givenBlocks);
  if (!anyGiven)
    for (unsigned d = 0; d < dims; ++d)
      open[d] = true, openDims = dims;
  double root = std::pow(static_cast<double>(openTarget), 1.0 / openDims);
  uint64_t side =
      use.gridSync
          ? std::max<uint64_t>(1, static_cast<uint64_t>(root + 1e-9))
          : PowerOf2Ceil(static_cast<uint64_t>(std::ceil(root - 1e-9)));
  std::array<uint64_t, 3> grid{1, 1, 1};
  for (unsigned d = 0; d < 3; ++d)
    if (open[d])
      grid[d] = d == 0 ? side : std::min<uint64_t>(side, 65535);
  grid = keepGiven(grid, given);
  basis = std::to_string(waves) + (waves == 1 ? " wave of " : " waves of ") +
          std::to_string(arch.sm.count) + " SMs x " + std::to_string(perSm) +
          " resident blocks = " + std::to_string(target) + " blocks, ";
  basis += use.gridSync
               ? "the most a grid-wide synchronisation (grid_group::sync) "
                 "allows: every block resident at once (the kernel indexes "
               : "rounded up to a power of two per dimension the kernel "
                 "indexes (";
  basis += indexNames("blockIdx", use.block) + ")" + kept;
  return grid;
}

constexpr const char *DynamicSharedPart = "dynamic shared memory";

/// Whether \p kernel declares `extern __shared__` memory: in the host
/// compile's source, or in the device code (a declaration under `#if
/// __CUDA_ARCH__`, which the host compile skips).
bool usesDynamicShared(const KernelInfo &kernel, const access::IndexUse &use) {
  return kernel.usesDynamicShared || use.dynamicShared;
}

/// Dynamic shared memory for a kernel that declares `extern __shared__`
/// memory (\p declared): one 4-byte word per thread, doubled
/// scale.sharedDoublings times.
uint64_t assumedDynamicShared(bool declared,
                              const std::array<uint64_t, 3> &block,
                              const AssumptionScale &scale,
                              std::string &basis) {
  if (!declared) {
    basis = "the kernel declares no extern __shared__ memory";
    return 0;
  }
  uint64_t words = uint64_t(1) << scale.sharedDoublings;
  basis = words == 1 ? "one 4-byte word per thread of the block"
                     : std::to_string(words) +
                           " 4-byte words per thread of the block, the "
                           "fewest of 1, 2, 4, ... with which no access "
                           "went past the block's shared memory";
  return block[0] * block[1] * block[2] * 4 * words;
}

LaunchAssumption *findAssumption(LaunchConfig &config, StringRef part) {
  for (LaunchAssumption &assumption : config.assumptions)
    if (!assumption.argument && assumption.part == part)
      return &assumption;
  return nullptr;
}

/// The dimension in which \p dims is largest (the first of equals).
unsigned largestDimension(const std::array<uint64_t, 3> &dims) {
  unsigned largest = 0;
  for (unsigned d = 1; d < 3; ++d)
    if (dims[d] > dims[largest])
      largest = d;
  return largest;
}

/// Restates \p assumption after a retry changed it to \p shape: its value,
/// and its basis with \p marker + \p rest in place of an earlier note that
/// starts with \p marker (the last change says why; earlier ones led to
/// it).
void noteRetry(LaunchAssumption &assumption,
               const std::array<uint64_t, 3> &shape, StringRef marker,
               const std::string &rest) {
  assumption.value = dimText(shape);
  std::string::size_type at = assumption.basis.find(marker.str());
  if (at != std::string::npos)
    assumption.basis.resize(at);
  assumption.basis += marker.str() + rest;
}

} // namespace

unsigned widestDimension(const access::IndexUse &use,
                         const std::array<uint64_t, 3> &grid,
                         const std::array<uint64_t, 3> &block) {
  unsigned dims = std::max(use.threadDims(), use.blockDims());
  unsigned widest = 0;
  for (unsigned d = 1; d < dims; ++d)
    if (grid[d] * block[d] > grid[widest] * block[widest])
      widest = d;
  return widest;
}

unsigned residentBlocksOrOne(const KernelInfo &kernel,
                             const arch::ArchDescription &arch,
                             const std::array<uint64_t, 3> &block,
                             uint64_t sharedBytes) {
  auto resident =
      model::activeBlocksPerSm(arch, block[0] * block[1] * block[2],
                               kernel.staticSharedBytes + sharedBytes);
  if (resident)
    return *resident;
  consumeError(resident.takeError());
  return 1;
}

uint64_t assumedWaveBlocks(const KernelInfo &kernel,
                           const arch::ArchDescription &arch,
                           const std::array<uint64_t, 3> &block,
                           uint64_t sharedBytes, unsigned &perSm,
                           unsigned waves) {
  perSm = residentBlocksOrOne(kernel, arch, block, sharedBytes);
  return uint64_t(waves) * arch.sm.count * perSm;
}

bool shrinkAssumedGrid(const std::string &reason, LaunchConfig &config,
                       std::optional<unsigned> dimension) {
  LaunchAssumption *grid = findAssumption(config, "grid");
  if (!grid)
    return false;
  // The widest component the source does not give (or \p dimension).
  std::array<uint64_t, 3> open = config.grid;
  for (unsigned d = 0; d < 3; ++d)
    if (grid->given[d])
      open[d] = 0;
  unsigned widest = dimension ? *dimension : largestDimension(open);
  if (open[widest] <= 1)
    return false;
  std::array<uint64_t, 3> before = config.grid;
  config.grid[widest] =
      std::max<uint64_t>(1, config.grid[widest] / SizeDivisor);
  noteRetry(*grid, config.grid, "; divided by",
            " " + std::to_string(SizeDivisor) + " in " + axisName[widest] +
                ": with " + dimText(before) + ", " + reason);
  return true;
}

/// Whether \p config has values the source computes from its assumed
/// block's variables (LaunchAssumption::followsBlock).
static bool blockHasFollowers(const LaunchConfig &config) {
  return llvm::any_of(config.assumptions,
                      [](const LaunchAssumption &a) { return a.followsBlock; });
}

bool reshapeAssumedBlock(const std::array<uint32_t, 3> &thread,
                         const std::string &reason, LaunchConfig &config) {
  LaunchAssumption *block = findAssumption(config, "block");
  // Components the source gives stay as written.
  if (!block || llvm::any_of(block->given, [](uint64_t g) { return g != 0; }) ||
      blockHasFollowers(config))
    return false;
  for (unsigned d = 2; d >= 1; --d) {
    if (thread[d] == 0 || config.block[d] <= 1 || config.block[0] >= 1024)
      continue;
    std::array<uint64_t, 3> before = config.block;
    config.block[d] /= 2;
    config.block[0] *= 2;
    noteRetry(*block, config.block, "; reshaped",
              ", as many threads with fewer in " + std::string(axisName[d]) +
                  ": with " + dimText(before) + ", " + reason + " in thread (" +
                  std::to_string(thread[0]) + ", " + std::to_string(thread[1]) +
                  ", " + std::to_string(thread[2]) + ")");
    return true;
  }
  return false;
}

bool halveAssumedBlock(const KernelInfo &kernel, const access::IndexUse &use,
                       const arch::ArchDescription &arch,
                       const std::string &reason, LaunchConfig &config) {
  LaunchAssumption *block = findAssumption(config, "block");
  if (!block || config.threadsPerBlock() <= 32 ||
      llvm::any_of(block->given, [](uint64_t g) { return g != 0; }) ||
      blockHasFollowers(config))
    return false;
  unsigned widest = largestDimension(config.block);
  std::array<uint64_t, 3> before = config.block;
  config.block[widest] /= 2;
  noteRetry(*block, config.block, "; halved",
            " in " + std::string(axisName[widest]) + ": with " +
                dimText(before) + ", " + reason +
                ", and the kernel's shared memory does not grow with the "
                "launch");
  if (LaunchAssumption *grid = findAssumption(config, "grid")) {
    config.grid =
        assumedGrid(kernel, use, arch, config.block, config.dynamicSharedBytes,
                    grid->basis, grid->given);
    grid->value = dimText(config.grid);
  }
  return true;
}

bool reassumeDynamicShared(const KernelInfo &kernel,
                           const access::IndexUse &use,
                           const arch::ArchDescription &arch,
                           const AssumptionScale &scale, LaunchConfig &config) {
  LaunchAssumption *shared = findAssumption(config, DynamicSharedPart);
  if (!shared || shared->followsBlock || !usesDynamicShared(kernel, use))
    return false;
  std::string basis;
  uint64_t bytes =
      assumedDynamicShared(/*declared=*/true, config.block, scale, basis);
  uint64_t limit = arch.sm.sharedMemoryPerBlock.value_or(48 * 1024);
  if (kernel.staticSharedBytes + bytes > limit)
    return false;
  config.dynamicSharedBytes = bytes;
  shared->value = std::to_string(bytes) + " B";
  shared->basis = std::move(basis);
  if (LaunchAssumption *grid = findAssumption(config, "grid")) {
    config.grid = assumedGrid(kernel, use, arch, config.block, bytes,
                              grid->basis, grid->given);
    grid->value = dimText(config.grid);
  }
  return true;
}

/// The evaluation of \p known's launch site whose block's own variables
/// make the block \p block (LaunchSite::configured), if one does.
const RootedLaunch *configuredAt(const PartialLaunch &known,
                                 const std::array<uint64_t, 3> &block) {
  if (!known.site)
    return nullptr;
  for (const RootedLaunch &probe : known.site->configured)
    if (dimOf(probe.block) == block)
      return &probe;
  return nullptr;
}

std::optional<std::array<uint64_t, 3>> dimOf(const Dim3Value &dim) {
  std::array<uint64_t, 3> out;
  for (unsigned d = 0; d < 3; ++d) {
    std::optional<uint64_t> n = dim.components[d].asUnsigned();
    if (!n || *n == 0)
      return std::nullopt;
    out[d] = *n;
  }
  return out;
}

/// "'block_size' = 256" for the variables \p site's block is computed from.
static std::string configurationText(const LaunchSite &site,
                                     const RootedLaunch &probe) {
  std::string names;
  for (size_t i = 0; i < site.configurationRoots.size(); ++i)
    names += (i == 0 ? "'" : "' = '") + site.configurationRoots[i].name;
  return names + "' = " + std::to_string(probe.root);
}

/// The dynamic shared memory and the scalar arguments \p known lacks that
/// \p probe (the source at the assumed block's variables) computes, into
/// \p layer, each stated as following the block.
void followBlock(const KernelInfo &kernel, const PartialLaunch &known,
                 const LaunchSite &site, const RootedLaunch &probe,
                 LaunchOverrides &layer, std::vector<LaunchAssumption> &out) {
  const std::string basis = "the source's value with " +
                            configurationText(site, probe) +
                            ", as the assumed block has it";
  if (!known.dynamicSharedBytes)
    if (std::optional<uint64_t> bytes = probe.dynamicSharedBytes.asUnsigned()) {
      layer.dynamicSharedBytes = *bytes;
      LaunchAssumption shared{
          DynamicSharedPart, std::to_string(*bytes) + " B", basis,
          missingPartMessage(known, LaunchPart::DynamicShared)};
      shared.followsBlock = true;
      out.push_back(std::move(shared));
    }
  for (const LaunchArgument &arg : probe.args) {
    const KernelParam *param = paramOrMemberNamed(kernel, arg.param);
    if (!param || !takesNumber(*param) || !arg.value.isKnown() ||
        known.args.count(arg.param) || layer.args.count(arg.param))
      continue;
    layer.args[arg.param] = arg.value.str();
    LaunchAssumption assumed{
        arg.param, arg.value.str(), basis,
        missingPartMessage(known, LaunchPart::Argument, arg.param),
        /*argument=*/true};
    assumed.followsBlock = true;
    out.push_back(std::move(assumed));
  }
}

void assumeLaunchShape(const KernelInfo &kernel, const access::IndexUse &use,
                       const arch::ArchDescription &arch,
                       const PartialLaunch &known, LaunchOverrides &layer,
                       std::vector<LaunchAssumption> &out) {
  layer.origin = "assumption";
  std::array<uint64_t, 3> block;
  if (known.block) {
    block = *known.block;
  } else {
    std::string basis;
    block = assumedBlock(kernel, use, basis);
    // What the launch site gives of the block is kept (`dim3(1, lCols)`):
    // the assumed threads go to the other dimensions the kernel reads.
    std::array<uint64_t, 3> given{0, 0, 0};
    if (known.site)
      for (unsigned d = 0; d < 3; ++d)
        given[d] = known.site->block.components[d].asUnsigned().value_or(0);
    keepGivenBlock(use, given, block, basis);
    layer.block = block;
    const RootedLaunch *configured = configuredAt(known, block);
    if (configured)
      basis += "; " + configurationText(*known.site, *configured) +
               " with it, as the source computes the block";
    LaunchAssumption assumption{"block", dimText(block), basis,
                                missingPartMessage(known, LaunchPart::Block)};
    assumption.given = given;
    out.push_back(std::move(assumption));
    if (configured)
      followBlock(kernel, known, *known.site, *configured, layer, out);
  }
  uint64_t shared =
      layer.dynamicSharedBytes.value_or(known.dynamicSharedBytes.value_or(0));
  bool declared = usesDynamicShared(kernel, use);
  if (!known.dynamicSharedBytes && !layer.dynamicSharedBytes &&
      (known.site || declared)) {
    std::string basis;
    shared = assumedDynamicShared(declared, block, AssumptionScale(), basis);
    layer.dynamicSharedBytes = shared;
    out.push_back({DynamicSharedPart, std::to_string(shared) + " B", basis,
                   missingPartMessage(known, LaunchPart::DynamicShared)});
  }
  if (!known.grid) {
    // What the launch site gives of the grid is kept (`dim3 grid(1, n)`).
    std::array<uint64_t, 3> given = known.gridComponents;
    std::string basis;
    std::array<uint64_t, 3> grid =
        assumedGrid(kernel, use, arch, block, shared, basis, given);
    layer.grid = grid;
    LaunchAssumption assumption{"grid", dimText(grid), basis,
                                missingPartMessage(known, LaunchPart::Grid)};
    assumption.given = given;
    out.push_back(std::move(assumption));
  }
}

namespace {

/// A value assumed for a factor of a guard product, and why.
struct ProductShare {
  uint64_t value = 0;
  std::string basis;
};

/// The known integer value of argument \p name in \p config.
std::optional<uint64_t> knownArgument(const LaunchConfig &config,
                                      StringRef name) {
  for (const LaunchArgument &arg : config.args)
    if (arg.param == name)
      return arg.value.asUnsigned();
  return std::nullopt;
}

/// Exponents for \p counts factors (with their repeats) whose product is
/// 2^\p total: the same share each, and one more for the factors that fit
/// in the remainder, the most repeated first (`B * T * T` of 2^16: 2^5
/// each and a remainder of 1, which T's two repeats do not fit and B
/// takes: 2^6 x 2^5 x 2^5), so that the product is exact where it can be
/// and never larger.
std::vector<unsigned> shareExponents(ArrayRef<unsigned> counts,
                                     unsigned total) {
  unsigned occurrences = 0;
  for (unsigned count : counts)
    occurrences += count;
  std::vector<unsigned> exponents(counts.size(), total / occurrences);
  unsigned left = total % occurrences;
  std::vector<unsigned> order(counts.size());
  for (unsigned i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::stable_sort(
      order, [&](unsigned a, unsigned b) { return counts[a] > counts[b]; });
  for (unsigned i : order)
    if (counts[i] <= left) {
      ++exponents[i];
      left -= counts[i];
    }
  return exponents;
}

/// Values for the unknown integer parameters that a guard on a global index
/// multiplies (`if (i < B * T)`): their product, not each factor, is the
/// launch's \p extent, so that it holds for every thread without
/// overflowing the kernel's integer type (each factor at the extent made
/// `B * T` overflow in the device code, and the guard then let no thread
/// work). Products with more factors are shared out first; a factor shared
/// out, or given, is fixed in the others. \p extent is the size the guard
/// takes and \p sizeBasis why (the launch's extent, or that divided after a
/// retry), so that the basis states the product the values make.
std::map<std::string, ProductShare>
shareGuardProducts(const KernelInfo &kernel, const access::IndexUse &use,
                   ArrayRef<std::pair<std::string, std::string>> unknown,
                   const LaunchConfig &config, uint64_t extent,
                   StringRef sizeBasis) {
  std::map<std::string, ProductShare> shares;
  std::vector<std::vector<unsigned>> products(use.guardProducts.begin(),
                                              use.guardProducts.end());
  llvm::stable_sort(products, [](const auto &a, const auto &b) {
    return a.size() > b.size();
  });
  auto isUnknown = [&](StringRef name) {
    return llvm::any_of(unknown,
                        [&](const auto &entry) { return entry.first == name; });
  };
  for (const std::vector<unsigned> &product : products) {
    // Distinct free factors with their repeats, and the fixed ones' product.
    std::vector<std::string> free;
    std::vector<unsigned> counts;
    uint64_t fixed = 1;
    std::string text;
    bool usable = true;
    for (unsigned position : product) {
      if (position >= kernel.params.size()) {
        usable = false;
        break;
      }
      const KernelParam &param = kernel.params[position];
      text += (text.empty() ? "" : " * ") + param.name;
      if (auto it = shares.find(param.name); it != shares.end()) {
        fixed = SaturatingMultiply(fixed, it->second.value);
      } else if (isUnknown(param.name) && param.kind == ParamKind::Integer &&
                 !use.tableIndices.count(position)) {
        auto at = llvm::find(free, param.name);
        if (at == free.end()) {
          free.push_back(param.name);
          counts.push_back(1);
        } else {
          ++counts[at - free.begin()];
        }
      } else if (std::optional<uint64_t> value =
                     knownArgument(config, param.name)) {
        fixed = SaturatingMultiply(fixed, std::max<uint64_t>(1, *value));
      } else {
        usable = false;
        break;
      }
    }
    if (!usable || free.empty())
      continue;
    uint64_t remaining = std::max<uint64_t>(1, extent / fixed);
    unsigned total = llvm::Log2_64(remaining);
    std::vector<unsigned> exponents = shareExponents(counts, total);
    std::string values;
    for (unsigned i = 0; i < free.size(); ++i)
      values += (i ? ", " : "") + free[i] + " = " +
                std::to_string(uint64_t(1) << exponents[i]);
    uint64_t reached = fixed;
    for (unsigned i = 0; i < free.size(); ++i)
      reached = SaturatingMultiply(reached, uint64_t(1)
                                                << (exponents[i] * counts[i]));
    std::string basis = "a guard on a global index compares it with " + text +
                        "; " + sizeBasis.str() + ": " + text + " = " +
                        std::to_string(reached) + " with " + values +
                        " (each factor at that size would overflow the "
                        "product)";
    for (unsigned i = 0; i < free.size(); ++i)
      shares[free[i]] = {uint64_t(1) << exponents[i], basis};
  }
  return shares;
}

} // namespace

void assumeArguments(const KernelInfo &kernel, const access::IndexUse &use,
                     ArrayRef<std::pair<std::string, std::string>> unknown,
                     LaunchConfig &config, const AssumptionScale &scale) {
  // The widest extent of the launch's threads in a dimension the kernel
  // indexes: a guard `i < n` on a global index then holds for every thread.
  unsigned widest = widestDimension(use, config.grid, config.block);
  uint64_t extent = config.grid[widest] * config.block[widest];
  std::string extentBasis =
      "the launch's threads span " + std::to_string(extent) + " in " +
      axisName[widest] + " (grid." + axisName[widest] + " x block." +
      axisName[widest] + " = " + std::to_string(config.grid[widest]) + " x " +
      std::to_string(config.block[widest]) + ")";
  // The extent divided \p divisions times, and why.
  auto sizedBy = [&](unsigned divisions) {
    uint64_t divisor = 1;
    for (unsigned i = 0; i < divisions && divisor <= extent; ++i)
      divisor *= SizeDivisor;
    std::string basis = extentBasis;
    if (divisor == 1)
      basis += ", so a bounds guard on a global index holds for every thread";
    else
      basis += " divided by " + std::to_string(divisor) + ": with " +
               std::to_string(
                   std::max<uint64_t>(1, extent / (divisor / SizeDivisor))) +
               ", " + scale.reason;
    return std::make_pair(std::max<uint64_t>(1, extent / divisor), basis);
  };
  auto [guardSize, guardBasis] = sizedBy(scale.sizeDivisions);
  std::map<std::string, ProductShare> shares =
      shareGuardProducts(kernel, use, unknown, config, guardSize, guardBasis);
  // \p unknown may be config.unknownArgs itself.
  std::vector<std::string> assumed;
  for (const auto &[name, missing] : unknown) {
    assumed.push_back(name);
    // A parameter, or a scalar member of a struct parameter (`p.n`). A
    // texture or surface object is a handle, not a size: the emulator binds
    // a default texture to a texture object (TraceSource.cpp).
    const KernelParam *param = paramOrMemberNamed(kernel, name);
    if (!param || !takesNumber(*param))
      continue;
    LaunchArgument arg;
    arg.param = name;
    std::string basis;
    if (param->kind == ParamKind::Floating) {
      arg.value.value = 1.0;
      arg.value.text = "1.0";
      basis = "no size decides a floating-point argument; 1.0 is neutral in "
              "products";
    } else if (param->kind == ParamKind::Boolean) {
      arg.value.value = int64_t(1);
      arg.value.text = "true";
      basis = "the branch a true flag selects";
    } else if (std::optional<std::string> table =
                   tableIndexBasis(kernel, use, name)) {
      arg.value.value = int64_t(0);
      arg.value.text = "0";
      basis = std::move(*table);
    } else if (auto share = shares.find(name); share != shares.end()) {
      arg.value.value = static_cast<int64_t>(share->second.value);
      arg.value.text = std::to_string(share->second.value);
      basis = share->second.basis;
    } else {
      // A loop's bound, or any size but a guard on the thread's index, is
      // divided further after a block ran too long.
      unsigned divisions = scale.sizeDivisions;
      if (scale.loopDivisions && shrinksArgument(kernel, use, name))
        divisions += scale.loopDivisions;
      auto [value, sizedBasis] = sizedBy(divisions);
      basis = std::move(sizedBasis);
      if (param->integerBits > 0 && param->integerBits < 64) {
        uint64_t largest =
            (uint64_t(1) << (param->integerBits - param->isSigned)) - 1;
        if (largest < value) {
          value = largest;
          basis += "; clamped to the largest value of its " +
                   std::to_string(param->integerBits) + "-bit type";
        }
      }
      arg.value.value = static_cast<int64_t>(value);
      arg.value.text = std::to_string(value);
    }
    config.assumptions.push_back(
        {name, arg.value.text, basis, missing, /*argument=*/true});
    config.args.push_back(std::move(arg));
  }
  erase_if(config.unknownArgs, [&](const auto &entry) {
    return is_contained(assumed, entry.first);
  });
}

/// The position of \p kernel's parameter \p name, if it has one.
static std::optional<unsigned> positionOf(const KernelInfo &kernel,
                                          StringRef name) {
  for (unsigned i = 0; i < kernel.params.size(); ++i)
    if (kernel.params[i].name == name)
      return i;
  return std::nullopt;
}

bool boundsLoop(const KernelInfo &kernel, const access::IndexUse &use,
                StringRef name) {
  std::optional<unsigned> position = positionOf(kernel, name);
  return position && use.loopBounds.count(*position);
}

bool shrinksArgument(const KernelInfo &kernel, const access::IndexUse &use,
                     StringRef name) {
  std::optional<unsigned> position = positionOf(kernel, name);
  return !position || use.shrinks(*position);
}

std::optional<std::string> tableIndexBasis(const KernelInfo &kernel,
                                           const access::IndexUse &use,
                                           StringRef name) {
  for (unsigned i = 0; i < kernel.params.size(); ++i) {
    if (kernel.params[i].name != name)
      continue;
    auto it = use.tableIndices.find(i);
    if (it == use.tableIndices.end())
      return std::nullopt;
    return "it indexes '" + it->second.array + "', a device array of " +
           std::to_string(it->second.extent) +
           " elements: its first, where a value that follows the launch's "
           "sizes would read past the array";
  }
  return std::nullopt;
}

bool assumedArgumentAboveOne(
    const LaunchConfig &config,
    function_ref<bool(const LaunchAssumption &)> counts) {
  for (const LaunchAssumption &assumption : config.assumptions) {
    if (!assumption.argument || assumption.followsBlock || !counts(assumption))
      continue;
    for (const LaunchArgument &arg : config.args)
      if (arg.param == assumption.part)
        if (const auto *value = std::get_if<int64_t>(&arg.value.value))
          if (*value > 1)
            return true;
  }
  return false;
}

bool assumedSizes(const LaunchConfig &config) {
  return any_of(config.assumptions,
                [](const LaunchAssumption &a) { return a.root > 1; }) ||
         assumedArgumentAboveOne(config,
                                 [](const LaunchAssumption &) { return true; });
}

namespace {

/// The values \p assumptions hold, as the launch's notes name them:
/// `host values n = 262144`, `grid (16384, 1, 1)`, `n = 4096`.
std::vector<std::string> assumedValues(ArrayRef<LaunchAssumption> assumptions) {
  std::vector<std::string> values;
  for (const LaunchAssumption &a : assumptions)
    values.push_back(!a.hostNames.empty()
                         ? "host values " + a.part + " = " + a.value
                     : a.argument ? a.part + " = " + a.value
                                  : a.part + " " + a.value);
  return values;
}

/// "a", "a and b", "a, b and c".
std::string listText(ArrayRef<std::string> items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

} // namespace

Error assumptionFailedError(const LaunchConfig &first,
                            const BoundFailure &failure, unsigned retries,
                            const LaunchConfig &last,
                            ArrayRef<std::string> hostArgs) {
  std::string message = "gpurd's assumption failed: with the values it "
                        "assumed, " +
                        listText(assumedValues(first.assumptions)) + ", " +
                        boundReason(failure.bound) + ": " + failure.message;
  if (retries > 0) {
    // What the last run tried that the first did not.
    std::vector<std::string> firstValues = assumedValues(first.assumptions);
    std::vector<std::string> changed;
    for (const std::string &value : assumedValues(last.assumptions))
      if (!is_contained(firstValues, value))
        changed.push_back(value);
    message += "; " + std::to_string(retries) + " run" +
               (retries == 1 ? "" : "s") +
               " with smaller assumed values failed too";
    if (!changed.empty())
      message += " (the last with " + listText(changed) + ")";
  }
  message += ".";
  // The values the source gives under the front end's own assumption (a
  // loop's first iteration) are part of the launch too.
  const std::vector<std::string> &variant = first.siteVariant.assumptions;
  if (!variant.empty())
    message += " The launch also assumes " + join(variant, "; ") + ": " +
               (first.launchCount > 1
                    ? userInput(UserInput::Launch, "N") +
                          " starts from another of the kernel's launches, "
                          "and "
                    : "") +
               userInput(UserInput::Argument, "NAME=VALUE") +
               " gives an argument that rests on it.";
  // The inputs that give each value assumed, once each: the launch's
  // shape first, then its arguments and buffers.
  std::vector<std::string> shape, rest;
  auto add = [](std::vector<std::string> &to, std::string input) {
    if (!is_contained(to, input))
      to.push_back(std::move(input));
  };
  const std::string hostOrigin = "the source with assumed host values";
  for (const LaunchAssumption &a : first.assumptions) {
    if (!a.hostNames.empty()) {
      // What the source computes from them.
      if (first.gridOrigin == hostOrigin)
        add(shape, userInput(UserInput::Grid, "X[,Y[,Z]]"));
      if (first.blockOrigin == hostOrigin)
        add(shape, userInput(UserInput::Block, "X[,Y[,Z]]"));
      if (first.sharedOrigin == hostOrigin)
        add(shape, userInput(UserInput::DynamicShared, "BYTES"));
      for (const std::string &name : hostArgs)
        add(rest, userInput(UserInput::Argument, name + "=VALUE"));
    } else if (a.argument) {
      add(rest, userInput(UserInput::Argument, a.part + "=VALUE"));
    } else if (a.part == "grid") {
      add(shape, userInput(UserInput::Grid, "X[,Y[,Z]]"));
    } else if (a.part == "block") {
      add(shape, userInput(UserInput::Block, "X[,Y[,Z]]"));
    } else if (a.part == DynamicSharedPart) {
      add(shape, userInput(UserInput::DynamicShared, "BYTES"));
    } else if (StringRef name = a.part;
               name.consume_front("the contents of '")) {
      add(rest, userInput(UserInput::Buffer,
                          name.drop_back().str() + "=TYPE:COUNT:INIT"));
    }
  }
  llvm::append_range(shape, rest);
  message += " The kernel need not be wrong: give the launch's real values "
             "with " +
             listText(shape) + " or in a " + userInput(UserInput::LaunchSpec) +
             " file";
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace gpurd::driver
