// A value the device side does not compile (an #error under __CUDA_ARCH__):
// the candidate is "not analysed" with the first error in its row, and
// Clang's diagnostics of the what-if variant do not reach the terminal (the
// error is the search's, not the program's).
//
// RUN: gpurd-advise %s --tune TILE=16,64 -- 2>&1 | FileCheck %s --implicit-check-not='error generated' --implicit-check-not='{{^}}{{.*}}: error: "TILE'
// CHECK: 1     16*
// CHECK-NEXT: -     64  not analysed: the device side of '{{.*}}tile-search-device-error.cu' could not be compiled, the first error: {{.*}}tile-search-device-error.cu:[[#@LINE+5]]:2: error: "TILE must be at most 32 on the device"
#ifndef TILE
#define TILE 16
#endif
#if defined(__CUDA_ARCH__) && TILE > 32
#error "TILE must be at most 32 on the device"
#endif

__global__ void scale(float *a) {
  __shared__ float t[TILE];
  int i = blockIdx.x * TILE + threadIdx.x;
  t[threadIdx.x] = a[i];
  __syncthreads();
  a[i] = t[TILE - 1 - threadIdx.x];
}

void host(float *a) { scale<<<64, TILE>>>(a); }
