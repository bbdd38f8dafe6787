//===- Assumptions.cpp - Values assumed where a launch is unknown ---------===//

#include "Assumptions.h"

#include "gpurd/Model/ExecutionModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

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

std::array<uint64_t, 3> assumedBlock(const KernelInfo &kernel,
                                     const access::IndexUse &use,
                                     std::string &basis) {
  unsigned dims = use.threadDims();
  uint64_t threads =
      kernel.launchBoundsMaxThreads.value_or(AssumedBlockThreads);
  std::array<uint64_t, 3> block = blockShape(threads, dims);
  basis =
      kernel.launchBoundsMaxThreads
          ? "the kernel's __launch_bounds__(" + std::to_string(threads) + ")"
          : "gpurd's default of " + std::to_string(threads) +
                " threads per block";
  basis += dims == 1 ? ", in x: the kernel reads no threadIdx.y or .z"
                     : ", in " + std::to_string(dims) +
                           " dimensions: the kernel reads " +
                           indexNames("threadIdx", use.thread);
  return block;
}

std::array<uint64_t, 3> assumedGrid(const KernelInfo &kernel,
                                    const access::IndexUse &use,
                                    const arch::ArchDescription &arch,
                                    const std::array<uint64_t, 3> &block,
                                    uint64_t sharedBytes, std::string &basis) {
  if (!use.readsBlockIndex()) {
    basis = "the kernel reads neither blockIdx nor gridDim, so every block "
            "does the same work";
    return {1, 1, 1};
  }
  uint64_t threads = block[0] * block[1] * block[2];
  auto resident = model::activeBlocksPerSm(
      arch, threads, kernel.staticSharedBytes + sharedBytes);
  unsigned perSm = 1;
  if (resident)
    perSm = *resident;
  else
    consumeError(resident.takeError());
  uint64_t target = uint64_t(AssumedWaves) * arch.sm.count * perSm;
  unsigned dims = use.blockDims();
  double root = std::pow(static_cast<double>(target), 1.0 / dims);
  uint64_t side = PowerOf2Ceil(static_cast<uint64_t>(std::ceil(root - 1e-9)));
  std::array<uint64_t, 3> grid{1, 1, 1};
  for (unsigned d = 0; d < dims; ++d)
    grid[d] = d == 0 ? side : std::min<uint64_t>(side, 65535);
  basis = std::to_string(AssumedWaves) + " waves of " +
          std::to_string(arch.sm.count) + " SMs x " + std::to_string(perSm) +
          " resident blocks = " + std::to_string(target) +
          " blocks, rounded up to a power of two per dimension the kernel "
          "indexes (" +
          indexNames("blockIdx", use.block) + ")";
  return grid;
}

} // namespace

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
    layer.block = block;
    out.push_back({"block", dimText(block), basis,
                   missingPartMessage(known, LaunchPart::Block)});
  }
  uint64_t shared = known.dynamicSharedBytes.value_or(0);
  if (!known.dynamicSharedBytes && (known.site || kernel.usesDynamicShared)) {
    uint64_t threads = block[0] * block[1] * block[2];
    shared = kernel.usesDynamicShared ? threads * 4 : 0;
    layer.dynamicSharedBytes = shared;
    out.push_back({"dynamic shared memory", std::to_string(shared) + " B",
                   kernel.usesDynamicShared
                       ? "one 4-byte word per thread of the block"
                       : "the kernel declares no extern __shared__ memory",
                   missingPartMessage(known, LaunchPart::DynamicShared)});
  }
  if (!known.grid) {
    std::string basis;
    std::array<uint64_t, 3> grid =
        assumedGrid(kernel, use, arch, block, shared, basis);
    layer.grid = grid;
    out.push_back({"grid", dimText(grid), basis,
                   missingPartMessage(known, LaunchPart::Grid)});
  }
}

void assumeArguments(const KernelInfo &kernel, const access::IndexUse &use,
                     ArrayRef<std::pair<std::string, std::string>> unknown,
                     LaunchConfig &config) {
  // The widest extent of the launch's threads in a dimension the kernel
  // indexes: a guard `i < n` on a global index then holds for every thread.
  unsigned dims = std::max(use.threadDims(), use.blockDims());
  unsigned widest = 0;
  for (unsigned d = 1; d < dims; ++d)
    if (config.grid[d] * config.block[d] >
        config.grid[widest] * config.block[widest])
      widest = d;
  uint64_t extent = config.grid[widest] * config.block[widest];
  std::string extentBasis =
      "the launch's threads span " + std::to_string(extent) + " in " +
      axisName[widest] + " (grid." + axisName[widest] + " x block." +
      axisName[widest] + " = " + std::to_string(config.grid[widest]) + " x " +
      std::to_string(config.block[widest]) +
      "), so a bounds guard on a global index holds for every thread";
  // \p unknown may be config.unknownArgs itself.
  std::vector<std::string> assumed;
  for (const auto &[name, missing] : unknown) {
    assumed.push_back(name);
    // A parameter, or a scalar member of a struct parameter (`p.n`).
    const KernelParam *param = nullptr;
    for (const KernelParam &p : kernel.params) {
      StringRef rest = name;
      if (p.name == name)
        param = &p;
      else if (rest.consume_front(p.name) && rest.consume_front("."))
        if (const StructField *field = fieldNamed(p, rest))
          param = &field->type;
    }
    if (!param)
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
    } else {
      uint64_t value = extent;
      basis = extentBasis;
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

} // namespace gpurd::driver
