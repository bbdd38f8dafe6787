//===- AnalysisContextTest.cpp - The pipeline from in-memory CUDA ---------===//
//
// lib/Driver with no command line: CUDA source served from memory, launches
// resolved from the source, the cache model run, and what-if changes (launch,
// macro, template argument, memory space) re-run with what they leave alone
// reused. Expected counts are worked out by hand on fermi-gtx470, whose L1
// has unsectored 128-byte lines: a warp reading 32 consecutive floats (128
// bytes, aligned) makes one L1 read request, and no line is read twice.
//
//===----------------------------------------------------------------------===//

#include "gpurd/Driver/AnalysisContext.h"
#include "gpurd/Arch/Presets.h"
#include "gpurd/Support/UserInput.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::driver;

namespace {

constexpr const char *Path = "/gpurd-in-memory/kernels.cu";

constexpr const char *Source = R"(
#ifndef N
#define N 1024
#endif
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
template <int STRIDE>
__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * STRIDE];
}
int main() {
  float *in = nullptr, *out = nullptr;
  copy<<<N / 256, 256>>>(in, out, N);
  strided<1><<<4, 128>>>(in, out);
}
)";

class AnalysisContextTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto arch = arch::loadArch("fermi-gtx470");
    ASSERT_TRUE(static_cast<bool>(arch)) << toString(arch.takeError());
    context = std::make_unique<AnalysisContext>(database, std::move(*arch));
    context->setFileContents(Path, Source);
  }

  const TranslationUnitInfo &unit() {
    auto parsed = context->translationUnit(Path);
    EXPECT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
    return *parsed;
  }

  const KernelInfo &kernel(const char *name) {
    auto found = findKernel(unit(), name);
    EXPECT_TRUE(static_cast<bool>(found)) << toString(found.takeError());
    return **found;
  }

  /// The cache model's L1 read requests for \p name changed by \p change.
  uint64_t l1Reads(const char *name, const KernelChange &change = {}) {
    auto analysis = context->analyseKernel(unit(), kernel(name), change);
    EXPECT_TRUE(static_cast<bool>(analysis)) << toString(analysis.takeError());
    if (!analysis)
      return ~uint64_t(0);
    EXPECT_EQ(analysis->results.l1.readHits, 0u); // no line is read twice
    return analysis->results.l1.readAccesses;
  }

  clang::tooling::FixedCompilationDatabase database{".", {}};
  std::unique_ptr<AnalysisContext> context;
};

TEST_F(AnalysisContextTest, ParsesOnceAndSharesTheDeviceCode) {
  const TranslationUnitInfo &first = unit();
  EXPECT_EQ(&first, &unit());
  ASSERT_EQ(first.kernels.size(), 2u);
  auto device = context->deviceModule(first);
  ASSERT_TRUE(static_cast<bool>(device)) << toString(device.takeError());
  auto again = context->deviceModule(first);
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ(device->get(), again->get());
  auto trace = context->prepareTrace(first, kernel("copy"), KernelChange());
  ASSERT_TRUE(static_cast<bool>(trace)) << toString(trace.takeError());
  EXPECT_EQ((*trace)->device.get(), device->get());
  EXPECT_EQ((*trace)->unit, &first);
}

TEST_F(AnalysisContextTest, ResolvesTheLaunchAndRunsTheModel) {
  auto config = context->resolveLaunch(unit(), kernel("copy"));
  ASSERT_TRUE(static_cast<bool>(config)) << toString(config.takeError());
  EXPECT_EQ(config->grid, (std::array<uint64_t, 3>{4, 1, 1})); // 1024 / 256
  EXPECT_EQ(config->block, (std::array<uint64_t, 3>{256, 1, 1}));
  // 4 blocks x 8 warps, one line each.
  EXPECT_EQ(l1Reads("copy"), 32u);
}

TEST_F(AnalysisContextTest, WhatIfLaunchShape) {
  KernelChange change;
  change.launch.grid = {8, 1, 1};
  change.launch.block = {128, 1, 1};
  // 8 blocks x 4 warps; the guard i < 1024 keeps every lane.
  EXPECT_EQ(l1Reads("copy", change), 32u);
  change.launch.grid = {2, 1, 1};
  EXPECT_EQ(l1Reads("copy", change), 8u); // 2 blocks x 4 warps
}

TEST_F(AnalysisContextTest, WhatIfMacroDefinitionRecompiles) {
  KernelChange change;
  change.defines = {"N=2048"};
  auto trace = context->prepareTrace(unit(), kernel("copy"), change);
  ASSERT_TRUE(static_cast<bool>(trace)) << toString(trace.takeError());
  EXPECT_EQ((*trace)->config.grid[0], 8u); // 2048 / 256, from the source
  EXPECT_NE((*trace)->unit, &unit());      // a variant of the file
  // The variant is cached: the same change parses nothing again.
  auto again = context->prepareTrace(unit(), kernel("copy"), change);
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ((*again)->unit, (*trace)->unit);
  EXPECT_EQ((*again)->device.get(), (*trace)->device.get());
  EXPECT_EQ(l1Reads("copy", change), 64u); // 8 blocks x 8 warps
}

TEST_F(AnalysisContextTest, WhatIfTemplateArgument) {
  // strided<1>: 4 blocks x 4 warps, one line each.
  EXPECT_EQ(l1Reads("strided<1>"), 16u);
  KernelChange change;
  change.templateArguments = "2";
  auto trace = context->prepareTrace(unit(), kernel("strided<1>"), change);
  ASSERT_TRUE(static_cast<bool>(trace)) << toString(trace.takeError());
  EXPECT_EQ((*trace)->kernel->name, "strided<2>");
  EXPECT_EQ((*trace)->config.grid[0], 4u); // strided<1>'s launch
  // A warp reads 32 floats 8 bytes apart: 256 bytes, two lines.
  EXPECT_EQ(l1Reads("strided<1>", change), 32u);
  KernelChange notATemplate;
  notATemplate.templateArguments = "2";
  auto refused = context->prepareTrace(unit(), kernel("copy"), notATemplate);
  ASSERT_FALSE(static_cast<bool>(refused));
  EXPECT_NE(toString(refused.takeError()).find("is not a template instance"),
            std::string::npos);
}

TEST_F(AnalysisContextTest, WhatIfSourceEdit) {
  // `in[i * STRIDE]` edited to `in[i * 4]` in strided<1> (line 13 of the
  // source, which starts with a line break; columns 19-24 hold `STRIDE`): a
  // warp reads 32 floats 16 bytes apart, 512 bytes, four lines; 4 blocks x
  // 4 warps x 4 = 64.
  KernelChange change;
  change.edits.push_back({13, 19, 25, "4"});
  EXPECT_EQ(l1Reads("strided<1>", change), 64u);
  auto trace = context->prepareTrace(unit(), kernel("strided<1>"), change);
  ASSERT_TRUE(static_cast<bool>(trace)) << toString(trace.takeError());
  EXPECT_NE((*trace)->unit, &unit()); // a variant of the file
  // The positions stay those of the file as written.
  EXPECT_EQ((*trace)->kernel->position.line,
            kernel("strided<1>").position.line);

  KernelChange outside;
  outside.edits.push_back({13, 19, 90, "4"});
  auto refused = context->prepareTrace(unit(), kernel("strided<1>"), outside);
  ASSERT_FALSE(static_cast<bool>(refused));
  EXPECT_NE(toString(refused.takeError()).find("runs past its line"),
            std::string::npos);
  KernelChange overlapping;
  overlapping.edits = {{13, 19, 25, "4"}, {13, 21, 22, "x"}};
  refused = context->prepareTrace(unit(), kernel("strided<1>"), overlapping);
  ASSERT_FALSE(static_cast<bool>(refused));
  EXPECT_NE(toString(refused.takeError()).find("overlaps another"),
            std::string::npos);
}

TEST_F(AnalysisContextTest, WhatIfMemorySpace) {
  KernelChange change;
  change.arraySpaces["in"] = MemorySpace::Constant;
  auto analysis = context->analyseKernel(unit(), kernel("copy"), change);
  ASSERT_TRUE(static_cast<bool>(analysis)) << toString(analysis.takeError());
  // The cache model does not cover constant memory: the 32 warp loads of
  // `in` are skipped, the 32 stores of `out` remain.
  EXPECT_EQ(analysis->results.l1.readAccesses, 0u);
  EXPECT_EQ(analysis->results.execution.skippedInstructions, 32u);
  change.arraySpaces = {{"nope", MemorySpace::Shared}};
  auto unknown = context->analyseKernel(unit(), kernel("copy"), change);
  ASSERT_FALSE(static_cast<bool>(unknown));
  EXPECT_NE(toString(unknown.takeError()).find("has no array 'nope'"),
            std::string::npos);
}

TEST_F(AnalysisContextTest, NewContentsReplaceWhatWasParsed) {
  const TranslationUnitInfo *before = &unit();
  context->setFileContents(Path,
                           "__global__ void only(float *p) { p[0] = 1; }\n"
                           "int main() { only<<<1, 32>>>(nullptr); }\n");
  const TranslationUnitInfo &after = unit();
  ASSERT_EQ(after.kernels.size(), 1u);
  EXPECT_EQ(after.kernels[0].name, "only");
  (void)before; // freed with the old variant
}

TEST_F(AnalysisContextTest, UnusedArgumentNamesItsInput) {
  auto arch = arch::loadArch("fermi-gtx470");
  ASSERT_TRUE(static_cast<bool>(arch));
  LaunchInputs launches;
  launches.commandLine.args["m"] = "3";
  AnalysisContext strict(database, std::move(*arch), {}, launches);
  strict.setFileContents(Path, Source);
  auto parsed = strict.translationUnit(Path);
  ASSERT_TRUE(static_cast<bool>(parsed));
  for (const KernelInfo &k : parsed->kernels)
    ASSERT_TRUE(static_cast<bool>(strict.resolveLaunch(*parsed, k)));
  std::string message = toString(strict.checkUnusedLaunchValues());
  EXPECT_EQ(message, userInput(UserInput::Argument, "m=3") +
                         ": no analysed kernel has a parameter 'm'");
}

/// A kernel launched from another file: its launch is assumed
/// (docs/assumptions.md). It reads threadIdx.y and blockIdx.y, so the block
/// is 16 x 16 (256 threads); on fermi-gtx470 that leaves
/// min(8 blocks, 1536 / 256 threads, 48 / 8 warps) = 6 resident blocks per
/// SM, and 4 waves of 14 SMs x 6 = 336 blocks: sqrt(336) = 18.3, rounded up
/// to a power of two, 32 x 32. n is the threads' extent, 32 x 16 = 512; the
/// access `a[y * n + x]` depends on it, so the cache model's run assumes it:
/// 512 x 512 floats read once by 512 x 512 / 32 = 8192 warps, each reading
/// two 16-float rows (64 bytes each) in two lines: 16384 L1 read requests.
TEST_F(AnalysisContextTest, AssumesTheLaunchOfAKernelLaunchedElsewhere) {
  constexpr const char *Elsewhere = "/gpurd-in-memory/elsewhere.cu";
  context->setFileContents(Elsewhere, R"(
__global__ void sum2d(const float *a, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    atomicAdd(out, a[y * n + x]);
}
)");
  auto parsed = context->translationUnit(Elsewhere);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  const KernelInfo &k = parsed->kernels.front();
  auto config = context->resolveLaunch(*parsed, k, /*allowUnknownArgs=*/true);
  ASSERT_TRUE(static_cast<bool>(config)) << toString(config.takeError());
  EXPECT_EQ(config->block, (std::array<uint64_t, 3>{16, 16, 1}));
  EXPECT_EQ(config->grid, (std::array<uint64_t, 3>{32, 32, 1}));
  ASSERT_EQ(config->assumptions.size(), 2u);
  EXPECT_EQ(config->assumptions[0].part, "block");
  EXPECT_EQ(config->assumptions[1].part, "grid");
  ASSERT_EQ(config->unknownArgs.size(), 1u);

  auto trace = context->prepareTrace(*parsed, k, *config);
  ASSERT_TRUE(static_cast<bool>(trace)) << toString(trace.takeError());
  ASSERT_EQ((*trace)->config.assumptions.size(), 3u);
  EXPECT_EQ((*trace)->config.assumptions[2].part, "n");
  EXPECT_EQ((*trace)->config.assumptions[2].value, "512");
  EXPECT_TRUE((*trace)->config.unknownArgs.empty());
  auto results = context->runCacheModel(**trace);
  ASSERT_TRUE(static_cast<bool>(results)) << toString(results.takeError());
  EXPECT_EQ(results->l1.readAccesses, 16384u);

  // Without assumptions, the same launch is an error naming what is missing.
  auto arch = arch::loadArch("fermi-gtx470");
  ASSERT_TRUE(static_cast<bool>(arch));
  AnalysisOptions strictOptions;
  strictOptions.assumeUnknownValues = false;
  AnalysisContext strict(database, std::move(*arch), strictOptions);
  strict.setFileContents(Elsewhere, "__global__ void k(float *a) "
                                    "{ a[threadIdx.x] = 0; }");
  auto strictUnit = strict.translationUnit(Elsewhere);
  ASSERT_TRUE(static_cast<bool>(strictUnit));
  auto missing = strict.resolveLaunch(*strictUnit, strictUnit->kernels.front(),
                                      /*allowUnknownArgs=*/true);
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_NE(toString(missing.takeError()).find("the grid size"),
            std::string::npos);
}

/// One host variable has one assumed value in every launch of the file it
/// reaches, whichever launch is resolved first. scale and square are
/// launched from run, which nothing calls, with one n. On fermi-gtx470 (14
/// SMs, 6 resident blocks of 256 threads), 4 waves are 4 x 14 x 6 = 336
/// blocks: alone, scale's grid (n + 255) / 256 needs n = 131072 (512
/// blocks; 65536 gives 256) and square's ((n + 15) / 16)^2 needs n = 512
/// (32 x 32 = 1024 blocks; 256 gives 256). Both take 512, the smaller; scale
/// then has (512 + 255) / 256 = 2 blocks.
TEST_F(AnalysisContextTest, OneHostVariableHasOneValueInEveryLaunch) {
  constexpr const char *Shared = "/gpurd-in-memory/shared.cu";
  context->setFileContents(Shared, R"(
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
__global__ void square(float *m, int n) {
  int c = blockIdx.x * 16 + threadIdx.x;
  int r = blockIdx.y * 16 + threadIdx.y;
  if (r < n && c < n)
    m[r * n + c] += 1.0f;
}
void run(float *x, float *m, int n) {
  scale<<<(n + 255) / 256, 256>>>(x, n);
  square<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(m, n);
}
)");
  auto parsed = context->translationUnit(Shared);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  auto square = findKernel(*parsed, "square");
  auto scale = findKernel(*parsed, "scale");
  ASSERT_TRUE(square && scale);
  // square first: the value is the file's, not the first launch's.
  auto squareLaunch = context->resolveLaunch(*parsed, **square, true);
  ASSERT_TRUE(static_cast<bool>(squareLaunch))
      << toString(squareLaunch.takeError());
  auto scaleLaunch = context->resolveLaunch(*parsed, **scale, true);
  ASSERT_TRUE(static_cast<bool>(scaleLaunch))
      << toString(scaleLaunch.takeError());
  EXPECT_EQ(squareLaunch->grid, (std::array<uint64_t, 3>{32, 32, 1}));
  EXPECT_EQ(scaleLaunch->grid, (std::array<uint64_t, 3>{2, 1, 1}));
  auto hostValues = [](const LaunchConfig &config) {
    const LaunchAssumption *found = nullptr;
    for (const LaunchAssumption &a : config.assumptions)
      if (a.hostNames == std::vector<std::string>{"n"})
        found = &a;
    return found;
  };
  const LaunchAssumption *ofSquare = hostValues(*squareLaunch);
  const LaunchAssumption *ofScale = hostValues(*scaleLaunch);
  ASSERT_TRUE(ofSquare && ofScale);
  EXPECT_EQ(ofSquare->root, 512u);
  EXPECT_EQ(ofScale->root, 512u);
  EXPECT_EQ(ofSquare->basis, ofScale->basis);
  for (const LaunchConfig *config : {&*squareLaunch, &*scaleLaunch}) {
    ASSERT_EQ(config->args.size(), 1u);
    EXPECT_EQ(config->args[0].value.str(), "512");
  }
}

/// examples/matmul.cu's tiled kernel with 32 x 32 tiles instead of 16 x 16:
/// the what-if an autotuner asks. At n = 256, each step of the k loop loads
/// one element of A and one of B per thread.
///  - TILE 16 (as written), grid 16 x 16, block 16 x 16: a warp holds two
///    rows of 16 threads, so each load touches two 64-byte runs in two
///    lines: 8 warps x 2 loads x 2 lines x 16 steps x 256 blocks = 131072
///    L1 read requests (the tool's report gives the same).
///  - TILE 32, grid 8 x 8, block 32 x 32: a warp is one row of 32 threads,
///    one 128-byte line per load: 32 warps x 2 x 1 x 8 steps x 64 blocks =
///    32768, a quarter.
TEST_F(AnalysisContextTest, WhatIfTileSizeOfTheTiledMatmul) {
  auto arch = arch::loadArch("fermi-gtx470");
  ASSERT_TRUE(static_cast<bool>(arch));
  ModelOptions model;
  model.sms.kind = SmsChoice::Kind::All;
  AnalysisContext tuner(database, std::move(*arch), {}, {}, model);
  auto unit = tuner.translationUnit(GPURD_SOURCE_DIR "/examples/matmul.cu");
  ASSERT_TRUE(static_cast<bool>(unit)) << toString(unit.takeError());
  auto tiled = findKernel(*unit, "matmulTiled");
  ASSERT_TRUE(static_cast<bool>(tiled));
  KernelChange asWritten;
  asWritten.launch.grid = {16, 16, 1};
  asWritten.launch.args["n"] = "256";
  auto sixteen = tuner.analyseKernel(*unit, **tiled, asWritten);
  ASSERT_TRUE(static_cast<bool>(sixteen)) << toString(sixteen.takeError());
  EXPECT_EQ(sixteen->results.l1.readAccesses, 131072u);
  KernelChange bigger = asWritten;
  bigger.templateArguments = "32";
  bigger.launch.grid = {8, 8, 1};
  bigger.launch.block = {32, 32, 1};
  auto thirtyTwo = tuner.analyseKernel(*unit, **tiled, bigger);
  ASSERT_TRUE(static_cast<bool>(thirtyTwo)) << toString(thirtyTwo.takeError());
  EXPECT_EQ(thirtyTwo->trace->kernel->name, "matmulTiled<32>");
  EXPECT_EQ(thirtyTwo->trace->kernel->staticSharedBytes, 2u * 32 * 32 * 4);
  EXPECT_EQ(thirtyTwo->results.l1.readAccesses, 32768u);
}

TEST_F(AnalysisContextTest, MissingFileIsAnError) {
  auto missing = context->translationUnit("/gpurd-in-memory/none.cu");
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(toString(missing.takeError()),
            "no such file: '/gpurd-in-memory/none.cu'");
}

} // namespace

TEST(QuickOptionsTest, SamplesInSpaceAtAShareOfTheBudgets) {
  ModelOptions options;
  options.seeds = 3;
  const ModelOptions quick = quickOptions(options);
  // 8000000 / 32 and 1000000000 / 128.
  EXPECT_EQ(quick.requestBudget, 250000u);
  EXPECT_EQ(quick.instructionBudget, 7812500u);
  EXPECT_EQ(quick.sampling, model::Sampling::Space);
  EXPECT_EQ(quick.seeds, 1u);
  EXPECT_TRUE(quick.quick);
  // Options already quick stay as they are: a comparison of a quick
  // analysis runs on the analysis's own sample, not on 1/32 of it.
  const ModelOptions again = quickOptions(quick);
  EXPECT_EQ(again.requestBudget, 250000u);
  EXPECT_EQ(again.instructionBudget, 7812500u);
  // A budget below the divisor keeps one request.
  options.requestBudget = 10;
  EXPECT_EQ(quickOptions(options).requestBudget, 1u);
}
