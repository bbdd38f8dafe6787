// gpurd-shared-tiling: each array's tile is named with its own shape, in the
// message's order of the arrays, and an array the block reads one element
// of is no tile.
//
// mm: D (16 x 64) = tmp (16 x 64) x C (64 x 64), N = 64, launched as 2 x 2
// blocks of 32 x 8 threads: row i = blockIdx.y * 8 + threadIdx.y, column
// j = blockIdx.x * 32 + threadIdx.x, 64 iterations of k. The parameters
// come tmp first, C second; by name C sorts first (the staging plan's
// order), so a message that paired the plan's tiles with the kernel's
// order of the arrays would swap their shapes.
//
// As written, per block (32-byte sectors of the request stream):
//   tmp[i * 64 + k]: a warp is one row i, its lanes all read one element:
//     1 sector a request, 8 warps x 64 k = 512 requests, over 8 rows x 64
//     floats = 8 x 8 = 64 distinct sectors: 8 a sector;
//   C[k * 64 + j]: a warp's lanes read 32 neighbouring floats, 4 sectors:
//     8 x 64 x 4 = 2048, over 64 rows x 4 = 256 distinct: 8 a sector.
//   "each sector 8 times per block"; 2560 a block, 10240 for the launch.
// Staged in phases of T iterations of k (P = 64 / T phases):
//   tiles: tmp's is 8 rows i x T columns k, C's T rows k x 32 columns j:
//     T = 8: 8 x 8 ('tmp'), 8 x 32 ('C'); T = 16: 8 x 16, 16 x 32; T = 32:
//     8 x 32, 32 x 32.
//   shared memory: T = 8: (64 + 256) x 4 = 1280 bytes; T = 16: (128 + 512)
//     x 4 = 2560; T = 32: (256 + 1024) x 4 = 5120.
//   barriers: 2P - 1 a warp: T = 8: 15, T = 16: 7, T = 32: 3.
//   global sectors: a phase's fills read tmp's 8 rows of 4T bytes (T / 8
//     sectors each) and C's T rows of 128 bytes (4 each): T + 4T = 5T a
//     phase, 5T x 64 / T = 320 a block whatever T: 10240 to 1280 for the
//     launch.
//   shared wavefronts: the fills store 32 neighbouring elements of a tile
//     at a time, 1 wavefront each: (8T + 32T) / 32 = 1.25T a phase, 80 a
//     block; the loads: tmp's warp-uniform element, 1 wavefront, and C's 32
//     neighbouring floats of a tile row, 1 wavefront: 2 x 8 x 64 = 1024.
//     1104 a block, 4416 for the launch, whatever T.
//
// pivot: out[i] = a[i] / s[k], every thread reading the one element s[k]
// (gramschmidt's r[k][k]). Each of a block's 8 warps reads it in one
// request of one sector: 8 requests of the one sector, more than MinReuse,
// but a tile of one element loads nothing coalesced and serves the same 8
// requests from shared memory one for one: no finding. a[i] is read once
// (1 request a sector): nothing else to stage.
//
// DEFINE: %{args} = --arch ampere-a100 --checks=-*,gpurd-shared-tiling
// RUN: gpurd-advise %s %{args} -- 2>&1 | FileCheck %s --implicit-check-not=warning:

#define N 64

__global__ void mm(const float *tmp, const float *C, float *D) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += tmp[i * N + k] * C[k * N + j];
  // CHECK: shared-tiling-tiles.cu:[[@LINE-1]]:12: warning: 'tmp' and 'C' are read again by the block's warps (each sector 8 times per block): staging them through shared memory in tiles of {{8 x 8 \('tmp'\), 8 x 32 \('C'\), 8|8 x 16 \('tmp'\), 16 x 32 \('C'\), 16|8 x 32 \('tmp'\), 32 x 32 \('C'\), 32}} loop iterations a phase, is predicted to cut the kernel's time by {{[0-9.]+}}%
  // CHECK: note: phases of 8 iterations (8 phases a block, in tiles of 8 x 8 ('tmp'), 8 x 32 ('C'), 1280 bytes of shared memory and 15 barriers a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 10240 to 1280, shared-memory wavefronts 4416 (a what-if run of the models)
  // CHECK: note: phases of 16 iterations (4 phases a block, in tiles of 8 x 16 ('tmp'), 16 x 32 ('C'), 2560 bytes of shared memory and 7 barriers a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 10240 to 1280, shared-memory wavefronts 4416 (a what-if run of the models)
  // CHECK: note: phases of 32 iterations (2 phases a block, in tiles of 8 x 32 ('tmp'), 32 x 32 ('C'), 5120 bytes of shared memory and 3 barriers a warp): {{.*}}; L2 read sectors {{[0-9]+}} to {{[0-9]+}}, global read sectors requested 10240 to 1280, shared-memory wavefronts 4416 (a what-if run of the models)
  D[i * N + j] = sum;
}

__global__ void pivot(const float *a, const float *s, float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i] / s[k];
}

void host(const float *tmp, const float *C, float *D, const float *a,
          const float *s, float *out) {
  mm<<<dim3(2, 2), dim3(32, 8)>>>(tmp, C, D);
  pivot<<<8, 256>>>(a, s, out, 5);
}
