// --placements on an array gathered through loaded indices (seed 002's
// read-only gathered array): each thread loads its index s = start[i] and
// reads eight words of 'table' in s's 128-byte line. 'start' is the identity
// (--buffer start=int32:8192:iota), so each warp reads its own line of
// 'table', but the compiled kernel's addresses come from loaded data.
//
// With --set l1.cachesGlobalLoads=false (nvcc's -dlcm=cg on the A100: plain
// global loads are cached in the L2 only, the read-only path in the L1).
// Hand count, 64 blocks of 4 warps, 10 memory instructions a warp (1 load
// of 'start', 8 of 'table', 1 store of 'out'). The loads of 'table' need
// s, so a warp waits for 'start' first; Clang's O3 unrolls the loop and
// the 8 loads of 'table' then issue together (none needs another's
// result); the store issues alone: 3 waits a warp, MLP = 10 / 3 = 3.33
// (seed 002 Eq. 18). A wait lasts as long as its slowest load
// (docs/placement-model.md):
// - as written: the load of 'start' misses the L2 (first touch of its
//   line): DRAM (290, the measured round trip); the first load of 'table'
//   misses too, and the other 7 are issued while its line is in flight: the
//   group waits for DRAM; the store for the L2 (200): miss_ratio 2/3,
//   AMAT = (290 + 290 + 200) / 3 = 260.
// - 'table' (or 'start') through the read-only path: the L1 misses the
//   same first loads, and the 7 others of the group wait for the same fill:
//   the same waits, AMAT 260, no gain. Read one at a time, the 7 would be
//   L1 hits (and this placement ranked first); in flight together they are
//   not.
// - 'start' in constant memory: a warp's load has 32 distinct addresses
//   (31 replays, kind 3) over 128 bytes, 2 constant lines of 64 bytes that
//   miss (kind 2): 33 replays a warp, and one addressing instruction fewer
//   than global memory (Fig. 2: 1 against 2).
// - 'table' is not copied to shared memory: which bytes a block reads
//   depends on 'start', so a per-block copy would have to hold every byte
//   an index may reach (gpurd does not know them; the tile one input made
//   the blocks touch is not what a copy must hold); and it is not moved to
//   constant memory for the same reason. 'start' is read once a word, so a
//   shared copy would read it from global memory again.
// Candidates: 'start' in global memory, the read-only path or constant
// memory, times 'table' in global memory or the read-only path: 6. None
// pays: gpurd-placement is silent (MinCycles=0 so that it is the time, not
// the kernel's length, that keeps it so).
//
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota --format=json %s -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota --check-option=gpurd-placement.MinCycles=0 %s -- 2>&1 | FileCheck --check-prefix=ADVICE %s

// CHECK: placements of kernel 'gatherIndirect' (6 of 6)
// CHECK: 1 as written*
// CHECK: 'table' through the read-only path {{[0-9]+}} 0%
// CHECK: 'start' in constant memory {{[0-9]+}} {{[0-9.]+}}% {{.*}} instruction replays
// CHECK: 'table' is not moved to constant memory: gpurd does not know all the bytes the kernel accesses
// CHECK: 'table' is not copied to shared memory: the addresses of S1 (line [[#@LINE+23]]) 'table[(s & ~31) + ((s * 7 + r) & 31)]' are computed from loaded data, so a block's copy would have to hold every byte they may reach, which gpurd does not know

// JSON: "description": "as written"
// JSON: "amat": 260.0,
// JSON: "l1_ratio": 0.0,
// JSON: "miss_ratio": 0.6666
// JSON: "mlp": 3.3333
// JSON: "description": "'table' through the read-only path"
// JSON: "amat": 260.0,
// JSON: "l1_ratio": 0.0,
// JSON: "miss_ratio": 0.6666
// JSON: "description": "'start' in constant memory"
// JSON: "addressing_delta_per_warp": -1.0,
// JSON: "replays_per_warp": 33.0,

// ADVICE-NOT: gpurd-placement
#define N (1 << 13)
__global__ void gatherIndirect(const float *table, const int *start,
                               float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int s = start[i];
  float sum = 0;
  for (int r = 0; r < 8; ++r)
    sum += table[(s & ~31) + ((s * 7 + r) & 31)];
  out[i] = sum;
}
int main() {
  float *table, *out;
  int *start;
  cudaMalloc(&table, N * 4);
  cudaMalloc(&start, N * 4);
  cudaMalloc(&out, N * 4);
  gatherIndirect<<<64, 128>>>(table, start, out);
}
