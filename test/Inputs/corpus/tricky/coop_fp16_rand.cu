// coop_fp16_rand.cu: cooperative-groups tiles and reductions, half-precision
// storage with float accumulation, per-thread cuRAND states, double atomics,
// warp votes/matches and math intrinsics.  Written for the gpurd test corpus.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_fp16.h>
#include <curand_kernel.h>

namespace cg = cooperative_groups;

__global__ void setupRng(curandState *states, unsigned long long seed, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &states[i]);
}

__global__ void monteCarloPi(curandState *states, unsigned long long *hits, int trials) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[i];
  unsigned int inside = 0;
  for (int t = 0; t < trials; ++t) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    inside += (x * x + y * y <= 1.0f);
  }
  states[i] = local;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  unsigned int total = cg::reduce(warp, inside, cg::plus<unsigned int>());
  if (warp.thread_rank() == 0) atomicAdd(hits, (unsigned long long)total);
}

__global__ void halfDot(const __half *a, const __half *b, double *result, int n) {
  __shared__ float partial[32];
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  float acc = 0.0f;
  for (int i = block.thread_rank() + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    acc = fmaf(__half2float(a[i]), __half2float(b[i]), acc);
  for (int off = tile.size() / 2; off > 0; off /= 2) acc += tile.shfl_down(acc, off);
  if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = acc;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    acc = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0.0f;
    acc = cg::reduce(tile, acc, cg::plus<float>());
    if (tile.thread_rank() == 0) atomicAdd(result, (double)acc);
  }
}

__global__ void voteStats(const int *keys, int *uniqueLeaders, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int key = i < n ? keys[i] : -1;
  unsigned int active = __ballot_sync(0xffffffffu, i < n);
  unsigned int peers = __match_any_sync(0xffffffffu, key);
  int leader = __ffs(peers) - 1;
  if (i < n && (threadIdx.x & 31) == leader && __popc(active) > 0)
    atomicAdd(uniqueLeaders, 1);
  if (__all_sync(active, key >= 0) && __any_sync(active, key == 0)) __syncwarp(active);
}

int main() {
  const int threads = 256, blocks = 120, n = threads * blocks;
  curandState *states;
  unsigned long long *hits;
  cudaMalloc(&states, n * sizeof(curandState));
  cudaMalloc(&hits, sizeof(unsigned long long));
  cudaMemset(hits, 0, sizeof(unsigned long long));
  setupRng<<<blocks, threads>>>(states, 1234ULL, n);
  monteCarloPi<<<blocks, threads>>>(states, hits, 1000);

  __half *a, *b;
  double *dot;
  int *keys, *leaders;
  cudaMalloc(&a, n * sizeof(__half));
  cudaMalloc(&b, n * sizeof(__half));
  cudaMalloc(&dot, sizeof(double));
  cudaMalloc(&keys, n * sizeof(int));
  cudaMalloc(&leaders, sizeof(int));
  halfDot<<<blocks, threads>>>(a, b, dot, n);
  voteStats<<<blocks, threads>>>(keys, leaders, n);

  unsigned long long h = 0;
  cudaMemcpy(&h, hits, sizeof(h), cudaMemcpyDeviceToHost);
  printf("pi ~ %f\n", 4.0 * h / (double(n) * 1000));
  cudaFree(states); cudaFree(hits); cudaFree(a); cudaFree(b);
  cudaFree(dot); cudaFree(keys); cudaFree(leaders);
  return 0;
}
