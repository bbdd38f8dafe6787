// PolyBench/GPU SYRK (C = alpha A A^T + beta C) and SYR2K
// (C = alpha A B^T + alpha B A^T + beta C): one thread per C element,
// block (32, 8), grid (N/32, N/8). C is N x N = 1024 x 1024, A and B are
// N x M = 1024 x 512.
// RUN: gpurd-advise %s --kernel syrk_kernel --dump-accesses --grid 32,128 --block 32,8 -- | FileCheck %s --check-prefix=SYRK
// RUN: gpurd-advise %s --kernel syr2k_kernel --dump-accesses --grid 32,128 --block 32,8 -- | FileCheck %s --check-prefix=SYR2K
//
// Derivation: j = 32bx + tx, i = 8by + ty (both 0..1023), 0 <= k <= M-1 = 511
//   c[i*N + j] -> 4(1024(8by + ty) + 32bx + tx) = 32768by + 4096ty + 128bx + 4tx
//   a[i*M + k] -> 4(512(8by + ty) + k)          = 16384by + 2048ty + 4k   (row i)
//   a[j*M + k] -> 4(512(32bx + tx) + k)         = 65536bx + 2048tx + 4k   (row j)
// The same for b. The guard (i < N && j < N) holds for the whole launch.
// As in GEMM, c is loaded and stored once for "*= beta", then stored (not
// reloaded) in every iteration of the k loop.

#define N 1024
#define M 512

// SYRK: kernel syrk_kernel: 5 memory operations, 5 affine; parameters: none
__global__ void syrk_kernel(float alpha, float beta, float *a, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < N) && (j < N)) {
    // SYRK-NEXT: loop k at {{.*}}polybench-syrk-syr2k.cu:[[@LINE+10]]:5: 0 <= k <= 511
    // SYRK-NEXT: S0 {{.*}}:[[@LINE+8]]:18: load global 4 B of c (read) 'c[i * N + j]'
    // SYRK-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 31 and 0 <= by <= 127 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // SYRK-NEXT: access:   { S0[bx, by, tx, ty] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // SYRK-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // SYRK-NEXT: S1 {{.*}}:[[@LINE+4]]:18: store global 4 B to c (write) 'c[i * N + j]'
    // SYRK-NEXT: domain:   { S1[bx, by, tx, ty] : [[BOX]] }
    // SYRK-NEXT: access:   { S1[bx, by, tx, ty] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // SYRK-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
    c[i * N + j] *= beta;
    for (int k = 0; k < M; k++)
      // SYRK-NEXT: S2 {{.*}}:[[@LINE+13]]:31: load global 4 B of a (read) 'a[i * M + k]'
      // SYRK-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 31 and 0 <= by <= 127 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 511]] }
      // SYRK-NEXT: access:   { S2[bx, by, tx, ty, k] -> a[16384by + 2048ty + 4k] : [[BOXK]] }
      // SYRK-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [2, k, 0] }
      // SYRK-NEXT: S3 {{.*}}:[[@LINE+9]]:46: load global 4 B of a (read) 'a[j * M + k]'
      // SYRK-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
      // SYRK-NEXT: access:   { S3[bx, by, tx, ty, k] -> a[65536bx + 2048tx + 4k] : [[BOXK]] }
      // SYRK-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [2, k, 1] }
      // SYRK-NEXT: S4 {{.*}}:[[@LINE+5]]:20: store global 4 B to c (write) 'c[i * N + j]'
      // SYRK-NEXT: domain:   { S4[bx, by, tx, ty, k] : [[BOXK]] }
      // SYRK-NEXT: access:   { S4[bx, by, tx, ty, k] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOXK]] }
      // SYRK-NEXT: schedule: { S4[bx, by, tx, ty, k] -> [2, k, 2] }
      // SYRK-NOT: S5
      c[i * N + j] += alpha * a[i * M + k] * a[j * M + k];
  }
}

// SYR2K: kernel syr2k_kernel: 7 memory operations, 7 affine; parameters: none
__global__ void syr2k_kernel(float *a, float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < N) && (j < N)) {
    // SYR2K-NEXT: loop k at {{.*}}polybench-syrk-syr2k.cu:[[@LINE+10]]:5: 0 <= k <= 511
    // SYR2K-NEXT: S0 {{.*}}:[[@LINE+8]]:18: load global 4 B of c (read) 'c[i * N + j]'
    // SYR2K-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 31 and 0 <= by <= 127 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // SYR2K-NEXT: access:   { S0[bx, by, tx, ty] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // SYR2K-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // SYR2K-NEXT: S1 {{.*}}:[[@LINE+4]]:18: store global 4 B to c (write) 'c[i * N + j]'
    // SYR2K-NEXT: domain:   { S1[bx, by, tx, ty] : [[BOX]] }
    // SYR2K-NEXT: access:   { S1[bx, by, tx, ty] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // SYR2K-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
    c[i * N + j] *= 2123.0f;
    for (int k = 0; k < M; k++)
      // SYR2K-NEXT: S2 {{.*}}:[[@LINE+21]]:34: load global 4 B of a (read) 'a[i * M + k]'
      // SYR2K-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 31 and 0 <= by <= 127 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 511]] }
      // SYR2K-NEXT: access:   { S2[bx, by, tx, ty, k] -> a[16384by + 2048ty + 4k] : [[BOXK]] }
      // SYR2K-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [2, k, 0] }
      // SYR2K-NEXT: S3 {{.*}}:[[@LINE+17]]:49: load global 4 B of b (read) 'b[j * M + k]'
      // SYR2K-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
      // SYR2K-NEXT: access:   { S3[bx, by, tx, ty, k] -> b[65536bx + 2048tx + 4k] : [[BOXK]] }
      // SYR2K-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [2, k, 1] }
      // SYR2K-NEXT: S4 {{.*}}:[[@LINE+13]]:75: load global 4 B of b (read) 'b[i * M + k]'
      // SYR2K-NEXT: domain:   { S4[bx, by, tx, ty, k] : [[BOXK]] }
      // SYR2K-NEXT: access:   { S4[bx, by, tx, ty, k] -> b[16384by + 2048ty + 4k] : [[BOXK]] }
      // SYR2K-NEXT: schedule: { S4[bx, by, tx, ty, k] -> [2, k, 2] }
      // SYR2K-NEXT: S5 {{.*}}:[[@LINE+9]]:90: load global 4 B of a (read) 'a[j * M + k]'
      // SYR2K-NEXT: domain:   { S5[bx, by, tx, ty, k] : [[BOXK]] }
      // SYR2K-NEXT: access:   { S5[bx, by, tx, ty, k] -> a[65536bx + 2048tx + 4k] : [[BOXK]] }
      // SYR2K-NEXT: schedule: { S5[bx, by, tx, ty, k] -> [2, k, 3] }
      // SYR2K-NEXT: S6 {{.*}}:[[@LINE+5]]:20: store global 4 B to c (write) 'c[i * N + j]'
      // SYR2K-NEXT: domain:   { S6[bx, by, tx, ty, k] : [[BOXK]] }
      // SYR2K-NEXT: access:   { S6[bx, by, tx, ty, k] -> c[128bx + 32768by + 4tx + 4096ty] : [[BOXK]] }
      // SYR2K-NEXT: schedule: { S6[bx, by, tx, ty, k] -> [2, k, 4] }
      // SYR2K-NOT: S7
      c[i * N + j] += 12435.0f * a[i * M + k] * b[j * M + k] + 12435.0f * b[i * M + k] * a[j * M + k];
  }
}
