// One change that coalesces several accesses is one warning: at the access
// with the most excessive sectors, with a note at each other access the
// same change coalesces (PolyBench correlation had four warnings, one per
// store of 'symmat', all proposing to store it transposed).
//
// The one warp's 32 threads each walk their own row of 1000 floats (4000
// bytes apart): each of the 1000 loads touches 32 sectors where 4 would do,
// 32 x 1000 = 32000 sectors, 28 x 1000 = 28000 excessive (88%). The store
// of each row's sum to its first element is one request of 32 sectors where
// 4 would do: 28 excessive. Storing 'a' transposed coalesces both, so the
// store is a note under the load's warning, not a warning of its own.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access -- 2>&1 | FileCheck %s
// CHECK: uncoalesced-fold.cu:[[#LOAD:]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 32000); storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ({{.*}}) [gpurd-uncoalesced-access]
// CHECK: uncoalesced-fold.cu:[[#LOAD+1]]:22: note: the same change also coalesces the global store of 'a' (28 excessive sectors)
// CHECK-NOT: warning:

__global__ void rows(float *a, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[threadIdx.x * n + i];
  a[threadIdx.x * n] = s;
}

int main() {
  float *a;
  int n = 1000;
  cudaMalloc(&a, 32 * n * sizeof(float));
  rows<<<1, 32>>>(a, n);
}
