//===- AffineEnumeratorBenchmark.cpp - Thread-level accesses per second ---===//
//
// The affine enumerator must produce at least 100 million thread-level
// accesses per second on one core (issue: request streams). Measured on the
// GEMM of PolyBench/GPU at N = 512 (the kernel is compiled once; the
// benchmark enumerates blocks).
//
//===----------------------------------------------------------------------===//

#include "KernelFixture.h"

#include "gpurd/Trace/AffineEnumerator.h"

#include <benchmark/benchmark.h>

using namespace gpurd;

namespace {

const char *const Gemm = R"(
#define N 512
__global__ void gemm(float *a, float *b, float *c, float alpha, float beta) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < N) && (j < N)) {
    c[i * N + j] *= beta;
    for (int k = 0; k < N; k++)
      c[i * N + j] += alpha * a[i * N + k] * b[k * N + j];
  }
})";

/// \p warpByWarp: through traceWarps (one warp's buffer, what the cache
/// model consumes) instead of traceBlock (the whole block).
void enumerate(benchmark::State &state, bool warpByWarp) {
  static auto compiled =
      test::compileKernel(Gemm, "gemm", {16, 64, 1}, {32, 8, 1});
  if (!compiled) {
    state.SkipWithError(llvm::toString(compiled.takeError()).c_str());
    return;
  }
  trace::TraceLaunch launch;
  launch.grid = {16, 64, 1};
  launch.block = {32, 8, 1};
  trace::MemoryLayout layout =
      trace::createLayout(*(*compiled)->prepared.function, {}, 0);
  auto source = trace::createAffineEnumerator((*compiled)->model, launch,
                                              layout, &(*compiled)->prepared);
  if (!source) {
    state.SkipWithError(llvm::toString(source.takeError()).c_str());
    return;
  }
  std::vector<trace::WarpTrace> warps;
  uint64_t accesses = 0, block = 0;
  auto count = [&](const trace::WarpTrace &warp) {
    for (const trace::WarpInstruction &inst : warp.instructions)
      accesses += __builtin_popcount(inst.activeMask);
    benchmark::DoNotOptimize(warp.instructions.data());
    return llvm::Error::success();
  };
  for (auto _ : state) {
    llvm::Error error = warpByWarp ? (*source)->traceWarps(block, count)
                                   : (*source)->traceBlock(block, warps);
    if (error) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
    for (const trace::WarpTrace &warp : warps)
      llvm::cantFail(count(warp));
    block = (block + 1) % launch.numBlocks();
    benchmark::DoNotOptimize(warps.data());
  }
  state.counters["accesses/s"] = benchmark::Counter(
      static_cast<double>(accesses), benchmark::Counter::kIsRate);
}

void enumerateGemm(benchmark::State &state) { enumerate(state, false); }
BENCHMARK(enumerateGemm)->Unit(benchmark::kMillisecond);

void enumerateGemmWarpByWarp(benchmark::State &state) {
  enumerate(state, true);
}
BENCHMARK(enumerateGemmWarpByWarp)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
