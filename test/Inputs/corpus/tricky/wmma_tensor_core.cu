// Tensor-core GEMM in the style of the CUDA samples' simple WMMA example:
// one warp computes one 16x16 tile of C with nvcuda::wmma fragments.
// gpurd's prelude declares load/store/mma_sync only (opaque calls in IR);
// the surrounding index arithmetic and the epilogue loop over
// fragment elements are ordinary code.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

#define MATRIX_M 1024
#define MATRIX_N 1024
#define MATRIX_K 1024

const int WMMA_M = 16;
const int WMMA_N = 16;
const int WMMA_K = 16;

__global__ void convertFp32ToFp16(half *out, const float *in, int n) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  if (idx < n)
    out[idx] = __float2half(in[idx]);
}

// C = alpha * A * B + beta * C, all column-major.
__global__ void wmmaGemm(const half *a, const half *b, float *c, int M, int N,
                         int K, float alpha, float beta) {
  int lda = M, ldb = K, ldc = M;
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;

  wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> aFrag;
  wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> bFrag;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> accFrag;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> cFrag;
  wmma::fill_fragment(accFrag, 0.0f);

  for (int k = 0; k < K; k += WMMA_K) {
    int aRow = warpM * WMMA_M, aCol = k;
    int bRow = k, bCol = warpN * WMMA_N;
    if (aRow < M && aCol < K && bRow < K && bCol < N) {
      wmma::load_matrix_sync(aFrag, a + aRow + aCol * lda, lda);
      wmma::load_matrix_sync(bFrag, b + bRow + bCol * ldb, ldb);
      wmma::mma_sync(accFrag, aFrag, bFrag, accFrag);
    }
  }

  int cRow = warpM * WMMA_M, cCol = warpN * WMMA_N;
  if (cRow < M && cCol < N) {
    wmma::load_matrix_sync(cFrag, c + cRow + cCol * ldc, ldc, wmma::mem_col_major);
    for (int i = 0; i < cFrag.num_elements; i++)
      cFrag.x[i] = alpha * accFrag.x[i] + beta * cFrag.x[i];
    wmma::store_matrix_sync(c + cRow + cCol * ldc, cFrag, ldc, wmma::mem_col_major);
  }
}

int main() {
  float *aF32, *bF32, *c;
  half *aF16, *bF16;
  cudaMalloc((void **)&aF32, MATRIX_M * MATRIX_K * sizeof(float));
  cudaMalloc((void **)&bF32, MATRIX_K * MATRIX_N * sizeof(float));
  cudaMalloc((void **)&aF16, MATRIX_M * MATRIX_K * sizeof(half));
  cudaMalloc((void **)&bF16, MATRIX_K * MATRIX_N * sizeof(half));
  cudaMalloc((void **)&c, MATRIX_M * MATRIX_N * sizeof(float));

  convertFp32ToFp16<<<(MATRIX_M * MATRIX_K + 255) / 256, 256>>>(aF16, aF32, MATRIX_M * MATRIX_K);
  convertFp32ToFp16<<<(MATRIX_K * MATRIX_N + 255) / 256, 256>>>(bF16, bF32, MATRIX_K * MATRIX_N);

  // 128x4 threads = 16 warps per block; each warp owns a 16x16 tile.
  dim3 blockDim(128, 4);
  dim3 gridDim((MATRIX_M + (WMMA_M * blockDim.x / 32 - 1)) / (WMMA_M * blockDim.x / 32),
               (MATRIX_N + WMMA_N * blockDim.y - 1) / (WMMA_N * blockDim.y));
  wmmaGemm<<<gridDim, blockDim>>>(aF16, bF16, c, MATRIX_M, MATRIX_N, MATRIX_K, 2.0f, 2.0f);
  cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(cudaGetLastError()));

  cudaFree(aF32); cudaFree(bF32); cudaFree(aF16); cudaFree(bF16); cudaFree(c);
  return 0;
}
