// Reason unknown-base: the pointer is chosen between two arrays at run time,
// so the operation does not address one array.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel pick: 1 memory operation, 0 affine; parameters: none
__global__ void pick(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *p = (blockIdx.x & 1) ? a : b;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+3]]:8: store global 4 B to {{.*}} (write) 'p[i]'
  // CHECK-NEXT: non-affine (unknown-base): the pointer does not point into one array [{{.*}}nonaffine-unknown-base.cu:[[@LINE-2]]:14]
  // CHECK-NOT: S1
  p[i] = 1.0f;
}
