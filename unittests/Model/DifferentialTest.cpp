//===- DifferentialTest.cpp - The model against brute-force caches --------===//
//
// With zero latency, unlimited MSHRs, one warp at a time and LRU, the model's
// hit/miss sequence (and its per-set stack distances) must equal those of a
// brute-force set-associative LRU cache, for random, strided and matrix
// access patterns, several geometries and every index function; likewise for
// FIFO and LFU against brute-force FIFO and LFU caches. Both execution
// engines are checked (the parallel-steps one with one bank, one port and one
// scheduler). Sectored LRU caches are checked sector by sector against a
// brute-force cache that keeps a valid mask per resident line.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include "gpurd/Arch/IndexFunction.h"
#include "gpurd/Model/WarpRequests.h"

#include <algorithm>
#include <random>

using namespace gpurd;
using namespace gpurd::model;
using namespace gpurd::model::test;

namespace {

struct Geometry {
  unsigned lineSize;
  unsigned sets;
  unsigned assoc;
};

/// One SM, one scheduler, an LRU L1 of geometry \p g (MOD index) without
/// latency and with as many MSHR entries as any test needs; for the
/// parallel-steps engine one bank with one port, so that requests go one at
/// a time.
arch::ArchDescription differentialArch(const Geometry &g,
                                       ExecutionEngine engine) {
  arch::ArchDescription arch = oneSmArch("differential");
  arch.sm.warpSchedulers = 1;
  arch.l1 = cache(uint64_t(g.sets) * g.assoc, g.lineSize, g.assoc);
  arch.l1->latencyModel = fixedLatency(0);
  arch.l1->mshr = mshrs(1 << 20);
  if (engine == ExecutionEngine::ParallelSteps) {
    arch.l1->banks = 1;
    arch.l1->ports = 1;
  }
  return arch;
}

/// Runs the L1 alone on \p engine, recording its requests in \p recorder.
CacheModelResults runRecorded(const arch::ArchDescription &arch,
                              const HandKernel &kernel, ExecutionEngine engine,
                              Recorder &recorder) {
  CacheModelOptions options;
  options.engine = engine;
  options.observer = &recorder;
  options.l2 = L2Mode::Off;
  return run(arch, kernel, options);
}

/// Brute-force cache: per set, the full recency stack (most recent first)
/// and, for FIFO/LFU, the resident lines.
class BruteForceCache {
public:
  BruteForceCache(arch::ReplacementPolicy policy, const Geometry &g,
                  const arch::IndexFunction &index)
      : policy(policy), g(g), index(index), stacks(g.sets), resident(g.sets) {}

  struct Outcome {
    bool hit;
    uint64_t distance;
  };
  Outcome access(uint64_t lineAddress) {
    unsigned set = index.setIndex(lineAddress, g.lineSize, g.sets);
    uint64_t line = lineAddress / g.lineSize;
    std::vector<uint64_t> &stack = stacks[set];
    auto it = std::find(stack.begin(), stack.end(), line);
    uint64_t distance = it == stack.end()
                            ? InfiniteDistance
                            : static_cast<uint64_t>(it - stack.begin());
    if (it != stack.end())
      stack.erase(it);
    stack.insert(stack.begin(), line);
    bool hit;
    if (policy == arch::ReplacementPolicy::Lru) {
      hit = distance < g.assoc;
    } else {
      std::vector<Way> &ways = resident[set];
      auto w = std::find_if(ways.begin(), ways.end(),
                            [&](const Way &x) { return x.line == line; });
      hit = w != ways.end();
      ++clock;
      if (hit) {
        ++w->count;
      } else {
        if (ways.size() == g.assoc) {
          auto victim = std::min_element(
              ways.begin(), ways.end(), [&](const Way &a, const Way &b) {
                if (policy == arch::ReplacementPolicy::Lfu &&
                    a.count != b.count)
                  return a.count < b.count;
                return a.inserted < b.inserted;
              });
          ways.erase(victim);
        }
        ways.push_back({line, 1, clock});
      }
    }
    return {hit, distance};
  }

private:
  struct Way {
    uint64_t line;
    uint64_t count;
    uint64_t inserted;
  };
  arch::ReplacementPolicy policy;
  Geometry g;
  arch::IndexFunction index;
  std::vector<std::vector<uint64_t>> stacks;
  std::vector<std::vector<Way>> resident;
  uint64_t clock = 0;
};

enum class Pattern { Random, Strided, Matrix };

/// A launch of several one-warp blocks, run one block at a time.
HandKernel makeKernel(Pattern pattern, const Geometry &g, uint64_t seed) {
  HandKernel kernel;
  std::mt19937_64 rng(seed);
  const uint64_t cacheBytes = uint64_t(g.lineSize) * g.sets * g.assoc;
  const unsigned blocks = 3;
  kernel.launch.grid = {blocks, 1, 1};
  kernel.launch.block = {32, 1, 1};
  for (unsigned b = 0; b < blocks; ++b) {
    trace::WarpTrace &warp = kernel.warp(b, 0);
    switch (pattern) {
    case Pattern::Random:
      // Single lanes and scattered gathers over four times the cache.
      for (unsigned i = 0; i < 300; ++i) {
        if (i % 5 == 4) {
          trace::WarpInstruction gather;
          gather.size = 4;
          gather.activeMask = static_cast<uint32_t>(rng());
          for (unsigned l = 0; l < trace::WarpSize; ++l)
            gather.addresses[l] = (rng() % (4 * cacheBytes)) & ~uint64_t(3);
          warp.instructions.push_back(gather);
        } else {
          warp.instructions.push_back(
              lane0((rng() % (4 * cacheBytes)) & ~uint64_t(3)));
        }
      }
      break;
    case Pattern::Strided: {
      // Coalesced rows, then a column walk with a large stride.
      uint64_t stride = uint64_t(g.lineSize) * (1 + b * 3);
      for (unsigned i = 0; i < 96; ++i)
        warp.instructions.push_back(fullWarp(i * stride % (3 * cacheBytes), 4));
      for (unsigned i = 0; i < 96; ++i)
        warp.instructions.push_back(
            fullWarp((i % 24) * g.lineSize * g.sets + b * 64, 8 * g.lineSize));
      break;
    }
    case Pattern::Matrix: {
      // C[i][j] += A[i][k] * B[k][j] for the warp's 32 columns j: A is a
      // broadcast, B a coalesced row, C read and written (write-evict).
      const uint64_t n = 64, a = 0, bBase = n * n * 4, c = 2 * n * n * 4;
      uint64_t i = b;
      for (uint64_t k = 0; k < n; ++k) {
        trace::WarpInstruction load = fullWarp(a + (i * n + k) * 4, 0);
        load.site = 1;
        warp.instructions.push_back(load);
        trace::WarpInstruction row =
            fullWarp(bBase + (k * n + 32 * b % n) * 4, 4);
        row.site = 2;
        warp.instructions.push_back(row);
      }
      warp.instructions.push_back(
          fullWarp(c + i * n * 4, 4, trace::AccessKind::Read, 3));
      // A transposed (column) walk: one line per lane.
      for (uint64_t k = 0; k < 8; ++k)
        warp.instructions.push_back(
            fullWarp(a + k * 4, n * 4, trace::AccessKind::Read, 4));
      break;
    }
    }
  }
  return kernel;
}

std::vector<std::pair<std::string, arch::IndexFunction>>
indexFunctions(const Geometry &g) {
  std::vector<std::pair<std::string, arch::IndexFunction>> out;
  arch::IndexFunction mod;
  out.push_back({"mod", mod});
  arch::IndexFunction shifted;
  shifted.kind = arch::IndexFunctionKind::ShiftedMod;
  shifted.shift = 2;
  out.push_back({"shifted-mod", shifted});
  arch::IndexFunction prime;
  prime.kind = arch::IndexFunctionKind::PrimeMod;
  out.push_back({"prime-mod", prime});
  if ((g.sets & (g.sets - 1)) == 0 && g.sets > 1) {
    arch::IndexFunction fold;
    fold.kind = arch::IndexFunctionKind::Xor;
    out.push_back({"xor", fold});
    // Explicit bit groups, Fermi style: index bit i = line bit i XOR a
    // higher bit.
    arch::IndexFunction bits;
    bits.kind = arch::IndexFunctionKind::Xor;
    unsigned offset = 0;
    while ((1u << offset) < g.lineSize)
      ++offset;
    unsigned k = 0;
    while ((1u << k) < g.sets)
      ++k;
    for (unsigned i = 0; i < k; ++i)
      bits.bits.push_back({offset + i, offset + k + 1 + 2 * i});
    out.push_back({"xor-bits", bits});
  }
  return out;
}

void runDifferential(arch::ReplacementPolicy policy, ExecutionEngine engine) {
  // {32, 48, 4} is 192 ways fully associative: hits as deep as 128 and
  // more, past the 128 recent lines a cache that never invalidates keeps in
  // its array (an L1 can invalidate, so it keeps all its ways there).
  const std::vector<Geometry> geometries = {{32, 4, 2},  {128, 32, 4},
                                            {64, 16, 8}, {128, 8, 1},
                                            {32, 7, 3},  {32, 48, 4}};
  unsigned checked = 0;
  uint64_t deepHits = 0;
  for (const Geometry &g : geometries) {
    std::vector<std::pair<std::string, arch::IndexFunction>> functions =
        indexFunctions(g);
    // Fully associative with the same capacity.
    arch::IndexFunction fa;
    fa.kind = arch::IndexFunctionKind::FullyAssociative;
    functions.push_back({"fully-associative", fa});
    for (const auto &[name, index] : functions) {
      Geometry geometry = g;
      if (index.kind == arch::IndexFunctionKind::FullyAssociative) {
        geometry.assoc = g.sets * g.assoc;
        geometry.sets = 1;
      }
      for (Pattern pattern :
           {Pattern::Random, Pattern::Strided, Pattern::Matrix}) {
        arch::ArchDescription arch = differentialArch(geometry, engine);
        arch.l1->index = index;
        arch.l1->replacement = policy;
        HandKernel kernel = makeKernel(pattern, geometry, checked + 1);
        Recorder recorder;
        CacheModelResults results = runRecorded(arch, kernel, engine, recorder);

        // The program order, split into lines like the coalescer does.
        std::vector<uint64_t> expectedLines;
        for (unsigned b = 0; b < 3; ++b)
          for (const trace::WarpInstruction &in :
               kernel.blocks.at(b)[0].instructions) {
            std::vector<uint64_t> lines;
            for (unsigned l = 0; l < trace::WarpSize; ++l)
              if (in.activeMask & (1u << l)) {
                uint64_t line = in.addresses[l] / geometry.lineSize;
                if (std::find(lines.begin(), lines.end(), line) == lines.end())
                  lines.push_back(line);
              }
            for (uint64_t line : lines)
              expectedLines.push_back(line * geometry.lineSize);
          }
        BruteForceCache brute(policy, geometry, index);
        ASSERT_EQ(recorder.requests.size(), expectedLines.size())
            << name << " " << int(pattern);
        uint64_t hits = 0;
        for (size_t i = 0; i < expectedLines.size(); ++i) {
          const RequestEvent &e = recorder.requests[i];
          ASSERT_EQ(e.lineAddress, expectedLines[i]) << name << " #" << i;
          BruteForceCache::Outcome outcome = brute.access(expectedLines[i]);
          ASSERT_NE(e.status, RequestStatus::LatencyMiss);
          ASSERT_NE(e.status, RequestStatus::ReservationFailure);
          ASSERT_EQ(e.status == RequestStatus::Hit, outcome.hit)
              << name << " pattern " << int(pattern) << " geometry "
              << geometry.lineSize << "/" << geometry.sets << "/"
              << geometry.assoc << " request #" << i;
          ASSERT_EQ(e.distance, outcome.distance) << name << " request #" << i;
          hits += outcome.hit;
          deepHits += outcome.hit && outcome.distance >= 128;
        }
        EXPECT_EQ(results.l1.readHits, hits);
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 60u);
  EXPECT_GT(deepHits, 0u);
}

TEST(DifferentialTest, LruWarpQueue) {
  runDifferential(arch::ReplacementPolicy::Lru, ExecutionEngine::WarpQueue);
}
TEST(DifferentialTest, LruParallelSteps) {
  runDifferential(arch::ReplacementPolicy::Lru, ExecutionEngine::ParallelSteps);
}
TEST(DifferentialTest, FifoWarpQueue) {
  runDifferential(arch::ReplacementPolicy::Fifo, ExecutionEngine::WarpQueue);
}
TEST(DifferentialTest, LfuWarpQueue) {
  runDifferential(arch::ReplacementPolicy::Lfu, ExecutionEngine::WarpQueue);
}

} // namespace

namespace {

// Write-evict (seed 001 §3.1) against a brute-force LRU cache that holds
// lines in ways: a write that finds its line frees the way, and a later fill
// uses the free way instead of evicting. The model keeps the invalidated
// line's place in the stack as a hole, so no line deeper in the stack comes
// back; this checks that it behaves exactly like the real cache.
//
// {32, 1, 192} and {32, 2, 144} have more ways than CacheLevel keeps in its
// array of a set's most recent lines without invalidations (128): an
// invalidated line's hole must stay counted while it is within the ways, and
// a present line deeper than that array must be invalidated too.
TEST(DifferentialTest, LruWithWriteEvict) {
  for (const Geometry &g :
       {Geometry{32, 4, 2}, Geometry{64, 8, 4}, Geometry{32, 1, 8},
        Geometry{128, 2, 3}, Geometry{32, 1, 192}, Geometry{32, 2, 144}}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      std::mt19937_64 rng(seed * 131 + g.assoc);
      const uint64_t universe = uint64_t(g.sets) * g.assoc * 3;
      HandKernel kernel;
      kernel.launch.block = {32, 1, 1};
      trace::WarpTrace &warp = kernel.warp(0, 0);
      for (unsigned i = 0; i < 2000; ++i) {
        uint64_t address = (rng() % universe) * g.lineSize;
        bool write = rng() % 4 == 0;
        warp.instructions.push_back(
            lane0(address,
                  write ? trace::AccessKind::Write : trace::AccessKind::Read));
      }
      arch::ArchDescription arch =
          differentialArch(g, ExecutionEngine::WarpQueue);
      arch.l1->writePolicy = arch::WritePolicy::WriteEvict;
      Recorder recorder;
      CacheModelResults results =
          runRecorded(arch, kernel, ExecutionEngine::WarpQueue, recorder);

      // Brute force: per set, resident lines most recent first.
      std::vector<std::vector<uint64_t>> ways(g.sets);
      arch::IndexFunction mod;
      uint64_t readHits = 0, writeHits = 0, invalidationMisses = 0;
      std::vector<bool> invalidated(universe, false);
      ASSERT_EQ(recorder.requests.size(), warp.instructions.size());
      for (size_t i = 0; i < warp.instructions.size(); ++i) {
        const trace::WarpInstruction &in = warp.instructions[i];
        uint64_t line = in.addresses[0] / g.lineSize;
        std::vector<uint64_t> &set =
            ways[mod.setIndex(in.addresses[0], g.lineSize, g.sets)];
        auto it = std::find(set.begin(), set.end(), line);
        bool present = it != set.end();
        const RequestEvent &e = recorder.requests[i];
        if (in.kind == trace::AccessKind::Write) {
          ASSERT_EQ(e.status, RequestStatus::Write);
          if (present) {
            ++writeHits;
            set.erase(it);
            invalidated[line] = true;
          }
          continue;
        }
        ASSERT_EQ(e.status == RequestStatus::Hit, present)
            << "request #" << i << " geometry " << g.sets << "x" << g.assoc;
        if (present) {
          ++readHits;
          set.erase(it);
        } else {
          if (invalidated[line])
            ++invalidationMisses;
          if (set.size() == g.assoc)
            set.pop_back();
        }
        invalidated[line] = false;
        set.insert(set.begin(), line);
      }
      EXPECT_EQ(results.l1.readHits, readHits);
      EXPECT_EQ(results.l1.writeHits, writeHits);
      EXPECT_EQ(results.l1.readMissCount(MissClass::Invalidation),
                invalidationMisses);
    }
  }
}

} // namespace

namespace {

/// Brute-force sectored LRU: per set, the full recency stack of lines with
/// their valid sectors; a line is resident while among the `assoc` most
/// recent of its set, and a line that comes back has no valid sector.
class BruteForceSectoredCache {
public:
  BruteForceSectoredCache(const Geometry &g) : g(g), stacks(g.sets) {}

  struct Outcome {
    bool present;
    uint64_t distance;
    uint32_t hit, missing;
  };
  Outcome access(uint64_t line, uint32_t mask) {
    arch::IndexFunction mod;
    unsigned set = mod.setIndex(line * g.lineSize, g.lineSize, g.sets);
    std::vector<std::pair<uint64_t, uint32_t>> &stack = stacks[set];
    auto it = std::find_if(stack.begin(), stack.end(),
                           [&](const auto &e) { return e.first == line; });
    uint64_t distance = it == stack.end()
                            ? InfiniteDistance
                            : static_cast<uint64_t>(it - stack.begin());
    bool present = distance < g.assoc;
    uint32_t valid = present ? it->second : 0;
    if (it != stack.end())
      stack.erase(it);
    stack.insert(stack.begin(), {line, valid | mask});
    return {present, distance, mask & valid, mask & ~valid};
  }

private:
  Geometry g;
  std::vector<std::vector<std::pair<uint64_t, uint32_t>>> stacks;
};

// Random gathers, half-warp rows and float4 walks over four times the
// cache, through a sectored LRU L1 with zero latency and unlimited MSHRs,
// one warp at a time: every request's line hit, distance, valid and
// missing sectors equal the brute-force cache's.
void runSectoredDifferential(ExecutionEngine engine) {
  unsigned checked = 0;
  for (const Geometry &g : {Geometry{128, 4, 2}, Geometry{128, 1, 16},
                            Geometry{64, 8, 4}, Geometry{128, 16, 3}}) {
    const unsigned sectorSize = 32;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      std::mt19937_64 rng(seed * 977 + g.sets);
      const uint64_t cacheBytes = uint64_t(g.lineSize) * g.sets * g.assoc;
      HandKernel kernel;
      kernel.launch.block = {32, 1, 1};
      trace::WarpTrace &warp = kernel.warp(0, 0);
      for (unsigned i = 0; i < 600; ++i) {
        trace::WarpInstruction in;
        uint64_t base = (rng() % (4 * cacheBytes)) & ~uint64_t(15);
        switch (rng() % 3) {
        case 0: // a gather of a few lanes
          in.size = 4;
          in.activeMask = static_cast<uint32_t>(rng() & rng() & rng()) | 1;
          for (unsigned l = 0; l < trace::WarpSize; ++l)
            in.addresses[l] = (rng() % (4 * cacheBytes)) & ~uint64_t(3);
          break;
        case 1: // a half-warp row
          in = fullWarp(base, 4);
          in.activeMask = rng() % 2 ? 0x0000ffffu : 0xffff0000u;
          break;
        default: // a float4 walk
          in = fullWarp(base, 16, trace::AccessKind::Read, 0, 16);
          break;
        }
        warp.instructions.push_back(in);
      }
      arch::ArchDescription arch = differentialArch(g, engine);
      arch.l1->sectorSize = sectorSize;
      Recorder recorder;
      CacheModelResults results = runRecorded(arch, kernel, engine, recorder);

      BruteForceSectoredCache brute(g);
      std::vector<LineRequestRef> lines;
      size_t r = 0;
      uint64_t sectorHits = 0, sectorMisses = 0;
      for (const trace::WarpInstruction &in : warp.instructions) {
        splitIntoLinesPerLane(in, g.lineSize, sectorSize, lines);
        for (const LineRequestRef &line : lines) {
          ASSERT_LT(r, recorder.requests.size());
          const RequestEvent &e = recorder.requests[r++];
          ASSERT_EQ(e.lineAddress, line.lineNumber * g.lineSize);
          BruteForceSectoredCache::Outcome o =
              brute.access(line.lineNumber, line.sectorMask);
          ASSERT_EQ(e.distance, o.distance) << "request " << r - 1;
          ASSERT_EQ(e.sectorMask, line.sectorMask);
          ASSERT_EQ(e.hitSectors, o.hit) << "request " << r - 1;
          ASSERT_EQ(e.missingSectors, o.missing) << "request " << r - 1;
          ASSERT_EQ(e.pendingSectors, 0u);
          ASSERT_EQ(e.status == RequestStatus::Hit, o.missing == 0);
          if (o.missing) {
            ASSERT_EQ(e.missClass == MissClass::Sector, o.present);
          }
          sectorHits += __builtin_popcount(o.hit);
          sectorMisses += __builtin_popcount(o.missing);
        }
      }
      EXPECT_EQ(r, recorder.requests.size());
      EXPECT_EQ(results.l1.sectorReadHits, sectorHits);
      EXPECT_EQ(results.l1.sectorReadMisses, sectorMisses);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 16u);
}

TEST(DifferentialTest, SectoredLruWarpQueue) {
  runSectoredDifferential(ExecutionEngine::WarpQueue);
}
TEST(DifferentialTest, SectoredLruParallelSteps) {
  runSectoredDifferential(ExecutionEngine::ParallelSteps);
}

} // namespace
