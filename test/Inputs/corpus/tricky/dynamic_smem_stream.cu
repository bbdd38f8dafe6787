// dynamic_smem_stream.cu: extern __shared__ dynamic shared memory carved into
// several arrays, launched with <<<grid, block, smem, stream>>> on non-blocking
// streams, with the shared size computed from the block size and a maximum
// raised with cudaFuncSetAttribute.  Written for the gpurd test corpus.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// Block-wide histogram of keys plus a per-block sum of values: the dynamic
// shared buffer holds `bins` counters followed by blockDim.x floats.
__global__ void binAndSum(const int *keys, const float *vals, int n, int bins,
                          unsigned int *hist, float *blockSums) {
  extern __shared__ unsigned char smem[];
  unsigned int *s_hist = reinterpret_cast<unsigned int *>(smem);
  float *s_vals = reinterpret_cast<float *>(smem + bins * sizeof(unsigned int));

  for (int b = threadIdx.x; b < bins; b += blockDim.x) s_hist[b] = 0;
  __syncthreads();

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (i < n) {
    atomicAdd(&s_hist[keys[i] % bins], 1u);
    v = vals[i];
  }
  s_vals[threadIdx.x] = v;
  __syncthreads();

  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) s_vals[threadIdx.x] += s_vals[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) blockSums[blockIdx.x] = s_vals[0];
  for (int b = threadIdx.x; b < bins; b += blockDim.x)
    atomicAdd(&hist[b], s_hist[b]);
}

// A second kernel declaring the dynamic buffer with another element type.
__global__ void reverseBlock(float *d, int n) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) s[t] = d[i];
  __syncthreads();
  int r = blockDim.x - 1 - t;
  int j = blockIdx.x * blockDim.x + r;
  if (i < n && j < n) d[i] = s[r];
}

int main() {
  const int n = 1 << 20;
  const int bins = 1024;
  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  const size_t smem = bins * sizeof(unsigned int) + threads * sizeof(float);

  int *keys;
  float *vals, *sums;
  unsigned int *hist;
  CHECK(cudaMalloc(&keys, n * sizeof(int)));
  CHECK(cudaMalloc(&vals, n * sizeof(float)));
  CHECK(cudaMalloc(&sums, blocks * sizeof(float)));
  CHECK(cudaMalloc(&hist, bins * sizeof(unsigned int)));
  CHECK(cudaMemset(hist, 0, bins * sizeof(unsigned int)));

  cudaStream_t s[2];
  for (int k = 0; k < 2; ++k)
    CHECK(cudaStreamCreateWithFlags(&s[k], cudaStreamNonBlocking));

  CHECK(cudaFuncSetAttribute(binAndSum, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)smem));
  binAndSum<<<blocks, threads, smem, s[0]>>>(keys, vals, n, bins, hist, sums);
  reverseBlock<<<blocks, threads, threads * sizeof(float), s[1]>>>(vals, n);
  reverseBlock<<<dim3(blocks, 1, 1), dim3(threads, 1, 1), threads * 4, 0>>>(vals, n);
  CHECK(cudaGetLastError());

  for (int k = 0; k < 2; ++k) {
    CHECK(cudaStreamSynchronize(s[k]));
    CHECK(cudaStreamDestroy(s[k]));
  }
  cudaFree(keys);
  cudaFree(vals);
  cudaFree(sums);
  cudaFree(hist);
  return 0;
}
