// A shared copy over 48 KB a block cannot be a static '__shared__' array
// (CUDA C++ Programming Guide, compute capability 7.x and later: such
// blocks must use dynamic shared memory and opt in with
// cudaFuncSetAttribute). Each warp gathers 32 times from its own 512
// floats of 'table' (2 KB): a block of 32 warps touches 32 x 2 KB = 65536
// bytes, over 48 KB (49152). It reads each byte twice (32 loads x 32 lanes
// over 512 floats a warp), so a copy saves half of the reads, above the
// MinGain of 1% asked here. (A copy within 48 KB keeps the static array:
// placement-stencil.cu.)
//
// RUN: gpurd-advise --checks=-*,gpurd-placement --check-option=gpurd-placement.MinGain=0.01 %s -- 2>&1 | FileCheck %s

// CHECK: kernel gatherWide:
// CHECK: warning: 'table' is only read; placing it in shared memory
// CHECK: note: to place it so, declare it in dynamic shared memory, 'extern __shared__ float table_s[]' (65536 bytes a block; {{.*}}), give the block's 65536 bytes of dynamic shared memory as the launch's third parameter, and before the launch opt in to more than 48 KB a block with 'cudaFuncSetAttribute(gatherWide, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536)' (static '__shared__' arrays may not exceed 48 KB); copy

#define N (1 << 20)
__global__ void gatherWide(const float *table, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int r = 0; r < 32; ++r)
    sum += table[(i & ~31) * 16 + ((i * 7 + r * 33) & 511)];
  out[i] = sum;
}
int main() {
  float *table, *out;
  cudaMalloc(&table, N * 64);
  cudaMalloc(&out, N * 4);
  gatherWide<<<64, 1024>>>(table, out);
}
