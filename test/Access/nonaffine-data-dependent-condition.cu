// Reason data-dependent-condition: operations that run under a branch on a
// loaded value. The load of the flag itself stays affine.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel masked_copy: 3 memory operations, 1 affine; parameters: none
__global__ void masked_copy(const int *flag, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+9]]:7: load global 4 B of flag (read) 'flag[i]'
  // CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S0[bx, tx] -> flag[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: schedule: { S0[bx, tx] -> [0] }
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+6]]:12: load global 4 B of x (read) 'x[i]'
  // CHECK-NEXT: non-affine (data-dependent-condition): it runs under a condition on a value loaded from memory [{{.*}}nonaffine-data-dependent-condition.cu:[[@LINE+4]]:7]
  // CHECK-NEXT: S2 {{.*}}:[[@LINE+4]]:10: store global 4 B to y (write) 'y[i]'
  // CHECK-NEXT: non-affine (data-dependent-condition): it runs under a condition on a value loaded from memory [{{.*}}nonaffine-data-dependent-condition.cu:[[@LINE+2]]:7]
  // CHECK-NOT: S3
  if (flag[i] > 0)
    y[i] = x[i];
}
