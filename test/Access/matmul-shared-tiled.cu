// A shared-memory tiled matrix multiply: each 16x16 block stages a tile of A
// and a tile of B in shared memory between two __syncthreads(), which appear
// as barrier sites in the thread's program order.
// RUN: gpurd-advise %s --dump-accesses --grid 64,64 --block 16,16 -- | FileCheck %s
// RUN: gpurd-advise %s --explain-compiled --grid 64,64 --block 16,16 -- | FileCheck %s --check-prefix=EXPLAIN
//
// N = 1024, TILE = 16: row = 16by + ty, col = 16bx + tx, t = 0..N/TILE-1 = 0..63,
// k = 0..15.
//   A[row*N + t*TILE + tx]   -> 4(1024(16by + ty) + 16t + tx) = 65536by + 4096ty + 64t + 4tx
//   B[(t*TILE + ty)*N + col] -> 4(1024(16t + ty) + 16bx + tx) = 65536t + 4096ty + 64bx + 4tx
//   As[ty][tx], Bs[ty][tx]   -> 4(16ty + tx) = 64ty + 4tx
//   As[ty][k]                -> 64ty + 4k
//   Bs[k][tx]                -> 64k + 4tx
//   C[row*N + col]           -> 65536by + 4096ty + 64bx + 4tx
// Program order of a thread: the t loop is item 0 (the store of C item 1);
// in it: load A, store As, load B, store Bs, barrier, the k loop, barrier.

#define TILE 16
#define N 1024

// CHECK: kernel matmul_tiled: 7 memory operations, 7 affine; parameters: none
// EXPLAIN: kernel matmul_tiled: 7 source accesses
__global__ void matmul_tiled(const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  // CHECK-NEXT: loop t at {{.*}}matmul-shared-tiled.cu:[[@LINE+2]]:3: 0 <= t <= 63
  // CHECK-NEXT: loop k at {{.*}}matmul-shared-tiled.cu:[[@LINE+29]]:5: 0 <= k <= 15
  for (int t = 0; t < N / TILE; ++t) {
    // CHECK-NEXT: S0 {{.*}}:[[@LINE+10]]:18: load global 4 B of A (read) 'A[row * N + t * TILE + tx]'
    // CHECK-NEXT: domain:   { S0[bx, by, tx, ty, t] : [[DOMT:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 and 0 <= t <= 63]] }
    // CHECK-NEXT: access:   { S0[bx, by, tx, ty, t] -> A[65536by + 4tx + 4096ty + 64t] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S0[bx, by, tx, ty, t] -> [0, t, 0] }
    // CHECK-NEXT: S1 {{.*}}:[[@LINE+6]]:16: store shared 4 B to As (write) 'As[ty][tx]'
    // CHECK-NEXT: domain:   { S1[bx, by, tx, ty, t] : [[DOMT]] }
    // CHECK-NEXT: access:   { S1[bx, by, tx, ty, t] -> As[4tx + 64ty] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S1[bx, by, tx, ty, t] -> [0, t, 1] }
    // EXPLAIN-NEXT: :[[@LINE+2]]:5: 'As[ty][tx]' write: kept: one store each time the source executes it [S1]
    // EXPLAIN-NEXT: :[[@LINE+1]]:18: 'A[row * N + t * TILE + tx]' read: kept: one load each time the source executes it [S0]
    As[ty][tx] = A[row * N + t * TILE + tx];
    // CHECK-NEXT: S2 {{.*}}:[[@LINE+10]]:18: load global 4 B of B (read) 'B[(t * TILE + ty) * N + col]'
    // CHECK-NEXT: domain:   { S2[bx, by, tx, ty, t] : [[DOMT]] }
    // CHECK-NEXT: access:   { S2[bx, by, tx, ty, t] -> B[64bx + 4tx + 4096ty + 65536t] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S2[bx, by, tx, ty, t] -> [0, t, 2] }
    // CHECK-NEXT: S3 {{.*}}:[[@LINE+6]]:16: store shared 4 B to Bs (write) 'Bs[ty][tx]'
    // CHECK-NEXT: domain:   { S3[bx, by, tx, ty, t] : [[DOMT]] }
    // CHECK-NEXT: access:   { S3[bx, by, tx, ty, t] -> Bs[4tx + 64ty] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S3[bx, by, tx, ty, t] -> [0, t, 3] }
    // EXPLAIN-NEXT: :[[@LINE+2]]:5: 'Bs[ty][tx]' write: kept: one store each time the source executes it [S3]
    // EXPLAIN-NEXT: :[[@LINE+1]]:18: 'B[(t * TILE + ty) * N + col]' read: kept: one load each time the source executes it [S2]
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    // A barrier has a domain and a schedule, no access relation.
    // CHECK-NEXT: S4 {{.*}}:[[@LINE+3]]:5: barrier
    // CHECK-NEXT: domain:   { S4[bx, by, tx, ty, t] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S4[bx, by, tx, ty, t] -> [0, t, 4] }
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      // CHECK-NEXT: S5 {{.*}}:[[@LINE+10]]:14: load shared 4 B of As (read) 'As[ty][k]'
      // CHECK-NEXT: domain:   { S5[bx, by, tx, ty, t, k] : [[DOMTK:0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 and 0 <= t <= 63 and 0 <= k <= 15]] }
      // CHECK-NEXT: access:   { S5[bx, by, tx, ty, t, k] -> As[64ty + 4k] : [[DOMTK]] }
      // CHECK-NEXT: schedule: { S5[bx, by, tx, ty, t, k] -> [0, t, 5, k, 0] }
      // CHECK-NEXT: S6 {{.*}}:[[@LINE+6]]:26: load shared 4 B of Bs (read) 'Bs[k][tx]'
      // CHECK-NEXT: domain:   { S6[bx, by, tx, ty, t, k] : [[DOMTK]] }
      // CHECK-NEXT: access:   { S6[bx, by, tx, ty, t, k] -> Bs[4tx + 64k] : [[DOMTK]] }
      // CHECK-NEXT: schedule: { S6[bx, by, tx, ty, t, k] -> [0, t, 5, k, 1] }
      // EXPLAIN-NEXT: :[[@LINE+2]]:14: 'As[ty][k]' read: kept: one load each time the source executes it [S5]
      // EXPLAIN-NEXT: :[[@LINE+1]]:26: 'Bs[k][tx]' read: kept: one load each time the source executes it [S6]
      sum += As[ty][k] * Bs[k][tx];
    // CHECK-NEXT: S7 {{.*}}:[[@LINE+3]]:5: barrier
    // CHECK-NEXT: domain:   { S7[bx, by, tx, ty, t] : [[DOMT]] }
    // CHECK-NEXT: schedule: { S7[bx, by, tx, ty, t] -> [0, t, 6] }
    __syncthreads();
  }
  // CHECK-NEXT: S8 {{.*}}:[[@LINE+6]]:20: store global 4 B to C (write) 'C[row * N + col]'
  // CHECK-NEXT: domain:   { S8[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 }
  // CHECK-NEXT: access:   { S8[bx, by, tx, ty] -> C[64bx + 65536by + 4tx + 4096ty] : 0 <= bx <= 63 and 0 <= by <= 63 and 0 <= tx <= 15 and 0 <= ty <= 15 }
  // CHECK-NEXT: schedule: { S8[bx, by, tx, ty] -> [1] }
  // CHECK-NOT: S9
  // EXPLAIN-NEXT: :[[@LINE+1]]:3: 'C[row * N + col]' write: kept: one store each time the source executes it [S8]
  C[row * N + col] = sum;
}
