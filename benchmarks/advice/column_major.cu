// advice-bench pair: column_major
// problem: scaleRowsOnX  fixed: scaleColumnsOnX
// What an expert sees: the 2D block puts threadIdx.x on the rows of a row-major array, so the 32 lanes of a warp read and write 32 elements W floats apart (32 sectors a request for 4 useful ones); putting threadIdx.x on the columns makes each warp access one contiguous row segment.
#include <cuda_runtime.h>

#define W 512
#define H 512

__global__ void scaleRowsOnX(float *a, float s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  a[row * W + col] *= s;  // expect: gpurd-uncoalesced-access
}

__global__ void scaleColumnsOnX(float *a, float s) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  a[row * W + col] *= s;
}

int main() {
  float *a;
  cudaMalloc(&a, H * W * sizeof(float));
  dim3 block(32, 8);
  dim3 gridRows(H / 32, W / 8);  // 16 x 64 = 1024 blocks
  dim3 gridCols(W / 32, H / 8);  // 16 x 64 = 1024 blocks
  scaleRowsOnX<<<gridRows, block>>>(a, 2.0f);
  scaleColumnsOnX<<<gridCols, block>>>(a, 2.0f);
  cudaDeviceSynchronize();
  cudaFree(a);
  return 0;
}
