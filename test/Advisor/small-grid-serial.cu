// gpurd-small-grid on kernels whose work one thread does: the SMs idle by
// the kernel's algorithm, not by its grid, and the finding says so instead
// of proposing more, smaller pieces.
//
// By hand, on ampere-a100 (108 SMs):
// - norm<<<1, 256>>>: only thread 0 (tid == 0) works: 4096 loads of x in
//   its loop and one store of out, 4097 memory instructions, each with one
//   active lane; the other 255 threads and 108 - 1 = 107 SMs stay idle. One
//   thread's 4096 dependent loads take far more than 20000 cycles
//   (MinCycles).
// - perBlock<<<8, 256>>>: thread 0 of each block works (threadIdx.x == 0):
//   in block 0, thread (0, 0, 0) makes 4096 loads in its loop and 1 store,
//   4097 memory instructions; the blocks modelled (as many of the 8 as the
//   quick sample's instruction budget holds: each interprets its 256
//   threads' code) have one active lane in every warp instruction; 108 - 8
//   = 100 SMs idle.
// - perWarp<<<8, 256>>>: lane 0 of each warp works (threadIdx.x % 32 ==
//   0): one active lane a warp instruction, but 8 threads of block 0 work,
//   so the block's work is split over its warps, and more blocks would
//   split it further: the grid finding of small-grid.cu (here 100 of 108
//   SMs idle, 100 / 108 = 93%), with its note on more, smaller pieces.
//
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' -- 2>&1 | FileCheck %s --implicit-check-not=gpurd-small-grid

__global__ void norm(const float *x, float *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid == 0) {
    float s = 0;
    for (int i = 0; i < 4096; ++i)
      s += x[i] * x[i];
    out[0] = s;
  }
}

__global__ void perBlock(const float *x, float *out) {
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < 4096; ++i)
      s += x[blockIdx.x * 4096 + i];
    out[blockIdx.x] = s;
  }
}

__global__ void perWarp(const float *x, float *out) {
  if (threadIdx.x % 32 == 0) {
    int w = blockIdx.x * 8 + threadIdx.x / 32;
    float s = 0;
    for (int i = 0; i < 512; ++i)
      s += x[w * 512 + i];
    out[w] = s;
  }
}

void host(const float *x, float *out) {
  norm<<<1, 256>>>(x, out);
  // CHECK: small-grid-serial.cu:[[@LINE-1]]:3: warning: the kernel runs serially: one thread makes every memory access of the launch (a grid of 1 block of 256 threads), and the other 255 threads and 107 of ampere-a100's 108 SMs stay idle for the whole launch [gpurd-small-grid]
  // CHECK: note: thread (0, 0, 0) of block 0 makes its 4097 memory instructions (4096 of them in the loop at line 29), and no warp instruction of the 1 block modelled has more than one active thread; the kernel is predicted to take {{[0-9.]+( M)?}} cycles (seed 002's time model and throughput bound, Toverlap uncalibrated)
  // CHECK-NEXT: note: a larger grid or smaller blocks would not split this work, which is one thread's loop: spreading its iterations over the block's threads (a parallel reduction in shared memory or with warp shuffles, when the loop accumulates one value) is a change of algorithm, which gpurd does not time
  perBlock<<<8, 256>>>(x, out);
  // CHECK: small-grid-serial.cu:[[@LINE-1]]:3: warning: each block's work is serial: one thread of block 0 makes all its memory accesses, and the grid of 8 blocks leaves 100 of ampere-a100's 108 SMs idle for the whole launch [gpurd-small-grid]
  // CHECK: note: thread (0, 0, 0) of block 0 makes its 4097 memory instructions (4096 of them in the loop at line 38), and no warp instruction of the {{[1-8]}} blocks modelled has more than one active thread
  perWarp<<<8, 256>>>(x, out);
  // CHECK: small-grid-serial.cu:[[@LINE-1]]:3: warning: grid of 8 blocks on ampere-a100's 108 SMs: 100 SMs (93%) stay idle for the whole launch [gpurd-small-grid]
  // CHECK: note: each block's share of the work is fixed by its index: to fill the idle SMs, split the work into more, smaller pieces
}
