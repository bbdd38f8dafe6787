// The usual CUDA includes resolve to gpurd's own prelude; no CUDA
// installation is used.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <vector_types.h>
#include <stdio.h>

texture<float, 1, cudaReadModeElementType> texIn;

__global__ void viaTexture(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch(texIn, i) + __ldg(out + i);
}

__global__ void warpSum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, v);
}

int main() {
  float *d;
  cudaMalloc((void **)&d, 1024 * sizeof(float));
  cudaBindTexture(0, texIn, d, 1024 * sizeof(float));
  viaTexture<<<4, 256>>>(d, 1024);
  warpSum<<<dim3(4), dim3(256)>>>(d, d);
  cudaThreadSynchronize();
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    printf("%s\n", cudaGetErrorString(err));
  return 0;
}
// CHECK: cuda-headers.cu: 2 kernels, 2 launch sites
// CHECK: kernel viaTexture(float *out, int n)
// CHECK: kernel warpSum(const float *in, float *out)
// CHECK: launch viaTexture in main: grid (4, 1, 1), block (256, 1, 1)
// CHECK: launch warpSum in main: grid (4, 1, 1), block (256, 1, 1)
