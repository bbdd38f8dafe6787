// gpurd-small-grid is silent on a one-block kernel that reads no block index
// and synchronises its block: a block-wide algorithm (Rodinia lud_diagonal's
// dependent chain of barriers), whose idle SMs no grid fills. The same code
// reading blockIdx.x is a small grid like any other.
//
// By hand, on ampere-a100 (108 SMs): each launch is 1 block of 256 threads,
// 107 SMs idle, 107 / 108 = 99%; each thread runs 4096 iterations of a
// barrier, a shared load and a shared store, far more than MinCycles
// (20000 cycles).
// - chain<<<1, 256>>>: reads threadIdx.x only and synchronises: silent.
// - perBlock<<<1, 256>>>: the same, with its global element offset by
//   blockIdx.x * 256: the finding.
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' -- 2>&1 | FileCheck %s --implicit-check-not=gpurd-small-grid

__global__ void chain(float *m) {
  __shared__ float s[256];
  s[threadIdx.x] = m[threadIdx.x];
  for (int k = 1; k < 4097; ++k) {
    __syncthreads();
    float v = s[(threadIdx.x + k) % 256];
    __syncthreads();
    s[threadIdx.x] += v;
  }
  m[threadIdx.x] = s[threadIdx.x];
}

__global__ void perBlock(float *m) {
  __shared__ float s[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  s[threadIdx.x] = m[i];
  for (int k = 1; k < 4097; ++k) {
    __syncthreads();
    float v = s[(threadIdx.x + k) % 256];
    __syncthreads();
    s[threadIdx.x] += v;
  }
  m[i] = s[threadIdx.x];
}

void host(float *m) {
  chain<<<1, 256>>>(m);
  perBlock<<<1, 256>>>(m);
  // CHECK: small-grid-one-block.cu:[[@LINE-1]]:3: warning: grid of 1 block on ampere-a100's 108 SMs: 107 SMs (99%) stay idle for the whole launch [gpurd-small-grid]
}
