// advice-bench pair: matvec
// problem: matvecRowWalk  fixed: matvecColumnWalk
// What an expert sees: with one thread per row of a row-major matrix, the lanes of a warp read elements COLS floats apart, so every load touches 32 sectors for 32 useful floats; storing the matrix transposed (column-major) makes the lanes read consecutive floats.
#include <cuda_runtime.h>

#define ROWS 65536
#define COLS 64

// y = A x, A row-major ROWS x COLS: thread i walks row i.
__global__ void matvecRowWalk(const float *a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < COLS; ++j)
    s += a[i * COLS + j] * x[j];  // expect: gpurd-uncoalesced-access
  y[i] = s;
}

// The same product with A stored column-major (a[j * ROWS + i] is A(i, j)).
__global__ void matvecColumnWalk(const float *a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < COLS; ++j)
    s += a[j * ROWS + i] * x[j];
  y[i] = s;
}

int main() {
  float *a, *x, *y;
  cudaMalloc(&a, ROWS * COLS * sizeof(float));
  cudaMalloc(&x, COLS * sizeof(float));
  cudaMalloc(&y, ROWS * sizeof(float));
  dim3 block(256);
  dim3 grid(ROWS / 256);  // 256 blocks
  matvecRowWalk<<<grid, block>>>(a, x, y);
  matvecColumnWalk<<<grid, block>>>(a, x, y);
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
