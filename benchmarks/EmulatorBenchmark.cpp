//===- EmulatorBenchmark.cpp - Interpreted IR instructions per second -----===//
//
// The emulator must interpret at least 20 million IR instructions per second
// on one core (issue: emulator). Measured on two realistic kernels, compiled
// once; each benchmark iteration traces one block (trace building included):
//
//  * the GEMM of PolyBench/GPU at N = 256 (inner loop: two global loads, a
//    multiply-add, the induction variable, the exit test), and
//  * a shared-memory tiled matrix multiply (16 x 16 tiles, __syncthreads).
//
// The `instructions/s` counter is the figure to report (docs/performance.md).
//
//===----------------------------------------------------------------------===//

// lib/Trace/Emulator is not on this target's include path; the header is
// private.
#include "../lib/Trace/Emulator/EmulatorTesting.h"
#include "KernelFixture.h"

#include "gpurd/Trace/Emulator.h"

#include <benchmark/benchmark.h>

using namespace gpurd;

namespace {

const char *const Gemm = R"(
#define N 256
__global__ void gemm(float *a, float *b, float *c, float alpha, float beta) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < N) && (j < N)) {
    c[i * N + j] *= beta;
    for (int k = 0; k < N; k++)
      c[i * N + j] += alpha * a[i * N + k] * b[k * N + j];
  }
})";

const char *const TiledMatmul = R"(
#define TILE 16
__global__ void tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = sum;
})";

std::vector<uint8_t> floats(size_t count) {
  std::vector<uint8_t> bytes(count * sizeof(float));
  for (size_t i = 0; i < count; ++i) {
    float value = float(i % 13) * 0.25f;
    memcpy(bytes.data() + i * sizeof(float), &value, sizeof(float));
  }
  return bytes;
}

void emulate(benchmark::State &state, const char *code, const char *name,
             std::array<uint64_t, 3> grid, std::array<uint64_t, 3> block,
             trace::EmulatorArguments arguments,
             std::map<unsigned, int64_t> folded) {
  // Compiled once per kernel (the benchmark calls this for every run).
  static std::map<std::string, std::unique_ptr<test::CompiledKernel>> cache;
  std::unique_ptr<test::CompiledKernel> &compiled = cache[name];
  if (!compiled) {
    auto fresh = test::compileKernel(code, name, grid, block, folded);
    if (!fresh) {
      state.SkipWithError(llvm::toString(fresh.takeError()).c_str());
      return;
    }
    compiled = std::move(*fresh);
  }
  trace::TraceLaunch launch;
  launch.grid = grid;
  launch.block = block;
  std::map<unsigned, uint64_t> sizes;
  for (const auto &[param, bytes] : arguments.buffers)
    sizes[param] = bytes.size();
  trace::MemoryLayout layout =
      trace::createLayout(*compiled->prepared.function, sizes, 0);
  auto source = trace::createEmulator(compiled->prepared, compiled->model,
                                      launch, layout, std::move(arguments));
  if (!source) {
    state.SkipWithError(llvm::toString(source.takeError()).c_str());
    return;
  }
  std::vector<trace::WarpTrace> warps;
  uint64_t accesses = 0, blockId = 0;
  uint64_t before = trace::emulatorInstructionCount(**source);
  for (auto _ : state) {
    if (llvm::Error error = (*source)->traceBlock(blockId, warps)) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
    for (const trace::WarpTrace &warp : warps)
      for (const trace::WarpInstruction &inst : warp.instructions)
        accesses += __builtin_popcount(inst.activeMask);
    blockId = (blockId + 1) % launch.numBlocks();
    benchmark::DoNotOptimize(warps.data());
  }
  uint64_t instructions = trace::emulatorInstructionCount(**source) - before;
  state.counters["instructions/s"] = benchmark::Counter(
      static_cast<double>(instructions), benchmark::Counter::kIsRate);
  state.counters["instructions/block"] = benchmark::Counter(
      static_cast<double>(instructions), benchmark::Counter::kAvgIterations);
  state.counters["accesses/s"] = benchmark::Counter(
      static_cast<double>(accesses), benchmark::Counter::kIsRate);
}

void emulateGemm(benchmark::State &state) {
  trace::EmulatorArguments arguments;
  arguments.buffers[0] = floats(256 * 256);
  arguments.buffers[1] = floats(256 * 256);
  arguments.buffers[2] = floats(256 * 256);
  arguments.floats[3] = 1.5;
  arguments.floats[4] = 0.5;
  emulate(state, Gemm, "gemm", {8, 32, 1}, {32, 8, 1}, std::move(arguments),
          {});
}
BENCHMARK(emulateGemm)->Unit(benchmark::kMillisecond);

void emulateTiledMatmul(benchmark::State &state) {
  trace::EmulatorArguments arguments;
  arguments.buffers[0] = floats(256 * 256);
  arguments.buffers[1] = floats(256 * 256);
  arguments.buffers[2] = floats(256 * 256);
  arguments.integers[3] = 256;
  emulate(state, TiledMatmul, "tiled", {16, 16, 1}, {16, 16, 1},
          std::move(arguments), {});
}
BENCHMARK(emulateTiledMatmul)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
