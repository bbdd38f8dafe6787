// PolyBench/GPU GEMM (C = alpha.A.B + beta.C), one thread per C element, on
// the suite's launch: block (32, 8), grid (NJ/32, NI/8).
// RUN: gpurd-advise %s --dump-accesses --grid 16,64 --block 32,8 -- | FileCheck %s
// RUN: gpurd-advise %s --explain-compiled --grid 16,64 --block 32,8 -- | FileCheck %s --check-prefix=EXPLAIN
//
// Derivation (float, 4 B; NI = NJ = NK = 512):
//   j = 32bx + tx (0..511), i = 8by + ty (0..511)
//   c[i*NJ + j] -> 4(512(8by + ty) + 32bx + tx) = 16384by + 2048ty + 128bx + 4tx
//   a[i*NK + k] -> 4(512(8by + ty) + k)         = 16384by + 2048ty + 4k
//   b[k*NJ + j] -> 4(512k + 32bx + tx)          = 2048k + 128bx + 4tx
// The guard (i < NI && j < NJ) holds for every thread of this launch, so the
// compiler drops it and the domains are the launch box (and 0 <= k <= 511).
// The pointers are not __restrict__: the store of c stays in the k loop (a
// later load of a or b may read it), but its reload is forwarded from the
// previous store (a and b are only loaded in between).

#define NI 512
#define NJ 512
#define NK 512
#define ALPHA 32412.0f
#define BETA 2123.0f

// CHECK: kernel gemm_kernel: 5 memory operations, 5 affine; parameters: none
// EXPLAIN: kernel gemm_kernel: 6 source accesses
__global__ void gemm_kernel(float *a, float *b, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NJ)) {
    // CHECK-NEXT: loop k at {{.*}}polybench-gemm.cu:[[@LINE+13]]:5: 0 <= k <= 511
    // c[i * NJ + j] *= BETA: one load and one store, before the loop.
    // CHECK-NEXT: S0 {{.*}}polybench-gemm.cu:[[@LINE+10]]:19: load global 4 B of c (read) 'c[i * NJ + j]'
    // CHECK-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 15 and 0 <= by <= 63 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // CHECK-NEXT: access:   { S0[bx, by, tx, ty] -> c[128bx + 16384by + 4tx + 2048ty] : [[BOX]] }
    // CHECK-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // CHECK-NEXT: S1 {{.*}}polybench-gemm.cu:[[@LINE+6]]:19: store global 4 B to c (write) 'c[i * NJ + j]'
    // CHECK-NEXT: domain:   { S1[bx, by, tx, ty] : [[BOX]] }
    // CHECK-NEXT: access:   { S1[bx, by, tx, ty] -> c[128bx + 16384by + 4tx + 2048ty] : [[BOX]] }
    // CHECK-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
    // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+2]]:5: 'c[i * NJ + j]' read: kept: one load each time the source executes it [S0]
    // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+1]]:5: 'c[i * NJ + j]' write: kept: one store each time the source executes it [S1]
    c[i * NJ + j] *= BETA;
    for (int k = 0; k < NK; k++)
      // The loop is the third item of the thread's program: [2, k, _].
      // CHECK-NEXT: S2 {{.*}}polybench-gemm.cu:[[@LINE+22]]:32: load global 4 B of a (read) 'a[i * NK + k]'
      // CHECK-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 15 and 0 <= by <= 63 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 511]] }
      // CHECK-NEXT: access:   { S2[bx, by, tx, ty, k] -> a[16384by + 2048ty + 4k] : [[BOXK]] }
      // CHECK-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [2, k, 0] }
      // CHECK-NEXT: S3 {{.*}}polybench-gemm.cu:[[@LINE+18]]:48: load global 4 B of b (read) 'b[k * NJ + j]'
      // CHECK-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
      // CHECK-NEXT: access:   { S3[bx, by, tx, ty, k] -> b[128bx + 4tx + 2048k] : [[BOXK]] }
      // CHECK-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [2, k, 1] }
      // The store of c in every iteration; no load of c in the loop.
      // CHECK-NEXT: S4 {{.*}}polybench-gemm.cu:[[@LINE+13]]:21: store global 4 B to c (write) 'c[i * NJ + j]'
      // CHECK-NEXT: domain:   { S4[bx, by, tx, ty, k] : [[BOXK]] }
      // CHECK-NEXT: access:   { S4[bx, by, tx, ty, k] -> c[128bx + 16384by + 4tx + 2048ty] : [[BOXK]] }
      // CHECK-NEXT: schedule: { S4[bx, by, tx, ty, k] -> [2, k, 2] }
      // CHECK-NOT: S5
      //
      // The reload of c in the loop has no compiled load of its own: its
      // value comes from the previous store (of `*= BETA` or of the previous
      // iteration).
      // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+4]]:7: 'c[i * NJ + j]' read: dropped: the value is forwarded from the store at line [[@LINE-21]]{{$}}
      // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+3]]:7: 'c[i * NJ + j]' write: kept: one store each time the source executes it [S4]
      // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+2]]:32: 'a[i * NK + k]' read: kept: one load each time the source executes it [S2]
      // EXPLAIN-NEXT: polybench-gemm.cu:[[@LINE+1]]:48: 'b[k * NJ + j]' read: kept: one load each time the source executes it [S3]
      c[i * NJ + j] += ALPHA * a[i * NK + k] * b[k * NJ + j];
  }
}
