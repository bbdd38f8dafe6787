// advice-bench pair: misaligned_copy
// problem: copyOffsetByOne  fixed: copyAligned
// What an expert sees: reading in[i + 1] shifts each warp's 128 bytes off a sector boundary, so a request touches 5 sectors where 4 would do; the neighbouring warp reads the extra sector anyway (an L1/L2 hit), so the cost is a few percent and nobody would restructure for it. Labelled silent.
#include <cuda_runtime.h>

#define N (1 << 20)

__global__ void copyOffsetByOne(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}

__global__ void copyAligned(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, (N + 1) * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  dim3 block(256);
  dim3 grid(N / 256);  // 4096 blocks
  copyOffsetByOne<<<grid, block>>>(in, out);
  copyAligned<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
