// No loop versioning on run-time alias checks (PolyBench adi's
// adi_kernel1). LLVM's LoopLoadElimination forwards X[i2], stored in one
// iteration, to the load of X[i2 - 1] in the next; when X, A and B may
// overlap it guards that with a comparison of pointers and keeps the loop
// twice, and before 2026-11-23 every operation of the kernel was
// "non-affine (non-affine-condition): it runs under a comparison of
// pointers" (adi_kernel1: 25 operations, 0 affine). nvcc does not version
// on aliasing (without __restrict__ it must keep the loads), so gpurd's
// pipeline forwards only what needs no check.
// RUN: gpurd-advise %s --dump-accesses --grid 2 --block 32 --arg n=64 -- | FileCheck %s

#define N 64

// i1 = 32bx + tx < 64 = n holds for the whole launch (no guard left);
// the loop runs i2 = 1..63, the model's i2 counts from 0 (source i2 - 1),
// so 0 <= i2 <= 62. X[i1 * N + i2] is byte
// 4 * (64 * (32bx + tx) + i2 + 1) = 4 + 8192bx + 256tx + 4i2, and
// X[i1 * N + (i2 - 1)] is 4 bytes lower: 8192bx + 256tx + 4i2.
// Each statement loads what it reads (the store to X may change A and B):
// 9 operations, in one loop.
// CHECK-LABEL: kernel sweep: 9 memory operations, 9 affine; parameters: none
// CHECK-NEXT: loop i2 at {{.*}}: 0 <= i2 <= 62
// CHECK-NOT: loop
// CHECK-NEXT: S0 {{.*}}: load global 4 B of X (read) 'X[i1 * N + i2]'
// CHECK-NEXT: domain:   { S0[bx, tx, i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK-NEXT: access:   { S0[bx, tx, i2] -> X[4 + 8192bx + 256tx + 4i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK: S1 {{.*}}: load global 4 B of X (read) 'X[i1 * N + (i2 - 1)]'
// CHECK-NEXT: domain:   { S1[bx, tx, i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK-NEXT: access:   { S1[bx, tx, i2] -> X[8192bx + 256tx + 4i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK: S2 {{.*}}: load global 4 B of A (read) 'A[i1 * N + i2]'
// CHECK: S3 {{.*}}: load global 4 B of B (read) 'B[i1 * N + (i2 - 1)]'
// CHECK-NEXT: domain:   { S3[bx, tx, i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK-NEXT: access:   { S3[bx, tx, i2] -> B[8192bx + 256tx + 4i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK: S4 {{.*}}: store global 4 B to X (write) 'X[i1 * N + i2]'
// CHECK: S5 {{.*}}: load global 4 B of B (read) 'B[i1 * N + i2]'
// CHECK: S6 {{.*}}: load global 4 B of A (read) 'A[i1 * N + i2]'
// CHECK: S7 {{.*}}: load global 4 B of B (read) 'B[i1 * N + (i2 - 1)]'
// CHECK: S8 {{.*}}: store global 4 B to B (write) 'B[i1 * N + i2]'
// CHECK-NEXT: domain:   { S8[bx, tx, i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
// CHECK-NEXT: access:   { S8[bx, tx, i2] -> B[4 + 8192bx + 256tx + 4i2] : 0 <= bx <= 1 and 0 <= tx <= 31 and 0 <= i2 <= 62 }
__global__ void sweep(int n, float *A, float *B, float *X) {
  int i1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (i1 < n) {
    for (int i2 = 1; i2 < n; i2++) {
      X[i1 * N + i2] = X[i1 * N + i2] -
                       X[i1 * N + (i2 - 1)] * A[i1 * N + i2] / B[i1 * N + (i2 - 1)];
      B[i1 * N + i2] = B[i1 * N + i2] -
                       A[i1 * N + i2] * A[i1 * N + i2] / B[i1 * N + (i2 - 1)];
    }
  }
}

// With __restrict__ the forwarding needs no check and stays: X[i2 - 1]
// and B[i2 - 1] are loaded once before the loop (at i2 - 1 = 0: byte
// 8192bx + 256tx) and carried in registers; A is read once per iteration
// through the read-only path. 7 operations.
// CHECK-LABEL: kernel sweep_restrict: 7 memory operations, 7 affine; parameters: none
// CHECK: S0 {{.*}}: load global 4 B of B (read)
// CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 1 and 0 <= tx <= 31 }
// CHECK-NEXT: access:   { S0[bx, tx] -> B[8192bx + 256tx] : 0 <= bx <= 1 and 0 <= tx <= 31 }
// CHECK: S1 {{.*}}: load global 4 B of X (read)
// CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 1 and 0 <= tx <= 31 }
// CHECK-NEXT: access:   { S1[bx, tx] -> X[8192bx + 256tx] : 0 <= bx <= 1 and 0 <= tx <= 31 }
// CHECK: S3 {{.*}}: load global-readonly 4 B of A (read) 'A[i1 * N + i2]'
// CHECK-NOT: 'X[i1 * N + (i2 - 1)]'
__global__ void sweep_restrict(int n, const float *__restrict__ A,
                               float *__restrict__ B, float *__restrict__ X) {
  int i1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (i1 < n) {
    for (int i2 = 1; i2 < n; i2++) {
      X[i1 * N + i2] = X[i1 * N + i2] -
                       X[i1 * N + (i2 - 1)] * A[i1 * N + i2] / B[i1 * N + (i2 - 1)];
      B[i1 * N + i2] = B[i1 * N + i2] -
                       A[i1 * N + i2] * A[i1 * N + i2] / B[i1 * N + (i2 - 1)];
    }
  }
}
