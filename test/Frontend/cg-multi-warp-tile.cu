// Cooperative-groups tiles larger than a warp (CUDA 11.1 experimental,
// CUDA 12): thread_block_tile<64..1024> from tiled_partition, with ranks,
// meta-group ranks, sync and cg::reduce.  As in CUDA, the reduction runs
// with shuffles inside each warp and combines the warps' results through
// shared memory.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel tileSum %s -- | FileCheck %s --check-prefix=DEVICE
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void __launch_bounds__(256) tileSum(const float *in, float *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<128> tile = cg::tiled_partition<128>(block);
  float v = in[blockIdx.x * 256 + threadIdx.x];
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0)
    out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v;
}

int main() {
  const int n = 1 << 16;
  float *in = nullptr, *out = nullptr;
  tileSum<<<n / 256, 256>>>(in, out);
  return 0;
}
// (1 << 16) / 256 = 256 blocks.
// CHECK: cg-multi-warp-tile.cu: 1 kernel, 1 launch site
// CHECK: launch tileSum in main: grid (256, 1, 1), block (256, 1, 1)
// The input load is 4 (256 bx + tx) bytes.  In each warp, lane 0
// (tx mod 32 = 0) stores its warp's sum to the shared slot of warp tx / 32,
// byte 4 floor(tx / 32), i.e. 8 o0 = 32 floor(tx / 32).  After the tile's
// barrier every thread reads the 128 / 32 = 4 slots of its tile: slot
// 4 floor(tx / 128) (byte o0 with 8 o0 = 128 floor(tx / 128), a multiple of
// 16), then the other 3 in a loop (i0_1 = 0..2).  A second barrier ends the
// reduction.  Rank 0 of each tile (tx mod 128 = 0) stores to out[2 bx +
// tx / 128] (2 tiles of 128 per block of 256).
// DEVICE: kernel tileSum: 5 memory operations, 5 affine
// DEVICE: load global 4 B of in
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> in[1024bx + 4tx]
// DEVICE: store shared 4 B to __partial (write)
// DEVICE-NEXT: domain: {{.*}} (tx) mod 32 = 0
// DEVICE-NEXT: access: {{.*}} (o0) mod 4 = 0 and {{.*}} -31 + tx <= 8o0 <= tx
// DEVICE: barrier
// DEVICE: load shared 4 B of __partial (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} (o0) mod 16 = 0 and {{.*}} -127 + tx <= 8o0 <= tx
// DEVICE: load shared 4 B of __partial (read)
// DEVICE-NEXT: domain: {{.*}} 0 <= i0_1 <= 2
// DEVICE: barrier
// DEVICE: store global 4 B to out (write)
// DEVICE-NEXT: domain: {{.*}} (tx) mod 128 = 0
// DEVICE-NEXT: access: {{.*}} -127 + 256bx + tx <= 32o0 <= 256bx + tx
