// advice-bench pair: scan
// problem: scanBlocksConflicts  fixed: scanBlocksPadded
// What an expert sees: the work-efficient (Blelloch) scan of 512 elements per block walks its shared array with strides 2, 4, ... 256, so the lanes of a warp hit the same banks (2-way up to 16-way) in both sweeps; inserting one padding word every 32 elements (index + (index >> 5), GPU Gems 3 ch. 39) makes every sweep conflict-free.
#include <cuda_runtime.h>

#define N (1 << 20)
#define B 512  // elements scanned per block, two per thread
#define PAD(n) ((n) + ((n) >> 5))

// Exclusive scan of each block's B elements (the per-block pass of a large scan).
__global__ void scanBlocksConflicts(const float *in, float *out) {
  __shared__ float temp[B];
  int tid = threadIdx.x;
  const float *src = in + blockIdx.x * B;
  float *dst = out + blockIdx.x * B;
  temp[tid] = src[tid];
  temp[tid + B / 2] = src[tid + B / 2];
  int offset = 1;
  for (int d = B >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int i = offset * (2 * tid + 1) - 1;
      int j = offset * (2 * tid + 2) - 1;
      float t = temp[i];  // expect: gpurd-shared-bank-conflict
      temp[j] += t;  // expect: gpurd-shared-bank-conflict
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[B - 1] = 0.0f;
  for (int d = 1; d < B; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int i = offset * (2 * tid + 1) - 1;
      int j = offset * (2 * tid + 2) - 1;
      float t = temp[i];  // expect: gpurd-shared-bank-conflict
      float u = temp[j];  // expect: gpurd-shared-bank-conflict
      temp[i] = u;  // expect: gpurd-shared-bank-conflict
      temp[j] = u + t;  // expect: gpurd-shared-bank-conflict
    }
  }
  __syncthreads();
  dst[tid] = temp[tid];
  dst[tid + B / 2] = temp[tid + B / 2];
}

__global__ void scanBlocksPadded(const float *in, float *out) {
  __shared__ float temp[PAD(B)];
  int tid = threadIdx.x;
  const float *src = in + blockIdx.x * B;
  float *dst = out + blockIdx.x * B;
  temp[PAD(tid)] = src[tid];
  temp[PAD(tid + B / 2)] = src[tid + B / 2];
  int offset = 1;
  for (int d = B >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int i = offset * (2 * tid + 1) - 1;
      int j = offset * (2 * tid + 2) - 1;
      float t = temp[PAD(i)];
      temp[PAD(j)] += t;
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[PAD(B - 1)] = 0.0f;
  for (int d = 1; d < B; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int i = offset * (2 * tid + 1) - 1;
      int j = offset * (2 * tid + 2) - 1;
      float t = temp[PAD(i)];
      float u = temp[PAD(j)];
      temp[PAD(i)] = u;
      temp[PAD(j)] = u + t;
    }
  }
  __syncthreads();
  dst[tid] = temp[PAD(tid)];
  dst[tid + B / 2] = temp[PAD(tid + B / 2)];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  dim3 block(B / 2);
  dim3 grid(N / B);  // 2048 blocks
  scanBlocksConflicts<<<grid, block>>>(in, out);
  scanBlocksPadded<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
