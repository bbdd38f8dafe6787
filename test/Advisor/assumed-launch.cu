// A finding on a kernel whose launch gpurd assumed names the assumptions
// and does not call its figures exact: which threads share a warp follows
// from the assumed block.
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s

#define N 64

__global__ void rows(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: assumed-launch.cu:[[@LINE-1]]:10: warning: uncoalesced global load: each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of
  // CHECK: note: the figures assume block (256, 1, 1)
  // CHECK: note: the figures assume grid
  // CHECK-NOT: exact
  out[t] = s;
}
