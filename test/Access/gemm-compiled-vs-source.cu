// The same naive GEMM accumulating into global memory, without and with
// __restrict__: the model follows the compiled kernel, not the subscripts.
// RUN: gpurd-advise %s --kernel gemm_naive --dump-accesses --grid 64,64 --block 16,16 -- | FileCheck %s --check-prefix=NAIVE
// RUN: gpurd-advise %s --kernel gemm_naive --explain-compiled --grid 64,64 --block 16,16 -- | FileCheck %s --check-prefix=NAIVE-EXPLAIN
// RUN: gpurd-advise %s --kernel gemm_restrict --dump-accesses --grid 64,64 --block 16,16 -- | FileCheck %s --check-prefix=RESTRICT
// RUN: gpurd-advise %s --kernel gemm_restrict --explain-compiled --grid 64,64 --block 16,16 -- | FileCheck %s --check-prefix=RESTRICT-EXPLAIN
//
// N = 1024, row = 16by + ty, col = 16bx + tx, 0 <= k <= 1023:
//   C[row*N + col] -> 4(1024(16by + ty) + 16bx + tx) = 65536by + 4096ty + 64bx + 4tx
//   A[row*N + k]   -> 65536by + 4096ty + 4k
//   B[k*N + col]   -> 4096k + 64bx + 4tx
// The source reads and writes C[row*N + col] 1024 times per thread.
//
// Without __restrict__, C may alias A and B: the compiler keeps the store in
// the loop (a later load of A or B may read it), but the reload is gone (only
// loads happen between a store and the next read): one load of C before the
// loop, one store per iteration.
//
// With __restrict__ on all three: A and B are read-only and not aliased
// (space global-readonly), and C is loaded once before and stored once after
// the loop: two accesses of C per thread instead of 2048.

#define N 1024

// NAIVE: kernel gemm_naive: 4 memory operations, 4 affine; parameters: none
// NAIVE-EXPLAIN: kernel gemm_naive: 4 source accesses
__global__ void gemm_naive(const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  // NAIVE-NEXT: loop k at {{.*}}gemm-compiled-vs-source.cu:[[@LINE+22]]:3: 0 <= k <= 1023
  // NAIVE-NEXT: S0 {{.*}}:[[@LINE+22]]:5: load global 4 B of C (read) 'C[row * N + col]'
  // NAIVE-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15]] }
  // NAIVE-NEXT: access:   { S0[bx, by, tx, ty] -> C[64bx + 65536by + 4tx + 4096ty] : [[BOX]] }
  // NAIVE-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
  // NAIVE-NEXT: S1 {{.*}}:[[@LINE+18]]:25: load global 4 B of A (read) 'A[row * N + k]'
  // NAIVE-NEXT: domain:   { S1[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 and 0 <= k <= 1023]] }
  // NAIVE-NEXT: access:   { S1[bx, by, tx, ty, k] -> A[65536by + 4096ty + 4k] : [[BOXK]] }
  // NAIVE-NEXT: schedule: { S1[bx, by, tx, ty, k] -> [1, k, 0] }
  // NAIVE-NEXT: S2 {{.*}}:[[@LINE+14]]:42: load global 4 B of B (read) 'B[k * N + col]'
  // NAIVE-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK]] }
  // NAIVE-NEXT: access:   { S2[bx, by, tx, ty, k] -> B[64bx + 4tx + 4096k] : [[BOXK]] }
  // NAIVE-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [1, k, 1] }
  // NAIVE-NEXT: S3 {{.*}}:[[@LINE+10]]:22: store global 4 B to C (write) 'C[row * N + col]'
  // NAIVE-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
  // NAIVE-NEXT: access:   { S3[bx, by, tx, ty, k] -> C[64bx + 65536by + 4tx + 4096ty] : [[BOXK]] }
  // NAIVE-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [1, k, 2] }
  // NAIVE-NOT: S4
  // NAIVE-EXPLAIN-NEXT: :[[@LINE+5]]:5: 'C[row * N + col]' read: hoisted: the load runs outside 1 enclosing loop (before it), once instead of every iteration [S0]
  // NAIVE-EXPLAIN-NEXT: :[[@LINE+4]]:5: 'C[row * N + col]' write: kept: one store each time the source executes it [S3]
  // NAIVE-EXPLAIN-NEXT: :[[@LINE+3]]:25: 'A[row * N + k]' read: kept: one load each time the source executes it [S1]
  // NAIVE-EXPLAIN-NEXT: :[[@LINE+2]]:42: 'B[k * N + col]' read: kept: one load each time the source executes it [S2]
  for (int k = 0; k < N; ++k)
    C[row * N + col] += A[row * N + k] * B[k * N + col];
}

// RESTRICT: kernel gemm_restrict: 4 memory operations, 4 affine; parameters: none
// RESTRICT-EXPLAIN: kernel gemm_restrict: 4 source accesses
__global__ void gemm_restrict(const float *__restrict__ A, const float *__restrict__ B,
                              float *__restrict__ C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  // RESTRICT-NEXT: loop k at {{.*}}gemm-compiled-vs-source.cu:[[@LINE+23]]:3: 0 <= k <= 1023
  // RESTRICT-NEXT: S0 {{.*}}:[[@LINE+23]]:5: load global 4 B of C (read) 'C[row * N + col]'
  // RESTRICT-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15]] }
  // RESTRICT-NEXT: access:   { S0[bx, by, tx, ty] -> C[64bx + 65536by + 4tx + 4096ty] : [[BOX]] }
  // RESTRICT-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
  // RESTRICT-NEXT: S1 {{.*}}:[[@LINE+19]]:25: load global-readonly 4 B of A (read) 'A[row * N + k]'
  // RESTRICT-NEXT: domain:   { S1[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 and 0 <= k <= 1023]] }
  // RESTRICT-NEXT: access:   { S1[bx, by, tx, ty, k] -> A[65536by + 4096ty + 4k] : [[BOXK]] }
  // RESTRICT-NEXT: schedule: { S1[bx, by, tx, ty, k] -> [1, k, 0] }
  // RESTRICT-NEXT: S2 {{.*}}:[[@LINE+15]]:42: load global-readonly 4 B of B (read) 'B[k * N + col]'
  // RESTRICT-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK]] }
  // RESTRICT-NEXT: access:   { S2[bx, by, tx, ty, k] -> B[64bx + 4tx + 4096k] : [[BOXK]] }
  // RESTRICT-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [1, k, 1] }
  // The store is after the loop (position 2), outside it: no k dimension.
  // RESTRICT-NEXT: S3 {{.*}}:[[@LINE+10]]:22: store global 4 B to C (write) 'C[row * N + col]'
  // RESTRICT-NEXT: domain:   { S3[bx, by, tx, ty] : [[BOX]] }
  // RESTRICT-NEXT: access:   { S3[bx, by, tx, ty] -> C[64bx + 65536by + 4tx + 4096ty] : [[BOX]] }
  // RESTRICT-NEXT: schedule: { S3[bx, by, tx, ty] -> [2] }
  // RESTRICT-NOT: S4
  // RESTRICT-EXPLAIN-NEXT: :[[@LINE+5]]:5: 'C[row * N + col]' read: hoisted: the load runs outside 1 enclosing loop (before it), once instead of every iteration [S0]
  // RESTRICT-EXPLAIN-NEXT: :[[@LINE+4]]:5: 'C[row * N + col]' write: sunk: the store runs outside 1 enclosing loop (after it), once instead of every iteration [S3]
  // RESTRICT-EXPLAIN-NEXT: :[[@LINE+3]]:25: 'A[row * N + k]' read: kept: one load each time the source executes it [S1]
  // RESTRICT-EXPLAIN-NEXT: :[[@LINE+2]]:42: 'B[k * N + col]' read: kept: one load each time the source executes it [S2]
  for (int k = 0; k < N; ++k)
    C[row * N + col] += A[row * N + k] * B[k * N + col];
}
