// gpurd-constant-divergence fires when a warp's lanes read distinct
// __constant__ addresses and is silent on a uniform read.
//
// spread: lane t reads coeffs[t]: 32 distinct addresses in each of the 2
// warps of each of the 2 blocks. uniform: coeffs[blockIdx.x], 1 address.
//
// Moved to global memory (a what-if run), a warp's 32 addresses are one
// 128-byte line: the 31 replays of kind 3 (seed 002 Eq. 3) go, one
// addressing instruction comes (Fig. 2), and the time model predicts the
// kernel faster. On the A100 its L1 caches plain global loads, so the note does
// not ask for the read-only path; with `l1.cachesGlobalLoads`
// off (Maxwell's default, -dlcm=cg on later GPUs) it does.
//
// (gpurd-placement's MinCycles=0: the kernels here take a few hundred
// cycles, below its default of 5000, at which it is silent.)
// RUN: gpurd-advise %s --check-option=gpurd-placement.MinCycles=0 -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --set l1.cachesGlobalLoads=false -- 2>&1 | FileCheck --check-prefix=RO %s
// One verdict: the move saves T0 - T1 of T0 (24%); asked for half, the
// divergent load is no advice.
// RUN: gpurd-advise %s --checks=-*,gpurd-constant-divergence --check-option=gpurd-constant-divergence.MinGain=0.5 -- 2>&1 | FileCheck --check-prefix=NONE %s
// NONE-NOT: warning:

__constant__ float coeffs[64];

__global__ void spread(float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 64 + t] = coeffs[t];
  // CHECK: constant-divergence.cu:[[@LINE-1]]:30: warning: divergent constant-memory load: each warp request reads 32 distinct addresses, which the constant cache serves one after another (at most 32 in one request) [gpurd-constant-divergence]
  // CHECK: note: 'coeffs' in global memory would serve a warp's distinct addresses a sector at a time: it is predicted to cut the kernel's time by {{[0-9.]+}}% ([[T0:[0-9]+]] to [[T1:[0-9]+]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) (a what-if run of the models with every access of 'coeffs' in global memory)
  // CHECK-NEXT: note: addresses counted on the 4 warp requests of the 2 blocks modelled of 2
  // CHECK-NEXT: note: the addresses per request are exact
  // gpurd-placement ranks the same move (a __constant__ array may go to
  // global memory), with the same time. By hand: a warp executes 11
  // instructions (10 of the IR up to the store, and the return); as written
  // it replays its load 31 times for the 32 addresses (kind 3) and 2 times
  // for constant-cache misses (kind 2: each block's 2 warps miss the
  // table's 4 lines of 64 bytes), 44 in all; in global memory the load is
  // one 128-byte line (no replay) and takes one more addressing instruction
  // (Fig. 2: 2 against 1), 12. With 2 warps an SM (ITILP 2, Eqs. 13-14:
  // 4 / 2 cycles an instruction), Eq. 2 gives Tcomp = 44 * 2 * 2 = 176 and
  // 12 * 2 * 2 = 48.
  // CHECK-NEXT: warning: 'coeffs' is only read; placing it in global memory is predicted to cut the kernel's time by {{[0-9]+}}% [gpurd-placement]
  // CHECK: note: seed 002's model: T = Tcomp + Tmem - Toverlap from [[T0]] to [[T1]] cycles (Tcomp 176 to 48,
  // CHECK: note: to place it so, declare 'coeffs' '__device__' instead of '__constant__' (cudaMemcpyToSymbol copies to either)
}

__global__ void uniform(float *out) {
  out[blockIdx.x * 64 + threadIdx.x] = coeffs[blockIdx.x];
}
// CHECK-NOT: warning:
// RO: note: 'coeffs' in global memory read through the read-only path (`const __restrict__` or `__ldg`) would serve a warp's distinct addresses a sector at a time: it is predicted to cut the kernel's time by

void host(float *out) {
  spread<<<2, 64>>>(out);
  uniform<<<2, 64>>>(out);
}
