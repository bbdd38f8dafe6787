// A kernel that synchronises the grid (cooperative groups' grid.sync(),
// launched with cudaLaunchCooperativeKernel) and declares its extern
// __shared__ memory only for the device compile, under #if __CUDA_ARCH__, as
// the CUDA samples' simpleAWBarrier does: the host compile never sees the
// declaration, the device code does.
// RUN: gpurd-advise --cache-report %s -- 2>&1 | FileCheck %s

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(const float *in, float *partial, float *out, int n) {
#if __CUDA_ARCH__ >= 700
  extern __shared__ float tile[];
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0)
    partial[blockIdx.x] = tile[0] + tile[blockDim.x - 1];
  grid.sync();
  if (blockIdx.x == 0 && threadIdx.x < gridDim.x)
    out[threadIdx.x] = partial[threadIdx.x];
#endif
}

int main() {
  int n = 1 << 20, minGrid = 0, blockSize = 0;
  float *in, *partial, *out;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, twoPhase, 0, n);
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, minGrid * sizeof(float));
  cudaMalloc(&out, minGrid * sizeof(float));
  void *args[] = {&in, &partial, &out, &n};
  cudaLaunchCooperativeKernel((void *)twoPhase, dim3(minGrid), dim3(blockSize),
                              args, blockSize * sizeof(float));
}

// The device code accesses tile[], so dynamic shared memory is assumed, not
// 0 B: the source's blockSize * sizeof(float) with blockSize = 256, the
// assumed block (docs/assumptions.md), 1024 B. A grid-wide barrier
// needs every block resident: on the A100, 2048 / 256 = 8 blocks of 256
// threads per SM (shared memory: (1024 + 1024 reserved) B per block, 82 fit
// in 164 KB), so one wave is 108 x 8 = 864 blocks, not four waves.
// CHECK: note: assumed dynamic shared memory 1024 B (the source's value with 'blockSize' = 256, as the assumed block has it)
// CHECK: note: assumed grid (864, 1, 1) (1 wave of 108 SMs x 8 resident blocks = 864 blocks, the most a grid-wide synchronisation (grid_group::sync) allows: every block resident at once (the kernel indexes blockIdx.x))
// CHECK: kernel twoPhase on ampere-a100
// CHECK: note: the kernel synchronises the grid (grid_group::sync): gpurd emulates one block at a time and runs it as a barrier of the block
