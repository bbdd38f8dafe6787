// --placements on a 5-point stencil over a 64 x 64 image (seed 002),
// applied 16 times with a barrier between sweeps: the image fits in a
// block's shared memory, and a shared copy of it ranks first.
//
// Hand count: 'in' is read at in[(y-1)*64 + x] .. in[(y+1)*64 + x] for
// 1 <= x, y <= 62: elements 1 .. 4094, 16376 bytes; 'out' is written and
// stays global. A 32 x 8 block inside the image (rows 8b .. 8b+7, 31 active
// columns) reads its 8 x 31 words, the column left and right of them
// (8 x 2) and the row above and below (2 x 31): 326 words, a tile of 1304
// bytes, each read 16 x 5 x 248 / 326 = 60.9 times. Each of the 16 blocks copies
// its tile in, one DRAM round trip (290 cycles) at 1555 GB/s / 1410 MHz =
// 1102.8 bytes a cycle: 16 * 1304 / 1102.8 + 290 = 308.9 cycles. In
// shared memory the lanes of a warp read 32 consecutive words (no bank
// conflict: 0 replays); in constant memory a warp's 32 addresses serialise
// (kind 3) and its lines come from DRAM. Seed 002 Fig. 2 saves an
// addressing instruction per load in either. A sweep's 5 loads issue
// together and the barrier ends the group: 16 waits a warp, the first for
// DRAM and the others for the L1 as written, all 16 at shared memory's 33
// cycles with the copy; one sweep alone would wait once for DRAM either
// way (the copy-in is that same round trip) and the copy would not pay.
//
// RUN: gpurd-advise --placements %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --format=json %s -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise --placements --format=json %s -- | %python %inputs/check-placements.py | FileCheck --check-prefix=ARITH %s
// The check says what to write for the shared copy: a block's tile of
// 1304 bytes (not the 16376 of the array).
// The kernel is predicted at about 1500 cycles, below the check's MinCycles of
// 5000 (about a launch's overhead): by default no warning; with
// MinCycles=0 the warning the check makes for a long enough kernel.
// RUN: gpurd-advise --checks=-*,gpurd-placement %s -- 2>&1 | FileCheck --check-prefix=SHORT %s
// SHORT-NOT: [gpurd-placement]
// RUN: gpurd-advise --checks=-*,gpurd-placement --check-option=gpurd-placement.MinCycles=0 %s -- 2>&1 | FileCheck --check-prefix=WARN %s

// CHECK: placements of kernel 'stencil' (3 of 3)
// CHECK: 1 'in' in shared memory {{[0-9]+}} -{{[0-9.]+}}% {{.*}} 309 caching
// CHECK: 2 as written*

// WARN: warning: 'in' is only read; placing it in shared memory is predicted to cut the kernel's time by {{[0-9]+}}% [gpurd-placement]
// WARN: note: to place it so, declare '__shared__ float in_s[...]' in the kernel (1304 bytes a block), copy the part of the array the block accesses into it at the start of the kernel and '__syncthreads()', and read 'in_s' instead

// JSON: "bytes": 16376,
// JSON: "tile_bytes": 1304,
// JSON: "copy_in_cycles": 308.9
// JSON: "description": "'in' in shared memory"
// JSON: "replays_per_warp": 0.0,

// ARITH: placements: 3 candidates checked
#define W 64
__global__ void stencil(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  bool inside = x >= 1 && y >= 1 && x < W - 1 && y < W - 1;
  float v = 0.0f;
  for (int t = 0; t < 16; ++t) {
    if (inside)
      v = 0.5f * v + 0.1f * (in[y * W + x] + in[y * W + x - 1] +
                             in[y * W + x + 1] + in[(y - 1) * W + x] +
                             in[(y + 1) * W + x]);
    __syncthreads();
  }
  if (inside)
    out[y * W + x] = v;
}
int main() {
  float *in, *out;
  cudaMalloc(&in, W * W * 4);
  cudaMalloc(&out, W * W * 4);
  stencil<<<dim3(2, 8), dim3(32, 8)>>>(in, out);
}
