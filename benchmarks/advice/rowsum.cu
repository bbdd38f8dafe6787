// advice-bench pair: rowsum
// problem: rowSumThreadPerRow  fixed: rowSumWarpPerRow
// What an expert sees: one thread per row of a row-major matrix makes the lanes of a warp read 32 rows at once, COLS floats apart (32 sectors a request for 4 useful ones); a warp per row reads each row in coalesced 128-byte pieces and adds the 32 partial sums with shuffles.
#include <cuda_runtime.h>

#define ROWS 65536
#define COLS 128

__global__ void rowSumThreadPerRow(const float *a, float *sums) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int c = 0; c < COLS; ++c)
    s += a[r * COLS + c];  // expect: gpurd-uncoalesced-access
  sums[r] = s;
}

__global__ void rowSumWarpPerRow(const float *a, float *sums) {
  int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  float s = 0.0f;
  for (int c = lane; c < COLS; c += 32)
    s += a[r * COLS + c];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0)
    sums[r] = s;
}

int main() {
  float *a, *sums;
  cudaMalloc(&a, ROWS * COLS * sizeof(float));
  cudaMalloc(&sums, ROWS * sizeof(float));
  rowSumThreadPerRow<<<ROWS / 256, 256>>>(a, sums);     // 256 blocks
  rowSumWarpPerRow<<<ROWS * 32 / 256, 256>>>(a, sums);  // 8192 blocks
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(sums);
  return 0;
}
