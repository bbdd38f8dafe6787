// advice-bench pair: tile_wired
// problem: blockedTransposeConflicts  fixed: blockedTransposePadded
// What an expert sees: the matrix is stored in a blocked layout of 32 x 32 tiles (each tile contiguous), and the kernel transposes it through a shared tile whose column read is a 32-way bank conflict; padding the shared tile's rows to 33 floats removes it. TILE is the data layout's tile edge, not a tuning knob: the same TILE sizes the block, the grid and the tiles of the data, so changing it alone would read the data with the wrong layout (gpurd-tile-size must stay silent here).
#include <cuda_runtime.h>

#define N 1024
#define TILE 32  // the tile edge of the data layout: no gpurd-tile-size finding belongs here
#define ROWS 8
#define NT (N / TILE)  // tiles per row of tiles

// Tile (tr, tc) of a matrix is stored at offset (tr * NT + tc) * TILE * TILE, row-major inside.
// Block (bx, by) writes output tile (bx, by) as the transpose of input tile (by, bx).
__global__ void blockedTransposeConflicts(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  const float *src = in + (blockIdx.y * NT + blockIdx.x) * TILE * TILE;
  float *dst = out + (blockIdx.x * NT + blockIdx.y) * TILE * TILE;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = src[(threadIdx.y + j) * TILE + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS)
    dst[(threadIdx.y + j) * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];  // expect: gpurd-shared-bank-conflict
}

__global__ void blockedTransposePadded(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  const float *src = in + (blockIdx.y * NT + blockIdx.x) * TILE * TILE;
  float *dst = out + (blockIdx.x * NT + blockIdx.y) * TILE * TILE;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = src[(threadIdx.y + j) * TILE + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS)
    dst[(threadIdx.y + j) * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * N * sizeof(float));
  cudaMalloc(&out, N * N * sizeof(float));
  dim3 block(TILE, ROWS);
  dim3 grid(NT, NT);  // 1024 blocks
  blockedTransposeConflicts<<<grid, block>>>(in, out);
  blockedTransposePadded<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
