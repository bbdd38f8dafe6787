//===- StagedArraysTest.cpp - Arrays staged through shared memory ---------===//
//
// The what-if "staged through shared memory" (StagedArrays.h) on a block
// worked by hand, the sector reuse that makes a load a candidate, and the
// arrays it cannot stage.
//
//===----------------------------------------------------------------------===//

#include "KernelFixture.h"

#include "gpurd/Trace/SiteDataFlow.h"
#include "gpurd/Trace/StagedArrays.h"

#include "llvm/IR/CFG.h"

#include <gtest/gtest.h>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

constexpr uint64_t ABase = 0x1000; ///< 'A': 64 floats a row.

/// A kernel of two arrays: 'A' read (site 0) and 'C' written (site 1).
access::AccessModel twoArrays() {
  access::AccessModel model;
  for (const char *name : {"A", "C"}) {
    model.arrays.push_back({});
    model.arrays.back().name = name;
  }
  for (unsigned id : {0u, 1u}) {
    model.sites.push_back({});
    access::AccessSite &site = model.sites.back();
    site.id = id;
    site.array = int(id);
    site.kind = id == 0 ? AccessKind::Read : AccessKind::Write;
    site.sizeBytes = 4;
  }
  return model;
}

/// A block of 2 warps: warp w reads row w of 'A', A[w][k] for k = 0..3,
/// with every lane on the same element (a naive product's row), then
/// writes C.
std::vector<WarpTrace> rowReads() {
  std::vector<WarpTrace> warps(2);
  for (unsigned w = 0; w < 2; ++w) {
    warps[w].warp = w;
    for (unsigned k = 0; k < 4; ++k) {
      WarpInstruction load;
      load.site = 0;
      load.size = 4;
      load.activeMask = ~0u;
      load.instructionsBefore = 3;
      load.addresses.fill(ABase + (w * 64 + k) * 4);
      warps[w].instructions.push_back(load);
    }
    WarpInstruction store;
    store.site = 1;
    store.kind = AccessKind::Write;
    store.size = 4;
    store.activeMask = ~0u;
    for (unsigned l = 0; l < WarpSize; ++l)
      store.addresses[l] = 0x9000 + (w * 32 + l) * 4;
    warps[w].instructions.push_back(store);
  }
  return warps;
}

TEST(StagedArraysTest, SectorReuseCountsRequestsOverDistinctSectors) {
  // 'A': 8 requests of 1 sector each, over 2 distinct sectors (A[0][0..3]
  // and A[1][0..3] are one sector each): 4 a sector. 'C' is written: not
  // counted.
  auto reuse = blockSectorReuse(rowReads(), twoArrays(), 32);
  ASSERT_EQ(reuse.count(0), 1u);
  EXPECT_EQ(reuse[0].requests, 8u);
  EXPECT_EQ(reuse[0].distinct, 2u);
  EXPECT_DOUBLE_EQ(reuse[0].perSector(), 4.0);
  // Each of its 8 elements is read by one request (its warp's lanes at
  // once): sector reuse, no element reuse.
  EXPECT_EQ(reuse[0].elementRequests, 8u);
  EXPECT_EQ(reuse[0].distinctElements, 8u);
  EXPECT_EQ(reuse.count(1), 0u);
}

TEST(StagedArraysTest, TwoPhasesOfTwoIterations) {
  auto plan = stagingPlanOf(twoArrays(), {{"A", 2}});
  ASSERT_TRUE(static_cast<bool>(plan)) << llvm::toString(plan.takeError());
  // New sites after the kernel's 0 and 1: the fills 2, their stores 3, the
  // barriers 4.
  ASSERT_EQ(plan->arrays.size(), 1u);
  EXPECT_EQ(plan->arrays[0].fillSite, 2u);
  EXPECT_EQ(plan->arrays[0].storeSite, 3u);
  EXPECT_EQ(plan->barrierSite, 4u);

  std::vector<WarpTrace> warps = rowReads();
  BlockStaging stats = stageBlock(warps, *plan);
  // Phase 0 (k = 0, 1) reads A[0][0], A[0][1], A[1][0], A[1][1]: a 2 x 2
  // tile of 16 bytes, one fill request of 4 lanes, dealt to warp 0; phase
  // 1 (k = 2, 3) likewise.
  EXPECT_EQ(stats.phases, 2u);
  EXPECT_EQ(stats.sharedBytes, 16u);
  EXPECT_EQ(stats.fillRequests, 2u);
  EXPECT_EQ(stats.stagedLoads, 8u);
  ASSERT_EQ(stats.tiles.size(), 1u);
  EXPECT_EQ(stats.tiles[0].rows, 2u);
  EXPECT_EQ(stats.tiles[0].columns, 2u);

  // Warp 0: fill, store, barrier, 2 shared loads, barrier, fill, store,
  // barrier, 2 shared loads, the store to C.
  const std::vector<WarpInstruction> &w0 = warps[0].instructions;
  ASSERT_EQ(w0.size(), 12u);
  const WarpInstruction &fill = w0[0];
  EXPECT_EQ(fill.site, 2u);
  EXPECT_EQ(fill.space, MemorySpace::Global);
  EXPECT_EQ(fill.activeMask, 0xfu);
  EXPECT_EQ(fill.addresses[0], ABase);
  EXPECT_EQ(fill.addresses[1], ABase + 4);
  EXPECT_EQ(fill.addresses[2], ABase + 256);
  EXPECT_EQ(fill.addresses[3], ABase + 260);
  // A 2 x 2 tile in a block of 2 warps: one element a thread, straight-line
  // code; the store has no instructions of its own.
  EXPECT_EQ(fill.instructionsBefore, FillInstructionsDirect);
  const WarpInstruction &tileStore = w0[1];
  EXPECT_EQ(tileStore.instructionsBefore, 0u);
  EXPECT_EQ(tileStore.site, 3u);
  EXPECT_EQ(tileStore.kind, AccessKind::Write);
  EXPECT_EQ(tileStore.space, MemorySpace::Shared);
  EXPECT_EQ(tileStore.addresses[3], 12u);
  EXPECT_EQ(w0[2].kind, AccessKind::Barrier);
  EXPECT_EQ(w0[2].site, 4u);
  // A[0][k] at As[0][k]: offsets 0 and 4; the loads keep their site and
  // their instructions before.
  EXPECT_EQ(w0[3].space, MemorySpace::Shared);
  EXPECT_EQ(w0[3].site, 0u);
  EXPECT_EQ(w0[3].instructionsBefore, 3u);
  EXPECT_EQ(w0[3].addresses[31], 0u);
  EXPECT_EQ(w0[4].addresses[0], 4u);
  EXPECT_EQ(w0[5].kind, AccessKind::Barrier);
  EXPECT_EQ(w0[6].site, 2u);
  EXPECT_EQ(w0[6].addresses[3], ABase + 268); // A[1][3]
  EXPECT_EQ(w0[8].kind, AccessKind::Barrier);
  EXPECT_EQ(w0[9].addresses[0], 0u); // A[0][2] at As[0][0] of phase 1
  EXPECT_EQ(w0[11].site, 1u);
  EXPECT_EQ(w0[11].space, MemorySpace::Global);

  // Warp 1 fills nothing but meets the same barriers: barrier, A[1][0] and
  // A[1][1] at As[1][0..1] (8, 12), barrier, barrier, 2 loads, C.
  const std::vector<WarpInstruction> &w1 = warps[1].instructions;
  ASSERT_EQ(w1.size(), 8u);
  EXPECT_EQ(w1[0].kind, AccessKind::Barrier);
  EXPECT_EQ(w1[1].addresses[0], 8u);
  EXPECT_EQ(w1[2].addresses[0], 12u);
  EXPECT_EQ(w1[3].kind, AccessKind::Barrier);
  EXPECT_EQ(w1[4].kind, AccessKind::Barrier);
  EXPECT_EQ(w1[5].addresses[0], 8u);
  EXPECT_EQ(w1[7].site, 1u);
}

TEST(StagedArraysTest, OnePhaseWhenTheLoopIsShorter) {
  auto plan = stagingPlanOf(twoArrays(), {{"A", 8}});
  ASSERT_TRUE(static_cast<bool>(plan));
  std::vector<WarpTrace> warps = rowReads();
  BlockStaging stats = stageBlock(warps, *plan);
  // 8 elements, 2 rows of 4: one fill request, one barrier a warp.
  EXPECT_EQ(stats.phases, 1u);
  EXPECT_EQ(stats.sharedBytes, 32u);
  EXPECT_EQ(stats.tiles[0].rows, 2u);
  EXPECT_EQ(stats.tiles[0].columns, 4u);
  EXPECT_EQ(warps[1].instructions.size(), 1u + 4 + 1);
}

TEST(StagedArraysTest, ShorterHaloRowsLeaveCornersUnused) {
  // One warp, one phase: A[0][1..2], A[1][0..3], A[2][1..2] (rows of 64
  // floats), a stencil's cross. The tile is `float tile[3][4]`: row 0's
  // elements at slots 1 and 2, row 1's at 4..7, row 2's at 9 and 10; 48
  // bytes, although 8 elements are read.
  std::vector<WarpTrace> warps(1);
  const std::pair<unsigned, unsigned> rows[] = {{0, 1}, {1, 0}, {2, 1}};
  for (auto [row, column] : rows) {
    WarpInstruction load;
    load.site = 0;
    load.size = 4;
    const unsigned lanes = row == 1 ? 4 : 2;
    load.activeMask = (1u << lanes) - 1;
    for (unsigned l = 0; l < lanes; ++l)
      load.addresses[l] = ABase + (row * 64 + column + l) * 4;
    warps[0].instructions.push_back(load);
  }
  auto plan = stagingPlanOf(twoArrays(), {{"A", 8}});
  ASSERT_TRUE(static_cast<bool>(plan));
  BlockStaging stats = stageBlock(warps, *plan);
  EXPECT_EQ(stats.sharedBytes, 48u);
  EXPECT_EQ(stats.tiles[0].elements, 8u);
  EXPECT_EQ(stats.tiles[0].rows, 3u);
  EXPECT_EQ(stats.tiles[0].columns, 4u);
  // Fill, store, barrier, then the three loads.
  const std::vector<WarpInstruction> &w = warps[0].instructions;
  ASSERT_EQ(w.size(), 6u);
  EXPECT_EQ(w[1].addresses[0], 4u);  // A[0][1]
  EXPECT_EQ(w[1].addresses[2], 16u); // A[1][0]
  EXPECT_EQ(w[1].addresses[7], 40u); // A[2][2]
  EXPECT_EQ(w[3].addresses[0], 4u);
  EXPECT_EQ(w[3].addresses[1], 8u);
  EXPECT_EQ(w[4].addresses[3], 28u);
  EXPECT_EQ(w[5].addresses[0], 36u);
  EXPECT_EQ(w[5].addresses[1], 40u);
}

TEST(StagedArraysTest, WrittenOrUnknownArraysAreRefused) {
  auto written = stagingPlanOf(twoArrays(), {{"C", 16}});
  ASSERT_FALSE(written);
  EXPECT_EQ(llvm::toString(written.takeError()),
            "'C' cannot be staged through shared memory: the kernel writes "
            "it");
  auto unknown = stagingPlanOf(twoArrays(), {{"B", 16}});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(llvm::toString(unknown.takeError()),
            "no array 'B' to stage; the kernel's arrays: 'A', 'C'");
}

// The instructions a fill adds are those of the fill loops the rewrite
// stands for, compiled: the counted non-memory instructions of the loop's
// block, around its load and its store (SiteDataFlow's head and after).
uint32_t fillLoopInstructions(llvm::StringRef code, llvm::StringRef kernel,
                              std::array<uint64_t, 3> grid,
                              std::array<uint64_t, 3> block,
                              llvm::StringRef load, llvm::StringRef store,
                              bool fillLoop = true) {
  auto compiled = test::compileKernel(code, kernel, grid, block, {{2, 1024}});
  if (!compiled) {
    ADD_FAILURE() << llvm::toString(compiled.takeError());
    return 0;
  }
  const access::AccessModel &model = (*compiled)->model;
  const access::PreparedKernel &prepared = (*compiled)->prepared;
  int loadSite = -1, storeSite = -1;
  for (const access::AccessSite &site : model.sites) {
    if (site.sourceText == load)
      loadSite = int(site.id);
    if (site.sourceText == store && site.kind == AccessKind::Write)
      storeSite = int(site.id);
  }
  if (loadSite < 0 || storeSite < 0) {
    ADD_FAILURE() << "no sites '" << load.str() << "', '" << store.str() << "'";
    return 0;
  }
  const llvm::BasicBlock *loop =
      prepared.siteInstructions[loadSite]->getParent();
  EXPECT_EQ(prepared.siteInstructions[storeSite]->getParent(), loop);
  EXPECT_TRUE(llvm::is_contained(llvm::successors(loop), loop));
  std::vector<SiteDataFlow> flow = siteDataFlow(&prepared, model.sites.size());
  size_t count = flow[loadSite].head.size() + flow[storeSite].head.size();
  // A fill loop's block ends after the store: its control is the fill's.
  if (fillLoop)
    count += flow[storeSite].after.size();
  return uint32_t(count);
}

TEST(StagedArraysTest, FillInstructionsAreTheCompiledFillLoops) {
  // One element a thread: the instructions before the fill's load and its
  // store in the phase loop's block (the loop's own control is the
  // kernel's, which staging does not add).
  EXPECT_EQ(fillLoopInstructions(R"(
__global__ void fillDirect(const float *a, float *out, int pitch) {
  __shared__ float tile[16][16];
  float s = 0.0f;
  for (int t = 0; t < 8; ++t) {
    tile[threadIdx.y][threadIdx.x] =
        a[(blockIdx.y * 16 + threadIdx.y) * pitch + t * 16 + threadIdx.x];
    __syncthreads();
    s += tile[threadIdx.x][threadIdx.y];
    __syncthreads();
  }
  out[(blockIdx.y * 16 + threadIdx.y) * pitch + blockIdx.x * 16 +
      threadIdx.x] = s;
}
)",
                                 "fillDirect", {2, 2, 1}, {16, 16, 1},
                                 "a[(blockIdx.y * 16 + threadIdx.y) * pitch + "
                                 "t * 16 + threadIdx.x]",
                                 "tile[threadIdx.y][threadIdx.x]",
                                 /*loop=*/false),
            FillInstructionsDirect);
  EXPECT_EQ(fillLoopInstructions(R"(
__global__ void fillRow(const float *a, float *out, int pitch) {
  __shared__ float tile[262];
  int base = blockIdx.x * 256;
  for (int e = threadIdx.x; e < 262; e += blockDim.x)
    tile[e] = a[base + e];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}
)",
                                 "fillRow", {4, 1, 1}, {256, 1, 1},
                                 "a[base + e]", "tile[e]"),
            FillInstructionsRow);
  EXPECT_EQ(fillLoopInstructions(R"(
__global__ void fillRows(const float *a, float *out, int pitch) {
  __shared__ float tile[12][36];
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  int x0 = blockIdx.x * 32, y0 = blockIdx.y * 8;
  for (int e = tid; e < 12 * 36; e += blockDim.x * blockDim.y) {
    int r = e / 36, c = e % 36;
    tile[r][c] = a[(y0 + r) * pitch + x0 + c];
  }
  __syncthreads();
  out[(y0 + threadIdx.y) * pitch + x0 + threadIdx.x] =
      tile[threadIdx.y][threadIdx.x];
}
)",
                                 "fillRows", {2, 2, 1}, {32, 8, 1},
                                 "a[(y0 + r) * pitch + x0 + c]", "tile[r][c]"),
            FillInstructionsRows);
}

} // namespace
