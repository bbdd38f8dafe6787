// When long blocks are cut (the launch is exact here, so nothing can be
// retried smaller), each block's share of the request budget is the budget's
// over one SM's resident blocks, which the cache model runs together. With
// --request-budget=3200 a block may hold 3200 / 32 = 100 warp memory
// instructions; 432 blocks of one warp on the A100's 108 SMs put 4 on each
// SM (the occupancy would allow 32), so each block's share is 100 / 4 = 25.
// Before, each block kept all 100, and one SM's resident set made 4 times
// the budget (Rodinia's fdwt97: 32 resident blocks of 12.5 M instructions,
// 8 s a kernel).
// RUN: gpurd-advise --cache-report --request-budget=3200 %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --cache-report --request-budget=3200 --trace-source=emulate %s -- 2>&1 | FileCheck %s --check-prefix=EMULATE

__global__ void walk(const float *a, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[blockIdx.x * n + i];
  out[blockIdx.x * 32 + threadIdx.x] = s;
}

int main() {
  float *a, *out;
  int n = 1000;
  cudaMalloc(&a, 432 * n * sizeof(float));
  cudaMalloc(&out, 432 * 32 * sizeof(float));
  walk<<<432, 32>>>(a, out, n);
}

// 432 blocks x 25 loads = 10800 requests. Block b reads bytes
// [4000 b, 4000 b + 100): 4000 = 125 x 32, so 4 sectors (100 / 32 = 3.1)
// from a sector boundary, 432 x 4 = 1728 misses and 9072 hits (84.0%).
// 4000 b mod 128 cycles through 0, 32, 64, 96: three starts in four cross a
// line boundary, 1.75 lines a block, 756 compulsory misses, and the other
// 1728 - 756 = 972 are sector misses.
// CHECK: kernel walk on ampere-a100
// CHECK: L1: 10800 read requests, hit rate 84.0%; misses compulsory 756, capacity 0, associativity 0, latency 0, invalidation 0, sector 972;
// CHECK: note: in 432 of the 432 blocks enumerated, warps ran longer than gpurd holds: each warp's run was cut after 25 warp memory instructions (its share of the 25 gpurd holds in memory for one block)

// The emulator logs 32 x 25 = 800 thread accesses a block, 25 a thread; a
// thread stops at the first branch after its log passes 25, after 26 loads
// (the loop's back edge follows each load): 432 x 26 = 11232 requests.
// EMULATE: L1: 11232 read requests,
// EMULATE: note: in 432 of the 432 blocks emulated, threads ran longer than gpurd emulates: each thread's run was cut after 25 memory accesses (its share of the 800 gpurd holds in memory for one block)
