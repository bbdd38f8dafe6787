// advice-bench pair: histogram
// problem: histGlobalAtomics  fixed: histSharedAtomics
// What an expert sees: 256-bin histogram of bytes; every thread's atomicAdd goes to one of 256 global counters, which all the SMs contend for in the L2; a per-block histogram in shared memory takes the atomics, and each block adds its 256 counts to the global histogram once.
// No label: global atomic contention is not a finding of any gpurd check (not sector efficiency, not bank conflicts: the bins are data-dependent), so the pair is expected silent.
#include <cuda_runtime.h>

#define N (1 << 20)
#define BINS 256

__global__ void histGlobalAtomics(const unsigned char *in, unsigned *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[in[i]], 1u);
}

__global__ void histSharedAtomics(const unsigned char *in, unsigned *hist) {
  __shared__ unsigned bins[BINS];
  bins[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[in[i]], 1u);
  __syncthreads();
  atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}

int main() {
  unsigned char *in;
  unsigned *hist;
  cudaMalloc(&in, N);
  cudaMalloc(&hist, BINS * sizeof(unsigned));
  cudaMemset(hist, 0, BINS * sizeof(unsigned));
  dim3 block(BINS);
  dim3 grid(N / BINS);  // 4096 blocks
  histGlobalAtomics<<<grid, block>>>(in, hist);
  histSharedAtomics<<<grid, block>>>(in, hist);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(hist);
  return 0;
}
