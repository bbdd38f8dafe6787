// A what-if that changes the launch of a kernel whose blocks gpurd cut
// (longer than --max-block-trace) is not timed: each warp stops at its
// share of the bound, so the variant's warps (one per block here, four as
// written) cover other first parts of their runs, and neither the time nor
// the traffic of the two runs compares.
//
// Block (32, 4) = 4 warps; the bound of 1000 warp memory instructions gives
// each 250, and each warp's run is 1000 loads and a store, so it is cut.
// Without the copies along y (block (32, 1), one warp) the warp's share is
// 1000: cut too, at another point of its run. The finding itself (the
// copies along y) is a fact of the code and stays.
// RUN: gpurd-advise %s --max-block-trace=1000 --checks=-*,gpurd-redundant-threads -- 2>&1 | FileCheck %s
// CHECK: warning: block (32, 4, 1) has 4 threads along y, but the kernel never reads threadIdx.y or blockDim.y
// CHECK: note: with block (32, 1, 1) and grid (64, 1, 1) (the same bytes of every global array, without the copies), its time is not timed: gpurd cut the blocks' runs to what it holds, and the change alters what each warp runs: the first parts of the two runs do not compare
// CHECK-NOT: requests would go from

__global__ void rows(const float *a, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[(blockIdx.x * 32 + threadIdx.x) * n + i];
  out[blockIdx.x * 32 + threadIdx.x] = s;
}

int main() {
  float *a, *out;
  int n = 1000;
  cudaMalloc(&a, 64 * 32 * n * sizeof(float));
  cudaMalloc(&out, 64 * 32 * sizeof(float));
  rows<<<64, dim3(32, 4)>>>(a, out, n);
}
