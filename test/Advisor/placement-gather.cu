// --placements on a gathered read-only array (seed 002): each warp reads
// its own 128 bytes of 'table' in a permuted order, eight times.
//
// With --set l1.cachesGlobalLoads=false (nvcc's -dlcm=cg on the A100: plain
// global loads are cached in the L2 only, the read-only path in the L1) the
// read-only path is a candidate. Hand count, 64 blocks of 4 warps, one block
// per SM, 9 memory instructions a warp (8 loads of 'table', 1 store). Clang's
// O3 unrolls the loop: no load needs another's result, so a warp issues its
// 8 loads together and then waits for them, and the store on its own: 2
// waits a warp, MLP = 9 / 2 = 4.5 (seed 002 Eq. 18). A group waits for the
// slowest of its loads (docs/placement-model.md):
// - as written: every load goes to the L2; the first of a warp's line
//   misses it, and the other 7 are issued while the line is in flight: the
//   group waits for DRAM (290, the measured round trip), the store for the
//   L2 (200): miss_ratio 1/2 of the waits, AMAT = (290 + 200) / 2 = 245.
// - read-only path: the L1 misses the group's first load as well, and the
//   other 7 wait for the same fill: the same waits, AMAT 245, no gain (the
//   L1 hits of a row walk one load at a time are not hits when the loads
//   are in flight together).
// - constant memory: 32 distinct addresses a load, 31 replays each (kind
//   3) = 248, and the warp's 2 constant lines of 64 bytes miss once (kind
//   2) = 250 replays a warp.
// - shared memory: a block's 4 warps touch 4 x 128 bytes, a tile of 512
//   bytes each word of which they read 8 times; its 32 words a load lie in
//   32 banks (no conflict). Each of the 64 blocks copies its tile in, one
//   DRAM round trip (290 cycles) at 1102.8 bytes a cycle: 64 * 512 /
//   1102.8 + 290 = 319.7 cycles, and then the group waits for shared
//   memory's 33 cycles: AMAT = (33 + 200) / 2 = 116.5, with 1 addressing
//   instruction a load instead of 2. The shared copy ranks first, by the
//   copy-in's margin; the read-only path ties with the placement as written.
// On the A100 as it is, the L1 caches plain loads too and the read-only
// path is not a candidate.
//
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --format=json %s -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --format=json %s -- | %python %inputs/check-placements.py | FileCheck --check-prefix=ARITH %s
// RUN: gpurd-advise --placements %s -- 2>&1 | FileCheck --check-prefix=DEFAULT-ARCH %s

// CHECK: placements of kernel 'gather' (4 of 4)
// CHECK: 1 'table' in shared memory {{[0-9]+}} -{{[0-9.]+}}% {{.*}} 320 caching
// CHECK: 2 as written* {{[0-9]+}} 0%
// CHECK: 3 'table' through the read-only path {{[0-9]+}} 0%
// CHECK: (* as written)

// JSON: "reuse": 8.0,
// JSON: "tile_bytes": 512,
// JSON: "copy_in_cycles": 319.71
// JSON: "description": "'table' in shared memory"
// JSON: "addressing_delta_per_warp": -8.0,
// JSON: "amat": 116.5,
// JSON: "mlp": 4.5,
// JSON: "replays_per_warp": 0.0,
// JSON: "shared_ratio": 0.5,
// JSON: "description": "as written"
// JSON: "amat": 245.0,
// JSON: "l1_ratio": 0.0,
// JSON: "miss_ratio": 0.5,
// JSON: "mlp": 4.5,
// JSON: "description": "'table' through the read-only path"
// JSON: "amat": 245.0,
// JSON: "l1_ratio": 0.0,
// JSON: "miss_ratio": 0.5,
// JSON: "description": "'table' in constant memory"
// JSON: "replays_per_warp": 250.0,

// ARITH: placements: 4 candidates checked

// DEFAULT-ARCH: 'table' is not moved to the read-only path: on ampere-a100 its loads reach the same L1 as plain global loads
#define N (1 << 20)
__global__ void gather(const float *table, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int r = 0; r < 8; ++r)
    sum += table[(i & ~31) + ((i * 7 + r) & 31)];
  out[i] = sum;
}
int main() {
  float *table, *out;
  cudaMalloc(&table, N * 4);
  cudaMalloc(&out, N * 4);
  gather<<<64, 128>>>(table, out);
}
