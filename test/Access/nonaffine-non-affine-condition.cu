// Reason non-affine-condition: operations under a guard that is not affine
// (i * i < n); the addresses themselves are affine.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel square_guard: 2 memory operations, 0 affine; parameters: none
__global__ void square_guard(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+5]]:14: load global 4 B of in (read) 'in[i]'
  // CHECK-NEXT: non-affine (non-affine-condition): it runs under a condition that is not affine: the index multiplies two values that are not constants; give their values (--arg, --grid, --block) to make it affine [{{.*}}nonaffine-non-affine-condition.cu:[[@LINE+3]]:13]
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:12: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: non-affine (non-affine-condition): it runs under a condition that is not affine: {{.*}} [{{.*}}nonaffine-non-affine-condition.cu:[[@LINE+1]]:13]
  if (i * i < n)
    out[i] = in[i];
}
