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

/// A 5-point stencil over an n x n grid of floats (blocks of 32 x 8
/// threads): out[i][j] = in[i-1][j] + in[i+1][j] + in[i][j-1] + in[i][j] +
/// in[i][j+1]; the j-1 and j+1 loads straddle two lines.
model::KernelTraceInput stencil(uint64_t n) {
  model::KernelTraceInput input;
  input.launch.grid = {n / 32, n / 8, 1};
  input.launch.block = {32, 8, 1};
  input.traceBlock = [n](uint64_t block, std::vector<trace::WarpTrace> &warps) {
    const uint64_t in = 0, out = n * n * 4;
    uint64_t bx = block % (n / 32), by = block / (n / 32);
    warps.resize(8);
    for (unsigned w = 0; w < 8; ++w) {
      trace::WarpTrace &warp = warps[w];
      warp.block = block;
      warp.warp = w;
      warp.instructions.assign(6, trace::WarpInstruction());
      uint64_t i = std::min(std::max<uint64_t>(8 * by + w, 1), n - 2);
      uint64_t j = std::max<uint64_t>(32 * bx, 1);
      const int64_t offsets[5][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 0}, {0, 1}};
      for (unsigned k = 0; k <= 5; ++k) {
        trace::WarpInstruction &instruction = warp.instructions[k];
        instruction.site = k;
        instruction.kind =
            k == 5 ? trace::AccessKind::Write : trace::AccessKind::Read;
        instruction.size = 4;
        instruction.activeMask = ~0u;
        for (unsigned l = 0; l < 32; ++l) {
          uint64_t row = k == 5 ? i : i + offsets[k][0];
          uint64_t col = std::min(j + l + (k == 5 ? 0 : offsets[k][1]), n - 1);
          instruction.addresses[l] = (k == 5 ? out : in) + (row * n + col) * 4;
        }
      }
    }
    return llvm::Error::success();
  };
  return input;
}

/// \p traces handed to the model as line requests (what a producer that
/// coalesces by itself passes through KernelTraceInput::requestBlock): this
/// measures the L1 model alone. Each block is split into requests once
/// (prepareWarpRequests) and copied out on every run, so the figure is the
/// model's.
model::KernelTraceInput cachedRequests(model::KernelTraceInput traces) {
  model::KernelTraceInput input;
  input.launch = traces.launch;
  auto cache =
      std::make_shared<std::map<uint64_t, std::vector<model::WarpRequests>>>();
  input.requestBlock =
      [traces, cache](uint64_t block, const model::CacheLevelConfig &l1,
                      unsigned l2LineSize,
                      std::vector<model::WarpRequests> &warps) -> llvm::Error {
    auto found = cache->find(block);
    if (found == cache->end()) {
      std::vector<trace::WarpTrace> trace;
      if (llvm::Error e = traces.traceBlock(block, trace))
        return e;
      std::vector<model::WarpRequests> prepared(trace.size());
      model::RequestCounts counts;
      for (size_t w = 0; w < trace.size(); ++w)
        model::prepareWarpRequests(trace[w], l1, l2LineSize, prepared[w],
                                   counts);
      found = cache->emplace(block, std::move(prepared)).first;
    }
    warps = found->second;
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

/// Runs \p input on one SM of \p preset, without an L2. The clock is seed
/// 000's requests unless \p clock says otherwise, so that the figures
/// compare with those measured before the cycle clock.
void runModel(benchmark::State &state, const model::KernelTraceInput &input,
              model::ExecutionEngine engine, const char *preset,
              model::Clock clock = model::Clock::Requests,
              bool unsectored = false) {
  llvm::Expected<arch::ArchDescription> arch = arch::loadPreset(preset);
  if (!arch) {
    state.SkipWithError(llvm::toString(arch.takeError()).c_str());
    return;
  }
  if (unsectored && arch->l1)
    arch->l1->sectorSize.reset();
  model::CacheModelOptions options;
  options.sms = {0};
  options.engine = engine;
  options.clock = clock;
  options.l2 = model::L2Mode::Off;
  // One untimed run first: it fills cachedRequests' cache, so that the
  // timed runs measure the model and not the one-time generation and
  // splitting of the traces (which would otherwise land in the first timed
  // iteration of every run).
  llvm::Expected<model::CacheModelResults> warmUp =
      model::runCacheModel(*arch, input, options);
  if (!warmUp) {
    state.SkipWithError(llvm::toString(warmUp.takeError()).c_str());
    return;
  }
  // What the model computed, so that a change in speed can be told from a
  // change in the work (more misses are more work).
  state.counters["l1_hit_rate"] = warmUp->l1.readHitRate();
  state.counters["l1_misses"] =
      static_cast<double>(warmUp->l1.readMissCount() -
                          warmUp->l1.readMissCount(model::MissClass::Latency));
  // Requests re-issued after finding no MSHR: work that items_per_second
  // does not count.
  state.counters["l1_retries"] =
      static_cast<double>(warmUp->l1.reservationFailures);
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

// End to end: 32-lane warp traces split into lines, then the L1 model.
void BM_WarpQueue_Gemm512_Traces(benchmark::State &state) {
  runModel(state, gemm(512), model::ExecutionEngine::WarpQueue, "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gemm512_Traces)->Unit(benchmark::kMillisecond);

// The L1 model on line requests.
void BM_WarpQueue_Gemm512(benchmark::State &state) {
  runModel(state, cachedRequests(gemm(512)), model::ExecutionEngine::WarpQueue,
           "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gemm512)->Unit(benchmark::kMillisecond);

// The same on the default architecture: a sectored, write-through L1 of
// 4 sets x 384 ways (the A100 preset's 192 KB for a kernel without shared
// memory).
void BM_WarpQueue_Gemm512_A100(benchmark::State &state) {
  runModel(state, cachedRequests(gemm(512)), model::ExecutionEngine::WarpQueue,
           "ampere-a100");
}
BENCHMARK(BM_WarpQueue_Gemm512_A100)->Unit(benchmark::kMillisecond);

// The same L1 without sectors (the line model on the same requests): what
// the sectors cost, the work (more misses) and the bookkeeping together.
void BM_WarpQueue_Gemm512_A100_Unsectored(benchmark::State &state) {
  runModel(state, cachedRequests(gemm(512)), model::ExecutionEngine::WarpQueue,
           "ampere-a100", model::Clock::Requests, /*unsectored=*/true);
}
BENCHMARK(BM_WarpQueue_Gemm512_A100_Unsectored)->Unit(benchmark::kMillisecond);

// The same with the preset's clock in cycles (4 requests a cycle,
// latencies in cycles).
void BM_WarpQueue_Gemm512_A100_Cycles(benchmark::State &state) {
  runModel(state, cachedRequests(gemm(512)), model::ExecutionEngine::WarpQueue,
           "ampere-a100", model::Clock::Cycles);
}
BENCHMARK(BM_WarpQueue_Gemm512_A100_Cycles)->Unit(benchmark::kMillisecond);

void BM_WarpQueue_Stencil2048(benchmark::State &state) {
  runModel(state, cachedRequests(stencil(2048)),
           model::ExecutionEngine::WarpQueue, "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Stencil2048)->Unit(benchmark::kMillisecond);

void BM_WarpQueue_Gather(benchmark::State &state) {
  runModel(state, cachedRequests(gather(14 * 8, 64)),
           model::ExecutionEngine::WarpQueue, "fermi-gtx470");
}
BENCHMARK(BM_WarpQueue_Gather)->Unit(benchmark::kMillisecond);

void BM_ParallelSteps_Gemm512(benchmark::State &state) {
  runModel(state, cachedRequests(gemm(512)),
           model::ExecutionEngine::ParallelSteps, "maxwell-gtx970");
}
BENCHMARK(BM_ParallelSteps_Gemm512)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
