// PolyBench/GPU 3DCONV: one thread per (j, k) of plane i; the host loops over
// i and passes it as an argument, so without --arg it is a parameter of every
// set. Block (32, 8), grid (NK/32, NJ/8).
// RUN: gpurd-advise %s --dump-accesses --grid 8,32 --block 32,8 -- | FileCheck %s
// RUN: gpurd-advise %s --explain-compiled --grid 8,32 --block 32,8 -- | FileCheck %s --check-prefix=EXPLAIN
// RUN: gpurd-advise %s --dump-accesses --grid 8,32 --block 32,8 --arg i=100 -- | FileCheck %s --check-prefix=PLANE
//
// Derivation (float; NI = NJ = NK = 256): k = 32bx + tx, j = 8by + ty,
//   A[(i+di)*65536 + (j+dj)*256 + (k+dk)]
//     -> 262144i + 8192by + 1024ty + 128bx + 4tx + 262144di + 1024dj + 4dk
// Guard: 0 < i < 255, 0 < j < 255, 0 < k < 255, i.e. 0 < i <= 254,
//   -32bx < tx <= 254 - 32bx, -8by < ty <= 254 - 8by.
// The source reads A[(i-1)..(j-1)..(k-1)] three times and A[(i+1)..(j-1)..(k-1)]
// three times (coefficients differ, addresses do not): the compiled kernel
// loads each once, 11 loads for 15 subscripts.
//   (di,dj,dk) = (-1,-1,-1) -263172   (1,-1,-1) 261116   (0,-1,0) -1024
//                ( 0, 0, 0)       0   (0, 1, 0)   1024   (-1,-1,1) -263164
//                ( 1,-1, 1)  261124   (-1,0, 1) -262140  (1, 0, 1)  262148
//                (-1, 1, 1) -261116   (1, 1, 1)  263172

#define NI 256
#define NJ 256
#define NK 256

// CHECK: kernel convolution3D_kernel: 12 memory operations, 12 affine; parameters: i
// EXPLAIN: kernel convolution3D_kernel: 16 source accesses
// PLANE: kernel convolution3D_kernel: 12 memory operations, 12 affine; parameters: none
__global__ void convolution3D_kernel(float *A, float *B, int i) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  float c11 = +2, c21 = +5, c31 = -8, c12 = -3, c22 = +6, c32 = -9, c13 = +4, c23 = +7, c33 = +10;
  // CHECK-NEXT: S0 {{.*}}polybench-3dconv.cu:[[@LINE+69]]:15: load global 4 B of A (read) 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]'
  // CHECK-NEXT: domain:   [i] -> { S0[bx, by, tx, ty] : [[DOM:0 < i <= 254 and 0 <= bx <= 7 and 0 <= by <= 31 and tx >= 0 and -32bx < tx <= 254 - 32bx and tx <= 31 and ty >= 0 and -8by < ty <= 254 - 8by and ty <= 7]] }
  // CHECK-NEXT: access:   [i] -> { S0[bx, by, tx, ty] -> A[-263172 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S0[bx, by, tx, ty] -> [0] }
  // CHECK-NEXT: S1 {{.*}}polybench-3dconv.cu:[[@LINE+65]]:71: load global 4 B of A (read) 'A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]'
  // CHECK-NEXT: domain:   [i] -> { S1[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S1[bx, by, tx, ty] -> A[261116 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S1[bx, by, tx, ty] -> [1] }
  // CHECK-NEXT: S2 {{.*}}polybench-3dconv.cu:[[@LINE+64]]:15: load global 4 B of A (read) 'A[(i + 0) * (NK * NJ) + (j - 1) * NK + (k + 0)]'
  // CHECK-NEXT: domain:   [i] -> { S2[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S2[bx, by, tx, ty] -> A[-1024 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S2[bx, by, tx, ty] -> [2] }
  // CHECK-NEXT: S3 {{.*}}polybench-3dconv.cu:[[@LINE+60]]:71: load global 4 B of A (read) 'A[(i + 0) * (NK * NJ) + (j + 0) * NK + (k + 0)]'
  // CHECK-NEXT: domain:   [i] -> { S3[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S3[bx, by, tx, ty] -> A[262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S3[bx, by, tx, ty] -> [3] }
  // CHECK-NEXT: S4 {{.*}}polybench-3dconv.cu:[[@LINE+57]]:15: load global 4 B of A (read) 'A[(i + 0) * (NK * NJ) + (j + 1) * NK + (k + 0)]'
  // CHECK-NEXT: domain:   [i] -> { S4[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S4[bx, by, tx, ty] -> A[1024 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S4[bx, by, tx, ty] -> [4] }
  // CHECK-NEXT: S5 {{.*}}polybench-3dconv.cu:[[@LINE+53]]:71: load global 4 B of A (read) 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S5[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S5[bx, by, tx, ty] -> A[-263164 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S5[bx, by, tx, ty] -> [5] }
  // CHECK-NEXT: S6 {{.*}}polybench-3dconv.cu:[[@LINE+50]]:15: load global 4 B of A (read) 'A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S6[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S6[bx, by, tx, ty] -> A[261124 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S6[bx, by, tx, ty] -> [6] }
  // CHECK-NEXT: S7 {{.*}}polybench-3dconv.cu:[[@LINE+46]]:71: load global 4 B of A (read) 'A[(i - 1) * (NK * NJ) + (j + 0) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S7[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S7[bx, by, tx, ty] -> A[-262140 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S7[bx, by, tx, ty] -> [7] }
  // CHECK-NEXT: S8 {{.*}}polybench-3dconv.cu:[[@LINE+43]]:15: load global 4 B of A (read) 'A[(i + 1) * (NK * NJ) + (j + 0) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S8[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S8[bx, by, tx, ty] -> A[262148 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S8[bx, by, tx, ty] -> [8] }
  // CHECK-NEXT: S9 {{.*}}polybench-3dconv.cu:[[@LINE+39]]:71: load global 4 B of A (read) 'A[(i - 1) * (NK * NJ) + (j + 1) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S9[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S9[bx, by, tx, ty] -> A[-261116 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S9[bx, by, tx, ty] -> [9] }
  // CHECK-NEXT: S10 {{.*}}polybench-3dconv.cu:[[@LINE+36]]:15: load global 4 B of A (read) 'A[(i + 1) * (NK * NJ) + (j + 1) * NK + (k + 1)]'
  // CHECK-NEXT: domain:   [i] -> { S10[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S10[bx, by, tx, ty] -> A[263172 + 262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S10[bx, by, tx, ty] -> [10] }
  // CHECK-NEXT: S11 {{.*}}polybench-3dconv.cu:[[@LINE+24]]:35: store global 4 B to B (write) 'B[i * (NK * NJ) + j * NK + k]'
  // CHECK-NEXT: domain:   [i] -> { S11[bx, by, tx, ty] : [[DOM]] }
  // CHECK-NEXT: access:   [i] -> { S11[bx, by, tx, ty] -> B[262144i + 128bx + 8192by + 4tx + 1024ty] : [[DOM]] }
  // CHECK-NEXT: schedule: [i] -> { S11[bx, by, tx, ty] -> [11] }
  // CHECK-NOT: S12
  //
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+18]]:5: 'B[i * (NK * NJ) + j * NK + k]' write: kept: one store each time the source executes it [S11]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+18]]:15: 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: kept: one load each time the source executes it [S0]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+17]]:71: 'A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: kept: one load each time the source executes it [S1]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+17]]:15: 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: merged: the compiled code reuses the load of the same address at line [[@LINE+16]] [S0]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+16]]:71: 'A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: merged: the compiled code reuses the load of the same address at line [[@LINE+15]] [S1]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+16]]:15: 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: merged: the compiled code reuses the load of the same address at line [[@LINE+14]] [S0]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+15]]:71: 'A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]' read: merged: the compiled code reuses the load of the same address at line [[@LINE+13]] [S1]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+15]]:15: 'A[(i + 0) * (NK * NJ) + (j - 1) * NK + (k + 0)]' read: kept: one load each time the source executes it [S2]
  // EXPLAIN-NEXT: polybench-3dconv.cu:[[@LINE+14]]:71: 'A[(i + 0) * (NK * NJ) + (j + 0) * NK + (k + 0)]' read: kept: one load each time the source executes it [S3]
  //
  // PLANE: S0 {{.*}}: load global 4 B of A (read) 'A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]'
  // PLANE-NEXT: domain:   { S0[bx, by, tx, ty] : [[PDOM:0 <= bx <= 7 and 0 <= by <= 31 and tx >= 0 and -32bx < tx <= 254 - 32bx and tx <= 31 and ty >= 0 and -8by < ty <= 254 - 8by and ty <= 7]] }
  // 262144 * 100 - 263172 = 25951228; B: 262144 * 100 = 26214400
  // PLANE-NEXT: access:   { S0[bx, by, tx, ty] -> A[25951228 + 128bx + 8192by + 4tx + 1024ty] : [[PDOM]] }
  // PLANE: S11 {{.*}}: store global 4 B to B (write) 'B[i * (NK * NJ) + j * NK + k]'
  // PLANE-NEXT: domain:   { S11[bx, by, tx, ty] : [[PDOM]] }
  // PLANE-NEXT: access:   { S11[bx, by, tx, ty] -> B[26214400 + 128bx + 8192by + 4tx + 1024ty] : [[PDOM]] }
  if ((i < (NI - 1)) && (j < (NJ - 1)) && (k < (NK - 1)) && (i > 0) && (j > 0) && (k > 0)) {
    B[i * (NK * NJ) + j * NK + k] =
        c11 * A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)] + c13 * A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]
      + c21 * A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)] + c23 * A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]
      + c31 * A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k - 1)] + c33 * A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k - 1)]
      + c12 * A[(i + 0) * (NK * NJ) + (j - 1) * NK + (k + 0)] + c22 * A[(i + 0) * (NK * NJ) + (j + 0) * NK + (k + 0)]
      + c32 * A[(i + 0) * (NK * NJ) + (j + 1) * NK + (k + 0)] + c11 * A[(i - 1) * (NK * NJ) + (j - 1) * NK + (k + 1)]
      + c13 * A[(i + 1) * (NK * NJ) + (j - 1) * NK + (k + 1)] + c21 * A[(i - 1) * (NK * NJ) + (j + 0) * NK + (k + 1)]
      + c23 * A[(i + 1) * (NK * NJ) + (j + 0) * NK + (k + 1)] + c31 * A[(i - 1) * (NK * NJ) + (j + 1) * NK + (k + 1)]
      + c33 * A[(i + 1) * (NK * NJ) + (j + 1) * NK + (k + 1)];
  }
}
