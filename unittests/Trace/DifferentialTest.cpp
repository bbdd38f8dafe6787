//===- DifferentialTest.cpp - Affine enumerator versus IR emulator --------===//
//
// Both trace producers work from the same prepared IR, so on an affine
// kernel any difference between their thread-level traces is a bug. For
// every kernel of the suite-style corpus (test/Inputs/corpus) whose launch
// the source fixes and whose operations are all affine, both producers run
// on a few blocks (first, middle, last) and every thread's sequence of
// (site, address, size) must be identical.
//
// The test suite compares the kernels of a few files (CiCorpus below); with
// GPURD_FULL_CORPUS=1 in the environment, as utils/run-differential-corpus.sh
// sets it, the test compares every file of the corpus.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Access/AccessAnalysis.h"
#include "gpurd/Access/DeviceCompiler.h"
#include "gpurd/Frontend/KernelCollector.h"
#include "gpurd/Frontend/LaunchConfig.h"
#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/Emulator.h"
#include "gpurd/Trace/MemoryLayout.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <tuple>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

using ThreadTrace = std::vector<std::tuple<uint32_t, uint64_t, uint32_t>>;

/// Each thread's (site, address, size) in program order, from warp traces.
std::map<uint64_t, ThreadTrace>
threadTraces(const std::vector<WarpTrace> &warps) {
  std::map<uint64_t, ThreadTrace> out;
  for (const WarpTrace &warp : warps)
    for (const WarpInstruction &inst : warp.instructions)
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if (inst.activeMask & (1u << lane))
          out[warp.warp * WarpSize + lane].emplace_back(
              inst.site,
              inst.kind == access::AccessKind::Barrier ? 0
                                                       : inst.addresses[lane],
              inst.size);
  return out;
}

constexpr uint64_t MaxWarpInstructionsPerBlock = 1 << 16;

struct Checked {
  unsigned kernels = 0;
  unsigned blocks = 0;
};

void compareFile(const std::string &path, Checked &checked) {
  clang::tooling::FixedCompilationDatabase database(
      ".", {"-I" + llvm::sys::path::parent_path(path).str()});
  CudaCompileOptions options;
  options.resourceDir = defaultClangResourceDir();
  clang::IgnoringDiagConsumer quiet;
  auto unit = collectKernels(database, path, options, &quiet);
  ASSERT_TRUE(static_cast<bool>(unit))
      << path << ": " << llvm::toString(unit.takeError());
  access::DeviceCompileOptions deviceOptions;
  deviceOptions.cuda = options;
  auto device = access::compileDeviceModule(database, path, deviceOptions);
  ASSERT_TRUE(static_cast<bool>(device))
      << path << ": " << llvm::toString(device.takeError());

  for (const KernelInfo &kernel : unit->kernels) {
    auto config = resolveLaunch(*unit, kernel, {});
    if (!config) {
      llvm::consumeError(config.takeError());
      continue; // the source does not fix the launch
    }
    access::KernelSpecialization values;
    values.grid = config->grid;
    values.block = config->block;
    EmulatorArguments arguments;
    for (const LaunchArgument &arg : config->args)
      for (unsigned i = 0; i < kernel.params.size(); ++i)
        if (kernel.params[i].name == arg.param) {
          if (const auto *s = std::get_if<int64_t>(&arg.value.value))
            values.integerArgs[i] = arguments.integers[i] = *s;
          else if (const auto *u = std::get_if<uint64_t>(&arg.value.value))
            values.integerArgs[i] = arguments.integers[i] = int64_t(*u);
          else if (const auto *d = std::get_if<double>(&arg.value.value))
            values.floatArgs[i] = arguments.floats[i] = *d;
        }
    access::AccessAnalysisOptions analysis;
    auto prepared =
        access::prepareKernel(*device->module, kernel, values, analysis);
    ASSERT_TRUE(static_cast<bool>(prepared))
        << llvm::toString(prepared.takeError());
    auto model =
        access::buildAccessModel(*prepared, kernel, *unit, values, analysis);
    ASSERT_TRUE(static_cast<bool>(model)) << llvm::toString(model.takeError());
    if (llvm::Error why = checkEnumerable(*model)) {
      llvm::consumeError(std::move(why));
      continue; // not affine: nothing to compare
    }
    TraceLaunch launch;
    launch.grid = config->grid;
    launch.block = config->block;
    launch.dynamicSharedBytes = config->dynamicSharedBytes;
    uint64_t last = launch.numBlocks() - 1;
    std::vector<uint64_t> blocks = {0, last / 2, last};
    // Launches of one or two blocks: each block once.
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());

    // Size each buffer from what the affine trace touches, then lay both
    // producers out with those sizes.
    MemoryLayout probe =
        createLayout(*prepared->function, {}, launch.dynamicSharedBytes);
    auto probeSource = createAffineEnumerator(*model, launch, probe, &*prepared,
                                              MaxWarpInstructionsPerBlock);
    ASSERT_TRUE(static_cast<bool>(probeSource));
    std::map<unsigned, uint64_t> sizes;
    std::vector<WarpTrace> warps;
    std::vector<uint64_t> small;
    for (uint64_t block : blocks) {
      // Emulating a block is slower than enumerating it by a factor of ten
      // or more; blocks of PolyBench's biggest kernels (N^2 accesses per
      // thread) are left out to keep the test fast.
      if (llvm::Error tooBig = (*probeSource)->traceBlock(block, warps)) {
        llvm::consumeError(std::move(tooBig));
        continue;
      }
      small.push_back(block);
      for (const WarpTrace &warp : warps)
        for (const WarpInstruction &inst : warp.instructions) {
          if (inst.space != access::MemorySpace::Global &&
              inst.space != access::MemorySpace::GlobalReadOnly)
            continue;
          for (unsigned lane = 0; lane < WarpSize; ++lane) {
            if (!(inst.activeMask & (1u << lane)))
              continue;
            for (unsigned p = 0; p < kernel.params.size(); ++p) {
              std::optional<uint64_t> base = probe.bufferBase(p);
              if (base && inst.addresses[lane] >= *base &&
                  inst.addresses[lane] < *base + UnknownBufferSpan)
                sizes[p] = std::max(sizes[p],
                                    inst.addresses[lane] - *base + inst.size);
            }
          }
        }
    }
    blocks = small;
    if (blocks.empty())
      continue;
    for (unsigned p = 0; p < kernel.params.size(); ++p)
      if (kernel.params[p].kind == ParamKind::Pointer) {
        sizes.try_emplace(p, 16);
        arguments.buffers[p].assign(sizes[p], 0);
      }
    MemoryLayout layout =
        createLayout(*prepared->function, sizes, launch.dynamicSharedBytes);
    auto affine = createAffineEnumerator(*model, launch, layout, &*prepared);
    ASSERT_TRUE(static_cast<bool>(affine))
        << llvm::toString(affine.takeError());
    auto emulator =
        createEmulator(*prepared, *model, launch, layout, arguments);
    ASSERT_TRUE(static_cast<bool>(emulator))
        << llvm::toString(emulator.takeError());
    bool compared = false;
    for (uint64_t block : blocks) {
      std::vector<WarpTrace> fromAffine, fromEmulator;
      ASSERT_FALSE(static_cast<bool>((*affine)->traceBlock(block, fromAffine)));
      llvm::Error error = (*emulator)->traceBlock(block, fromEmulator);
      ASSERT_FALSE(static_cast<bool>(error))
          << path << " " << kernel.name << " block " << block << ": "
          << llvm::toString(std::move(error));
      auto a = threadTraces(fromAffine), e = threadTraces(fromEmulator);
      ASSERT_EQ(a.size(), e.size())
          << path << " " << kernel.name << " block " << block;
      for (auto &[thread, sequence] : a)
        ASSERT_EQ(sequence, e[thread])
            << path << " " << kernel.name << " block " << block << " thread "
            << thread;
      ++checked.blocks;
      compared = true;
    }
    checked.kernels += compared;
  }
}

/// The corpus files the test suite compares. Of the corpus's 53 files, the
/// full run compares the kernels of 17 (33 kernels), and most of its time
/// goes into compiling the files; these 7 (16 kernels) hold every kind of
/// kernel the full run compares:
///  - 1D element-wise kernels with a tail guard, of int and float, as
///    template instances (template_explicit.cu: clear<T>, transform<Op>);
///  - 2D grids of 2D blocks: a tile through shared memory with a barrier
///    (template_explicit.cu: tiledCopy<32>), and a stencil guarded on both
///    sides, with negative offsets (2DConvolution.cu);
///  - PolyBench's loops in every thread, over rows and columns, tens of
///    thousands of warp instructions per block (gemm.cu, covariance.cu:
///    mean_kernel), and a kernel whose blocks are too big to emulate, which
///    the probe leaves out (covariance.cu: covar_kernel);
///  - shared-memory scans with barriers in loops, on float and double, in a
///    launch of one block (scan.cu: scan_single_block<T>);
///  - 16-byte float4 loads through __restrict__ pointers and __ldg
///    (soa_launch_bounds.cu: kinetic), and a block-strided loop with warp
///    shuffles and an atomic in a launch of one block (pairwiseSum);
///  - 2-byte __half loads in a grid-stride loop with warp shuffles and
///    shared memory (coop_fp16_rand.cu: halfDot), and per-thread curand
///    state structures (setupRng, monteCarloPi);
/// and kernels that are skipped because the source does not fix their
/// launch or they are not affine (in scan.cu, coop_fp16_rand.cu and
/// soa_launch_bounds.cu). Only the full run has the other instances of
/// these kinds, and compiles every corpus file for the device.
const char *const CiCorpus[] = {
    "polybench/2DConvolution.cu",  "polybench/covariance.cu",
    "polybench/gemm.cu",           "shoc/scan.cu",
    "tricky/coop_fp16_rand.cu",    "tricky/soa_launch_bounds.cu",
    "tricky/template_explicit.cu",
};

bool fullCorpus() {
  const char *value = std::getenv("GPURD_FULL_CORPUS");
  return value && llvm::StringRef(value) == "1";
}

TEST(Differential, AffineEnumeratorEqualsEmulatorOnTheCorpus) {
  std::string root = std::string(GPURD_SOURCE_DIR) + "/test/Inputs/corpus";
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".cu")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 30u);
  bool full = fullCorpus();
  if (!full) {
    llvm::erase_if(files, [&](const std::string &file) {
      return !llvm::any_of(CiCorpus, [&](llvm::StringRef name) {
        return llvm::StringRef(file).ends_with("/" + name.str());
      });
    });
    ASSERT_EQ(files.size(), std::size(CiCorpus))
        << "a file of CiCorpus is not in " << root;
  }
  Checked checked;
  for (const std::string &file : files) {
    compareFile(file, checked);
    if (HasFatalFailure())
      return;
  }
  // The corpus has many affine kernels with launches fixed in the source
  // (all of PolyBench/GPU): the comparison must actually have happened.
  EXPECT_GE(checked.kernels, full ? 20u : 16u);
  std::cout << "compared " << checked.kernels << " kernels, " << checked.blocks
            << " blocks\n";
}

} // namespace
