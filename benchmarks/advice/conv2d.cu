// advice-bench pair: conv2d
// problem: conv2dGlobal  fixed: conv2dShared
// What an expert sees: a 5 x 5 convolution that reads its 25 inputs from global memory loads every input pixel 25 times across the block's threads (5 times across its warps); staging the block's 36 x 12 input tile in shared memory loads each pixel once per block. The filter is read uniformly from constant memory (a broadcast), which is right as it is. Labelled silent since 2026-12-04: the textbook stage does not pay on a GPU whose L1 keeps the re-read rows (a warp's 5 input rows are 4 of the next warp's): the tile's fill loop (a division and remainder by the row length for each of the 432 elements, 19 instructions a fill) and the barrier cost more than the L1 hits they replace; Accel-Sim (SM7_QV100) runs conv2dShared 18.7% slower than conv2dGlobal (docs/fidelity.md, fifth run).
#include <cuda_runtime.h>

#define W 512
#define H 512
#define K 5
#define P (W + K - 1)  // pitch of the input, which has a (K - 1) / 2 border
#define BX 32
#define BY 8

__constant__ float c_filter[K * K];

__global__ void conv2dGlobal(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  float s = 0.0f;
  for (int ky = 0; ky < K; ++ky)
    for (int kx = 0; kx < K; ++kx)
      s += c_filter[ky * K + kx] * in[(y + ky) * P + x + kx];
  out[y * W + x] = s;
}

__global__ void conv2dShared(const float *in, float *out) {
  __shared__ float tile[BY + K - 1][BX + K - 1];
  int tid = threadIdx.y * BX + threadIdx.x;
  int x0 = blockIdx.x * BX, y0 = blockIdx.y * BY;
  for (int e = tid; e < (BY + K - 1) * (BX + K - 1); e += BX * BY) {
    int r = e / (BX + K - 1), c = e % (BX + K - 1);
    tile[r][c] = in[(y0 + r) * P + x0 + c];
  }
  __syncthreads();
  float s = 0.0f;
  for (int ky = 0; ky < K; ++ky)
    for (int kx = 0; kx < K; ++kx)
      s += c_filter[ky * K + kx] * tile[threadIdx.y + ky][threadIdx.x + kx];
  out[(y0 + threadIdx.y) * W + x0 + threadIdx.x] = s;
}

int main() {
  float *in, *out;
  float h_filter[K * K];
  for (int i = 0; i < K * K; ++i)
    h_filter[i] = 1.0f / (K * K);
  cudaMemcpyToSymbol(c_filter, h_filter, sizeof(h_filter));
  cudaMalloc(&in, (H + K - 1) * P * sizeof(float));
  cudaMalloc(&out, H * W * sizeof(float));
  dim3 block(BX, BY);
  dim3 grid(W / BX, H / BY);  // 16 x 64 = 1024 blocks
  conv2dGlobal<<<grid, block>>>(in, out);
  conv2dShared<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
