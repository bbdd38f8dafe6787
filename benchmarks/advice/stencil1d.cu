// advice-bench pair: stencil1d
// problem: stencil1dGlobal  fixed: stencil1dShared
// What an expert sees: each output reads 2 * RADIUS + 1 neighbours from global memory, so every input element is loaded 7 times by the block; loading the block's 256 elements plus a RADIUS halo on each side into shared memory once serves all of them. Labelled silent since 2026-12-04: the re-reads are L1 hits (the 7 loads of a warp touch 2 lines), so the stage only moves them to shared memory and adds the halo branch and a barrier; Accel-Sim (SM7_QV100) runs stencil1dShared 5.7% slower (docs/fidelity.md, fifth run).
#include <cuda_runtime.h>

#define N (1 << 20)
#define RADIUS 3
#define THREADS 256

// in holds N + 2 * RADIUS elements; out[i] averages in[i .. i + 2 * RADIUS].
__global__ void stencil1dGlobal(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k <= 2 * RADIUS; ++k)
    s += in[i + k];
  out[i] = s * (1.0f / (2 * RADIUS + 1));
}

__global__ void stencil1dShared(const float *in, float *out) {
  __shared__ float buf[THREADS + 2 * RADIUS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = in[i];
  if (threadIdx.x < 2 * RADIUS)
    buf[THREADS + threadIdx.x] = in[i + THREADS];
  __syncthreads();
  float s = 0.0f;
  for (int k = 0; k <= 2 * RADIUS; ++k)
    s += buf[threadIdx.x + k];
  out[i] = s * (1.0f / (2 * RADIUS + 1));
}

int main() {
  float *in, *out;
  cudaMalloc(&in, (N + 2 * RADIUS) * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  dim3 block(THREADS);
  dim3 grid(N / THREADS);  // 4096 blocks
  stencil1dGlobal<<<grid, block>>>(in, out);
  stencil1dShared<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
