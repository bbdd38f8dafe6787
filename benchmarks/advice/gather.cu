// advice-bench pair: gather
// problem: embedRowPerThread  fixed: embedElementPerThread
// What an expert sees: an embedding lookup with one thread per gathered row makes the lanes of a warp read and write 32 different rows (32 sectors a request for 128 useful bytes, whatever the indices); one thread per element makes a warp read one whole row and write one whole row.
// also: gatherIndexed (a scalar gather x[idx[i]] through random indices: each lane its own sector, but only sorting the indices would help, and a sort costs more than the one pass it would save; silent)
#include <cuda_runtime.h>

#define ROWS 65536   // rows gathered
#define VOCAB 100000 // rows of the table
#define D 32         // floats per row
#define N (1 << 20)

// out row r = table row idx[r].
__global__ void embedRowPerThread(const float *table, const int *idx, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx[r];
  for (int c = 0; c < D; ++c) {
    float v = table[row * D + c];  // expect: gpurd-uncoalesced-access
    out[r * D + c] = v;  // expect: gpurd-uncoalesced-access
  }
}

__global__ void embedElementPerThread(const float *table, const int *idx, float *out) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  int r = e / D, c = e % D;
  out[e] = table[idx[r] * D + c];
}

// idx is a random permutation of 0 .. N - 1: the lanes of a warp read 32 unrelated
// floats. Not labelled: the only fix is reordering the data (sorting idx and
// permuting out), which pays only if the same gather runs many times.
__global__ void gatherIndexed(const float *x, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[idx[i]];
}

int main() {
  float *table, *out, *x, *gathered;
  int *idx, *perm;
  cudaMalloc(&table, VOCAB * D * sizeof(float));
  cudaMalloc(&idx, ROWS * sizeof(int));
  cudaMalloc(&out, ROWS * D * sizeof(float));
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&perm, N * sizeof(int));
  cudaMalloc(&gathered, N * sizeof(float));
  embedRowPerThread<<<ROWS / 256, 256>>>(table, idx, out);          // 256 blocks
  embedElementPerThread<<<ROWS * D / 256, 256>>>(table, idx, out);  // 8192 blocks
  gatherIndexed<<<N / 256, 256>>>(x, perm, gathered);               // 4096 blocks
  cudaDeviceSynchronize();
  cudaFree(table);
  cudaFree(idx);
  cudaFree(out);
  cudaFree(x);
  cudaFree(perm);
  cudaFree(gathered);
  return 0;
}
