// libcu++'s <cuda/pipeline>: cuda::memcpy_async(dst, src, aligned_size_t,
// pipeline) copies at the call, in chunks of the alignment aligned_size_t
// guarantees (16 B here), so a thread-scope pipeline's acquire, commit,
// wait and release are no-ops.  A block-scope pipeline whose threads all
// produce and consume waits with a block barrier; with producer and
// consumer roles only part of the block waits, and no barrier is modelled.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel threadPipe %s -- | FileCheck %s --check-prefix=THREAD
// RUN: gpurd-advise --dump-accesses --kernel blockPipe %s -- | FileCheck %s --check-prefix=BLOCK
// RUN: gpurd-advise --dump-accesses --kernel rolePipe %s -- | FileCheck %s --check-prefix=ROLE --implicit-check-not=barrier
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void threadPipe(const float *in, float *out) {
  alignas(16) __shared__ float tile[2][256];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape4 = cuda::aligned_size_t<16>(4 * sizeof(float));
  pipe.producer_acquire();
  if (threadIdx.x < 64)
    cuda::memcpy_async(&tile[0][4 * threadIdx.x], &in[4 * threadIdx.x],
                       shape4, pipe);
  pipe.producer_commit();
  pipe.producer_acquire();
  if (threadIdx.x < 64)
    cuda::memcpy_async(&tile[1][4 * threadIdx.x], &in[256 + 4 * threadIdx.x],
                       shape4, pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  out[threadIdx.x] = tile[1][threadIdx.x];
}

__global__ void blockPipe(const float *in, float *out) {
  __shared__ float tile[128];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  pipe.producer_acquire();
  cuda::memcpy_async(block, tile, in + 128 * blockIdx.x,
                     cuda::aligned_size_t<4>(128 * sizeof(float)), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[128 * blockIdx.x + threadIdx.x] = tile[(threadIdx.x + 1) % 128];
  pipe.consumer_release();
}

__global__ void rolePipe(const float *in, float *out) {
  __shared__ float tile[32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  auto block = cg::this_thread_block();
  const auto role = threadIdx.x < 32 ? cuda::pipeline_role::producer
                                     : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(block, &state, role);
  if (threadIdx.x < 32) {
    pipe.producer_acquire();
    cuda::memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], sizeof(float),
                       pipe);
    pipe.producer_commit();
  } else {
    pipe.consumer_wait();
    out[threadIdx.x] = tile[threadIdx.x % 32];
    pipe.consumer_release();
  }
}

int main() {
  float *in = nullptr, *out = nullptr;
  threadPipe<<<1, 256>>>(in, out);
  blockPipe<<<4, 128>>>(in, out);
  rolePipe<<<1, 64>>>(in, out);
  return 0;
}
// CHECK: libcu-pipeline.cu: 3 kernels, 3 launch sites
// CHECK: launch threadPipe in main: grid (1, 1, 1), block (256, 1, 1)
// CHECK: launch blockPipe in main: grid (4, 1, 1), block (128, 1, 1)
// CHECK: launch rolePipe in main: grid (1, 1, 1), block (64, 1, 1)
// threadPipe: in each of the 2 stages, threads tx < 64 load 16 B of in at
// byte 4 (4 tx) = 16 tx, then 4 (256 + 4 tx) = 1024 + 16 tx, and store
// them at the same bytes of tile (tile[1] starts at 4 * 256 = 1024); no
// barrier until __syncthreads.  The final read is tile[1][tx], byte
// 1024 + 4 tx.
// THREAD: kernel threadPipe: 6 memory operations, 6 affine
// THREAD: load global 16 B of in (read)
// THREAD-NEXT: domain: {{.*}} 0 <= tx <= 63
// THREAD-NEXT: access: {{.*}} -> in[16tx]
// THREAD: store shared 16 B to tile (write)
// THREAD-NEXT: domain: {{.*}} 0 <= tx <= 63
// THREAD-NEXT: access: {{.*}} -> tile[16tx]
// THREAD-NEXT: schedule
// THREAD-NEXT: load global 16 B of in (read)
// THREAD-NEXT: domain: {{.*}} 0 <= tx <= 63
// THREAD-NEXT: access: {{.*}} -> in[1024 + 16tx]
// THREAD: store shared 16 B to tile (write)
// THREAD-NEXT: domain: {{.*}} 0 <= tx <= 63
// THREAD-NEXT: access: {{.*}} -> tile[1024 + 16tx]
// THREAD-NEXT: schedule
// THREAD-NEXT: barrier
// THREAD: load shared 4 B of tile (read)
// THREAD-NEXT: domain
// THREAD-NEXT: access: {{.*}} -> tile[1024 + 4tx]
// blockPipe: the 128 threads share the 512-byte copy in 4-byte chunks, so
// thread tx copies chunk tx (one iteration): global byte 4 (128 bx + tx) =
// 512 bx + 4 tx, shared byte 4 tx.  consumer_wait() is a barrier.
// BLOCK: kernel blockPipe: 4 memory operations
// BLOCK: load global 4 B of in (read)
// BLOCK-NEXT: domain
// BLOCK-NEXT: access: {{.*}} -> in[512bx + 4tx]
// BLOCK: store shared 4 B to tile (write)
// BLOCK-NEXT: domain
// BLOCK-NEXT: access: {{.*}} -> tile[4tx]
// BLOCK-NEXT: schedule
// BLOCK-NEXT: barrier
// BLOCK: load shared 4 B of tile (read)
// rolePipe: the 32 producers (tx < 32) copy 4 bytes each (byte 4 tx of in
// and of tile); the consumers (tx >= 32) read tile[tx mod 32], with no
// barrier in between.
// ROLE: kernel rolePipe: 4 memory operations
// ROLE: load shared 4 B of tile (read)
// ROLE-NEXT: domain: {{.*}} 32 <= tx <= 63
// ROLE: load global 4 B of in (read)
// ROLE-NEXT: domain: {{.*}} 0 <= tx <= 31
// ROLE-NEXT: access: {{.*}} -> in[4tx]
// ROLE: store shared 4 B to tile (write)
// ROLE-NEXT: domain: {{.*}} 0 <= tx <= 31
// ROLE-NEXT: access: {{.*}} -> tile[4tx]
