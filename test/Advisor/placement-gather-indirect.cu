// --placements on an array gathered through loaded indices (seed 002's
// read-only gathered array): each thread loads its index s = start[i] and
// reads eight words of 'table' in s's 128-byte line. 'start' is the identity
// (--buffer start=int32:8192:iota), so each warp reads its own line of
// 'table', but the compiled kernel's addresses come from loaded data.
//
// With --set l1.cachesGlobalLoads=false (nvcc's -dlcm=cg on the A100: plain
// global loads are cached in the L2 only, the read-only path in the L1).
// Hand count, 64 blocks of 4 warps, 10 memory instructions a warp (1 load
// of 'start', 8 of 'table', 1 store of 'out'):
// - as written: the loads of 'start' and the first of 'table' miss the L2
//   (first touch of their lines), the 7 other loads of 'table' and the store
//   are served by the L2: miss_ratio 2/10 = 0.2, and seed 002 Eq. 5 charges
//   hit_lat (200) to every request and DRAM_lat (290) to the misses:
//   AMAT = 290 * 0.2 + 200 = 258.
// - 'table' through the read-only path: its 7 later loads hit the L1
//   (l1_ratio 0.7); the rest as before: AMAT = 290 * 0.2 + 200 * 0.3 +
//   33 * 0.7 = 58 + 60 + 23.1 = 141.1. It ranks first.
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
// memory, times 'table' in global memory or the read-only path: 6.
//
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota --format=json %s -- | FileCheck --check-prefix=JSON %s
// (The kernel is predicted at 3533 cycles, below gpurd-placement's
// MinCycles of 5000: MinCycles=0 lets the check speak.)
// RUN: gpurd-advise --set l1.cachesGlobalLoads=false --buffer start=int32:8192:iota --check-option=gpurd-placement.MinCycles=0 %s -- 2>&1 | FileCheck --check-prefix=ADVICE %s

// CHECK: placements of kernel 'gatherIndirect' (6 of 6)
// CHECK: 1 'table' through the read-only path {{[0-9]+}} -{{[0-9.]+}}% {{.*}} caching
// CHECK: as written*
// CHECK: 'start' in constant memory {{[0-9]+}} {{[0-9.]+}}% {{.*}} instruction replays
// CHECK: 'table' is not moved to constant memory: gpurd does not know all the bytes the kernel accesses
// CHECK: 'table' is not copied to shared memory: the addresses of S1 (line [[#@LINE+23]]) 'table[(s & ~31) + ((s * 7 + r) & 31)]' are computed from loaded data, so a block's copy would have to hold every byte they may reach, which gpurd does not know

// JSON: "description": "'table' through the read-only path"
// JSON: "amat": 141.1,
// JSON: "l1_ratio": 0.7,
// JSON: "miss_ratio": 0.2,
// JSON: "description": "'start' in constant memory, 'table' through the read-only path"
// JSON: "addressing_delta_per_warp": -1.0,
// JSON: "replays_per_warp": 33.0,
// JSON: "description": "as written"
// JSON: "amat": 258.0,
// JSON: "l1_ratio": 0.0,
// JSON: "miss_ratio": 0.2,

// ADVICE: :[[#@LINE+9]]:12: warning: 'table' is only read; reading it through the read-only path is predicted to cut the kernel's time by {{[0-9]+}}% [gpurd-placement]
// ADVICE: note: declare 'table' with '__restrict__'
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
