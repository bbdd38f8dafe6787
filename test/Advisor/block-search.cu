// --tune block=... on a vertical 3-point stencil over a 64 x 64 grid of
// floats (input 66 rows): out[y][x] = in[y][x] + in[y+1][x] + in[y+2][x].
// A block of Bx x By threads (Bx >= 8) reads By + 2 rows of Bx floats,
// Bx / 8 sectors each; the rows its warps share are L1 hits or pending
// hits, and no two blocks share an SM (at most 64 blocks on 108 SMs), so
// the L2 read sectors are (64 / Bx)(64 / By)(By + 2)(Bx / 8)
// = 512 (1 + 2 / By):
//   32x4 (as written): 768; 16x8: 640; 8x16: 576.
//   4x32: a row of 4 floats is 16 bytes, one sector: (32 + 2) sectors a
//   block, 16 x 2 blocks: 1088.
// DRAM: the input once, 66 x 64 x 4 / 32 = 528 sectors, for every shape:
// they tie, and the L2 read sectors rank 8x16, 16x8, 32x4, 4x32.
// A block of 2048 threads is illegal.
//
// RUN: gpurd-advise %s --tune block=32x4,16x8,8x16,4x32,64x32 -- | FileCheck %s

#define W 64
#define H 64

__global__ void vstencil(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * W + x] = in[y * W + x] + in[(y + 1) * W + x] + in[(y + 2) * W + x];
}

void run(const float *in, float *out) {
  dim3 block(32, 4);
  dim3 grid(W / 32, H / 4);
  vstencil<<<grid, block>>>(in, out);
}

// CHECK: kernel vstencil: grid (2, 16, 1), block (32, 4, 1)
// CHECK: tile search over block (5 combinations)
// CHECK-NEXT: rank  block  grid         block        shared B  blocks/SM  occupancy  L1 hit  L2 hit  L2 read sectors  DRAM read sectors
// CHECK-NEXT: 1     8x16   (8, 4, 1)    (8, 16, 1)   0 {{.*}} 576              528
// CHECK-NEXT: 2     16x8   (4, 8, 1)    (16, 8, 1)   0 {{.*}} 640              528
// CHECK-NEXT: 3     32x4*  (2, 16, 1)   (32, 4, 1)   0 {{.*}} 768              528
// CHECK-NEXT: 4     4x32   (16, 2, 1)   (4, 32, 1)   0 {{.*}} 1088             528
// CHECK-NEXT: -     64x32  illegal: a block of (64, 32, 1) has 2048 threads, beyond CUDA's limit of 1024
// CHECK: note: another block shape keeps the threads of the launch as written
