// PolyBench/GPU ATAX, BICG and MVT: matrix-vector products, one thread per
// output element (block 256), each thread walking a row (A x) or a column
// (A^T y) of the matrix. A is NX x NY = 2048 x 4096 (not square, so that the
// strides tell rows from columns); MVT's matrix is N x N = 2048 x 2048.
// RUN: gpurd-advise %s --kernel atax_kernel1 --dump-accesses --grid 8 --block 256 -- | FileCheck %s --check-prefix=ATAX1
// RUN: gpurd-advise %s --kernel atax_kernel1 --explain-compiled --grid 8 --block 256 -- | FileCheck %s --check-prefix=ATAX1-EXPLAIN
// RUN: gpurd-advise %s --kernel atax_kernel2 --dump-accesses --grid 16 --block 256 -- | FileCheck %s --check-prefix=ATAX2
// RUN: gpurd-advise %s --kernel bicg_kernel1 --dump-accesses --grid 16 --block 256 -- | FileCheck %s --check-prefix=BICG1
// RUN: gpurd-advise %s --kernel bicg_kernel2 --dump-accesses --grid 8 --block 256 -- | FileCheck %s --check-prefix=BICG2
// RUN: gpurd-advise %s --kernel mvt_kernel1 --dump-accesses --grid 8 --block 256 -- | FileCheck %s --check-prefix=MVT1
// RUN: gpurd-advise %s --kernel mvt_kernel2 --dump-accesses --grid 8 --block 256 -- | FileCheck %s --check-prefix=MVT2
//
// In every kernel the guard (i < NX, j < NY, i < N) holds for the whole
// launch and is gone from the compiled code. The accumulators are global and
// may alias the inputs: the store stays in the loop, the reload does not
// (hoisted before the loop, or replaced by the 0 stored before it).

#define NX 2048
#define NY 4096
#define N 2048

// tmp = A x: i = 256bx + tx (0..2047), j = 0..NY-1 = 0..4095
//   tmp[i]       -> 1024bx + 4tx
//   A[i*NY + j]  -> 4(4096(256bx + tx) + j) = 4194304bx + 16384tx + 4j
//   x[j]         -> 4j
// ATAX1: kernel atax_kernel1: 4 memory operations, 4 affine; parameters: none
// ATAX1-EXPLAIN: kernel atax_kernel1: 4 source accesses
__global__ void atax_kernel1(float *A, float *x, float *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < NX) {
    // ATAX1-NEXT: loop j at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+22]]:5: 0 <= j <= 4095
    // ATAX1-NEXT: S0 {{.*}}:[[@LINE+22]]:7: load global 4 B of tmp (read) 'tmp[i]'
    // ATAX1-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // ATAX1-NEXT: access:   { S0[bx, tx] -> tmp[1024bx + 4tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // ATAX1-NEXT: schedule: { S0[bx, tx] -> [0] }
    // ATAX1-NEXT: S1 {{.*}}:[[@LINE+18]]:17: load global 4 B of A (read) 'A[i * NY + j]'
    // ATAX1-NEXT: domain:   { S1[bx, tx, j] : [[DOM:0 <= bx <= 7 and 0 <= tx <= 255 and 0 <= j <= 4095]] }
    // ATAX1-NEXT: access:   { S1[bx, tx, j] -> A[4194304bx + 16384tx + 4j] : [[DOM]] }
    // ATAX1-NEXT: schedule: { S1[bx, tx, j] -> [1, j, 0] }
    // ATAX1-NEXT: S2 {{.*}}:[[@LINE+14]]:33: load global 4 B of x (read) 'x[j]'
    // ATAX1-NEXT: domain:   { S2[bx, tx, j] : [[DOM]] }
    // ATAX1-NEXT: access:   { S2[bx, tx, j] -> x[4j] : [[DOM]] }
    // ATAX1-NEXT: schedule: { S2[bx, tx, j] -> [1, j, 1] }
    // ATAX1-NEXT: S3 {{.*}}:[[@LINE+10]]:14: store global 4 B to tmp (write) 'tmp[i]'
    // ATAX1-NEXT: domain:   { S3[bx, tx, j] : [[DOM]] }
    // ATAX1-NEXT: access:   { S3[bx, tx, j] -> tmp[1024bx + 4tx] : [[DOM]] }
    // ATAX1-NEXT: schedule: { S3[bx, tx, j] -> [1, j, 2] }
    // ATAX1-NOT: S4
    // ATAX1-EXPLAIN-NEXT: :[[@LINE+5]]:7: 'tmp[i]' read: hoisted: the load runs outside 1 enclosing loop (before it), once instead of every iteration [S0]
    // ATAX1-EXPLAIN-NEXT: :[[@LINE+4]]:7: 'tmp[i]' write: kept: one store each time the source executes it [S3]
    // ATAX1-EXPLAIN-NEXT: :[[@LINE+3]]:17: 'A[i * NY + j]' read: kept: one load each time the source executes it [S1]
    // ATAX1-EXPLAIN-NEXT: :[[@LINE+2]]:33: 'x[j]' read: kept: one load each time the source executes it [S2]
    for (int j = 0; j < NY; j++)
      tmp[i] += A[i * NY + j] * x[j];
  }
}

// y = A^T tmp: j = 256bx + tx (0..4095), i = 0..NX-1 = 0..2047
//   y[j]        -> 1024bx + 4tx
//   A[i*NY + j] -> 16384i + 1024bx + 4tx
//   tmp[i]      -> 4i
// ATAX2: kernel atax_kernel2: 4 memory operations, 4 affine; parameters: none
__global__ void atax_kernel2(float *A, float *y, float *tmp) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < NY) {
    // ATAX2-NEXT: loop i at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+18]]:5: 0 <= i <= 2047
    // ATAX2-NEXT: S0 {{.*}}:[[@LINE+18]]:7: load global 4 B of y (read) 'y[j]'
    // ATAX2-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }
    // ATAX2-NEXT: access:   { S0[bx, tx] -> y[1024bx + 4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }
    // ATAX2-NEXT: schedule: { S0[bx, tx] -> [0] }
    // ATAX2-NEXT: S1 {{.*}}:[[@LINE+14]]:15: load global 4 B of A (read) 'A[i * NY + j]'
    // ATAX2-NEXT: domain:   { S1[bx, tx, i] : [[DOM:0 <= bx <= 15 and 0 <= tx <= 255 and 0 <= i <= 2047]] }
    // ATAX2-NEXT: access:   { S1[bx, tx, i] -> A[1024bx + 4tx + 16384i] : [[DOM]] }
    // ATAX2-NEXT: schedule: { S1[bx, tx, i] -> [1, i, 0] }
    // ATAX2-NEXT: S2 {{.*}}:[[@LINE+10]]:31: load global 4 B of tmp (read) 'tmp[i]'
    // ATAX2-NEXT: domain:   { S2[bx, tx, i] : [[DOM]] }
    // ATAX2-NEXT: access:   { S2[bx, tx, i] -> tmp[4i] : [[DOM]] }
    // ATAX2-NEXT: schedule: { S2[bx, tx, i] -> [1, i, 1] }
    // ATAX2-NEXT: S3 {{.*}}:[[@LINE+6]]:12: store global 4 B to y (write) 'y[j]'
    // ATAX2-NEXT: domain:   { S3[bx, tx, i] : [[DOM]] }
    // ATAX2-NEXT: access:   { S3[bx, tx, i] -> y[1024bx + 4tx] : [[DOM]] }
    // ATAX2-NEXT: schedule: { S3[bx, tx, i] -> [1, i, 2] }
    // ATAX2-NOT: S4
    for (int i = 0; i < NX; i++)
      y[j] += A[i * NY + j] * tmp[i];
  }
}

// s = A^T r, with s[j] = 0 first: j = 256bx + tx (0..4095), i = 0..2047
//   s[j] -> 1024bx + 4tx, A[i*NY + j] -> 16384i + 1024bx + 4tx, r[i] -> 4i
// BICG1: kernel bicg_kernel1: 4 memory operations, 4 affine; parameters: none
__global__ void bicg_kernel1(float *A, float *r, float *s) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < NY) {
    // BICG1-NEXT: loop i at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+19]]:5: 0 <= i <= 2047
    // BICG1-NEXT: S0 {{.*}}:[[@LINE+17]]:10: store global 4 B to s (write) 's[j]'
    // BICG1-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }
    // BICG1-NEXT: access:   { S0[bx, tx] -> s[1024bx + 4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }
    // BICG1-NEXT: schedule: { S0[bx, tx] -> [0] }
    // BICG1-NEXT: S1 {{.*}}:[[@LINE+15]]:15: load global 4 B of A (read) 'A[i * NY + j]'
    // BICG1-NEXT: domain:   { S1[bx, tx, i] : [[DOM:0 <= bx <= 15 and 0 <= tx <= 255 and 0 <= i <= 2047]] }
    // BICG1-NEXT: access:   { S1[bx, tx, i] -> A[1024bx + 4tx + 16384i] : [[DOM]] }
    // BICG1-NEXT: schedule: { S1[bx, tx, i] -> [1, i, 0] }
    // BICG1-NEXT: S2 {{.*}}:[[@LINE+11]]:31: load global 4 B of r (read) 'r[i]'
    // BICG1-NEXT: domain:   { S2[bx, tx, i] : [[DOM]] }
    // BICG1-NEXT: access:   { S2[bx, tx, i] -> r[4i] : [[DOM]] }
    // BICG1-NEXT: schedule: { S2[bx, tx, i] -> [1, i, 1] }
    // BICG1-NEXT: S3 {{.*}}:[[@LINE+7]]:12: store global 4 B to s (write) 's[j]'
    // BICG1-NEXT: domain:   { S3[bx, tx, i] : [[DOM]] }
    // BICG1-NEXT: access:   { S3[bx, tx, i] -> s[1024bx + 4tx] : [[DOM]] }
    // BICG1-NEXT: schedule: { S3[bx, tx, i] -> [1, i, 2] }
    // BICG1-NOT: S4
    s[j] = 0.0f;
    for (int i = 0; i < NX; i++)
      s[j] += A[i * NY + j] * r[i];
  }
}

// q = A p, with q[i] = 0 first: i = 256bx + tx (0..2047), j = 0..4095
//   q[i] -> 1024bx + 4tx, A[i*NY + j] -> 4194304bx + 16384tx + 4j, p[j] -> 4j
// BICG2: kernel bicg_kernel2: 4 memory operations, 4 affine; parameters: none
__global__ void bicg_kernel2(float *A, float *p, float *q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < NX) {
    // BICG2-NEXT: loop j at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+19]]:5: 0 <= j <= 4095
    // BICG2-NEXT: S0 {{.*}}:[[@LINE+17]]:10: store global 4 B to q (write) 'q[i]'
    // BICG2-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // BICG2-NEXT: access:   { S0[bx, tx] -> q[1024bx + 4tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // BICG2-NEXT: schedule: { S0[bx, tx] -> [0] }
    // BICG2-NEXT: S1 {{.*}}:[[@LINE+15]]:15: load global 4 B of A (read) 'A[i * NY + j]'
    // BICG2-NEXT: domain:   { S1[bx, tx, j] : [[DOM:0 <= bx <= 7 and 0 <= tx <= 255 and 0 <= j <= 4095]] }
    // BICG2-NEXT: access:   { S1[bx, tx, j] -> A[4194304bx + 16384tx + 4j] : [[DOM]] }
    // BICG2-NEXT: schedule: { S1[bx, tx, j] -> [1, j, 0] }
    // BICG2-NEXT: S2 {{.*}}:[[@LINE+11]]:31: load global 4 B of p (read) 'p[j]'
    // BICG2-NEXT: domain:   { S2[bx, tx, j] : [[DOM]] }
    // BICG2-NEXT: access:   { S2[bx, tx, j] -> p[4j] : [[DOM]] }
    // BICG2-NEXT: schedule: { S2[bx, tx, j] -> [1, j, 1] }
    // BICG2-NEXT: S3 {{.*}}:[[@LINE+7]]:12: store global 4 B to q (write) 'q[i]'
    // BICG2-NEXT: domain:   { S3[bx, tx, j] : [[DOM]] }
    // BICG2-NEXT: access:   { S3[bx, tx, j] -> q[1024bx + 4tx] : [[DOM]] }
    // BICG2-NEXT: schedule: { S3[bx, tx, j] -> [1, j, 2] }
    // BICG2-NOT: S4
    q[i] = 0.0f;
    for (int j = 0; j < NY; j++)
      q[i] += A[i * NY + j] * p[j];
  }
}

// x1 += a y_1 (row walk) and x2 += a^T y_2 (column walk), N = 2048:
// i = 256bx + tx (0..2047), j = 0..2047
//   x1[i], x2[i] -> 1024bx + 4tx
//   a[i*N + j]   -> 4(2048(256bx + tx) + j) = 2097152bx + 8192tx + 4j
//   a[j*N + i]   -> 8192j + 1024bx + 4tx
//   y_1[j], y_2[j] -> 4j
// MVT1: kernel mvt_kernel1: 4 memory operations, 4 affine; parameters: none
__global__ void mvt_kernel1(float *a, float *x1, float *y_1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    // MVT1-NEXT: loop j at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+18]]:5: 0 <= j <= 2047
    // MVT1-NEXT: S0 {{.*}}:[[@LINE+18]]:7: load global 4 B of x1 (read) 'x1[i]'
    // MVT1-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // MVT1-NEXT: access:   { S0[bx, tx] -> x1[1024bx + 4tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // MVT1-NEXT: schedule: { S0[bx, tx] -> [0] }
    // MVT1-NEXT: S1 {{.*}}:[[@LINE+14]]:16: load global 4 B of a (read) 'a[i * N + j]'
    // MVT1-NEXT: domain:   { S1[bx, tx, j] : [[DOM:0 <= bx <= 7 and 0 <= tx <= 255 and 0 <= j <= 2047]] }
    // MVT1-NEXT: access:   { S1[bx, tx, j] -> a[2097152bx + 8192tx + 4j] : [[DOM]] }
    // MVT1-NEXT: schedule: { S1[bx, tx, j] -> [1, j, 0] }
    // MVT1-NEXT: S2 {{.*}}:[[@LINE+10]]:31: load global 4 B of y_1 (read) 'y_1[j]'
    // MVT1-NEXT: domain:   { S2[bx, tx, j] : [[DOM]] }
    // MVT1-NEXT: access:   { S2[bx, tx, j] -> y_1[4j] : [[DOM]] }
    // MVT1-NEXT: schedule: { S2[bx, tx, j] -> [1, j, 1] }
    // MVT1-NEXT: S3 {{.*}}:[[@LINE+6]]:13: store global 4 B to x1 (write) 'x1[i]'
    // MVT1-NEXT: domain:   { S3[bx, tx, j] : [[DOM]] }
    // MVT1-NEXT: access:   { S3[bx, tx, j] -> x1[1024bx + 4tx] : [[DOM]] }
    // MVT1-NEXT: schedule: { S3[bx, tx, j] -> [1, j, 2] }
    // MVT1-NOT: S4
    for (int j = 0; j < N; j++)
      x1[i] += a[i * N + j] * y_1[j];
  }
}

// MVT2: kernel mvt_kernel2: 4 memory operations, 4 affine; parameters: none
__global__ void mvt_kernel2(float *a, float *x2, float *y_2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    // MVT2-NEXT: loop j at {{.*}}polybench-atax-bicg-mvt.cu:[[@LINE+18]]:5: 0 <= j <= 2047
    // MVT2-NEXT: S0 {{.*}}:[[@LINE+18]]:7: load global 4 B of x2 (read) 'x2[i]'
    // MVT2-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // MVT2-NEXT: access:   { S0[bx, tx] -> x2[1024bx + 4tx] : 0 <= bx <= 7 and 0 <= tx <= 255 }
    // MVT2-NEXT: schedule: { S0[bx, tx] -> [0] }
    // MVT2-NEXT: S1 {{.*}}:[[@LINE+14]]:16: load global 4 B of a (read) 'a[j * N + i]'
    // MVT2-NEXT: domain:   { S1[bx, tx, j] : [[DOM:0 <= bx <= 7 and 0 <= tx <= 255 and 0 <= j <= 2047]] }
    // MVT2-NEXT: access:   { S1[bx, tx, j] -> a[1024bx + 4tx + 8192j] : [[DOM]] }
    // MVT2-NEXT: schedule: { S1[bx, tx, j] -> [1, j, 0] }
    // MVT2-NEXT: S2 {{.*}}:[[@LINE+10]]:31: load global 4 B of y_2 (read) 'y_2[j]'
    // MVT2-NEXT: domain:   { S2[bx, tx, j] : [[DOM]] }
    // MVT2-NEXT: access:   { S2[bx, tx, j] -> y_2[4j] : [[DOM]] }
    // MVT2-NEXT: schedule: { S2[bx, tx, j] -> [1, j, 1] }
    // MVT2-NEXT: S3 {{.*}}:[[@LINE+6]]:13: store global 4 B to x2 (write) 'x2[i]'
    // MVT2-NEXT: domain:   { S3[bx, tx, j] : [[DOM]] }
    // MVT2-NEXT: access:   { S3[bx, tx, j] -> x2[1024bx + 4tx] : [[DOM]] }
    // MVT2-NEXT: schedule: { S3[bx, tx, j] -> [1, j, 2] }
    // MVT2-NOT: S4
    for (int j = 0; j < N; j++)
      x2[i] += a[j * N + i] * y_2[j];
  }
}
