// advice-bench pair: small_grid
// problem: scaleSmallGrid  fixed: scaleFullGrid
// What an expert sees: a grid-stride loop launched with 16 blocks of 256 threads runs on 16 of the A100's 108 SMs and leaves the other 92 idle; a grid of 2048 blocks (about 19 per SM, more than the 8 that fit at once) keeps every SM busy with the same kernel.
#include <cuda_runtime.h>

#define N (1 << 22)
#define SMALL_GRID 16
#define FULL_GRID 2048

__global__ void scaleSmallGrid(const float *in, float *out, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
    out[i] = a * in[i];
}

// The same kernel body: a second name so that each launch is analysed on its own.
__global__ void scaleFullGrid(const float *in, float *out, float a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
    out[i] = a * in[i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  scaleSmallGrid<<<SMALL_GRID, 256>>>(in, out, 2.0f);  // expect: gpurd-small-grid
  scaleFullGrid<<<FULL_GRID, 256>>>(in, out, 2.0f);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
