// <cuda/std/functional>: the host's <functional> through cuda::std, and
// cuda::std::identity, which libcu++ gives in C++17 (std::identity is C++20;
// the CUDA samples' segmentationTreeThrust passes it to a Thrust algorithm).
// The identity functor is usable in device code: the kernel's load goes
// through it unchanged.
// RUN: gpurd-advise --dump-accesses --grid 4 --block 64 %s -- | FileCheck %s
#include <cuda/std/functional>

static_assert(cuda::std::is_same<decltype(cuda::std::plus<int>()(1, 2)),
                                 int>::value,
              "cuda::std names the standard function objects");

// CHECK-LABEL: kernel copy: 2 memory operations, 2 affine
// CHECK-NEXT: S0 {{.*}}: load global 4 B of in (read)
// CHECK: access: { S0[bx, tx] -> in[256bx + 4tx] :
__global__ void copy(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cuda::std::identity()(in[i]);
}
