//===- EmulatorTest.cpp - Warp traces by interpreting kernels -------------===//
//
// Small CUDA kernels compiled with the real pipeline (KernelFixture.h) and
// run by the emulator: addresses follow the data, barriers and warp
// operations synchronise, results in the buffers are right, errors name the
// site, the thread and the address.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTesting.h"
#include "KernelFixture.h"

#include "gpurd/Trace/AffineEnumerator.h"
#include "gpurd/Trace/Emulator.h"

#include <cmath>
#include <cstring>
#include <numeric>

using namespace gpurd;
using namespace gpurd::trace;

namespace {

template <typename T>
std::vector<uint8_t> bytesOf(const std::vector<T> &values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  if (!values.empty())
    memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

template <typename T>
std::vector<T> valuesOf(const std::vector<uint8_t> &bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  if (!values.empty())
    memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

/// A compiled kernel, its layout and its emulator.
struct Emulation {
  std::unique_ptr<test::CompiledKernel> compiled;
  MemoryLayout layout;
  TraceLaunch launch;
  std::unique_ptr<WarpTraceSource> source;

  const access::AccessModel &model() const { return compiled->model; }
  template <typename T> std::vector<T> buffer(unsigned param) const {
    const std::vector<uint8_t> *bytes = emulatorBuffer(*source, param);
    return bytes ? valuesOf<T>(*bytes) : std::vector<T>();
  }
  uint64_t base(unsigned param) const { return *layout.bufferBase(param); }
  /// Sites whose array is parameter \p param, of kind \p kind.
  std::vector<unsigned> sitesOf(int param, access::AccessKind kind) const {
    std::vector<unsigned> out;
    for (const access::AccessSite &site : model().sites)
      if (site.kind == kind && site.array >= 0 &&
          model().arrays[site.array].paramIndex == param)
        out.push_back(site.id);
    return out;
  }
  std::vector<WarpTrace> trace(uint64_t block) {
    std::vector<WarpTrace> warps;
    llvm::Error error = source->traceBlock(block, warps);
    EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    return warps;
  }
  /// The affine enumerator's warps of \p block, over the same prepared IR
  /// and layout (the kernel must be affine).
  std::vector<WarpTrace> enumerate(uint64_t block) {
    std::vector<WarpTrace> warps;
    EXPECT_TRUE(model().isAffine());
    auto affine =
        createAffineEnumerator(model(), launch, layout, &compiled->prepared);
    if (!affine) {
      ADD_FAILURE() << llvm::toString(affine.takeError());
      return warps;
    }
    llvm::Error error = (*affine)->traceBlock(block, warps);
    EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
    return warps;
  }
  /// Runs every block (so buffers hold the kernel's results).
  void runAll() {
    for (uint64_t block = 0; block < launch.numBlocks(); ++block)
      trace(block);
  }
};

llvm::Expected<std::unique_ptr<Emulation>>
emulate(llvm::StringRef code, llvm::StringRef name,
        std::array<uint64_t, 3> grid, std::array<uint64_t, 3> block,
        EmulatorArguments arguments, std::map<unsigned, int64_t> folded = {},
        EmulatorOptions options = {}, uint64_t dynamicShared = 0) {
  auto compiled = test::compileKernel(code, name, grid, block, folded);
  if (!compiled)
    return compiled.takeError();
  auto out = std::make_unique<Emulation>();
  out->compiled = std::move(*compiled);
  std::map<unsigned, uint64_t> sizes;
  for (const auto &[param, bytes] : arguments.buffers)
    sizes[param] = bytes.size();
  out->layout =
      createLayout(*out->compiled->prepared.function, sizes, dynamicShared);
  out->launch.grid = grid;
  out->launch.block = block;
  out->launch.dynamicSharedBytes = dynamicShared;
  auto source =
      createEmulator(out->compiled->prepared, out->compiled->model, out->launch,
                     out->layout, std::move(arguments), options);
  if (!source)
    return source.takeError();
  out->source = std::move(*source);
  return out;
}

#define ASSERT_OK(value)                                                       \
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString(value.takeError())

TEST(Emulator, VectorAddAddressesAndTailGuard) {
  const char *code = R"(
__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
})";
  const int n = 100;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 1000.0f + 2 * i;
  }
  EmulatorArguments args;
  args.buffers[0] = bytesOf(a);
  args.buffers[1] = bytesOf(b);
  args.buffers[2] = bytesOf(std::vector<float>(n, -1));
  args.integers[3] = n;
  auto run = emulate(code, "vadd", {2, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  auto loadsA = e.sitesOf(0, access::AccessKind::Read);
  auto stores = e.sitesOf(2, access::AccessKind::Write);
  ASSERT_EQ(loadsA.size(), 1u);
  ASSERT_EQ(stores.size(), 1u);

  std::vector<WarpTrace> warps = e.trace(1);
  ASSERT_EQ(warps.size(), 2u);
  // Block 1, warp 0: i = 64..95, all active.
  ASSERT_EQ(warps[0].instructions.size(), 3u);
  for (const WarpInstruction &inst : warps[0].instructions) {
    EXPECT_EQ(inst.activeMask, 0xffffffffu);
    EXPECT_EQ(inst.size, 4u);
    EXPECT_EQ(inst.space == MemorySpace::Global ||
                  inst.space == MemorySpace::GlobalReadOnly,
              true);
  }
  // Block 1, warp 1: i = 96..127, only 96..99 pass the guard.
  const WarpTrace &tail = warps[1];
  EXPECT_EQ(tail.block, 1u);
  EXPECT_EQ(tail.warp, 1u);
  ASSERT_EQ(tail.instructions.size(), 3u);
  for (const WarpInstruction &inst : tail.instructions) {
    EXPECT_EQ(inst.activeMask, 0xfu);
    uint64_t base = inst.site == loadsA[0]   ? e.base(0)
                    : inst.site == stores[0] ? e.base(2)
                                             : e.base(1);
    for (unsigned lane = 0; lane < 4; ++lane)
      EXPECT_EQ(inst.addresses[lane], base + 4 * (96 + lane));
  }
  EXPECT_EQ(tail.instructions.back().site, stores[0]);
  EXPECT_EQ(tail.instructions.back().kind, access::AccessKind::Write);
  EXPECT_GT(tail.instructions.front().instructionsBefore, 0u);
  EXPECT_GT(tail.trailingInstructions, 0u);

  e.trace(0);
  std::vector<float> c = e.buffer<float>(2);
  ASSERT_EQ(c.size(), size_t(n));
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(c[i], a[i] + b[i]) << i;
}

TEST(Emulator, CsrSpmvAddressesFollowTheData) {
  const char *code = R"(
__global__ void spmv(int rows, const int *rowptr, const int *col,
                     const float *val, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0;
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j)
      s += val[j] * x[col[j]];
    y[r] = s;
  }
})";
  // 5 x 6 matrix:
  //   row 0: (0,1) (0,4)
  //   row 1: (1,5)
  //   row 2: (none)
  //   row 3: (3,0) (3,2) (3,3)
  //   row 4: (4,4)
  std::vector<int> rowptr = {0, 2, 3, 3, 6, 7};
  std::vector<int> col = {1, 4, 5, 0, 2, 3, 4};
  std::vector<float> val = {1, 2, 3, 4, 5, 6, 7};
  std::vector<float> x = {10, 20, 30, 40, 50, 60};
  EmulatorArguments args;
  args.integers[0] = 5;
  args.buffers[1] = bytesOf(rowptr);
  args.buffers[2] = bytesOf(col);
  args.buffers[3] = bytesOf(val);
  args.buffers[4] = bytesOf(x);
  args.buffers[5] = bytesOf(std::vector<float>(5, 0));
  auto run = emulate(code, "spmv", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  auto loadsX = e.sitesOf(4, access::AccessKind::Read);
  ASSERT_EQ(loadsX.size(), 1u);
  std::vector<WarpTrace> warps = e.trace(0);
  ASSERT_EQ(warps.size(), 1u);

  // The n-th x load of each lane reads x[col[rowptr[r] + n]].
  std::vector<const WarpInstruction *> xLoads;
  for (const WarpInstruction &inst : warps[0].instructions)
    if (inst.site == loadsX[0])
      xLoads.push_back(&inst);
  ASSERT_EQ(xLoads.size(), 3u); // the longest row has 3 entries
  for (size_t n = 0; n < xLoads.size(); ++n) {
    uint32_t expectedMask = 0;
    for (int r = 0; r < 5; ++r) {
      if (rowptr[r] + int(n) >= rowptr[r + 1])
        continue;
      expectedMask |= 1u << r;
      EXPECT_EQ(xLoads[n]->addresses[r],
                e.base(4) + 4 * uint64_t(col[rowptr[r] + n]))
          << "iteration " << n << " row " << r;
    }
    EXPECT_EQ(xLoads[n]->activeMask, expectedMask) << n;
  }
  std::vector<float> y = e.buffer<float>(5);
  EXPECT_EQ(y, (std::vector<float>{1 * 20 + 2 * 50, 3 * 60, 0,
                                   4 * 10 + 5 * 30 + 6 * 40, 7 * 50}));
}

TEST(Emulator, HistogramAtomicsInSharedMemory) {
  const char *code = R"(
#define BINS 16
__global__ void histogram(const unsigned char *in, unsigned *out, int n) {
  __shared__ unsigned bins[BINS];
  for (int i = threadIdx.x; i < BINS; i += blockDim.x) bins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[in[i] % BINS], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < BINS; i += blockDim.x)
    atomicAdd(&out[i], bins[i]);
})";
  const int n = 300;
  std::vector<uint8_t> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = uint8_t((i * 7 + i / 5) & 0xff);
  EmulatorArguments args;
  args.buffers[0] = in;
  args.buffers[1] = bytesOf(std::vector<uint32_t>(16, 0));
  args.integers[2] = n;
  auto run = emulate(code, "histogram", {2, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> block0 = e.trace(0);
  // Shared atomics: space Shared, addresses = 4 * bin.
  unsigned sharedAtomics = 0;
  for (const WarpInstruction &inst : block0[0].instructions) {
    if (inst.kind != access::AccessKind::ReadModifyWrite ||
        inst.space != MemorySpace::Shared)
      continue;
    ++sharedAtomics;
    for (unsigned lane = 0; lane < 32; ++lane) {
      if ((inst.activeMask >> lane) & 1) {
        EXPECT_LT(inst.addresses[lane], 16u * 4) << lane;
      }
    }
  }
  // Thread i of block 0 handles elements i and i + 128 (and i + 256 < 300).
  EXPECT_EQ(sharedAtomics, 3u);
  const WarpInstruction *first = nullptr;
  for (const WarpInstruction &inst : block0[0].instructions)
    if (inst.space == MemorySpace::Shared &&
        inst.kind == access::AccessKind::ReadModifyWrite) {
      first = &inst;
      break;
    }
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->activeMask, 0xffffffffu);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(first->addresses[lane], 4u * (in[lane] % 16)) << lane;
  e.trace(1);
  std::vector<uint32_t> expected(16, 0);
  for (uint8_t v : in)
    ++expected[v % 16];
  EXPECT_EQ(e.buffer<uint32_t>(1), expected);
}

TEST(Emulator, TreeReductionWithBarriers) {
  const char *code = R"(
__global__ void reduce(const float *in, float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  for (unsigned k = 32; k > 0; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
})";
  std::vector<float> in(128);
  for (int i = 0; i < 128; ++i)
    in[i] = float(i % 17);
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<float>(2, 0));
  auto run = emulate(code, "reduce", {2, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(1);
  ASSERT_EQ(warps.size(), 2u);
  // Barriers: 1 before the loop + 6 iterations, every lane of both warps.
  for (const WarpTrace &warp : warps) {
    unsigned barriers = 0;
    for (const WarpInstruction &inst : warp.instructions)
      if (inst.kind == access::AccessKind::Barrier) {
        ++barriers;
        EXPECT_EQ(inst.activeMask, 0xffffffffu);
      }
    EXPECT_EQ(barriers, 7u);
  }
  // The first shared store of warp 1 writes s[32..63]: offsets 4 * t.
  const WarpInstruction *store = nullptr;
  for (const WarpInstruction &inst : warps[1].instructions)
    if (inst.space == MemorySpace::Shared &&
        inst.kind == access::AccessKind::Write) {
      store = &inst;
      break;
    }
  ASSERT_NE(store, nullptr);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(store->addresses[lane], 4u * (32 + lane));
  // In iteration k = 32 only warp 0 adds; k = 16 lanes 0..15 of warp 0.
  unsigned sharedLoadsWarp1 = 0;
  for (const WarpInstruction &inst : warps[1].instructions)
    if (inst.space == MemorySpace::Shared &&
        inst.kind == access::AccessKind::Read)
      ++sharedLoadsWarp1;
  EXPECT_EQ(sharedLoadsWarp1, 0u);
  std::vector<uint32_t> masks;
  for (const WarpInstruction &inst : warps[0].instructions)
    if (inst.space == MemorySpace::Shared &&
        inst.kind == access::AccessKind::Write)
      masks.push_back(inst.activeMask);
  EXPECT_EQ(masks, (std::vector<uint32_t>{0xffffffffu, 0xffffffffu, 0xffffu,
                                          0xffu, 0xfu, 0x3u, 0x1u}));
  e.trace(0);
  std::vector<float> out = e.buffer<float>(1);
  float sum0 = std::accumulate(in.begin(), in.begin() + 64, 0.0f);
  float sum1 = std::accumulate(in.begin() + 64, in.end(), 0.0f);
  EXPECT_EQ(out, (std::vector<float>{sum0, sum1}));
}

TEST(Emulator, WarpShuffleReductionComputesSums) {
  const char *code = R"(
__global__ void warpSum(const int *in, int *out, unsigned *ballots) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffff, v, offset);
  int total = __shfl_sync(0xffffffff, v, 0);
  unsigned odd = __ballot_sync(0xffffffff, in[i] & 1);
  if ((threadIdx.x & 31) == 0) {
    out[i / 32] = total;
    ballots[i / 32] = odd;
  }
})";
  std::vector<int> in(64);
  for (int i = 0; i < 64; ++i)
    in[i] = i * i - 3 * i;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<int>(2, 0));
  args.buffers[2] = bytesOf(std::vector<uint32_t>(2, 0));
  auto run = emulate(code, "warpSum", {1, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(0);
  std::vector<int> out = e.buffer<int>(1);
  int sum0 = std::accumulate(in.begin(), in.begin() + 32, 0);
  int sum1 = std::accumulate(in.begin() + 32, in.end(), 0);
  EXPECT_EQ(out, (std::vector<int>{sum0, sum1}));
  std::vector<uint32_t> ballots = e.buffer<uint32_t>(2);
  for (unsigned w = 0; w < 2; ++w) {
    uint32_t expected = 0;
    for (unsigned lane = 0; lane < 32; ++lane)
      expected |= uint32_t(in[32 * w + lane] & 1) << lane;
    EXPECT_EQ(ballots[w], expected);
  }
  // The stores are made by lane 0 alone.
  const WarpInstruction &last = warps[1].instructions.back();
  EXPECT_EQ(last.activeMask, 1u);
  EXPECT_EQ(last.kind, access::AccessKind::Write);
}

TEST(Emulator, OutOfBoundsAccessNamesSiteThreadAndAddress) {
  const char *code = R"(
__global__ void copy(const float *a, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i];
})";
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<float>(64, 1));
  args.buffers[1] = bytesOf(std::vector<float>(40, 0));
  args.integers[2] = 64;
  auto run = emulate(code, "copy", {1, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps;
  llvm::Error error = e.source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  auto stores = e.sitesOf(1, access::AccessKind::Write);
  ASSERT_EQ(stores.size(), 1u);
  EXPECT_NE(message.find("out-of-bounds write"), std::string::npos) << message;
  EXPECT_NE(message.find("site " + std::to_string(stores[0])),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("c[i]"), std::string::npos) << message;
  EXPECT_NE(message.find(":4:"), std::string::npos) << message; // source line
  EXPECT_NE(message.find("block (0,0,0) thread (40,0,0)"), std::string::npos)
      << message;
  char address[32];
  snprintf(address, sizeof(address), "0x%llx",
           (unsigned long long)(e.base(1) + 160));
  EXPECT_NE(message.find(address), std::string::npos) << message;
  EXPECT_NE(message.find("'c'"), std::string::npos) << message;
  EXPECT_NE(message.find("bytes past its end"), std::string::npos) << message;
}

/// A warp's threads each load in[i] and store out[32 i + t] for i < n:
/// two logged accesses per iteration.
const char *LongSumKernel = R"(
__global__ void sum(const int *in, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i * 32 + threadIdx.x] = in[i];
})";

/// LongSumKernel's buffers (1000 ints in, 32000 out) with \p n iterations.
EmulatorArguments longSumArguments(int n) {
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<int>(1000, 1));
  args.buffers[1] = bytesOf(std::vector<int>(32000, 0));
  args.integers[2] = n;
  return args;
}

TEST(Emulator, ALongKernelStopsAtTheBlocksAccessLog) {
  // Each of the 32 threads makes 2 accesses per iteration (a load of in[i]
  // and a store to out[32 i + t]) for 1000 iterations: 2000 logged
  // accesses, over its share of a 32768-access block log (32768 / 32 =
  // 1024).
  const char *code = LongSumKernel;
  EmulatorArguments args = longSumArguments(1000);
  EmulatorOptions options;
  options.maxEventsPerBlock = 32768;
  auto run = emulate(code, "sum", {1, 1, 1}, {32, 1, 1}, args, {}, options);
  ASSERT_OK(run);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*run)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("thread (0,0,0) made more than 1024 memory accesses"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("of the 32768 gpurd holds"), std::string::npos)
      << message;

  // With n = 500 each thread makes 1000 accesses (within its 1024): the
  // block is traced, 500 loads and 500 stores per warp.
  args = longSumArguments(500);
  auto shorter = emulate(code, "sum", {1, 1, 1}, {32, 1, 1}, args, {}, options);
  ASSERT_OK(shorter);
  llvm::Error traced = (*shorter)->source->traceBlock(0, warps);
  ASSERT_FALSE(static_cast<bool>(traced)) << llvm::toString(std::move(traced));
  ASSERT_EQ(warps.size(), 1u);
  EXPECT_EQ(warps[0].instructions.size(), 1000u);
}

TEST(Emulator, CutLongThreadsTraceThePrefixThatFits) {
  // The kernel of the last test with n = 1000 and cutLongThreads: each
  // thread stops as if it returned once its log is over its share of 1024.
  // The log is checked at branches: after k iterations it holds 2k
  // accesses, and the first k with 2k > 1024 is 513, so each thread keeps
  // 513 loads and 513 stores (1026 warp instructions, the store last).
  const char *code = LongSumKernel;
  EmulatorArguments args = longSumArguments(1000);
  EmulatorOptions options;
  options.maxEventsPerBlock = 32768;
  options.cutLongThreads = true;
  auto run = emulate(code, "sum", {2, 1, 1}, {32, 1, 1}, args, {}, options);
  ASSERT_OK(run);
  EXPECT_TRUE((*run)->source->notes().empty());
  std::vector<WarpTrace> warps;
  llvm::Error traced = (*run)->source->traceBlock(0, warps);
  ASSERT_FALSE(static_cast<bool>(traced)) << llvm::toString(std::move(traced));
  ASSERT_EQ(warps.size(), 1u);
  ASSERT_EQ(warps[0].instructions.size(), 1026u);
  EXPECT_EQ(warps[0].instructions.back().kind, access::AccessKind::Write);
  EXPECT_EQ(warps[0].instructions.back().activeMask, 0xffffffffu);
  std::vector<std::string> notes = (*run)->source->notes();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("in 1 of the 1 blocks emulated, threads ran longer "
                          "than gpurd emulates: each thread's run was cut "
                          "after 1024 memory accesses (its share of the 32768 "
                          "gpurd holds in memory for one block)"),
            std::string::npos)
      << notes[0];
}

TEST(Emulator, ABlockStopsAtItsShareOfTheInstructionBound) {
  // A loop that computes and never touches memory: the access log stays
  // empty, the instructions do not. 64 threads share a bound of 64000
  // instructions per block: 1000 each. With n = 100000 each thread needs
  // more than 100000; the first thread to pass 1000 stops the block, with a
  // message that names the bound and the way out.
  const char *code = R"(
__global__ void spin(int *out, int n) {
  int x = threadIdx.x;
  for (int i = 0; i < n; ++i)
    x = x * 1664525 + 1013904223;
  out[threadIdx.x] = x;
})";
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<int>(64, 0));
  args.integers[1] = 100000;
  EmulatorOptions options;
  options.maxStepsPerBlock = 64000;
  auto run = emulate(code, "spin", {1, 1, 1}, {64, 1, 1}, args, {}, options);
  ASSERT_OK(run);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*run)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("executed more than 1000 interpreted instructions "
                         "(its share of the 64000 gpurd emulates for one "
                         "block)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("smaller launch values"), std::string::npos)
      << message;

  // With n = 10 each thread runs well within its 1000.
  args.integers[1] = 10;
  auto shorter =
      emulate(code, "spin", {1, 1, 1}, {64, 1, 1}, args, {}, options);
  ASSERT_OK(shorter);
  llvm::Error traced = (*shorter)->source->traceBlock(0, warps);
  ASSERT_FALSE(static_cast<bool>(traced)) << llvm::toString(std::move(traced));
}

TEST(Emulator, RunawayLoopStopsAtTheStepLimit) {
  const char *code = R"(
__global__ void spin(const int *flag, int *out) {
  int i = 0;
  while (flag[i & 3] == 0) {
    out[threadIdx.x] = i;
    ++i;
  }
})";
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<int>(4, 0));
  args.buffers[1] = bytesOf(std::vector<int>(32, 0));
  EmulatorOptions options;
  options.maxStepsPerThread = 5000;
  auto run = emulate(code, "spin", {1, 1, 1}, {32, 1, 1}, args, {}, options);
  ASSERT_OK(run);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*run)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("limit of 5000"), std::string::npos) << message;
  EXPECT_NE(message.find("thread (0,0,0)"), std::string::npos) << message;
  EXPECT_NE(message.find("runaway"), std::string::npos) << message;
}

TEST(Emulator, TwoDimensionalBlockLaneMapping) {
  const char *code = R"(
__global__ void index2d(int *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = x + 1000 * y;
})";
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<int>(16 * 16, -1));
  args.integers[1] = 16;
  auto run = emulate(code, "index2d", {2, 2, 1}, {8, 8, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(3); // blockIdx = (1, 1)
  ASSERT_EQ(warps.size(), 2u);
  // Warp 1 holds linear ids 32..63: lane l is x = l % 8, y = 4 + l / 8.
  ASSERT_EQ(warps[1].instructions.size(), 1u);
  const WarpInstruction &store = warps[1].instructions[0];
  EXPECT_EQ(store.activeMask, 0xffffffffu);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned x = 8 + lane % 8, y = 8 + 4 + lane / 8;
    EXPECT_EQ(store.addresses[lane], e.base(0) + 4 * (y * 16 + x)) << lane;
  }
  e.runAll();
  std::vector<int> out = e.buffer<int>(0);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x)
      ASSERT_EQ(out[y * 16 + x], x + 1000 * y);
}

TEST(Emulator, DivergentBranchesKeepProgramOrder) {
  const char *code = R"(
__global__ void diverge(const int *in, int *out) {
  int t = threadIdx.x;
  int v;
  if (in[t] > 0)
    v = in[t + 32] * 2;
  else
    v = in[t + 64] + 1;
  out[t] = v;
})";
  std::vector<int> in(96);
  for (int i = 0; i < 32; ++i)
    in[i] = i % 3 == 0 ? 1 : 0;
  for (int i = 32; i < 96; ++i)
    in[i] = i;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<int>(32, 0));
  auto run = emulate(code, "diverge", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(0);
  const auto &insts = warps[0].instructions;
  uint32_t taken = 0;
  for (unsigned lane = 0; lane < 32; ++lane)
    if (lane % 3 == 0)
      taken |= 1u << lane;
  // in[t], then the two sides (lane 0 takes the `then` side, so it comes
  // first), then the store with every lane.
  ASSERT_EQ(insts.size(), 4u);
  EXPECT_EQ(insts[0].activeMask, 0xffffffffu);
  EXPECT_EQ(insts[1].activeMask, taken);
  EXPECT_EQ(insts[1].addresses[3], e.base(0) + 4 * (32 + 3));
  EXPECT_EQ(insts[2].activeMask, ~taken);
  EXPECT_EQ(insts[2].addresses[1], e.base(0) + 4 * (64 + 1));
  EXPECT_EQ(insts[3].activeMask, 0xffffffffu);
  EXPECT_EQ(insts[3].kind, access::AccessKind::Write);
  std::vector<int> out = e.buffer<int>(1);
  for (int t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], t % 3 == 0 ? (32 + t) * 2 : 64 + t + 1);
}

TEST(Emulator, DeviceFunctionsLocalArraysConstantsAndMath) {
  const char *code = R"(
__constant__ float weights[4] = {0.5f, 1.5f, 2.5f, 3.5f};
__device__ int bias = 7;
__device__ __noinline__ float blend(const float *v, int k) {
  return v[k] * weights[k & 3];
}
__global__ void mix(const float *in, float *out, double *dout) {
  int t = threadIdx.x;
  float local[8];
  for (int k = 0; k < 8; ++k)
    local[k] = in[(t + k) % 32];
  float s = 0;
  for (int k = 0; k < 8; k += (in[k] > 100 ? 2 : 1))
    s += blend(local, k);
  out[t] = s + bias + sqrtf(fabsf(in[t])) + expf(0.0f);
  dout[t] = sin((double)t) + pow((double)t, 2.0) + (double)(long long)in[t];
})";
  std::vector<float> in(32);
  for (int i = 0; i < 32; ++i)
    in[i] = float(i) - 5.5f;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<float>(32, 0));
  args.buffers[2] = bytesOf(std::vector<double>(32, 0));
  auto run = emulate(code, "mix", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  e.trace(0);
  std::vector<float> out = e.buffer<float>(1);
  std::vector<double> dout = e.buffer<double>(2);
  const float weights[4] = {0.5f, 1.5f, 2.5f, 3.5f};
  for (int t = 0; t < 32; ++t) {
    float s = 0;
    for (int k = 0; k < 8; ++k)
      s += in[(t + k) % 32] * weights[k & 3];
    float expected = s + 7 + std::sqrt(std::fabs(in[t])) + 1.0f;
    EXPECT_NEAR(out[t], expected, 1e-3 * std::fabs(expected)) << t;
    double d = std::sin(double(t)) + double(t) * t + double((long long)in[t]);
    EXPECT_NEAR(dout[t], d, 1e-9) << t;
  }
}

TEST(Emulator, SameInputsSameTrace) {
  const char *code = R"(
__global__ void gather(const int *idx, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < (i % 5); ++k)
    s += x[idx[(i + k) % n]];
  __syncthreads();
  y[i] = s;
})";
  std::vector<int> idx(96);
  for (int i = 0; i < 96; ++i)
    idx[i] = (i * 37) % 96;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(idx);
  args.buffers[1] = bytesOf(std::vector<float>(96, 2));
  args.buffers[2] = bytesOf(std::vector<float>(96, 0));
  args.integers[3] = 96;
  auto first = emulate(code, "gather", {3, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(first);
  auto second = emulate(code, "gather", {3, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(second);
  for (uint64_t block = 0; block < 3; ++block) {
    std::vector<WarpTrace> a = (*first)->trace(block);
    std::vector<WarpTrace> b = (*second)->trace(block);
    ASSERT_EQ(a.size(), b.size());
    for (size_t w = 0; w < a.size(); ++w) {
      ASSERT_EQ(a[w].instructions.size(), b[w].instructions.size());
      EXPECT_EQ(a[w].trailingInstructions, b[w].trailingInstructions);
      for (size_t i = 0; i < a[w].instructions.size(); ++i) {
        const WarpInstruction &x = a[w].instructions[i],
                              &y = b[w].instructions[i];
        EXPECT_EQ(x.site, y.site);
        EXPECT_EQ(x.activeMask, y.activeMask);
        EXPECT_EQ(x.instructionsBefore, y.instructionsBefore);
        EXPECT_EQ(x.addresses, y.addresses);
      }
    }
  }
}

TEST(Emulator, MissingBufferAndScalarAreClearErrors) {
  const char *code = R"(
__global__ void scale(float *a, float f, int n) {
  int i = threadIdx.x;
  if (i < n) a[i] *= f;
})";
  EmulatorArguments args;
  args.integers[2] = 32;
  auto run = emulate(code, "scale", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_FALSE(static_cast<bool>(run));
  std::string message = llvm::toString(run.takeError());
  EXPECT_NE(message.find("scalar parameter 1"), std::string::npos) << message;
  EXPECT_NE(message.find("float"), std::string::npos) << message;

  args.floats[1] = 2.0;
  auto second = emulate(code, "scale", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(second);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*second)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("no buffer"), std::string::npos) << message;
  EXPECT_NE(message.find("'a'"), std::string::npos) << message;
}

/// A value given for a parameter the emulator cannot hold says so, rather
/// than asking for the value again.
TEST(Emulator, UnsupportedScalarTypeIsNamed) {
  const char *code = R"(
__global__ void wide(unsigned long long *a, __int128 v) {
  a[threadIdx.x] = (unsigned long long)v;
})";
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<uint64_t>(32, 0));
  args.integers[1] = 5;
  auto run = emulate(code, "wide", {1, 1, 1}, {32, 1, 1}, args);
  std::string message;
  if (!run) {
    message = llvm::toString(run.takeError());
  } else {
    std::vector<WarpTrace> warps;
    llvm::Error error = (*run)->source->traceBlock(0, warps);
    ASSERT_TRUE(static_cast<bool>(error));
    message = llvm::toString(std::move(error));
  }
  EXPECT_NE(message.find("has a type the emulator does not support (i128)"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find("give it with"), std::string::npos) << message;
}

TEST(Emulator, TextureFetchReadsTheBoundBuffer) {
  const char *code = R"(
texture<float, 1, cudaReadModeElementType> tex;
__global__ void fetch(const float *data, float *out) {
  int t = threadIdx.x;
  out[t] = tex1Dfetch(tex, 31 - t) * 2.0f;
})";
  std::vector<float> data(32);
  for (int i = 0; i < 32; ++i)
    data[i] = float(i) + 0.25f;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(data);
  args.buffers[1] = bytesOf(std::vector<float>(32, 0));
  auto unbound = emulate(code, "fetch", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(unbound);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*unbound)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("not bound"), std::string::npos) << message;
  EXPECT_NE(message.find("site "), std::string::npos) << message;

  args.textures["tex"] = TextureBinding{0, 4, 1};
  auto run = emulate(code, "fetch", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  warps = e.trace(0);
  const WarpInstruction &fetch = warps[0].instructions[0];
  EXPECT_EQ(fetch.space, MemorySpace::Texture);
  for (unsigned lane = 0; lane < 32; ++lane)
    EXPECT_EQ(fetch.addresses[lane], e.base(0) + 4 * (31 - lane));
  std::vector<float> out = e.buffer<float>(1);
  for (int t = 0; t < 32; ++t)
    EXPECT_EQ(out[t], data[31 - t] * 2.0f);
}

TEST(Emulator, DynamicSharedMemoryAndLocalAddresses) {
  const char *code = R"(
extern __shared__ int tile[];
__global__ void rotate(const int *in, int *out) {
  int t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  out[t] = tile[(t + 1) % blockDim.x];
})";
  std::vector<int> in(48);
  std::iota(in.begin(), in.end(), 100);
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<int>(48, 0));
  auto run = emulate(code, "rotate", {1, 1, 1}, {48, 1, 1}, args, {}, {},
                     48 * sizeof(int));
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(0);
  ASSERT_EQ(warps.size(), 2u);
  // Warp 1 has lanes 0..15 (threads 32..47).
  const WarpInstruction *load = nullptr;
  for (const WarpInstruction &inst : warps[1].instructions)
    if (inst.space == MemorySpace::Shared &&
        inst.kind == access::AccessKind::Read)
      load = &inst;
  ASSERT_NE(load, nullptr);
  EXPECT_EQ(load->activeMask, 0xffffu);
  for (unsigned lane = 0; lane < 16; ++lane)
    EXPECT_EQ(load->addresses[lane], 4u * ((32 + lane + 1) % 48));
  std::vector<int> out = e.buffer<int>(1);
  for (int t = 0; t < 48; ++t)
    EXPECT_EQ(out[t], in[(t + 1) % 48]);
}

TEST(Emulator, InlinePtxBfindAndVabsdiff4MatchTheHost) {
  // CUDA samples: cdpAdvancedQuicksort's bfind.u32, stereoDisparity's
  // vabsdiff4 (__vsadu4).
  const char *code = R"(
__global__ void ptx(const unsigned *in, unsigned *out) {
  int t = threadIdx.x;
  unsigned a = in[t], b = in[63 - t], r, s;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(a));
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(7u));
  out[t] = r;
  out[64 + t] = s;
}
)";
  std::vector<uint32_t> in(64);
  for (uint32_t t = 0; t < 64; ++t)
    in[t] = t == 0 ? 0 : (t * 0x01030507u) >> (t % 24);
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<uint32_t>(128, 0));
  auto run = emulate(code, "ptx", {1, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  e.trace(0);
  std::vector<uint32_t> out = e.buffer<uint32_t>(1);
  for (int t = 0; t < 64; ++t) {
    SCOPED_TRACE("thread " + std::to_string(t));
    uint32_t a = in[t], b = in[63 - t];
    // bfind.u32: the most significant set bit, 0xffffffff for none.
    EXPECT_EQ(out[t], a ? 31u - uint32_t(__builtin_clz(a)) : 0xffffffffu);
    uint32_t sum = 7;
    for (int byte = 0; byte < 4; ++byte)
      sum += uint32_t(std::abs(int((a >> (8 * byte)) & 0xff) -
                               int((b >> (8 * byte)) & 0xff)));
    EXPECT_EQ(out[64 + t], sum);
  }
}

/// Host reference of the conversions whose out-of-range cases are
/// undefined in C++ but saturate on the GPU (cvt.rzi).
uint64_t toU64(double value) {
  if (!(value > 0))
    return 0;
  return value >= 18446744073709551616.0 ? ~0ull : uint64_t(value);
}

TEST(Emulator, IntrinsicsAndArithmeticMatchTheHost) {
  const char *code = R"(#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct Pair { float f; int i; short s; char c; };
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__global__ void features(const int *in, int *iout, float *fout, double *dout,
                         unsigned long long *lout, Pair *pairs, unsigned *counters) {
  int t = threadIdx.x;
  int v = in[t];
  unsigned u = (unsigned)v * 2654435761u;
  int k = 0;
  iout[k++ * 64 + t] = __popc(u) + __clz(u) * 100 + __ffs(v) * 10000;
  iout[k++ * 64 + t] = (int)__brev(u);
  iout[k++ * 64 + t] = v / 7 - v % 7 + (int)(u / 13u) + (int)(u % 13u) + (v >> 3) + (int)(u >> 5);
  iout[k++ * 64 + t] = min(v, 17) + max(v, -5) + abs(v - 30) + (int)umin(u, 1000u);
  iout[k++ * 64 + t] = __funnelshift_l(u, (unsigned)v, t) ^ __funnelshift_r(u, (unsigned)v, t);
  iout[k++ * 64 + t] = __shfl_xor_sync(0xffffffff, v, 1, 16) + 1000 * __shfl_up_sync(0xffffffff, v, 3, 8);
  long long l = (long long)v * 123456789123LL;
  lout[t] = __shfl_down_sync(0xffffffff, l, 2) ^ (unsigned long long)__shfl_sync(0xffffffff, (double)v, 5);
  unsigned mask = __activemask();
  iout[k++ * 64 + t] = (int)(mask ^ __match_any_sync(0xffffffff, v & 3));
  switch (v % 5) {
  case 0: iout[k * 64 + t] = 11; break;
  case 1: iout[k * 64 + t] = 22; break;
  case 3: iout[k * 64 + t] = 33; break;
  default: iout[k * 64 + t] = -1; break;
  }
  ++k;
  if (t % 2 == 0) iout[k * 64 + t] = (int)__ballot_sync(0x55555555, v > 10);
  ++k;
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
  iout[k++ * 64 + t] = cg::reduce(tile, v, cg::plus<int>());
  iout[k++ * 64 + t] = fib(t % 10);
  __half h = __float2half((float)v * 0.5f);
  __half h2 = __hmul(h, __float2half(3.0f));
  fout[t] = __half2float(__hadd(h2, h)) + sinf((float)v) * cosf((float)t) + powf(1.5f, (float)(t % 7)) + __fdividef((float)v, 3.0f) + rsqrtf((float)(t + 1)) + fmaf((float)v, 2.0f, 1.0f) + truncf(-2.7f * v) + roundf(v * 0.3f);
  dout[t] = exp((double)v / 100.0) + log1p((double)t) + fmax((double)v, 3.5) + floor((double)v / 3.0) + (double)(unsigned long long)(v * 1000.0) + atan2((double)v, (double)t + 1);
  Pair p = pairs[t];
  p.f *= 2; p.i += 1; p.s -= 2; p.c ^= 1;
  pairs[64 + (63 - t)] = p;
  atomicInc(&counters[0], 9u);
  atomicDec(&counters[1], 100u);
  atomicMax(&counters[2], (unsigned)v);
  unsigned old = counters[3], assumed;
  do { assumed = old; old = atomicCAS(&counters[3], assumed, assumed + (unsigned)t); } while (assumed != old);
  atomicAdd(&dout[64], 0.5);
  atomicSub((int *)&counters[4], 3);
  atomicExch(&counters[5], (unsigned)t);
  atomicOr(&counters[6], 1u << (t % 32));
  int arr[10];
  for (int i = 0; i < 10; ++i) arr[i] = in[(t + i) % 64] * i;
  iout[k++ * 64 + t] = arr[(unsigned)v % 10u] + arr[((unsigned)v + 3u) % 10u];
  printf("thread %d value %d\n", t, v);
  unsigned long long big = (unsigned long long)u * 0x9E3779B97F4A7C15ull;
  lout[64 + t] = big / 977 + __umul64hi(big, 12345) + __mulhi(v, 0x12345678) + (big >> 61);
  short s16 = (short)(v * 1000);
  iout[k++ * 64 + t] = (int)(s16 / 7) + (int)((unsigned short)s16 >> 3) + (int)(signed char)(v * 37);
}
)";
  std::vector<int> in(64);
  for (int t = 0; t < 64; ++t)
    in[t] = (t * 37 + 11) % 101 - 20;
  struct Pair {
    float f;
    int i;
    short s;
    char c;
  };
  std::vector<Pair> pairs(128);
  for (int t = 0; t < 64; ++t)
    pairs[t] = {t * 0.5f, t * 3, short(t - 40), char(t)};
  const int rows = 13;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<int>(rows * 64, -7));
  args.buffers[2] = bytesOf(std::vector<float>(64, 0));
  args.buffers[3] = bytesOf(std::vector<double>(65, 0));
  args.buffers[4] = bytesOf(std::vector<uint64_t>(128, 0));
  args.buffers[5] = bytesOf(pairs);
  args.buffers[6] = bytesOf(std::vector<uint32_t>(8, 0));
  auto run = emulate(code, "features", {1, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  e.trace(0);
  std::vector<int> iout = e.buffer<int>(1);
  std::vector<float> fout = e.buffer<float>(2);
  std::vector<double> dout = e.buffer<double>(3);
  std::vector<uint64_t> lout = e.buffer<uint64_t>(4);
  std::vector<Pair> pout = e.buffer<Pair>(5);
  std::vector<uint32_t> counters = e.buffer<uint32_t>(6);
  auto row = [&](int k, int t) { return iout[k * 64 + t]; };
  auto brev = [](uint32_t x) {
    uint32_t r = 0;
    for (int i = 0; i < 32; ++i)
      if (x & (1u << i))
        r |= 1u << (31 - i);
    return r;
  };
  auto fib = [](int n) {
    int a = 0, b = 1;
    for (int i = 0; i < n; ++i) {
      int c = a + b;
      a = b;
      b = c;
    }
    return a;
  };
  uint32_t maxU = 0;
  for (int t = 0; t < 64; ++t) {
    int v = in[t];
    uint32_t u = uint32_t(v) * 2654435761u;
    int lane = t % 32, base = t - lane;
    SCOPED_TRACE("thread " + std::to_string(t));
    EXPECT_EQ(row(0, t), __builtin_popcount(u) +
                             (u ? __builtin_clz(u) : 32) * 100 +
                             __builtin_ffs(v) * 10000);
    EXPECT_EQ(row(1, t), int(brev(u)));
    EXPECT_EQ(row(2, t), v / 7 - v % 7 + int(u / 13u) + int(u % 13u) +
                             (v >> 3) + int(u >> 5));
    EXPECT_EQ(row(3, t), std::min(v, 17) + std::max(v, -5) + std::abs(v - 30) +
                             int(std::min(u, 1000u)));
    uint64_t wide = (uint64_t(uint32_t(v)) << 32) | u;
    uint32_t left = uint32_t((wide << (t & 31)) >> 32);
    uint32_t right = uint32_t(wide >> (t & 31));
    EXPECT_EQ(uint32_t(row(4, t)), left ^ right);
    int up = lane % 8 >= 3 ? in[t - 3] : v;
    EXPECT_EQ(row(5, t), in[base + (lane ^ 1)] + 1000 * up);
    int64_t down = int64_t(in[lane + 2 <= 31 ? t + 2 : t]) * 123456789123LL;
    EXPECT_EQ(lout[t], uint64_t(down) ^ toU64(double(in[base + 5])));
    uint32_t same = 0;
    for (int l = 0; l < 32; ++l)
      if ((in[base + l] & 3) == (v & 3))
        same |= 1u << l;
    EXPECT_EQ(uint32_t(row(6, t)), 0xffffffffu ^ same);
    int r5 = v % 5;
    EXPECT_EQ(row(7, t), r5 == 0 ? 11 : r5 == 1 ? 22 : r5 == 3 ? 33 : -1);
    if (t % 2 == 0) {
      uint32_t ballot = 0;
      for (int l = 0; l < 32; l += 2)
        if (in[base + l] > 10)
          ballot |= 1u << l;
      EXPECT_EQ(uint32_t(row(8, t)), ballot);
    } else {
      EXPECT_EQ(row(8, t), -7);
    }
    int tileSum = 0;
    for (int l = t - t % 8; l < t - t % 8 + 8; ++l)
      tileSum += in[l];
    EXPECT_EQ(row(9, t), tileSum);
    EXPECT_EQ(row(10, t), fib(t % 10));
    float f = 2.0f * v + std::sin(float(v)) * std::cos(float(t)) +
              std::pow(1.5f, float(t % 7)) + float(v) / 3.0f +
              1.0f / std::sqrt(float(t + 1)) + std::fma(float(v), 2.0f, 1.0f) +
              std::trunc(-2.7f * v) + std::round(v * 0.3f);
    EXPECT_NEAR(fout[t], f, 1e-4 * std::max(1.0f, std::fabs(f)));
    double d = std::exp(v / 100.0) + std::log1p(double(t)) +
               std::fmax(double(v), 3.5) + std::floor(v / 3.0) +
               double(toU64(v * 1000.0)) + std::atan2(double(v), t + 1.0);
    EXPECT_NEAR(dout[t], d, 1e-9 * std::max(1.0, std::fabs(d)));
    const Pair &p = pairs[t];
    const Pair &q = pout[64 + (63 - t)];
    EXPECT_EQ(q.f, p.f * 2);
    EXPECT_EQ(q.i, p.i + 1);
    EXPECT_EQ(q.s, short(p.s - 2));
    EXPECT_EQ(q.c, char(p.c ^ 1));
    int arr[10];
    for (int i = 0; i < 10; ++i)
      arr[i] = in[(t + i) % 64] * i;
    EXPECT_EQ(row(11, t),
              arr[uint32_t(v) % 10u] + arr[(uint32_t(v) + 3u) % 10u]);
    uint64_t big = uint64_t(u) * 0x9E3779B97F4A7C15ull;
    uint64_t hi = uint64_t((static_cast<unsigned __int128>(big) * 12345) >> 64);
    int mulhi = int((int64_t(v) * 0x12345678) >> 32);
    EXPECT_EQ(lout[64 + t],
              big / 977 + hi + uint64_t(int64_t(mulhi)) + (big >> 61));
    short s16 = short(v * 1000);
    EXPECT_EQ(row(12, t), int(s16 / 7) + int((unsigned short)s16 >> 3) +
                              int((signed char)(v * 37)));
    maxU = std::max(maxU, uint32_t(v));
  }
  EXPECT_EQ(dout[64], 32.0);
  EXPECT_EQ(counters[0], 64u % 10u);  // atomicInc wraps at 9
  EXPECT_EQ(counters[1], 100u - 63u); // atomicDec from 0 wraps to 100
  EXPECT_EQ(counters[2], maxU);
  EXPECT_EQ(counters[3], 2016u); // CAS loop: sum of t
  EXPECT_EQ(counters[4], uint32_t(-192));
  EXPECT_LT(counters[5], 64u);
  EXPECT_EQ(counters[6], 0xffffffffu);
}

TEST(Emulator, AgreesWithTheAffineEnumerator) {
  // Both producers interpret the same prepared IR with the same layout, so
  // on an affine kernel their sites, masks and addresses must agree. The
  // instructions they count agree but for the loop's preheader (`mul`, `br`:
  // the row's offset), a block without memory operations, which the affine
  // path leaves out (InstructionGaps.h); the rotated loop is one block that
  // holds its loads. (They place a block's instructions after its last load
  // differently: the affine path before that load, the emulator before the
  // next memory instruction.)
  auto issued = [](const WarpTrace &warp) {
    uint64_t n = warp.trailingInstructions;
    for (const WarpInstruction &inst : warp.instructions)
      n += inst.instructionsBefore + 1;
    return n;
  };
  const char *code = R"(
__global__ void mm(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0;
    for (int k = 0; k < n; ++k)
      sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
})";
  const int n = 40;
  EmulatorArguments args;
  for (unsigned p = 0; p < 3; ++p)
    args.buffers[p] = bytesOf(std::vector<float>(n * n, 1));
  args.integers[3] = n;
  auto run = emulate(code, "mm", {3, 3, 1}, {16, 16, 1}, args, {{3, n}});
  ASSERT_OK(run);
  Emulation &e = **run;
  for (uint64_t block : {0u, 4u, 8u}) {
    std::vector<WarpTrace> emulated = e.trace(block),
                           enumerated = e.enumerate(block);
    ASSERT_EQ(emulated.size(), enumerated.size());
    for (size_t w = 0; w < emulated.size(); ++w) {
      SCOPED_TRACE("block " + std::to_string(block) + " warp " +
                   std::to_string(w));
      const auto &x = emulated[w].instructions, &y = enumerated[w].instructions;
      ASSERT_EQ(x.size(), y.size());
      for (size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(x[i].site, y[i].site) << i;
        EXPECT_EQ(x[i].kind, y[i].kind) << i;
        EXPECT_EQ(x[i].space, y[i].space) << i;
        EXPECT_EQ(x[i].size, y[i].size) << i;
        ASSERT_EQ(x[i].activeMask, y[i].activeMask) << i;
        for (unsigned lane = 0; lane < WarpSize; ++lane) {
          if ((x[i].activeMask >> lane) & 1) {
            ASSERT_EQ(x[i].addresses[lane], y[i].addresses[lane])
                << i << " " << lane;
          }
        }
      }
      // A warp whose lanes are all past n skips the loop and its preheader.
      uint64_t preheader = x.empty() ? 0 : 2;
      EXPECT_EQ(issued(emulated[w]), issued(enumerated[w]) + preheader);
    }
  }
}

/// A store under a guard that differs across lanes, inside a loop.
const char *const GuardedLoop = R"(
__global__ void guarded(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int k = 0; k < 8; ++k)
    if ((i + k) % 4 == 0)
      out[i * 8 + k] = v * k + 1;
})";

// GuardedLoop: on a GPU
// the warp issues the store in each iteration with the lanes whose guard
// holds there (here lane t stores when (t + k) % 4 == 0: 8 lanes in each of
// the 8 iterations), and issues the loop's code once an iteration. The
// affine enumerator runs the warp that way; the emulator's merge must key
// the lanes' stores by their iteration (it joined lane 0's store at k = 0
// with lane 1's at k = 3: 2 instructions of 32 lanes) and count the code
// between them once (it counted a lane's skipped iterations again).
TEST(Emulator, GuardsInLoopsMergeByIteration) {
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<float>(64, 1));
  args.buffers[1] = bytesOf(std::vector<float>(64 * 8, 0));
  auto run = emulate(GuardedLoop, "guarded", {1, 1, 1}, {64, 1, 1}, args);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> emulated = e.trace(0), enumerated = e.enumerate(0);
  ASSERT_EQ(emulated.size(), 2u);
  ASSERT_EQ(enumerated.size(), 2u);
  std::vector<unsigned> stores = e.sitesOf(1, access::AccessKind::Write);
  ASSERT_EQ(stores.size(), 1u);
  for (size_t w = 0; w < 2; ++w) {
    SCOPED_TRACE("warp " + std::to_string(w));
    const auto &x = emulated[w].instructions, &y = enumerated[w].instructions;
    // The load, then one store an iteration with lanes t, t + 4, ... for
    // t = (4 - k % 4) % 4.
    ASSERT_EQ(x.size(), 9u);
    for (unsigned k = 0; k < 8; ++k) {
      uint32_t mask = 0;
      for (unsigned lane = 0; lane < WarpSize; ++lane)
        if ((w * 32 + lane + k) % 4 == 0)
          mask |= 1u << lane;
      EXPECT_EQ(x[1 + k].site, stores[0]) << k;
      EXPECT_EQ(x[1 + k].activeMask, mask) << k;
    }
    ASSERT_EQ(x.size(), y.size());
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(x[i].site, y[i].site) << i;
      EXPECT_EQ(x[i].activeMask, y[i].activeMask) << i;
      EXPECT_EQ(x[i].addresses, y[i].addresses) << i;
    }
    // Instructions issued (the optimised IR, branches counted, phis not):
    //   entry:  tid.x, zext, gep | load | shl, br
    //   header: (phi), add, and, icmp, br                          4
    //   then:   uitofp, fmul, fadd, add, zext, gep | store | br    6 + 1
    //   latch:  add, icmp, br                                      3
    //   exit:   ret
    // Before the load 3; before the store at k = 0: shl, br, the header and
    // the 6 before the store = 12; at k > 0: the then-block's br, the latch,
    // the header and the 6 = 14; after the last store: br, latch, ret = 5.
    // The warp issues every block of each iteration once: 3 + 2 + 8 * 14 +
    // 1 = 118 = 3 + 12 + 7 * 14 + 5. (The affine path leaves out the loop's
    // header and latch, InstructionGaps.h: 7 an iteration.)
    EXPECT_EQ(x[0].instructionsBefore, 3u);
    EXPECT_EQ(x[1].instructionsBefore, 12u);
    for (unsigned k = 1; k < 8; ++k)
      EXPECT_EQ(x[1 + k].instructionsBefore, 14u) << k;
    EXPECT_EQ(emulated[w].trailingInstructions, 5u);
  }
}

// Past its share of the block's log in markers, a thread logs no more of
// them, and its warp is merged without: the stores still join by iteration
// (8 stores of 8 lanes, not 2 of 32), but each counts the largest gap of its
// lanes since their previous entry.
TEST(Emulator, MarkersPastTheLogShareKeepIterations) {
  EmulatorArguments args;
  args.buffers[0] = bytesOf(std::vector<float>(32, 1));
  args.buffers[1] = bytesOf(std::vector<float>(32 * 8, 0));
  // A share of 10 entries a thread: its 3 memory operations fit, its
  // markers (4 an iteration: the header's and the latch's joins, the guard's
  // and the latch's branches) do not.
  EmulatorOptions options;
  options.maxEventsPerBlock = 32 * 10;
  auto run =
      emulate(GuardedLoop, "guarded", {1, 1, 1}, {32, 1, 1}, args, {}, options);
  ASSERT_OK(run);
  Emulation &e = **run;
  std::vector<WarpTrace> warps = e.trace(0);
  ASSERT_EQ(warps.size(), 1u);
  const auto &x = warps[0].instructions;
  ASSERT_EQ(x.size(), 9u);
  // Without markers nothing holds lane 0 back until the other lanes' stores
  // of iterations 1-3 are out, so each group's two stores come out together
  // (the merge goes on with the lowest lane's next entry when it is ready).
  // Lanes t = 4 - k (mod 4) store at k and k + 4. Instructions, from
  // GuardsInLoopsMergeByIteration's listing: the first store at k counts
  // shl, br, k iterations without it (header 4 + latch 3) and the header and
  // the 6 before it: 12 + 7 k; the second its lanes' gap since the first:
  // the then-block's br, the latch, 3 iterations of 7 and 4 + 6 = 35 (a
  // SIMT warp issues 14 there).
  const unsigned firstK[4] = {0, 3, 2, 1}; // Of lanes 0, 1, 2, 3 mod 4.
  for (unsigned group = 0; group < 4; ++group) {
    SCOPED_TRACE("lanes " + std::to_string(group) + " mod 4");
    const WarpInstruction &first = x[1 + 2 * group], &second = x[2 + 2 * group];
    EXPECT_EQ(first.activeMask, 0x11111111u << group);
    EXPECT_EQ(second.activeMask, 0x11111111u << group);
    EXPECT_EQ(first.instructionsBefore, 12 + 7 * firstK[group]);
    EXPECT_EQ(second.instructionsBefore, 35u);
  }
}

TEST(Emulator, AssertionsAndUnsupportedAsmAreNamed) {
  const char *code = R"(
#include <assert.h>
__global__ void checked(const int *in, int *out) {
  int t = threadIdx.x;
  assert(in[t] < 10);
  out[t] = in[t];
}
__global__ void exotic(int *out) {
  unsigned r;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r));
  out[threadIdx.x] = r;
})";
  std::vector<int> in(32, 1);
  in[7] = 12;
  EmulatorArguments args;
  args.buffers[0] = bytesOf(in);
  args.buffers[1] = bytesOf(std::vector<int>(32, 0));
  auto run = emulate(code, "checked", {1, 1, 1}, {32, 1, 1}, args);
  ASSERT_OK(run);
  std::vector<WarpTrace> warps;
  llvm::Error error = (*run)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("thread (7,0,0) failed an assertion"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("in[t] < 10"), std::string::npos) << message;

  EmulatorArguments exoticArgs;
  exoticArgs.buffers[0] = bytesOf(std::vector<int>(32, 0));
  auto exotic = emulate(code, "exotic", {1, 1, 1}, {32, 1, 1}, exoticArgs);
  ASSERT_OK(exotic);
  error = (*exotic)->source->traceBlock(0, warps);
  ASSERT_TRUE(static_cast<bool>(error));
  message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("inline assembly 'mov.u32 $0, %dynamic_smem_size;'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find(":10:"), std::string::npos) << message;
}

} // namespace
