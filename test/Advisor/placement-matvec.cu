// --placements and gpurd-placement on a matrix-vector product (seed 002):
// each thread walks a column of A and reads the vector x at the same k as
// every other lane of its warp.
//
// Hand count (A100, 8 blocks of 4 warps, one block per SM):
// - memory instructions per warp: 1024 loads of A, 1024 of x, 1 store of y
//   = 2049; the A loads each read a 128-byte line no other warp reads, so
//   all 1024 wait for DRAM.
// - 'y' is written: it stays global. 'A' (4 MB) fits neither the 64 KB of
//   constant memory nor a block's shared memory. The A100's L1 caches plain
//   and read-only loads alike, so the read-only path is the same cache.
// - 'x' (4096 bytes) may go to constant or shared memory. Seed 002 Fig. 2:
//   its 1024 loads a warp address with 1 instruction instead of 2:
//   addressing -1024 per warp. In constant memory each block misses its 64
//   lines of 64 bytes once (replay kind 2; the 8 KB cache holds them),
//   64 / 4 warps = 16 replays per warp, and no divergence replays (kind 3:
//   one address per instruction); the other 1024 - 16 loads hit the
//   constant cache. The first block's 64
//   misses fetch the lines from DRAM, the other blocks' from the L2:
//   64 / 32 warps = 2 more DRAM waits a warp. In shared memory a warp's
//   lanes read one word (no bank conflict, kind 4: 0) and each block copies
//   its tile of 4096 bytes (each word read 4 warps x 32 lanes = 128 times)
//   in one DRAM round trip (290 cycles) at 1555 GB/s / 1410 MHz = 1102.8
//   bytes a cycle: 8 * 4096 / 1102.8 + 290 = 319.7 cycles.
// - Waits (docs/placement-model.md): Clang's O3 unrolls the k loop by 4,
//   and a warp issues the 4 loads of A and the 4 of x of an unrolled
//   iteration together (none needs another's result): 1024 / 4 = 256
//   groups, and the store of y alone: 257 waits, MLP = 2049 / 257 = 7.97
//   (seed 002 Eq. 18). Each group waits for its loads of A, from DRAM,
//   whichever memory serves x: miss_ratio 256 / 257 = 0.9961 of the waits
//   and AMAT = (256 * 290 + 200) / 257 = 289.65 in every placement. Moving
//   x saves its addressing instructions (Tcomp) and no wait: constant memory
//   ranks first (-1024 addressing, +16 replays), the shared copy next
//   (-1024, and its copy-in), each under 3% (the x loads' L1 hits, 33
//   cycles against 14 in the constant cache, are hidden behind A's DRAM
//   wait); gpurd-placement is silent by default (MinGain). With 4 warps an
//   SM, one for each of the A100's 4 schedulers, the uncalibrated Toverlap
//   hides nothing (F_overlap = (1 - 1) / 1 = 0), so T = Tcomp + Tmem and
//   the saved instructions count whole.
// check-placements.py checks Eqs. 1, 2 and 4 on every candidate's figures.
//
// RUN: gpurd-advise --placements %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --format=json %s -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise --placements --format=json %s -- | %python %inputs/check-placements.py | FileCheck --check-prefix=ARITH %s
// RUN: gpurd-advise --checks=-*,gpurd-placement --check-option=gpurd-placement.MinGain=0.005 %s -- 2>&1 | FileCheck --check-prefix=CHECK-WARN %s
// RUN: gpurd-advise --checks=-*,gpurd-placement %s -- 2>&1 | FileCheck --check-prefix=SILENT %s
// An arch without the time model's figures: --placements names them, the
// check is silent.
// RUN: not gpurd-advise --placements --arch fermi-gtx470 %s -- 2>&1 | FileCheck --check-prefix=NOFIGURES %s
// RUN: gpurd-advise --checks=-*,gpurd-placement --check-option=gpurd-placement.MinGain=0.01 --arch fermi-gtx470 %s -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: not gpurd-advise --placements --tune N=512 %s -- 2>&1 | FileCheck --check-prefix=TWO %s
// RUN: not gpurd-advise --placements --format=sarif %s -- 2>&1 | FileCheck --check-prefix=SARIF %s

// CHECK: placements of kernel 'mv' (3 of 3), predicted time by seed 002's model, T = Tcomp + Tmem - Toverlap, in cycles:
// CHECK-NEXT: rank placement
// CHECK-NEXT: 1 'x' in constant memory {{[0-9]+}} -{{[0-2]}}.{{[0-9]+}}% {{.*}} - addressing instructions
// CHECK-NEXT: 2 'x' in shared memory {{[0-9]+}} -{{[0-2]}}.{{[0-9]+}}% {{.*}} 320 addressing instructions
// CHECK-NEXT: 3 as written* {{[0-9]+}} 0% {{[0-9]+}} {{[0-9]+}} 0 - -
// CHECK: 'A' is not moved to the read-only path: on ampere-a100 its loads reach the same L1 as plain global loads
// CHECK: 'A' (4194304 bytes) does not fit in the 64 KB of constant memory
// CHECK: 'A' is not copied to shared memory: a block accesses each of the bytes it touches about once (1.00 times)
// CHECK: 'y' stays in global memory: the kernel writes it
// CHECK: assumes: Toverlap is uncalibrated
// CHECK: assumes: the DRAM latency is arch 'ampere-a100''s constant dram.minLatency

// JSON: "placements": {
// JSON: "description": "'x' in constant memory"
// JSON: "addressing_delta_per_warp": -1024.0,
// JSON: "amat": 289.649
// JSON: "constant_ratio": 0.0,
// JSON: "memory_instructions_per_warp": 2049.0,
// JSON: "miss_ratio": 0.996
// JSON: "mlp": 7.972
// JSON: "replays_per_warp": 16.0,
// JSON: "total_warps": 32.0,
// JSON: "warps_per_sm": 4.0
// JSON: "description": "'x' in shared memory"
// JSON: "addressing_delta_per_warp": -1024.0,
// JSON: "miss_ratio": 0.996
// JSON: "replays_per_warp": 0.0,
// JSON: "description": "as written"
// JSON: "addressing_delta_per_warp": 0.0,
// JSON: "amat": 289.649
// JSON: "replays_per_warp": 0.0,

// ARITH: placements: 3 candidates checked

// CHECK-WARN: placement-matvec.cu:[[@LINE+13]]:29: warning: 'x' is only read, by all the lanes of a warp at one address; placing it in constant memory is predicted to cut the kernel's time by {{[0-9]+}}% [gpurd-placement]
// CHECK-WARN: note: seed 002's model: T = Tcomp + Tmem - Toverlap from {{[0-9]+}} to {{[0-9]+}} cycles (Tcomp {{.*}}); the term that decides it: addressing instructions (what-if runs of the models with the arrays moved; '--placements' ranks all 3 placements)
// CHECK-WARN: note: the time assumes: the events of every placement come from gpurd's models
// CHECK-WARN: note: to place it so, declare '__constant__ float x_c[...]' (4096 bytes) at file scope, copy the data with 'cudaMemcpyToSymbol(x_c, ...)' before the launch, and read 'x_c' in the kernel
// SILENT-NOT: gpurd-placement
// NOFIGURES: error: kernel 'mv': the placement model (seed 002) needs sm.instructionLatency, sm.sharedMemoryLatency, which arch 'fermi-gtx470' does not give; give them with --set or in an --arch-file (docs/arch-format.md)
// TWO: error: --placements and --tune are two searches; give one of them
// SARIF: error: --placements prints a ranking, not findings; give it with --format=text or --format=json, not sarif
#define N 1024
__global__ void mv(const float *A, const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < N; ++k)
    sum += A[k * N + row] * x[k];
  y[row] = sum;
}
int main() {
  float *A, *x, *y;
  cudaMalloc(&A, N * N * 4);
  cudaMalloc(&x, N * 4);
  cudaMalloc(&y, N * 4);
  mv<<<N / 128, 128>>>(A, x, y);
}
