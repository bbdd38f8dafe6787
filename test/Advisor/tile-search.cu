// --tune over the tile size of a shared-memory tiled matrix multiply,
// C = A * B with N = 64 floats a side (test/Inputs/tiled-matmul.cuh), on
// the default arch (A100: 108 SMs, 32-byte sectors). The ranking is
// explained by hand-counted sectors.
//
// A tile of T x T threads (a block) loads, for each of its N / T steps, a
// T x T tile of A and of B. No two blocks on one SM share a line (at most
// 108 blocks, or for T = 4 the blocks b, b + 108 and b + 216 of one SM
// differ in both blockIdx.x and blockIdx.y), and nothing is evicted from
// the L1, so the L2 sees each sector a block touches once:
//   T >= 8: a row of a tile is T * 4 bytes = T / 8 whole sectors.
//     A: the block's T rows of A, each N * 4 / 32 = 8 sectors: 8T;
//     B: T * T / 8 sectors a step, N / T steps: 8T.
//     16T a block, (N / T)^2 = 4096 / T^2 blocks: 65536 / T L2 read
//     sectors: T = 8: 8192, T = 16: 4096, T = 32: 2048.
//   T = 4: a row of a tile is 16 bytes, half a sector.
//     A: two consecutive steps read the two halves of one sector (the
//     second is an L1 hit): 4 rows x 8 sectors = 32;
//     B: 4 rows of one sector each step, 16 steps: 64.
//     96 a block, 256 blocks: 24576. The L1 sector hit rate: 32 hits of
//     the block's 64 + 64 = 128 sectors read, 25.0%.
// DRAM: A and B once each, 2 x 64 x 64 x 4 / 32 = 1024 sectors for every
// T: they tie, and the L2 read sectors decide: 32, 16, 8 (as written), 4.
// T = 64 is a block of 4096 threads: illegal.
//
// Over 1/32 of the request budget (--request-budget=2000: 62 L1 line
// requests, fewer than the launch as written makes), every candidate runs
// on a comparison sample, SMs sampled in space at that budget: one SM and
// its blocks. Every block of a candidate touches the same number of
// sectors, so the scaled counts are still exact: T = 8, the one block of
// SM 0, 128 sectors x 64 blocks = 8192; T = 4, the three blocks of SM 0
// (0, 108, 216), 3 x 96 x 256 / 3 = 24576. The ranking is by L2 read
// sectors alone, and the L2 hit rate and DRAM columns are not shown.
//
// RUN: gpurd-advise %s --tune TILE=4,8,16,32,64 -- -I %S/../Inputs | FileCheck %s
// (--max-block-trace keeps the blocks whole: at this budget a block would
// hold 2000 / 32 = 62 warp memory instructions, and the blocks here make
// up to a few thousand, shared accesses included.)
// RUN: gpurd-advise %s --tune TILE=4,8,16,32 --request-budget=2000 --max-block-trace=100000 -- -I %S/../Inputs | FileCheck --check-prefix=SAMPLED %s
// RUN: gpurd-advise %s --tune TILE=16,32 --format=json -- -I %S/../Inputs | FileCheck --check-prefix=JSON %s
// gpurd-tile-size proposes TILE = 16 for the whole blocks; with
// --max-block-trace=100 every block's run is cut (a block of TILE = 8
// makes about 350 warp memory instructions, shared ones included), each
// warp at its share of the bound, so the first parts of the runs at 8 and
// at 16 hold other work and the check proposes nothing (sameWarpRuns).
// RUN: gpurd-advise %s --checks=-*,gpurd-tile-size -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=WHOLE %s
// WHOLE: warning: 'TILE' = 16 instead of 8 is predicted to cut the kernel's time
// RUN: gpurd-advise %s --checks=-*,gpurd-tile-size --max-block-trace=100 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=CUT %s
// CUT: kernel tiled:
// CUT-NOT: warning:
// RUN: not gpurd-advise %s --tune TILES=8 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// RUN: not gpurd-advise %s --tune TILE=8,x -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=VALUE %s
// RUN: not gpurd-advise %s --tune block=8y8 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=SHAPE %s
// RUN: not gpurd-advise %s --tune TILE=8 --list-kernels -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=MODE %s
// RUN: not gpurd-advise %s --tune TILE=8 --tune-metric=speed -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=METRIC %s
// RUN: not gpurd-advise %s --tune-metric=time -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=METRICALONE %s
// RUN: not gpurd-advise %s --arch fermi-gtx470 --tune TILE=8,16 --tune-metric=time -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=NOFIGURES %s

#define N 64
#define TILE 8
constexpr int Unused = 3;

#include "tiled-matmul.cuh"

void run(const float *a, const float *b, float *c) {
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, N / TILE);
  tiled<<<grid, block>>>(a, b, c, N);
}

// CHECK: kernel tiled: grid (8, 8, 1), block (8, 8, 1)
// CHECK: tile search over TILE (5 combinations), ranked by predicted DRAM read sectors; those within 5% of the best tie and are ranked by predicted L2 read sectors
// CHECK-NEXT: rank  TILE  grid         block        shared B  blocks/SM  occupancy  L1 hit  L2 hit  L2 read sectors  DRAM read sectors
// CHECK-NEXT: 1     32    (2, 2, 1)    (32, 32, 1)  8192      2          100.0%     0.0%    {{.*}}  2048             1024
// CHECK-NEXT: 2     16    (4, 4, 1)    (16, 16, 1)  2048      8          100.0%     0.0%    {{.*}}  4096             1024
// CHECK-NEXT: 3     8*    (8, 8, 1)    (8, 8, 1)    512       32         100.0%     0.0%    {{.*}}  8192             1024
// CHECK-NEXT: 4     4     (16, 16, 1)  (4, 4, 1)    128       32         50.0%      25.0%   {{.*}}  24576            1024
// CHECK-NEXT: -     64  illegal: a block of (64, 64, 1) has 4096 threads, beyond CUDA's limit of 1024
// CHECK-NEXT: (* as written)
// CHECK-NEXT: note: occupancy counts threads, blocks and shared memory per SM, not registers

// SAMPLED: tile search over TILE (4 combinations), ranked by predicted L2 read sectors (L1 misses): the launches were sampled, and a sample's DRAM reads do not scale to the whole launch
// SAMPLED-NEXT: rank  TILE  grid         block        shared B  blocks/SM  occupancy  L1 hit  L2 hit  L2 read sectors  DRAM read sectors
// SAMPLED-NEXT: 1     32    (2, 2, 1)    (32, 32, 1)  8192      2          100.0%     0.0%    -       2048             -
// SAMPLED-NEXT: 2     16    (4, 4, 1)    (16, 16, 1)  2048      8          100.0%     0.0%    -       4096             -
// SAMPLED-NEXT: 3     8*    (8, 8, 1)    (8, 8, 1)    512       32         100.0%     0.0%    -       8192             -
// SAMPLED-NEXT: 4     4     (16, 16, 1)  (4, 4, 1)    128       32         50.0%      25.0%   -       24576            -
// SAMPLED: note: the launch as written makes more requests than 1/32 of the request budget, so every candidate (the one as written too) ran on a sample of the SMs (sampled in space at that budget)

// JSON:      "tuning": {
// JSON-NEXT:   "axes": [
// JSON-NEXT:     {
// JSON-NEXT:       "kind": "tunable",
// JSON-NEXT:       "name": "TILE",
// JSON:        "candidates": [
// JSON-NEXT:     {
// JSON-NEXT:       "as_written": false,
// JSON-NEXT:       "predicted": {
// JSON-NEXT:         "block": [
// JSON-NEXT:           32,
// JSON:              "dram_read_sectors": 1024.0,
// JSON:              "kernel_cycles": {{[0-9.]+}},
// JSON:              "l2_read_sectors": 2048.0,
// JSON:            "rank": 1,
// JSON-NEXT:       "values": {
// JSON-NEXT:         "TILE": "32"
// JSON:              "l2_read_sectors": 4096.0,
// JSON:            "rank": 2,
// JSON:        "ranked_by": "dram_read_sectors",
// JSON-NEXT:   "time_model": "seed 002's time model and throughput bound, Toverlap uncalibrated"

// UNKNOWN: error: kernel 'tiled': --tune: 'TILES' is not a tunable of {{.*}}tile-search.cu (a macro defined as an integer literal, or a namespace-scope const or constexpr integer initialised with one); its tunables: 'N', 'TILE', 'Unused'; 'block' tunes the block shape
// VALUE: error: --tune TILE: 'x' is not a positive integer
// SHAPE: error: --tune block: '8y8' is not a block shape (X, XxY or XxYxZ)
// MODE: error: --tune searches tile sizes in the default action
// METRIC: error: --tune-metric='speed' is not a metric: give traffic or time
// METRICALONE: error: --tune-metric ranks the tile search: give --tune too
// NOFIGURES: error: kernel 'tiled': the placement model (seed 002) needs sm.instructionLatency, sm.sharedMemoryLatency, which arch 'fermi-gtx470' does not give
