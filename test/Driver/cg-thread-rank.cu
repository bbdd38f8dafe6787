// Cooperative groups' thread_rank() is (threadIdx.z * blockDim.y +
// threadIdx.y) * blockDim.x + threadIdx.x: it reads every dimension, yet
// ranks the threads the same in any block shape. Without a launch, a kernel
// that reads the other dimensions only through it gets a 1-D block: with
// the (8, 8, 4) block that three dimensions would give, blockDim.x is 8 and
// `blockIdx.x * blockDim.x + rank` would make neighbouring blocks overlap
// (block b covering [8 b, 8 b + 256)), so every element but the first few
// would be read by 32 blocks.
// RUN: gpurd-advise --cache-report %s -- 2>&1 | FileCheck %s

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void scale(float *x, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  if (i < n)
    x[i] *= 2.0f;
}

// The kernel reads threadIdx.y itself too: 2-D blocks (x and y), z only
// through the rank.
__global__ void rows(float *x, int pitch) {
  cg::thread_block block = cg::this_thread_block();
  x[(blockIdx.y * blockDim.y + threadIdx.y) * pitch + blockIdx.x * 256 +
    block.thread_rank() % 256] = 0;
}

// thread_index() hands the components to the kernel: they count.
__global__ void indexed(float *x) {
  cg::thread_block block = cg::this_thread_block();
  dim3 t = block.thread_index();
  x[t.z * 64 + t.y * 8 + t.x + block.thread_rank()] = 0;
}

// CHECK:      kernel scale: grid ({{[0-9]+}}, 1, 1), block (256, 1, 1)
// CHECK:      note: assumed block (256, 1, 1) (gpurd's default of 256 threads per block, in x: the kernel reads threadIdx and blockDim in y and z only through cooperative groups' thread_rank() or size(), which rank the threads the same in any block shape)
// Each warp reads one 128-byte line of x and writes it back: as many L1
// read requests as warps, no more (the overlap would have multiplied them).
// CHECK:      kernel scale on ampere-a100
// CHECK-NEXT: L1: [[REQ:[0-9]+]] read requests, hit rate 0.0%; misses compulsory [[REQ]],

// CHECK:      kernel rows: grid
// CHECK-SAME: block (16, 16, 1)
// CHECK:      note: assumed block (16, 16, 1) (gpurd's default of 256 threads per block, in x and y: the kernel reads threadIdx and blockDim in z only through cooperative groups' thread_rank() or size()

// CHECK:      kernel indexed: grid
// CHECK-SAME: block (8, 8, 4)
// CHECK:      note: assumed block (8, 8, 4) (gpurd's default of 256 threads per block, in 3 dimensions: the kernel reads threadIdx.x, threadIdx.y, threadIdx.z)
