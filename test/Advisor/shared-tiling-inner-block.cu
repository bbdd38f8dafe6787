// gpurd-shared-tiling sizes the tiles it names by a block inside the grid,
// not by block 0 alone: block 0 of a stencil sits at the data's edge, where
// the guard leaves its first row and column of threads idle.
//
// A 3 x 3 stencil over a 256 x 256 image, blocks of 32 x 8 threads, grid
// (8, 32). A block at (bx, by) with all its threads inside reads rows
// 8 by - 1 .. 8 by + 8 (10) and columns 32 bx - 1 .. 32 bx + 32 (34): a
// 10 x 34 tile, 1360 bytes. Block 0's threads of row 0 or column 0 do
// nothing (i > 0 and j > 0), so it reads rows 0 .. 8 and columns 0 .. 32:
// 9 x 33, 1188 bytes, which the finding named before. The middle block,
// (4, 16), is an inner one.
//
// The stage itself is predicted not to pay (the 340-element tile is larger
// than the block's 256 threads: a fill loop over rows, 19 instructions an
// element, StagedArrays.h), so MinGain=-1 shows it anyway: the tile's shape
// is what this test checks.
// RUN: gpurd-advise %s --checks=-*,gpurd-shared-tiling --check-option=gpurd-shared-tiling.MinCycles=0 --check-option=gpurd-shared-tiling.MinGain=-1 -- 2>&1 | FileCheck %s
// CHECK: warning: 'A' is read again by the block's warps {{.*}} in 10 x 34 tiles, one per block
// CHECK: note: phases of 16 iterations (1 phase a block, in 10 x 34 tiles, 1360 bytes of shared memory
#define N 256
__global__ void smooth(const float *A, float *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < N - 1 && j < N - 1) {
    float s = 0.0f;
    for (int di = -1; di <= 1; ++di)
      for (int dj = -1; dj <= 1; ++dj)
        s += A[(i + di) * N + (j + dj)];
    B[i * N + j] = s / 9.0f;
  }
}
int main() {
  float *A, *B;
  cudaMalloc(&A, N * N * 4);
  cudaMalloc(&B, N * N * 4);
  smooth<<<dim3(N / 32, N / 8), dim3(32, 8)>>>(A, B);
}
