// PolyBench/GPU GESUMMV: y = alpha A x + beta B x, one thread per row
// (block 256, grid N/256), two accumulators in global memory.
// RUN: gpurd-advise %s --dump-accesses --grid 16 --block 256 -- | FileCheck %s
// RUN: gpurd-advise %s --explain-compiled --grid 16 --block 256 -- | FileCheck %s --check-prefix=EXPLAIN
//
// Derivation (float; N = 4096): i = 256bx + tx (0..4095), j = 0..4095
//   tmp[i], y[i]       -> 1024bx + 4tx
//   a[i*N + j], b[...] -> 4(4096(256bx + tx) + j) = 4194304bx + 16384tx + 4j
//   x[j]               -> 4j
// The guard i < N holds for the whole launch. All five pointers may alias:
// the store to y[i] may change tmp[i] and x[j], the store to tmp[i] may change
// y[i] and x[j]. So the compiled loop reloads both accumulators and x[j] in
// every iteration (x[j] twice), and after the loop tmp[i] is loaded again;
// only y[i] in the last statement comes from the register of its last store.

#define N 4096

// CHECK: kernel gesummv_kernel: 10 memory operations, 10 affine; parameters: none
// EXPLAIN: kernel gesummv_kernel: 11 source accesses
__global__ void gesummv_kernel(float *a, float *b, float *x, float *y, float *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    // CHECK-NEXT: loop j at {{.*}}polybench-gesummv.cu:[[@LINE+1]]:5: 0 <= j <= 4095
    for (int j = 0; j < N; j++) {
      // CHECK-NEXT: S0 {{.*}}:[[@LINE+20]]:17: load global 4 B of a (read) 'a[i * N + j]'
      // CHECK-NEXT: domain:   { S0[bx, tx, j] : [[DOM:0 <= bx <= 15 and 0 <= tx <= 255 and 0 <= j <= 4095]] }
      // CHECK-NEXT: access:   { S0[bx, tx, j] -> a[4194304bx + 16384tx + 4j] : [[DOM]] }
      // CHECK-NEXT: schedule: { S0[bx, tx, j] -> [0, j, 0] }
      // CHECK-NEXT: S1 {{.*}}:[[@LINE+16]]:32: load global 4 B of x (read) 'x[j]'
      // CHECK-NEXT: domain:   { S1[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S1[bx, tx, j] -> x[4j] : [[DOM]] }
      // CHECK-NEXT: schedule: { S1[bx, tx, j] -> [0, j, 1] }
      // CHECK-NEXT: S2 {{.*}}:[[@LINE+12]]:14: load global 4 B of tmp (read) 'tmp[i]'
      // CHECK-NEXT: domain:   { S2[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S2[bx, tx, j] -> tmp[1024bx + 4tx] : [[DOM]] }
      // CHECK-NEXT: schedule: { S2[bx, tx, j] -> [0, j, 2] }
      // CHECK-NEXT: S3 {{.*}}:[[@LINE+8]]:14: store global 4 B to tmp (write) 'tmp[i]'
      // CHECK-NEXT: domain:   { S3[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S3[bx, tx, j] -> tmp[1024bx + 4tx] : [[DOM]] }
      // CHECK-NEXT: schedule: { S3[bx, tx, j] -> [0, j, 3] }
      // EXPLAIN-NEXT: :[[@LINE+4]]:7: 'tmp[i]' read: kept: one load each time the source executes it [S2]
      // EXPLAIN-NEXT: :[[@LINE+3]]:7: 'tmp[i]' write: kept: one store each time the source executes it [S3]
      // EXPLAIN-NEXT: :[[@LINE+2]]:17: 'a[i * N + j]' read: kept: one load each time the source executes it [S0]
      // EXPLAIN-NEXT: :[[@LINE+1]]:32: 'x[j]' read: kept: one load each time the source executes it [S1]
      tmp[i] += a[i * N + j] * x[j];
      // CHECK-NEXT: S4 {{.*}}:[[@LINE+20]]:15: load global 4 B of b (read) 'b[i * N + j]'
      // CHECK-NEXT: domain:   { S4[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S4[bx, tx, j] -> b[4194304bx + 16384tx + 4j] : [[DOM]] }
      // CHECK-NEXT: schedule: { S4[bx, tx, j] -> [0, j, 4] }
      // CHECK-NEXT: S5 {{.*}}:[[@LINE+16]]:30: load global 4 B of x (read) 'x[j]'
      // CHECK-NEXT: domain:   { S5[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S5[bx, tx, j] -> x[4j] : [[DOM]] }
      // CHECK-NEXT: schedule: { S5[bx, tx, j] -> [0, j, 5] }
      // CHECK-NEXT: S6 {{.*}}:[[@LINE+12]]:12: load global 4 B of y (read) 'y[i]'
      // CHECK-NEXT: domain:   { S6[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S6[bx, tx, j] -> y[1024bx + 4tx] : [[DOM]] }
      // CHECK-NEXT: schedule: { S6[bx, tx, j] -> [0, j, 6] }
      // CHECK-NEXT: S7 {{.*}}:[[@LINE+8]]:12: store global 4 B to y (write) 'y[i]'
      // CHECK-NEXT: domain:   { S7[bx, tx, j] : [[DOM]] }
      // CHECK-NEXT: access:   { S7[bx, tx, j] -> y[1024bx + 4tx] : [[DOM]] }
      // CHECK-NEXT: schedule: { S7[bx, tx, j] -> [0, j, 7] }
      // EXPLAIN-NEXT: :[[@LINE+4]]:7: 'y[i]' read: kept: one load each time the source executes it [S6]
      // EXPLAIN-NEXT: :[[@LINE+3]]:7: 'y[i]' write: kept: one store each time the source executes it [S7]
      // EXPLAIN-NEXT: :[[@LINE+2]]:15: 'b[i * N + j]' read: kept: one load each time the source executes it [S4]
      // EXPLAIN-NEXT: :[[@LINE+1]]:30: 'x[j]' read: kept: one load each time the source executes it [S5]
      y[i] += b[i * N + j] * x[j];
    }
    // After the loop (position 1 and 2 of the thread's program).
    // CHECK-NEXT: S8 {{.*}}:[[@LINE+15]]:23: load global 4 B of tmp (read) 'tmp[i]'
    // CHECK-NEXT: domain:   { S8[bx, tx] : [[BOX:0 <= bx <= 15 and 0 <= tx <= 255]] }
    // CHECK-NEXT: access:   { S8[bx, tx] -> tmp[1024bx + 4tx] : [[BOX]] }
    // CHECK-NEXT: schedule: { S8[bx, tx] -> [1] }
    // CHECK-NEXT: S9 {{.*}}:[[@LINE+11]]:10: store global 4 B to y (write) 'y[i]'
    // CHECK-NEXT: domain:   { S9[bx, tx] : [[BOX]] }
    // CHECK-NEXT: access:   { S9[bx, tx] -> y[1024bx + 4tx] : [[BOX]] }
    // CHECK-NEXT: schedule: { S9[bx, tx] -> [2] }
    // CHECK-NOT: S10
    //
    // EXPLAIN-NEXT: :[[@LINE+5]]:5: 'y[i]' write: kept: one store each time the source executes it [S9]
    // EXPLAIN-NEXT: :[[@LINE+4]]:23: 'tmp[i]' read: kept: one load each time the source executes it [S8]
    // The read of y[i] here has no load of its own: the value of the last
    // store in the loop.
    // EXPLAIN-NEXT: :[[@LINE+1]]:43: 'y[i]' read: dropped: the value is forwarded from the store at line [[@LINE-17]]{{$}}
    y[i] = 43532.0f * tmp[i] + 12313.0f * y[i];
  }
}
