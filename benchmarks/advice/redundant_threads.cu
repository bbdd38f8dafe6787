// advice-bench pair: redundant_threads
// problem: saxpyRedundant  fixed: saxpyFlat
// What an expert sees: the block is (32, 8) but the kernel never reads threadIdx.y, so the 8 warps of a block load, compute and store the same 32 elements: 8 times the work and the stores for nothing; a block of (256, 1) with the index over 256 threads does the same job once.
#include <cuda_runtime.h>

#define N (1 << 18)

__global__ void saxpyRedundant(float a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  z[i] = a * x[i] + y[i];
}

__global__ void saxpyFlat(float a, const float *x, const float *y, float *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  z[i] = a * x[i] + y[i];
}

int main() {
  float *x, *y, *z;
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&y, N * sizeof(float));
  cudaMalloc(&z, N * sizeof(float));
  dim3 block2d(32, 8);
  dim3 grid2d(N / 32);  // 8192 blocks
  saxpyRedundant<<<grid2d, block2d>>>(2.0f, x, y, z);  // expect: gpurd-redundant-threads
  dim3 block(256, 1);
  dim3 grid(N / 256);  // 1024 blocks
  saxpyFlat<<<grid, block>>>(2.0f, x, y, z);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  cudaFree(z);
  return 0;
}
