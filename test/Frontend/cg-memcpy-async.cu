// <cooperative_groups/memcpy_async.h>: cg::memcpy_async(group, dst, src,
// bytes) is shared by the group's threads (rank r copies chunks r,
// r + size, ...; 16-byte chunks with aligned_size_t<16>) and cg::wait(group)
// is the group's sync (a block barrier for a thread block).  The copy
// functions of <cuda_pipeline.h> copy one 4-, 8- or 16-byte chunk.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel blockCopy %s -- | FileCheck %s --check-prefix=BLOCK
// RUN: gpurd-advise --dump-accesses --kernel primitives %s -- | FileCheck %s --check-prefix=PRIM
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

__global__ void blockCopy(const double *in, double *out) {
  __shared__ double tile[512];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  // The block: 4096 bytes, 16 per chunk = 256 chunks over 128 threads.
  cg::memcpy_async(block, tile, in + 512 * blockIdx.x,
                   cuda::aligned_size_t<16>(512 * sizeof(double)));
  cg::wait(block);
  // Each warp: 64 doubles (512 bytes = 32 chunks of 16, one per lane).
  cg::memcpy_async(warp, out + 64 * warp.meta_group_rank(),
                   tile + 64 * warp.meta_group_rank(),
                   cuda::aligned_size_t<16>(64 * sizeof(double)));
}

__global__ void primitives(const float4 *in4, const float *in, float *out) {
  __shared__ float4 a[64];
  __shared__ float b[64];
  __pipeline_memcpy_async(&a[threadIdx.x], &in4[threadIdx.x], sizeof(float4));
  __pipeline_memcpy_async(&b[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x].x + b[threadIdx.x];
}

int main() {
  double *in = nullptr, *out = nullptr;
  float4 *in4 = nullptr;
  float *inf = nullptr, *outf = nullptr;
  blockCopy<<<8, 128>>>(in, out);
  primitives<<<1, 64>>>(in4, inf, outf);
  return 0;
}
// CHECK: cg-memcpy-async.cu: 2 kernels, 2 launch sites
// CHECK: launch blockCopy in main: grid (8, 1, 1), block (128, 1, 1)
// The block copy: thread tx copies chunks tx and tx + 128 (i0 = 0, 1):
// global byte 4096 bx + 16 (tx + 128 i0) = 4096 bx + 2048 i0 + 16 tx,
// shared byte 2048 i0 + 16 tx; the loop runs while 128 i0 <= 255 - tx,
// i.e. i0 = 0, 1 for every tx <= 127.  Then the barrier of wait.  The warp
// copy: lane tx mod 32 of warp w = floor(tx / 32) copies chunk tx mod 32 of
// tile + 512 w bytes to out + 512 w bytes, i.e. byte 512 w + 16 (tx mod 32)
// = 16 tx of both.
// BLOCK: kernel blockCopy: 4 memory operations, 4 affine
// BLOCK: load global 16 B of in (read)
// BLOCK-NEXT: domain: {{.*}} i0 >= 0 and 128i0 <= 255 - tx
// BLOCK-NEXT: access: {{.*}} -> in[4096bx + 16tx + 2048i0]
// BLOCK: store shared 16 B to tile (write)
// BLOCK-NEXT: domain: {{.*}} i0 >= 0 and 128i0 <= 255 - tx
// BLOCK-NEXT: access: {{.*}} -> tile[16tx + 2048i0]
// BLOCK-NEXT: schedule
// BLOCK-NEXT: barrier
// BLOCK: load shared 16 B of tile (read)
// BLOCK-NEXT: domain
// BLOCK-NEXT: access: {{.*}} -> tile[16tx]
// BLOCK: store global 16 B to out (write)
// BLOCK-NEXT: domain
// BLOCK-NEXT: access: {{.*}} -> out[16tx]
// The primitives: a[tx] <- in4[tx] (16 B at byte 16 tx) and b[tx] <- in[tx]
// (4 B at byte 4 tx), commit and wait emit nothing, then __syncthreads.
// PRIM: kernel primitives: 7 memory operations, 7 affine
// PRIM: load global 16 B of in4 (read)
// PRIM-NEXT: domain
// PRIM-NEXT: access: {{.*}} -> in4[16tx]
// PRIM: store shared 16 B to a (write)
// PRIM-NEXT: domain
// PRIM-NEXT: access: {{.*}} -> a[16tx]
// PRIM: load global 4 B of in (read)
// PRIM-NEXT: domain
// PRIM-NEXT: access: {{.*}} -> in[4tx]
// PRIM: store shared 4 B to b (write)
// PRIM-NEXT: domain
// PRIM-NEXT: access: {{.*}} -> b[4tx]
// PRIM-NEXT: schedule
// PRIM-NEXT: barrier
