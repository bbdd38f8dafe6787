// gpurd-global-accumulator: a loop that stores one global element in every
// iteration at an address the loop does not change. The compiler cannot
// keep it in a register, as 'c' may overlap 'a' and 'b': each iteration
// stores it, and the next iteration's loads wait for that store.
//
// gemm: C = A x B, N = 64, blocks of 32 x 8 threads, grid (2, 8): 16
// blocks of 8 warps, all modelled. Each thread's k loop runs 64 times and
// stores c[i * N + j] each time (the compiler forwards the stored value to
// the next iteration's load, so there is no load of c in the loop): 16 x 8
// = 128 warps x 64 = 8192 warp stores. Declared '__restrict__' (the
// what-if), the compiler keeps the sum in a register and stores it once
// after the loop: 128 warp stores. The loop is at line 24.
// gemmRestrict (the same with '__restrict__') and gemmRegister (a local
// sum) store once: silent.
//
// RUN: gpurd-advise %s --checks=-*,gpurd-global-accumulator -- 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: gpurd-advise %s --checks=-*,gpurd-global-accumulator --check-option=gpurd-global-accumulator.MinGain=0.99 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// SILENT-NOT: warning:
#define N 64
__global__ void gemm(const float *a, const float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  c[i * N + j] = 0.0f;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
  // CHECK: global-accumulator.cu:[[@LINE-1]]:18: warning: 'c[i * N + j]' is stored to global memory in every iteration of the loop at line [[#@LINE-2]], at the same address: accumulating it in a register (a local variable, stored once after the loop) is predicted to cut the kernel's time by {{[0-9.]+}}% ({{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-global-accumulator]
  // CHECK: note: the compiler keeps it in memory because 'c' may overlap the kernel's other arrays: each iteration's loads wait for the store before them, which may write what they read; its stores go from 8192 to 128 warp instructions on the blocks modelled
  // CHECK: note: the register is the same computation when the arrays do not overlap
}

__global__ void gemmRestrict(const float *__restrict__ a,
                             const float *__restrict__ b,
                             float *__restrict__ c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  c[i * N + j] = 0.0f;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

__global__ void gemmRegister(const float *a, const float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0.0f;
  for (int k = 0; k < N; ++k)
    s += a[i * N + k] * b[k * N + j];
  c[i * N + j] = s;
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, N * N * 4);
  cudaMalloc(&b, N * N * 4);
  cudaMalloc(&c, N * N * 4);
  gemm<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(a, b, c);
  gemmRestrict<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(a, b, c);
  gemmRegister<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(a, b, c);
}
