// A `__shared__` array declared at file scope belongs to the kernels that use
// it (Parboil sad's sad4.cu declares `extern __shared__ unsigned short
// sad_loc[]` outside its kernel): an extern one makes the kernel use dynamic
// shared memory, which an unknown launch then assumes (one 4-byte word per
// thread: 256 x 4 = 1024 B) instead of 0, with which every store to it was
// out of bounds; a sized one counts in the kernel's static shared memory
// (16 floats = 64 B). A kernel that uses neither has none.
// RUN: gpurd-advise %s --list-kernels -- | FileCheck %s --check-prefix=LIST
// RUN: gpurd-advise --cache-report %s --kernel scale -- 2>&1 | FileCheck %s --check-prefix=ADVISE
// LIST: kernel scale(float *out, int n) [64 B static shared; dynamic shared]
// LIST: kernel plain(float *out){{$}}
// ADVISE: note: assumed dynamic shared memory 1024 B (one 4-byte word per thread of the block)
// ADVISE: kernel scale on ampere-a100 (predicted by the cache model

extern __shared__ float buffer[];
__shared__ float weights[16];

__global__ void scale(float *out, int n) {
  unsigned t = threadIdx.x;
  buffer[t] = t < 16 ? weights[t] : 1.0f;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + t;
  if (i < n)
    out[i] = buffer[blockDim.x - 1 - t];
}

__global__ void plain(float *out) { out[threadIdx.x] = 0; }
