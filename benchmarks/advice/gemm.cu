// advice-bench pair: gemm
// problem: gemmNaive  fixed: gemmTiled
// What an expert sees: in the naive product every thread reads a whole row of A and a whole column of B from global memory, so the 16 x 16 threads of a block read each element of their rows and columns 16 times; staging 16 x 16 tiles of A and B in shared memory serves each element once per block.
#include <cuda_runtime.h>

#define N 256
#define TILE 16

__global__ void gemmNaive(const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];  // expect: gpurd-shared-tiling
  C[row * N + col] = sum;
}

__global__ void gemmTiled(const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[row * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = sum;
}

int main() {
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMalloc(&C, N * N * sizeof(float));
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, N / TILE);  // 256 blocks
  gemmNaive<<<grid, block>>>(A, B, C);
  gemmTiled<<<grid, block>>>(A, B, C);
  cudaDeviceSynchronize();
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  return 0;
}
