//===- AffineEnumeratorTest.cpp - Warp traces from affine models ----------===//

#include "KernelFixture.h"

#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/Emulator.h"

using namespace gpurd;
using namespace gpurd::trace;

namespace {

/// A naive matmul, one thread per element of C, compiled for a (4, 4)
/// grid of (16, 16) blocks with n = 64.
llvm::Expected<std::unique_ptr<test::CompiledKernel>> compileMatmul() {
  const char *code = R"(
__global__ void mm(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum += A[row * n + k] * B[k * n + col];
  C[row * n + col] = sum;
})";
  return test::compileKernel(code, "mm", {4, 4, 1}, {16, 16, 1}, {{3, 64}});
}

TEST(AffineEnumerator, MatmulAddressesFollowTheSubscripts) {
  auto compiled = compileMatmul();
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  const access::AccessModel &model = (*compiled)->model;
  ASSERT_TRUE(model.isAffine());
  TraceLaunch launch;
  launch.grid = {4, 4, 1};
  launch.block = {16, 16, 1};
  MemoryLayout layout = createLayout(*(*compiled)->prepared.function, {}, 0);
  auto source =
      createAffineEnumerator(model, launch, layout, &(*compiled)->prepared);
  ASSERT_TRUE(static_cast<bool>(source)) << llvm::toString(source.takeError());
  uint64_t a = *layout.bufferBase(0), b = *layout.bufferBase(1),
           c = *layout.bufferBase(2);

  std::vector<WarpTrace> warps;
  uint64_t block = 1 + 4 * 2; // blockIdx = (1, 2)
  ASSERT_FALSE(static_cast<bool>((*source)->traceBlock(block, warps)));
  ASSERT_EQ(warps.size(), 8u);
  // Warp 3: threads 96..127 = ty 6..7, tx 0..15.
  const WarpTrace &warp = warps[3];
  // 64 iterations x (load A, load B) + store C.
  ASSERT_EQ(warp.instructions.size(), 64u * 2 + 1);
  for (int k = 0; k < 64; ++k) {
    const WarpInstruction &loadA = warp.instructions[2 * k];
    const WarpInstruction &loadB = warp.instructions[2 * k + 1];
    EXPECT_EQ(loadA.activeMask, 0xffffffffu);
    EXPECT_EQ(loadA.kind, access::AccessKind::Read);
    for (unsigned lane = 0; lane < 32; ++lane) {
      unsigned tx = lane % 16, ty = 6 + lane / 16;
      unsigned row = 2 * 16 + ty, col = 1 * 16 + tx;
      ASSERT_EQ(loadA.addresses[lane], a + 4 * (row * 64 + k))
          << k << " " << lane;
      ASSERT_EQ(loadB.addresses[lane], b + 4 * (k * 64 + col))
          << k << " " << lane;
    }
  }
  const WarpInstruction &store = warp.instructions.back();
  EXPECT_EQ(store.kind, access::AccessKind::Write);
  EXPECT_EQ(store.addresses[17], c + 4 * ((32 + 7) * 64 + 16 + 1));
}

TEST(AffineEnumerator, GuardsAndTriangularLoopsDeactivateLanes) {
  const char *code = R"(
__global__ void tri(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int j = i; j < n; ++j)
    x[j] += 1.0f;
})";
  auto compiled =
      test::compileKernel(code, "tri", {1, 1, 1}, {64, 1, 1}, {{1, 40}});
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  const access::AccessModel &model = (*compiled)->model;
  ASSERT_TRUE(model.isAffine());
  TraceLaunch launch;
  launch.block = {64, 1, 1};
  MemoryLayout layout = createLayout(*(*compiled)->prepared.function, {}, 0);
  auto source = createAffineEnumerator(model, launch, layout);
  ASSERT_TRUE(static_cast<bool>(source)) << llvm::toString(source.takeError());
  std::vector<WarpTrace> warps;
  ASSERT_FALSE(static_cast<bool>((*source)->traceBlock(0, warps)));
  // Thread i touches x[i..39]: count the (thread, address) pairs.
  std::map<unsigned, std::vector<uint64_t>> perThread;
  uint64_t base = *layout.bufferBase(0);
  for (const WarpTrace &warp : warps)
    for (const WarpInstruction &inst : warp.instructions)
      if (inst.kind == access::AccessKind::Write)
        for (unsigned lane = 0; lane < 32; ++lane)
          if (inst.activeMask & (1u << lane))
            perThread[warp.warp * 32 + lane].push_back(
                (inst.addresses[lane] - base) / 4);
  EXPECT_EQ(perThread.size(), 40u); // threads 40..63 return early
  for (unsigned i = 0; i < 40; ++i) {
    std::vector<uint64_t> expected;
    for (unsigned j = i; j < 40; ++j)
      expected.push_back(j);
    EXPECT_EQ(perThread[i], expected) << "thread " << i;
  }
}

// traceWarps hands out the warps traceBlock gives, and a vector reused from
// block to block (whose instructions' storage is reused) holds exactly each
// block's instructions.
TEST(AffineEnumerator, WarpByWarpAndReusedBuffersGiveTheSameTraces) {
  const char *code = R"(
__global__ void tri(float *x, const float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int j = i; j < n; ++j)
    x[j] += y[i * n + j];
})";
  auto compiled =
      test::compileKernel(code, "tri", {3, 1, 1}, {48, 1, 1}, {{2, 100}});
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  TraceLaunch launch;
  launch.grid = {3, 1, 1};
  launch.block = {48, 1, 1};
  MemoryLayout layout = createLayout(*(*compiled)->prepared.function, {}, 0);
  auto source = createAffineEnumerator((*compiled)->model, launch, layout);
  ASSERT_TRUE(static_cast<bool>(source)) << llvm::toString(source.takeError());
  auto same = [](const WarpTrace &a, const WarpTrace &b) {
    if (a.block != b.block || a.warp != b.warp ||
        a.instructions.size() != b.instructions.size())
      return false;
    for (size_t i = 0; i < a.instructions.size(); ++i) {
      const WarpInstruction &x = a.instructions[i], &y = b.instructions[i];
      if (x.site != y.site || x.kind != y.kind || x.space != y.space ||
          x.size != y.size || x.activeMask != y.activeMask ||
          x.instructionsBefore != y.instructionsBefore ||
          x.addresses != y.addresses)
        return false;
    }
    return true;
  };
  std::vector<WarpTrace> reused;
  // Blocks in an order where a long block's buffers serve shorter ones.
  for (uint64_t block : {0u, 2u, 1u, 0u}) {
    std::vector<WarpTrace> fresh;
    ASSERT_FALSE(static_cast<bool>((*source)->traceBlock(block, fresh)));
    ASSERT_FALSE(static_cast<bool>((*source)->traceBlock(block, reused)));
    ASSERT_EQ(fresh.size(), 2u);
    ASSERT_EQ(reused.size(), fresh.size());
    std::vector<WarpTrace> streamed;
    ASSERT_FALSE(static_cast<bool>(
        (*source)->traceWarps(block, [&](const WarpTrace &warp) {
          streamed.push_back(warp);
          return llvm::Error::success();
        })));
    ASSERT_EQ(streamed.size(), fresh.size());
    for (size_t w = 0; w < fresh.size(); ++w) {
      EXPECT_TRUE(same(fresh[w], reused[w])) << block << " " << w;
      EXPECT_TRUE(same(fresh[w], streamed[w])) << block << " " << w;
      // Lanes that do not take part have address 0.
      for (const WarpInstruction &inst : fresh[w].instructions)
        for (unsigned lane = 0; lane < WarpSize; ++lane) {
          if (!(inst.activeMask & (1u << lane))) {
            EXPECT_EQ(inst.addresses[lane], 0u);
          }
        }
    }
  }
}

TEST(AffineEnumerator, ALongBlockIsAnErrorOrItsWarpsArePrefixes) {
  // The matmul of the first test with n = 64: each warp makes 64 x 2 + 1 =
  // 129 warp memory instructions, a block of 8 warps 1032. With a budget of
  // 800 per block the block is an error; with cutLongWarps each warp keeps
  // its share, 800 / 8 = 100 instructions (50 iterations of the k loop:
  // A and B alternate), and the notes say so.
  auto compiled = compileMatmul();
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  TraceLaunch launch;
  launch.grid = {4, 4, 1};
  launch.block = {16, 16, 1};
  MemoryLayout layout = createLayout(*(*compiled)->prepared.function, {}, 0);
  std::vector<WarpTrace> warps;
  auto strict = createAffineEnumerator((*compiled)->model, launch, layout,
                                       &(*compiled)->prepared, 800);
  ASSERT_TRUE(static_cast<bool>(strict)) << llvm::toString(strict.takeError());
  std::string message = llvm::toString((*strict)->traceBlock(0, warps));
  EXPECT_NE(message.find("block 0 of kernel 'mm' has more than 800 warp "
                         "memory instructions"),
            std::string::npos)
      << message;

  auto cut = createAffineEnumerator((*compiled)->model, launch, layout,
                                    &(*compiled)->prepared, 800,
                                    /*cutLongWarps=*/true);
  ASSERT_TRUE(static_cast<bool>(cut)) << llvm::toString(cut.takeError());
  EXPECT_TRUE((*cut)->notes().empty());
  ASSERT_FALSE(static_cast<bool>((*cut)->traceBlock(0, warps)));
  ASSERT_FALSE(static_cast<bool>((*cut)->traceBlock(1, warps)));
  ASSERT_EQ(warps.size(), 8u);
  for (const WarpTrace &warp : warps) {
    ASSERT_EQ(warp.instructions.size(), 100u);
    EXPECT_EQ(warp.instructions.back().kind, access::AccessKind::Read);
  }
  std::vector<std::string> notes = (*cut)->notes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("in 2 of the 2 blocks enumerated, warps ran longer "
                          "than gpurd holds: each warp's run was cut after "
                          "100 warp memory instructions (its share of the "
                          "800 gpurd holds in memory for one block)"),
            std::string::npos)
      << notes[0];
}

TEST(AffineEnumerator, RefusesNonAffineModels) {
  const char *code = R"(
__global__ void gather(float *y, const float *x, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]];
})";
  auto compiled = test::compileKernel(code, "gather", {1, 1, 1}, {32, 1, 1});
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  std::string message = llvm::toString(checkEnumerable((*compiled)->model));
  EXPECT_NE(message.find("is not affine: the address depends on a value "
                         "loaded from memory"),
            std::string::npos)
      << message;
}

} // namespace

// Every warp executes the kernel's entry block and leaves through a return
// block, whether or not it reaches a memory operation: a warp past the
// guard counts those instructions (the placement model's #inst), as many as
// the IR emulator counts executing it.
TEST(AffineEnumerator, WarpsWithoutAccessesCountTheirInstructions) {
  const char *code = R"(
__global__ void guarded(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[i] * 2.0f;
})";
  auto compiled =
      test::compileKernel(code, "guarded", {2, 1, 1}, {64, 1, 1}, {{2, 40}});
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  TraceLaunch launch;
  launch.grid = {2, 1, 1};
  launch.block = {64, 1, 1};
  std::map<unsigned, uint64_t> sizes{{0, 512}, {1, 512}};
  MemoryLayout layout = createLayout(*(*compiled)->prepared.function, sizes, 0);
  auto affine = createAffineEnumerator((*compiled)->model, launch, layout,
                                       &(*compiled)->prepared);
  ASSERT_TRUE(static_cast<bool>(affine)) << llvm::toString(affine.takeError());
  EmulatorArguments arguments;
  arguments.integers[2] = 40;
  arguments.buffers[0].assign(512, 0);
  arguments.buffers[1].assign(512, 0);
  auto emulator = createEmulator((*compiled)->prepared, (*compiled)->model,
                                 launch, layout, arguments);
  ASSERT_TRUE(static_cast<bool>(emulator))
      << llvm::toString(emulator.takeError());
  // Block 1's threads 64-127 are all past n = 40: no warp of it accesses.
  std::vector<WarpTrace> fromAffine, fromEmulator;
  ASSERT_FALSE(static_cast<bool>((*affine)->traceBlock(1, fromAffine)));
  ASSERT_FALSE(static_cast<bool>((*emulator)->traceBlock(1, fromEmulator)));
  ASSERT_EQ(fromAffine.size(), 2u);
  ASSERT_EQ(fromEmulator.size(), 2u);
  for (size_t w = 0; w < 2; ++w) {
    EXPECT_TRUE(fromAffine[w].instructions.empty());
    EXPECT_TRUE(fromEmulator[w].instructions.empty());
    // The index, the compare, the branch and the return, at least.
    EXPECT_GE(fromAffine[w].trailingInstructions, 4u);
    EXPECT_EQ(fromAffine[w].trailingInstructions,
              fromEmulator[w].trailingInstructions);
  }
  // Block 0's first warp reaches the store with every lane: the same
  // instructions in all, counted before its operations or after them. Its
  // second warp diverges at the guard (lanes 32-39 store): the warp issues
  // the guard, the store's side and the return once, which the emulator
  // counts from its markers (ControlMarks.cpp) as the affine path does.
  auto total = [](const WarpTrace &warp) {
    uint64_t n = warp.trailingInstructions;
    for (const WarpInstruction &inst : warp.instructions)
      n += inst.instructionsBefore + 1;
    return n;
  };
  fromAffine.clear();
  fromEmulator.clear();
  ASSERT_FALSE(static_cast<bool>((*affine)->traceBlock(0, fromAffine)));
  ASSERT_FALSE(static_cast<bool>((*emulator)->traceBlock(0, fromEmulator)));
  ASSERT_EQ(fromAffine.size(), 2u);
  ASSERT_EQ(fromEmulator.size(), 2u);
  EXPECT_EQ(total(fromAffine[0]), total(fromEmulator[0]));
  EXPECT_EQ(total(fromAffine[1]), total(fromEmulator[1]));
}
