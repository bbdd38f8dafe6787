// A finding on a kernel whose launch gpurd assumed names the assumptions
// (stated in full once, with the kernel's launch; the finding names the
// values) and does not call its figures exact: which threads share a warp
// follows from the assumed block.
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s

#define N 64

__global__ void rows(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: note: assumed block (256, 1, 1) (gpurd's default
  // CHECK: note: assumed grid (4096, 1, 1) (4 waves
  // CHECK: assumed-launch.cu:[[@LINE-3]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of
  // CHECK-NOT: exact
  // CHECK: note: the figures rest on assumed values, stated with the kernel's launch: block (256, 1, 1), grid (4096, 1, 1)
  // CHECK-NOT: exact
  out[t] = s;
}
