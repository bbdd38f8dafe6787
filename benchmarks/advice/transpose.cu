// advice-bench pair: transpose
// problem: transposeNaive  fixed: transposePadded
// What an expert sees: the naive transpose reads rows but writes columns, so every warp store touches 32 sectors; staging a 32 x 32 tile through shared memory makes both sides coalesced, and padding the tile's rows to 33 floats removes the 32-way bank conflict of the column read.
// also: transposeTiled (coalesced, but its column read of the unpadded tile is a 32-way bank conflict)
// The tile size (labelled since 2026-12-04): the naive kernel with TILE 16 (blocks of 16 x 8) has each warp store 16 columns of 2 neighbouring rows, 16 sectors a request where TILE 32 touches 32; a one-token change that keeps what the kernel computes, which Accel-Sim (SM7_QV100) runs 41.0% faster (docs/fidelity.md, group transpose-tile). Staging through a padded tile is still the larger fix.
#include <cuda_runtime.h>

#define N 1024
#define TILE 32  // expect: gpurd-tile-size
#define ROWS 8

__global__ void transposeNaive(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[x * N + (y + j)] = in[(y + j) * N + x];  // expect: gpurd-uncoalesced-access
}

__global__ void transposeTiled(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];  // expect: gpurd-shared-bank-conflict
}

__global__ void transposePadded(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * N * sizeof(float));
  cudaMalloc(&out, N * N * sizeof(float));
  dim3 block(TILE, ROWS);
  dim3 grid(N / TILE, N / TILE);  // 1024 blocks
  transposeNaive<<<grid, block>>>(in, out);
  transposeTiled<<<grid, block>>>(in, out);
  transposePadded<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
