// advice-bench pair: strided_copy
// problem: copyStrided  fixed: copyUnitStride
// What an expert sees: reading every 4th float makes a warp's load touch 16 sectors for 4 sectors of useful data (75% of the bytes moved are thrown away); with the wanted elements stored contiguously the copy reads them at unit stride.
#include <cuda_runtime.h>

#define N (1 << 20)
#define STRIDE 4

__global__ void copyStrided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * STRIDE];  // expect: gpurd-uncoalesced-access
}

// The same copy with the N wanted elements stored contiguously.
__global__ void copyUnitStride(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * STRIDE * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  dim3 block(256);
  dim3 grid(N / 256);  // 4096 blocks
  copyStrided<<<grid, block>>>(in, out);
  copyUnitStride<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
