// libcu++'s atomics (<cuda/atomic>, <cuda/std/atomic>) and the cuda::std
// forms of standard headers: the atomics are atomic instructions on the
// object's address (atomicrmw, cmpxchg, atomic loads and stores), visible
// as memory operations in shared or global memory.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel count %s -- | FileCheck %s --check-prefix=DEVICE
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

static_assert(cuda::std::is_same<cuda::std::int32_t, int>::value,
              "cuda::std names the standard types");

__global__ void count(const int *keys, int *histogram, float *sum,
                      unsigned int *lowest) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> hits;
  if (threadIdx.x == 0)
    hits.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  int key = keys[blockIdx.x * 256 + threadIdx.x];
  if (key > 0)
    hits.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_device> bin(histogram[key & 15]);
  bin++;
  cuda::std::atomic_ref<float> total(*sum);
  total.fetch_add(1.0f);
  cuda::atomic_ref<unsigned int, cuda::thread_scope_device> low(*lowest);
  low.fetch_min((unsigned int)key);
  __syncthreads();
  if (threadIdx.x == 0)
    histogram[16 + blockIdx.x] = hits.load(cuda::std::memory_order_relaxed);
  (void)cuda::std::numeric_limits<int>::max();
}

int main() {
  int *keys = nullptr, *histogram = nullptr;
  float *sum = nullptr;
  unsigned int *lowest = nullptr;
  count<<<4, 256>>>(keys, histogram, sum, lowest);
  return 0;
}
// CHECK: libcu-atomic.cu: 1 kernel, 1 launch site
// CHECK: launch count in main: grid (4, 1, 1), block (256, 1, 1)
// Thread 0 stores hits (shared, byte 0); every thread reads keys[256 bx +
// tx] (byte 1024 bx + 4 tx); threads with a positive key add to hits;
// every thread increments histogram[key & 15] (a data-dependent address),
// adds to *sum (fadd, 4 B) and takes the minimum at *lowest; thread 0
// loads hits and stores histogram[16 + bx], byte 64 + 4 bx.
// DEVICE: kernel count: 8 memory operations
// DEVICE: store shared 4 B to hits (write)
// DEVICE-NEXT: domain: { S0[bx, tx = 0] {{.*}}
// DEVICE: load global 4 B of keys (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> keys[1024bx + 4tx]
// DEVICE: atomicrmw add shared 4 B of hits (read-modify-write)
// DEVICE: atomicrmw add global 4 B of histogram (read-modify-write)
// DEVICE: atomicrmw fadd global 4 B of sum (read-modify-write)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> sum[0]
// DEVICE: atomicrmw umin global 4 B of lowest (read-modify-write)
// DEVICE: load shared 4 B of hits (read)
// DEVICE: store global 4 B to histogram (write)
// DEVICE-NEXT: domain: {{.*}} tx = 0
// DEVICE-NEXT: access: {{.*}} -> histogram[64 + 4bx]
