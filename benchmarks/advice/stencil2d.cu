// advice-bench pair: stencil2d
// problem: jacobiGlobal  fixed: jacobiShared
// What an expert sees: each point reads its four neighbours from global memory, so the rows above and below a warp's row are read again by the neighbouring warps of the block; loading the block's 32 x 8 tile with a one-point halo into shared memory serves every input once per block. Labelled silent since 2026-12-04: the neighbouring rows are L1 hits, and the halo's fills and branches double the kernel's instructions; Accel-Sim (SM7_QV100) runs jacobiShared 10.9% slower (docs/fidelity.md, fifth run).
#include <cuda_runtime.h>

#define W 512
#define H 512
#define P (W + 2)  // pitch of the input, which has a one-point border
#define BX 32
#define BY 8

// out (H x W) = average of the four neighbours of each interior point of in ((H + 2) x (W + 2)).
__global__ void jacobiGlobal(const float *in, float *out) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  out[y * W + x] = 0.25f * (in[y * P + x + 1] + in[(y + 2) * P + x + 1] + in[(y + 1) * P + x] + in[(y + 1) * P + x + 2]);
}

__global__ void jacobiShared(const float *in, float *out) {
  __shared__ float tile[BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * BX + tx;
  int y = blockIdx.y * BY + ty;
  tile[ty + 1][tx + 1] = in[(y + 1) * P + x + 1];
  if (ty == 0)
    tile[0][tx + 1] = in[y * P + x + 1];
  if (ty == BY - 1)
    tile[BY + 1][tx + 1] = in[(y + 2) * P + x + 1];
  if (tx == 0)
    tile[ty + 1][0] = in[(y + 1) * P + x];
  if (tx == BX - 1)
    tile[ty + 1][BX + 1] = in[(y + 1) * P + x + 2];
  __syncthreads();
  out[y * W + x] = 0.25f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, (H + 2) * P * sizeof(float));
  cudaMalloc(&out, H * W * sizeof(float));
  dim3 block(BX, BY);
  dim3 grid(W / BX, H / BY);  // 16 x 64 = 1024 blocks
  jacobiGlobal<<<grid, block>>>(in, out);
  jacobiShared<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
