// A finding on a block whose run gpurd cut (longer than --max-block-trace)
// says its counts are of the first part of the run, and does not call
// them the launch's.
//
// Each of the 32 threads of the one warp walks its own row of 1000 floats
// (4000 bytes apart: 32 sectors a request where 4 would do); the block may
// hold 100 warp memory instructions, so the first 100 loads are counted:
// 100 x 32 = 3200 sectors, of which 28 x 100 = 2800 (88%) excessive.
// The what-if of 'a' stored transposed gives the warp the same loads, so
// its run is cut at the same load and the two first parts compare: the
// finding carries the time verdict (the variant is cut as the kernel is).
// RUN: gpurd-advise %s --max-block-trace=100 --checks=-*,gpurd-uncoalesced-access -- 2>&1 | FileCheck %s

__global__ void rows(const float *a, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[threadIdx.x * n + i];
  // CHECK: cut-runs.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 3200); storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ({{.*}}) [gpurd-uncoalesced-access]
  // CHECK: note: sectors counted on the 100 warp requests of the 1 block modelled of 1 (the first part of their runs, which gpurd cut to what it holds);
  out[threadIdx.x] = s;
}

int main() {
  float *a, *out;
  int n = 1000;
  cudaMalloc(&a, 32 * n * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  rows<<<1, 32>>>(a, out, n);
}
