// PolyBench/GPU 2DCONV: a 3x3 convolution, one thread per output element, on
// the suite's launch: block (32, 8), grid (NJ/32, NI/8).
// RUN: gpurd-advise %s --dump-accesses --grid 128,512 --block 32,8 -- | FileCheck %s
//
// Derivation (float; NI = NJ = 4096): j = 32bx + tx, i = 8by + ty,
//   A[(i + di) * NJ + (j + dj)] -> 4(4096(8by + ty + di) + 32bx + tx + dj)
//                                = 131072by + 16384ty + 128bx + 4tx + 16384di + 4dj
// so the nine loads differ only in the constant 16384di + 4dj:
//   (-1,-1) -16388  (-1,0) -16384  (-1,1) -16380
//   ( 0,-1)     -4  ( 0,0)      0  ( 0,1)      4
//   ( 1,-1)  16380  ( 1,0)  16384  ( 1,1)  16388
// and B[i * NJ + j] has the constant 0. All ten run under the guard
// 0 < i < NI - 1, 0 < j < NJ - 1:
//   1 <= 32bx + tx <= 4094 and 1 <= 8by + ty <= 4094.
// The compiled guard tests (unsigned)(j - 1) < 4094 (and the same for i);
// gpurd keeps the upper bounds (tx <= 4094 - 32bx, ty <= 4094 - 8by) but
// loses the lower ones (j >= 1, i >= 1), a known gpurd bug (unsigned
// comparisons are read as signed): the domains are only checked for what
// is right.

#define NI 4096
#define NJ 4096

// CHECK: kernel convolution2D_kernel: 10 memory operations, 10 affine; parameters: none
__global__ void convolution2D_kernel(float *A, float *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  float c11 = +0.2, c21 = +0.5, c31 = -0.8;
  float c12 = -0.3, c22 = +0.6, c32 = -0.9;
  float c13 = +0.4, c23 = +0.7, c33 = +0.10;
  // CHECK-NEXT: S0 {{.*}}polybench-2dconv.cu:[[@LINE+43]]:27: load global 4 B of A (read) 'A[(i - 1) * NJ + (j - 1)]'
  // CHECK-NEXT: domain:   { S0[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S0[bx, by, tx, ty] -> A[-16388 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
  // CHECK-NEXT: S1 {{.*}}polybench-2dconv.cu:[[@LINE+39]]:61: load global 4 B of A (read) 'A[(i - 1) * NJ + (j + 0)]'
  // CHECK-NEXT: domain:   { S1[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S1[bx, by, tx, ty] -> A[-16384 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
  // CHECK-NEXT: S2 {{.*}}polybench-2dconv.cu:[[@LINE+35]]:95: load global 4 B of A (read) 'A[(i - 1) * NJ + (j + 1)]'
  // CHECK-NEXT: domain:   { S2[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S2[bx, by, tx, ty] -> A[-16380 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S2[bx, by, tx, ty] -> [2] }
  // CHECK-NEXT: S3 {{.*}}polybench-2dconv.cu:[[@LINE+32]]:27: load global 4 B of A (read) 'A[(i + 0) * NJ + (j - 1)]'
  // CHECK-NEXT: domain:   { S3[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S3[bx, by, tx, ty] -> A[-4 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S3[bx, by, tx, ty] -> [3] }
  // CHECK-NEXT: S4 {{.*}}polybench-2dconv.cu:[[@LINE+28]]:61: load global 4 B of A (read) 'A[(i + 0) * NJ + (j + 0)]'
  // CHECK-NEXT: domain:   { S4[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S4[bx, by, tx, ty] -> A[128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S4[bx, by, tx, ty] -> [4] }
  // CHECK-NEXT: S5 {{.*}}polybench-2dconv.cu:[[@LINE+24]]:95: load global 4 B of A (read) 'A[(i + 0) * NJ + (j + 1)]'
  // CHECK-NEXT: domain:   { S5[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S5[bx, by, tx, ty] -> A[4 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S5[bx, by, tx, ty] -> [5] }
  // CHECK-NEXT: S6 {{.*}}polybench-2dconv.cu:[[@LINE+21]]:27: load global 4 B of A (read) 'A[(i + 1) * NJ + (j - 1)]'
  // CHECK-NEXT: domain:   { S6[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S6[bx, by, tx, ty] -> A[16380 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S6[bx, by, tx, ty] -> [6] }
  // CHECK-NEXT: S7 {{.*}}polybench-2dconv.cu:[[@LINE+17]]:61: load global 4 B of A (read) 'A[(i + 1) * NJ + (j + 0)]'
  // CHECK-NEXT: domain:   { S7[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S7[bx, by, tx, ty] -> A[16384 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S7[bx, by, tx, ty] -> [7] }
  // CHECK-NEXT: S8 {{.*}}polybench-2dconv.cu:[[@LINE+13]]:95: load global 4 B of A (read) 'A[(i + 1) * NJ + (j + 1)]'
  // CHECK-NEXT: domain:   { S8[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S8[bx, by, tx, ty] -> A[16388 + 128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S8[bx, by, tx, ty] -> [8] }
  // The store comes after the nine loads it needs.
  // CHECK-NEXT: S9 {{.*}}polybench-2dconv.cu:[[@LINE+6]]:19: store global 4 B to B (write) 'B[i * NJ + j]'
  // CHECK-NEXT: domain:   { S9[bx, by, tx, ty] : 0 <= bx <= 127 and 0 <= by <= 511 and {{.*}}tx <= 4094 - 32bx{{.*}}ty <= 4094 - 8by{{.*}} }
  // CHECK-NEXT: access:   { S9[bx, by, tx, ty] -> B[128bx + 131072by + 4tx + 16384ty] : {{.*}} }
  // CHECK-NEXT: schedule: { S9[bx, by, tx, ty] -> [9] }
  // CHECK-NOT: S10
  if ((i < NI - 1) && (j < NJ - 1) && (i > 0) && (j > 0)) {
    B[i * NJ + j] = c11 * A[(i - 1) * NJ + (j - 1)] + c21 * A[(i - 1) * NJ + (j + 0)] + c31 * A[(i - 1) * NJ + (j + 1)]
                  + c12 * A[(i + 0) * NJ + (j - 1)] + c22 * A[(i + 0) * NJ + (j + 0)] + c32 * A[(i + 0) * NJ + (j + 1)]
                  + c13 * A[(i + 1) * NJ + (j - 1)] + c23 * A[(i + 1) * NJ + (j + 0)] + c33 * A[(i + 1) * NJ + (j + 1)];
  }
}
