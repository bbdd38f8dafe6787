// libcu++'s arrive/wait barriers (<cuda/barrier>, <cuda/std/barrier>) come
// from gpurd's prelude.  A block-scope barrier's wait and arrive_and_wait
// are block barriers; cuda::memcpy_async(dst, src, bytes, barrier) is done
// by the calling thread at the call: a load from global memory and a store
// to shared memory, 16 bytes each for float4 (a chunk of the type's
// alignment).
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel stage %s -- | FileCheck %s --check-prefix=DEVICE
// RUN: gpurd-advise --dump-accesses --kernel stdBarrier %s -- | FileCheck %s --check-prefix=STD
#include <cuda/barrier>
#include <cuda/std/barrier>
#include <utility>

__global__ void stage(const float4 *in, float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float4 tile[129];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&tile[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x],
                     sizeof(float4), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * 128 + threadIdx.x] = tile[threadIdx.x + 1].w;
  auto token = bar.arrive();
  bar.wait(std::move(token));
}

__global__ void stdBarrier(const float *in, float *out) {
  __shared__ cuda::std::barrier<> bar;
  __shared__ float partial[65];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  partial[threadIdx.x] = in[threadIdx.x];
  bar.arrive_and_wait();
  out[threadIdx.x] = partial[threadIdx.x + 1];
}

int main() {
  float4 *in4 = nullptr;
  float *in = nullptr, *out = nullptr;
  stage<<<32, 128>>>(in4, out);
  stdBarrier<<<1, 64>>>(in, out);
  return 0;
}
// CHECK: libcu-barrier.cu: 2 kernels, 2 launch sites
// CHECK: launch stage in main: grid (32, 1, 1), block (128, 1, 1)
// CHECK: launch stdBarrier in main: grid (1, 1, 1), block (64, 1, 1)
// The copy: thread tx of block bx loads in[128 bx + tx], 16 B at byte
// 16 (128 bx + tx) = 2048 bx + 16 tx, and stores tile[tx], byte 16 tx.
// The barrier of __syncthreads comes first, then the copy, then
// arrive_and_wait's barrier, then out[128 bx + tx] = tile[tx + 1].w
// (4 B at byte 16 (tx + 1) + 12 = 28 + 16 tx; out: 4 (128 bx + tx) =
// 512 bx + 4 tx), then the barrier of wait().
// DEVICE: kernel stage: 4 memory operations, 4 affine
// DEVICE: barrier
// DEVICE: load global 16 B of in (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> in[2048bx + 16tx]
// DEVICE: store shared 16 B to tile (write)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> tile[16tx]
// DEVICE: barrier
// DEVICE: load shared 4 B of tile (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> tile[28 + 16tx]
// DEVICE: store global 4 B to out (write)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> out[512bx + 4tx]
// DEVICE: barrier
// cuda::std::barrier: the same barrier between the store of partial[tx]
// (byte 4 tx) and the load of partial[tx + 1] (byte 4 + 4 tx).
// STD: kernel stdBarrier: 4 memory operations, 4 affine
// STD: barrier
// STD: store shared 4 B to partial (write)
// STD-NEXT: domain
// STD-NEXT: access: {{.*}} -> partial[4tx]
// STD-NEXT: schedule
// STD-NEXT: barrier
// STD: load shared 4 B of partial (read)
// STD-NEXT: domain
// STD-NEXT: access: {{.*}} -> partial[4 + 4tx]
