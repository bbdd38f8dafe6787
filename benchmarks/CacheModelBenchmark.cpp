//===- CacheModelBenchmark.cpp - Warp-level requests per second -----------===//
//
// The GPU cache model must run at least 20 million warp-level (line)
// requests per second on one core through the full L1 model: the seed 000
// warp-queue engine on the fermi-gtx470 preset (half-normal latencies, 64
// MSHRs of which 6 per warp, the XOR set hash, LRU from per-set stack
// distances, warp delays, latency misses). One SM is modelled; the traces are
// generated in memory (no compiler in the loop), so the figure covers the
// model: splitting warp instructions into lines, ordering, and the L1.
//
//   ./build-bench/bin/CacheModelBenchmark
//
// Items per second = line requests the L1 handled (hits, misses, latency
// misses; reservation-failure retries are extra work not counted).
//
//===----------------------------------------------------------------------===//

#include "gpurd/Arch/Presets.h"
#include "gpurd/Model/CacheModel.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>

using namespace gpurd;

namespace {

/// PolyBench/GPU GEMM (N x N, blocks of 32 x 8 threads): warp w of block
/// (bx, by) computes C[i][32 bx .. 32 bx + 31] with i = 8 by + w:
/// for k: A[i][k] (one line, broadcast) and B[k][j] (one coalesced line),
/// then C[i][j] read and written.
model::KernelTraceInput gemm(uint64_t n) {
  model::KernelTraceInput input;
  input.launch.grid = {n / 32, n / 8, 1};
  input.launch.block = {32, 8, 1};
  input.traceBlock = [n](uint64_t block, std::vector<trace::WarpTrace> &warps) {
    const uint64_t a = 0, b = n * n * 4, c = 2 * n * n * 4;
    uint64_t bx = block % (n / 32), by = block / (n / 32);
    warps.resize(8);
    for (unsigned w = 0; w < 8; ++w) {
      trace::WarpTrace &warp = warps[w];
      warp.block = block;
      warp.warp = w;
      warp.instructions.resize(2 * n + 2);
      uint64_t i = 8 * by + w;
      auto set = [&](trace::WarpInstruction &in, uint32_t site,
                     trace::AccessKind kind, uint64_t base, uint64_t stride) {
        in.site = site;
        in.kind = kind;
        in.size = 4;
        in.activeMask = ~0u;
        for (unsigned l = 0; l < 32; ++l)
          in.addresses[l] = base + l * stride;
      };
      for (uint64_t k = 0; k < n; ++k) {
        set(warp.instructions[2 * k], 1, trace::AccessKind::Read,
            a + (i * n + k) * 4, 0);
        set(warp.instructions[2 * k + 1], 2, trace::AccessKind::Read,
            b + (k * n + 32 * bx) * 4, 4);
      }
      set(warp.instructions[2 * n], 3, trace::AccessKind::Read,
          c + (i * n + 32 * bx) * 4, 4);
      set(warp.instructions[2 * n + 1], 3, trace::AccessKind::Write,
          c + (i * n + 32 * bx) * 4, 4);
    }
    return llvm::Error::success();
  };
  return input;
}

/// The same GEMM handed to the model as line requests (what a producer that
/// coalesces by itself passes through KernelTraceInput::requestBlock): this
/// measures the L1 model alone. The requests of each block are generated once
/// and copied out on every run (a memcpy), so the figure is the model's.
model::KernelTraceInput gemmRequests(uint64_t n) {
  model::KernelTraceInput input;
  input.launch.grid = {n / 32, n / 8, 1};
  input.launch.block = {32, 8, 1};
  auto cache =
      std::make_shared<std::map<uint64_t, std::vector<model::WarpRequests>>>();
  input.requestBlock = [n, cache](uint64_t block,
                                  const model::CacheLevelConfig &l1,
                                  unsigned l2LineSize,
                                  std::vector<model::WarpRequests> &warps) {
    auto found = cache->find(block);
    if (found != cache->end()) {
      warps = found->second;
      return llvm::Error::success();
    }
    const uint64_t a = 0, b = n * n * 4, c = 2 * n * n * 4;
    const uint64_t line = l1.lineSize;
    uint64_t bx = block % (n / 32), by = block / (n / 32);
    warps.resize(8);
    for (unsigned w = 0; w < 8; ++w) {
      model::WarpRequests &warp = warps[w];
      warp.ops.clear();
      warp.l1Requests.clear();
      warp.l2Lines.clear();
      uint64_t i = 8 * by + w;
      auto add = [&](uint32_t site, model::OpKind kind, uint64_t address) {
        model::WarpMemoryOp op;
        op.site = site;
        op.kind = kind;
        op.usesL1 = true;
        op.l1Begin = static_cast<uint32_t>(warp.l1Requests.size());
        warp.l1Requests.push_back({address / line, 1});
        op.l1End = op.l1Begin + 1;
        op.l2Begin = op.l2End = static_cast<uint32_t>(warp.l2Lines.size());
        if (kind == model::OpKind::Write && l2LineSize) {
          warp.l2Lines.push_back(address / l2LineSize);
          op.l2End = op.l2Begin + 1;
        }
        warp.ops.push_back(op);
      };
      for (uint64_t k = 0; k < n; ++k) {
        add(1, model::OpKind::Read, a + (i * n + k) * 4);
        add(2, model::OpKind::Read, b + (k * n + 32 * bx) * 4);
      }
      add(3, model::OpKind::Read, c + (i * n + 32 * bx) * 4);
      add(3, model::OpKind::Write, c + (i * n + 32 * bx) * 4);
    }
    (*cache)[block] = warps;
    return llvm::Error::success();
  };
  return input;
}

/// Uncoalesced gathers: every lane its own random line in a 4 MB array
/// (32 line requests per warp instruction; heavy MSHR pressure).
model::KernelTraceInput gather(uint64_t blocks, unsigned instructions) {
  model::KernelTraceInput input;
  input.launch.grid = {blocks, 1, 1};
  input.launch.block = {256, 1, 1};
  input.traceBlock = [instructions](uint64_t block,
                                    std::vector<trace::WarpTrace> &warps) {
    std::mt19937_64 rng(block);
    warps.resize(8);
    for (unsigned w = 0; w < 8; ++w) {
      trace::WarpTrace &warp = warps[w];
      warp.block = block;
      warp.warp = w;
      warp.instructions.resize(instructions);
      for (trace::WarpInstruction &in : warp.instructions) {
        in.site = 0;
        in.kind = trace::AccessKind::Read;
        in.size = 4;
        in.activeMask = ~0u;
        for (unsigned l = 0; l < 32; ++l)
          in.addresses[l] = (rng() % (1u << 20)) * 4;
      }
    }
    return llvm::Error::success();
  };
  return input;
}

void runModel(benchmark::State &state, const model::KernelTraceInput &input,
              model::ExecutionEngine engine, const char *preset) {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset(preset);
  if (!arch) {
    state.SkipWithError(llvm::toString(arch.takeError()).c_str());
    return;
  }
  model::CacheModelOptions options;
  options.sms = {0};
  options.engine = engine;
  options.l2 = model::L2Mode::Off;
  uint64_t requests = 0;
  for (auto _ : state) {
    llvm::Expected<model::CacheModelResults> results =
        model::runCacheModel(*arch, input, options);
    if (!results) {
      state.SkipWithError(llvm::toString(results.takeError()).c_str());
      return;
    }
    requests += results->l1.readAccesses + results->l1.writeAccesses +
                results->l1.bypassed;
    benchmark::DoNotOptimize(results->l1.readHits);
  }
  state.SetItemsProcessed(static_cast<int64_t>(requests));
}

void BM_WarpQueue_Gemm512(benchmark::State &state) {
  // 1024 blocks; SM 0 of 14 runs 74 of them: 74 * 8 warps * 1026 requests.
  runModel(state, gemm(512), model::ExecutionEngine::WarpQueue,
           "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gemm512)->Unit(benchmark::kMillisecond);

void BM_WarpQueue_Gemm512_Requests(benchmark::State &state) {
  runModel(state, gemmRequests(512), model::ExecutionEngine::WarpQueue,
           "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gemm512_Requests)->Unit(benchmark::kMillisecond);

void BM_WarpQueue_Gemm64_Requests(benchmark::State &state) {
  runModel(state, gemmRequests(64), model::ExecutionEngine::WarpQueue,
           "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gemm64_Requests)->Unit(benchmark::kMillisecond);

void BM_WarpQueue_Gather(benchmark::State &state) {
  runModel(state, gather(14 * 8, 64), model::ExecutionEngine::WarpQueue,
           "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gather)->Unit(benchmark::kMillisecond);

void BM_ParallelSteps_Gemm512(benchmark::State &state) {
  runModel(state, gemm(512), model::ExecutionEngine::ParallelSteps,
           "maxwell-gtx970");
}
BENCHMARK(BM_ParallelSteps_Gemm512)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
