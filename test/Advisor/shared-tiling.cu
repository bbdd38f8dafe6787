// gpurd-shared-tiling: global loads the warps of a block read again, and the
// what-if run that stages them through shared memory (StagedArrays.h) in
// phases of 8, 16 and 32 loop iterations, judged by seed 002's time.
//
// gemmNaive: C (16 x 32) = A (16 x 32) x B (32 x 32), N = 32, launched as
// 2 blocks of 16 x 16 threads (blockIdx.x = 0, 1). A warp is 2 rows of 16
// threads (ty = 2w, 2w + 1); 8 warps a block, 32 iterations of k.
//
// As written, per block (32-byte sectors; the request stream's sectors,
// which the pattern model counts, before any cache):
//   A[row][k]: a warp's lanes read 2 elements (its 2 rows), 2 sectors a
//     request: 8 warps x 32 k x 2 = 512 sectors, over 16 rows x 32 floats
//     = 64 distinct sectors: 8 a sector.
//   B[k][col]: a warp's lanes read 16 neighbouring floats (both rows the
//     same), 64 bytes, 2 sectors: 8 x 32 x 2 = 512, over 32 rows x 2 = 64
//     distinct: 8 a sector.
//   so 1024 a block, 2048 for the launch: "each sector 8 times per block".
//
// Staged in phases of T iterations (P = 32 / T phases a block), per block:
//   global sectors: each phase loads its tiles once, 32 neighbouring
//     elements a fill request. T = 16: A's tile is 16 rows x 16 k (64-byte
//     runs: 2 sectors each), 32 sectors; B's 16 k x 16 columns, 32 sectors;
//     2 phases: 128 a block, 256 for the launch. T = 8: 16 x 8 and 8 x 16
//     tiles (32-byte runs: 1 sector), 16 + 16 sectors, 4 phases: 128. T =
//     32: 16 x 32 (4 sectors a row) and 32 x 16, 64 + 64, 1 phase: 128.
//     Every T: 2048 to 256 for the launch.
//   barriers: 2P - 1 a warp (after each phase's fills, before the next's):
//     T = 8: 7, T = 16: 3, T = 32: 1.
//   shared memory: the two tiles, 4 bytes an element: T = 8: 2 x 128 x 4 =
//     1024 bytes, T = 16: 2 x 256 x 4 = 2048, T = 32: 2 x 512 x 4 = 4096.
//   shared wavefronts (32 banks of 4 bytes): each fill's store writes 32
//     neighbouring floats, 1 wavefront; the fills are 2 x 256 / 32 = 16 a
//     phase for T = 16 (8 for T = 8 over 4 phases, 32 for T = 32 in 1):
//     32 a block whatever T. The loads: 8 warps x 32 k x 2 arrays = 512 a
//     block. As[ty][k] with rows of T floats: the warp's two addresses,
//     ty T + k and (ty + 1) T + k, are T banks apart: 1 wavefront for T = 8
//     and 16, 2 for T = 32 (the same bank: a 2-way conflict of the
//     unpadded `float As[16][32]`). Bs[k][tx] (rows of 16 floats): 16
//     neighbouring addresses, 1 wavefront. T = 8 and 16: 512 + 32 = 544 a
//     block, 1088 for the launch; T = 32: 256 x 2 + 256 + 32 = 800 a
//     block, 1600.
//
// With N = 32, A's tile for T = 32 is 16 whole rows, one run of 512
// neighbouring elements (`float As[16][32]` is laid out so): the finding
// names it by its elements. The time model prefers T = 16: its tiles have
// 256 elements, one for each of the block's 256 threads (4 instructions of
// index arithmetic a fill), where T = 32's tiles of 512 need a fill loop (8
// a fill for A's row, 19 for B's rows: StagedArrays.h), and T = 8's four
// phases take 7 barriers (its figures: the model's, not checked here beyond
// a gain).
//
// gemmTiled stages the same tiles by hand: it has shared memory of its own,
// and the check is silent on it.
//
// The naive product is predicted at about 2900 cycles (Clang's O3 unrolls
// the k loop, and a warp waits for its loads 8 at a time), under the
// default MinCycles of 5000 (a launch's overhead): the runs lower it to
// 1000. A kernel shorter than MinCycles is no advice: not 10^9.
// DEFINE: %{args} = --arch ampere-a100 --checks=-*,gpurd-shared-tiling
// RUN: gpurd-advise %s %{args} --check-option=gpurd-shared-tiling.MinCycles=1000 -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s %{args} --check-option=gpurd-shared-tiling.MinCycles=1000 --check-option=gpurd-shared-tiling.MinGain=0.99 -- 2>&1 | FileCheck %s --check-prefix=NOGAIN
// RUN: gpurd-advise %s %{args} -- 2>&1 | FileCheck %s --check-prefix=NOGAIN

#define N 32
#define TILE 16

__global__ void gemmNaive(const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  // CHECK: shared-tiling.cu:[[@LINE-1]]:12: warning: 'A' and 'B' are read again by the block's warps (each sector 8 times per block): staging them through shared memory in 16 x 16 tiles, 16 loop iterations a phase, is predicted to cut the kernel's time by {{[0-9.]+}}% ({{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-shared-tiling]
  // CHECK: note: phases of 8 iterations (4 phases a block, in tiles of 16 x 8 ('A'), 8 x 16 ('B'), 1024 bytes of shared memory and 7 barriers a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 2048 to 256, shared-memory wavefronts 1088 (a what-if run of the models)
  // CHECK: note: phases of 16 iterations (2 phases a block, in 16 x 16 tiles, 2048 bytes of shared memory and 3 barriers a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 2048 to 256, shared-memory wavefronts 1088 (a what-if run of the models)
  // CHECK: note: phases of 32 iterations (1 phase a block, in tiles of 512 elements ('A'), 32 x 16 ('B'), 4096 bytes of shared memory and 1 barrier a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 2048 to 256, shared-memory wavefronts 1600 (a what-if run of the models)
  // CHECK: note: the rewrite loads each phase's tile once
  // NOGAIN-NOT: warning:
  C[row * N + col] = sum;
}

__global__ void gemmTiled(const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[row * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = sum;
}
// CHECK-NOT: warning:

void host(const float *A, const float *B, float *C) {
  gemmNaive<<<dim3(2, 1), dim3(16, 16)>>>(A, B, C);
  gemmTiled<<<dim3(2, 1), dim3(16, 16)>>>(A, B, C);
}
