// advice-bench pair: reduce
// problem: reduceStrided  fixed: reduceSequential
// What an expert sees: the tree reduction with index = 2 * s * tid makes the threads of a warp hit the same shared-memory banks (2-way at s = 1, up to 16-way later) in its inner loop; sequential addressing (sdata[tid] += sdata[tid + s] for s = blockDim.x / 2 down to 1) is conflict-free.
// also: reduceModulo (the tid % (2 * s) version: conflict-free, its cost is divergent branches, which no memory check reports)
#include <cuda_runtime.h>

#define N (1 << 20)
#define THREADS 256

__global__ void reduceModulo(const float *in, float *out) {
  __shared__ float sdata[THREADS];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduceStrided(const float *in, float *out) {
  __shared__ float sdata[THREADS];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) {
      float t = sdata[index + s];  // expect: gpurd-shared-bank-conflict
      sdata[index] += t;  // expect: gpurd-shared-bank-conflict
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float sdata[THREADS];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = in[i];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, (N / THREADS) * sizeof(float));
  dim3 block(THREADS);
  dim3 grid(N / THREADS);  // 4096 blocks
  reduceModulo<<<grid, block>>>(in, out);
  reduceStrided<<<grid, block>>>(in, out);
  reduceSequential<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
