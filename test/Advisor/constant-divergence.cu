// gpurd-constant-divergence fires when a warp's lanes read distinct
// __constant__ addresses and is silent on a uniform read.
//
// spread: lane t reads coeffs[t]: 32 distinct addresses in each of the 2
// warps of each of the 2 blocks. uniform: coeffs[blockIdx.x], 1 address.
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s

__constant__ float coeffs[64];

__global__ void spread(float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 64 + t] = coeffs[t];
  // CHECK: constant-divergence.cu:[[@LINE-1]]:30: warning: divergent constant-memory load: each warp request reads 32 distinct addresses, which the constant cache serves one after another (at most 32 in one request) [gpurd-constant-divergence]
  // CHECK: note: 'coeffs' in global memory read through the read-only path
  // CHECK-NEXT: note: addresses counted on the 4 warp requests of the 2 blocks modelled of 2
  // CHECK-NEXT: note: the addresses per request are exact
}

__global__ void uniform(float *out) {
  out[blockIdx.x * 64 + threadIdx.x] = coeffs[blockIdx.x];
}
// CHECK-NOT: warning:

void host(float *out) {
  spread<<<2, 64>>>(out);
  uniform<<<2, 64>>>(out);
}
