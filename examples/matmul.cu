// Matrix multiplication C = A * B of N x N matrices, two ways: a naive kernel
// reading A and B from global memory, and the classic shared-memory tiled
// kernel (as in the CUDA programming guide).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 1024
#define TILE 16

__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
      sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
}

template <int BLOCK>
__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[BLOCK][BLOCK];
  __shared__ float Bs[BLOCK][BLOCK];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BLOCK + ty;
  int col = blockIdx.x * BLOCK + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / BLOCK; ++t) {
    As[ty][tx] = A[row * n + t * BLOCK + tx];
    Bs[ty][tx] = B[(t * BLOCK + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < BLOCK; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

int main() {
  size_t bytes = (size_t)N * N * sizeof(float);
  float *hA = (float *)malloc(bytes), *hB = (float *)malloc(bytes);
  for (int i = 0; i < N * N; ++i) {
    hA[i] = 1.0f;
    hB[i] = 2.0f;
  }
  float *dA, *dB, *dC;
  cudaMalloc((void **)&dA, bytes);
  cudaMalloc((void **)&dB, bytes);
  cudaMalloc((void **)&dC, bytes);
  cudaMemcpy(dA, hA, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, hB, bytes, cudaMemcpyHostToDevice);

  dim3 block(TILE, TILE);
  dim3 grid((N + block.x - 1) / block.x, (N + block.y - 1) / block.y);
  matmulNaive<<<grid, block>>>(dA, dB, dC, N);
  matmulTiled<TILE><<<grid, block>>>(dA, dB, dC, N);
  cudaDeviceSynchronize();

  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  free(hA);
  free(hB);
  printf("done\n");
  return 0;
}
