//===- SeedTablesTest.cpp - The worked examples of seeds 000 and 001 ------===//
//
// Every row of seed 000 Tables 2-5 (§4.1-§4.4: the execution order, fixed
// latencies, conditional latencies on a 2-line cache, one MSHR) and of seed
// 001 Table 3 (§4.4: two banks of two ports, two shared MSHRs, three warps,
// misses taking two steps), run through the model and compared with the
// tables as printed.
//
//===----------------------------------------------------------------------===//

#include "ModelTestSupport.h"

#include <map>

using namespace gpurd;
using namespace gpurd::model;
using namespace gpurd::model::test;

namespace {

constexpr uint64_t Inf = InfiniteDistance;
constexpr unsigned Element = 4;            // bytes of x[i]
constexpr unsigned LineSize = 4 * Element; // "a cache-line size of 4 elements"

/// seed 000 §4.1's kernel: each thread t loads x[2t] then x[2t+1]; one thread
/// per warp (lane 0), one block on one core. \p threads: which threads.
HandKernel seed000Kernel(const std::vector<unsigned> &threads) {
  HandKernel kernel;
  kernel.launch.block = {32 * threads.size(), 1, 1};
  unsigned w = 0;
  for (unsigned t : threads) {
    trace::WarpTrace &warp = kernel.warp(0, w++);
    warp.instructions.push_back(lane0(Element * (2 * t)));
    warp.instructions.push_back(lane0(Element * (2 * t + 1)));
  }
  return kernel;
}

arch::ArchDescription seed000Arch(uint64_t lines,
                                  const arch::LatencyModel &latency,
                                  unsigned mshrEntries) {
  arch::ArchDescription arch = oneSmArch("seed-000-example");
  arch.l1 = cache(lines, LineSize, /*fully associative*/ 0);
  arch.l1->latencyModel = latency;
  arch.l1->mshr = mshrs(mshrEntries);
  return arch;
}

/// §4.1-§4.4 precede the warp delays of §4.5 and the clipping refinement.
CacheModelOptions tableOptions(Recorder &recorder) {
  CacheModelOptions options;
  options.engine = ExecutionEngine::WarpQueue;
  // The tables' time: one stamp per request (seed 000 §4.2).
  options.clock = Clock::Requests;
  options.delayWarpsByLatency = false;
  options.clipLatencyMisses = false;
  options.observer = &recorder;
  return options;
}

std::vector<uint64_t> column(const std::vector<RequestEvent> &events,
                             uint64_t (*field)(const RequestEvent &)) {
  std::vector<uint64_t> out;
  for (const RequestEvent &e : events)
    out.push_back(field(e));
  return out;
}
uint64_t timeOf(const RequestEvent &e) { return e.time; }
uint64_t threadOf(const RequestEvent &e) { return e.warp; }
uint64_t lineOf(const RequestEvent &e) { return e.lineAddress / LineSize; }
uint64_t distanceOf(const RequestEvent &e) { return e.distance; }
uint64_t latencyOf(const RequestEvent &e) { return e.latency.value_or(~0ull); }
uint64_t effectAtOf(const RequestEvent &e) {
  return e.effectTime.value_or(~0ull);
}
uint64_t missOf(const RequestEvent &e) { return isMiss(e.status); }

/// The "cache effect" row: lines by effect time, in the order applied.
std::map<uint64_t, std::vector<uint64_t>>
effectRow(const std::vector<EffectEvent> &effects) {
  std::map<uint64_t, std::vector<uint64_t>> row;
  for (const EffectEvent &e : effects)
    row[e.time].push_back(e.lineAddress / LineSize);
  return row;
}

using Row = std::vector<uint64_t>;

// seed 000 §4.1 Table 2: round robin, zero latency.
TEST(SeedTablesTest, Seed000Table2) {
  Recorder recorder;
  CacheModelResults results =
      run(seed000Arch(64, fixedLatency(0), 64), seed000Kernel({0, 1, 2, 3}),
          tableOptions(recorder));
  const std::vector<RequestEvent> &r = recorder.requests;
  ASSERT_EQ(r.size(), 8u);
  // The instruction row: 0 0 0 0 1 1 1 1 (the address gives it).
  EXPECT_EQ(column(r, threadOf), (Row{0, 1, 2, 3, 0, 1, 2, 3}));
  // address row (elements): 0 2 4 6 1 3 5 7; the actual byte addresses are
  // those of their lines.
  Row elements;
  for (unsigned t : {0, 1, 2, 3})
    elements.push_back(2 * t);
  for (unsigned t : {0, 1, 2, 3})
    elements.push_back(2 * t + 1);
  EXPECT_EQ(elements, (Row{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(column(r, lineOf), (Row{0, 0, 1, 1, 0, 0, 1, 1}));
  EXPECT_EQ(column(r, distanceOf), (Row{Inf, 0, Inf, 0, 1, 0, 1, 0}));
  EXPECT_EQ(results.l1.readAccesses, 8u);
}

// seed 000 §4.2 Table 3: a fixed latency of 2 for every request.
TEST(SeedTablesTest, Seed000Table3) {
  Recorder recorder;
  run(seed000Arch(64, fixedLatency(2), 64), seed000Kernel({0, 1, 2, 3}),
      tableOptions(recorder));
  const std::vector<RequestEvent> &r = recorder.requests;
  ASSERT_EQ(r.size(), 8u);
  EXPECT_EQ(column(r, timeOf), (Row{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(column(r, threadOf), (Row{0, 1, 2, 3, 0, 1, 2, 3}));
  EXPECT_EQ(column(r, lineOf), (Row{0, 0, 1, 1, 0, 0, 1, 1}));
  // cache effect: - - 0 0 1 1 0 0 1 1 (times 0-9).
  std::map<uint64_t, Row> effects = effectRow(recorder.effects);
  EXPECT_EQ(effects, (std::map<uint64_t, Row>{{2, {0}},
                                              {3, {0}},
                                              {4, {1}},
                                              {5, {1}},
                                              {6, {0}},
                                              {7, {0}},
                                              {8, {1}},
                                              {9, {1}}}));
  EXPECT_EQ(column(r, distanceOf), (Row{Inf, Inf, Inf, Inf, 0, 1, 0, 1}));
  EXPECT_EQ(column(r, missOf), (Row{1, 1, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(column(r, latencyOf), (Row{2, 2, 2, 2, 2, 2, 2, 2}));
  EXPECT_EQ(column(r, effectAtOf), (Row{2, 3, 4, 5, 6, 7, 8, 9}));
  // The misses at times 1 and 3 find their line in flight: latency misses.
  EXPECT_EQ(r[1].status, RequestStatus::LatencyMiss);
  EXPECT_EQ(r[3].status, RequestStatus::LatencyMiss);
  EXPECT_EQ(r[0].missClass, MissClass::Compulsory);
}

arch::ArchDescription table4Arch(unsigned mshrEntries) {
  // "a hit latency of 0 and a miss latency of 2", "a cache-size of 2 lines".
  return seed000Arch(2, conditionalLatency(0, 2), mshrEntries);
}

// seed 000 §4.2 Table 4: conditional latencies, a 2-line cache.
TEST(SeedTablesTest, Seed000Table4) {
  Recorder recorder;
  run(table4Arch(64), seed000Kernel({0, 1, 2, 3}), tableOptions(recorder));
  const std::vector<RequestEvent> &r = recorder.requests;
  ASSERT_EQ(r.size(), 8u);
  EXPECT_EQ(column(r, timeOf), (Row{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(column(r, threadOf), (Row{0, 1, 2, 3, 0, 1, 2, 3}));
  EXPECT_EQ(column(r, lineOf), (Row{0, 0, 1, 1, 0, 0, 1, 1}));
  // cache effect: - - 0 0 (1 0) (1 0) 1 1: simultaneous effects in issue
  // order.
  EXPECT_EQ(
      effectRow(recorder.effects),
      (std::map<uint64_t, Row>{
          {2, {0}}, {3, {0}}, {4, {1, 0}}, {5, {1, 0}}, {6, {1}}, {7, {1}}}));
  EXPECT_EQ(column(r, distanceOf), (Row{Inf, Inf, Inf, Inf, 0, 0, 1, 0}));
  EXPECT_EQ(column(r, missOf), (Row{1, 1, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(column(r, latencyOf), (Row{2, 2, 2, 2, 0, 0, 0, 0}));
  EXPECT_EQ(column(r, effectAtOf), (Row{2, 3, 4, 5, 4, 5, 6, 7}));
}

// seed 000 §4.2, after Table 4: "clipping the 'effect at' time to the time of
// a still in-flight request for the same cache-line ... will for example
// change the 'effect at' time of the request at time-stamp 1 in table 4 from
// 3 to 2".
TEST(SeedTablesTest, Seed000Table4WithClipping) {
  Recorder recorder;
  CacheModelOptions options = tableOptions(recorder);
  options.clipLatencyMisses = true;
  run(table4Arch(64), seed000Kernel({0, 1, 2, 3}), options);
  const std::vector<RequestEvent> &r = recorder.requests;
  ASSERT_EQ(r.size(), 8u);
  EXPECT_EQ(r[1].effectTime, 2u);
  // The same holds for time-stamp 3 (line 1, in flight since 2 until 4).
  EXPECT_EQ(r[3].effectTime, 4u);
  EXPECT_EQ(r[0].effectTime, 2u);
  EXPECT_EQ(r[2].effectTime, 4u);
}

// seed 000 §4.4 Table 5: Table 4 with a single MSHR, threads 0 and 2.
TEST(SeedTablesTest, Seed000Table5) {
  Recorder recorder;
  CacheModelResults results =
      run(table4Arch(1), seed000Kernel({0, 2}), tableOptions(recorder));
  const std::vector<RequestEvent> &r = recorder.requests;
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(column(r, timeOf), (Row{0, 1, 2, 3, 4}));
  // thread ID 0 2 0 2 2 (warps 0 and 1 are threads 0 and 2).
  EXPECT_EQ(column(r, threadOf), (Row{0, 1, 0, 1, 1}));
  // address 0 4 1 4 5; instruction 0 0 1 0 1.
  Row elements;
  for (const RequestEvent &e : r)
    elements.push_back(e.lineAddress / Element);
  EXPECT_EQ(column(r, lineOf), (Row{0, 1, 0, 1, 1}));
  // cache effect: - - (0 0) - - 1 1.
  EXPECT_EQ(effectRow(recorder.effects),
            (std::map<uint64_t, Row>{{2, {0, 0}}, {5, {1}}, {6, {1}}}));
  // distance ∞ ∞ 0 ∞ ∞ (not meaningful for the cancelled request).
  EXPECT_EQ(r[0].distance, Inf);
  EXPECT_EQ(r[2].distance, 0u);
  EXPECT_EQ(r[3].distance, Inf);
  EXPECT_EQ(r[4].distance, Inf);
  // MSHRs used 0 1 0 0 1.
  EXPECT_EQ(
      (Row{r[0].mshrsUsedBefore, r[1].mshrsUsedBefore, r[2].mshrsUsedBefore,
           r[3].mshrsUsedBefore, r[4].mshrsUsedBefore}),
      (Row{0, 1, 0, 0, 1}));
  // status miss cancel hit miss miss.
  EXPECT_TRUE(isMiss(r[0].status));
  EXPECT_EQ(r[1].status, RequestStatus::ReservationFailure);
  EXPECT_EQ(r[2].status, RequestStatus::Hit);
  EXPECT_TRUE(isMiss(r[3].status));
  EXPECT_TRUE(isMiss(r[4].status));
  // "instruction 1 of thread 2 ... uses the already occupied MSHR".
  EXPECT_EQ(r[4].status, RequestStatus::LatencyMiss);
  // MSHRs used 1 - 0 1 1.
  EXPECT_EQ(r[0].mshrsUsedAfter, 1u);
  EXPECT_EQ(r[2].mshrsUsedAfter, 0u);
  EXPECT_EQ(r[3].mshrsUsedAfter, 1u);
  EXPECT_EQ(r[4].mshrsUsedAfter, 1u);
  // latency 2 - 0 2 2; effect at 2 - 2 5 6.
  EXPECT_EQ(column(r, latencyOf), (Row{2, ~0ull, 0, 2, 2}));
  EXPECT_EQ(column(r, effectAtOf), (Row{2, ~0ull, 2, 5, 6}));
  EXPECT_EQ(results.l1.reservationFailures, 1u);
  EXPECT_EQ(results.l1.readAccesses, 4u);
}

// seed 001 §4.4 Table 3. Warps access {A, B, C, D}, {E, F, G, H}, {A, D};
// A, C, E, G map to bank B0 and the others to B1; two ports per bank, two
// MSHRs shared by the banks, two warp schedulers, misses take two steps.
TEST(SeedTablesTest, Seed001Table3) {
  constexpr unsigned Line = 32;
  arch::ArchDescription arch = oneSmArch("seed-001-table-3");
  arch.sm.warpSchedulers = 2;
  // Two banks of 16 lines, each bank one fully associative set.
  arch.l1 = cache(32, Line, 0);
  arch.l1->assoc = 16;
  arch.l1->banks = 2;
  arch.l1->ports = 2;
  arch.l1->latencyModel = conditionalLatency(0, 2);
  arch.l1->mshr = mshrs(2, arch::ReservationFailurePolicy::StallWarp);
  enum : uint64_t { A, B, C, D, E, F, G, H }; // lines; even ones in B0
  HandKernel kernel;
  kernel.launch.block = {96, 1, 1};
  auto accesses = [](std::vector<uint64_t> lines) {
    trace::WarpInstruction instruction;
    instruction.size = 4;
    for (unsigned l = 0; l < lines.size(); ++l) {
      instruction.activeMask |= 1u << l;
      instruction.addresses[l] = lines[l] * Line;
    }
    return instruction;
  };
  kernel.warp(0, 0).instructions.push_back(accesses({A, B, C, D}));
  kernel.warp(0, 1).instructions.push_back(accesses({E, F, G, H}));
  kernel.warp(0, 2).instructions.push_back(accesses({A, D}));

  Recorder recorder;
  CacheModelOptions options;
  options.observer = &recorder;
  // Table 3's steps (seed 001 §4.4).
  options.clock = Clock::Requests;
  CacheModelResults results = run(arch, kernel, options);
  EXPECT_EQ(results.execution.engine, "parallel-steps");

  // The table, as (step, bank, port) -> (block, RD or -1 for none, status).
  struct Cell {
    uint64_t line;
    uint64_t rd; // Inf for ∞, ~1 when the table shows none
    const char *status;
  };
  const uint64_t None = ~uint64_t(1);
  std::map<std::tuple<uint64_t, unsigned, unsigned>, Cell> expected = {
      // step 0
      {{0, 0, 0}, {A, Inf, "m"}},
      {{0, 0, 1}, {C, Inf, "m"}},
      {{0, 1, 0}, {B, None, "rf"}},
      {{0, 1, 1}, {D, None, "rf"}},
      // step 1
      {{1, 0, 0}, {E, None, "rf"}},
      {{1, 0, 1}, {G, None, "rf"}},
      {{1, 1, 0}, {B, Inf, "m"}},
      {{1, 1, 1}, {D, Inf, "m"}},
      // step 2
      {{2, 0, 0}, {E, Inf, "m"}},
      {{2, 0, 1}, {G, Inf, "m"}},
      {{2, 1, 0}, {F, None, "rf"}},
      {{2, 1, 1}, {H, None, "rf"}},
      // step 3 (B0 idle)
      {{3, 1, 0}, {F, Inf, "m"}},
      {{3, 1, 1}, {H, Inf, "m"}},
      // step 4
      {{4, 0, 0}, {A, 3, "h"}},
      {{4, 1, 0}, {D, 2, "h"}},
  };
  std::map<std::tuple<uint64_t, unsigned, unsigned>, Cell> actual;
  for (const RequestEvent &e : recorder.requests) {
    const char *status = e.status == RequestStatus::Hit                  ? "h"
                         : e.status == RequestStatus::ReservationFailure ? "rf"
                         : isMiss(e.status)                              ? "m"
                                                                         : "?";
    uint64_t rd =
        e.status == RequestStatus::ReservationFailure ? None : e.distance;
    actual[{e.time, e.bank, e.port}] = {e.lineAddress / Line, rd, status};
  }
  ASSERT_EQ(actual.size(), expected.size());
  for (const auto &[key, cell] : expected) {
    auto it = actual.find(key);
    ASSERT_NE(it, actual.end())
        << "step " << std::get<0>(key) << " bank " << std::get<1>(key)
        << " port " << std::get<2>(key);
    EXPECT_EQ(it->second.line, cell.line) << std::get<0>(key);
    EXPECT_EQ(it->second.rd, cell.rd) << std::get<0>(key);
    EXPECT_STREQ(it->second.status, cell.status) << std::get<0>(key);
  }

  // #Free MSHR: 0 0 0 0 2.
  ASSERT_EQ(recorder.steps.size(), 5u);
  Row freeMshrs;
  for (const StepEvent &s : recorder.steps)
    freeMshrs.push_back(s.freeMshrs.at(0));
  EXPECT_EQ(freeMshrs, (Row{0, 0, 0, 0, 2}));

  // Update: - (A C) (B D) (E G) (F H), in MSHR-insertion order.
  std::map<uint64_t, Row> updates;
  for (const EffectEvent &e : recorder.effects)
    if (e.fill)
      updates[e.time].push_back(e.lineAddress / Line);
  EXPECT_EQ(updates, (std::map<uint64_t, Row>{
                         {1, {A, C}}, {2, {B, D}}, {3, {E, G}}, {4, {F, H}}}));
  EXPECT_EQ(results.l1.reservationFailures, 6u);
  EXPECT_EQ(results.l1.readHits, 2u);
  EXPECT_EQ(results.l1.readAccesses, 10u);
}

} // namespace
