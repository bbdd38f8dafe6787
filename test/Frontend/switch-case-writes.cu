// A write under one case label of a switch reaches a launch under a later
// label only by falling through it: after a `break` it does not. The CUDA
// samples' reduction sets `smemSize = threads * sizeof(T)` before its
// switch, sets it again under `case 7:` and breaks; `case 8:` launches
// cg_reduce with the first value, which gpurd took as the second (36 B for
// 256 threads where the kernel uses a word a thread).
// RUN: gpurd-advise %s --print-launches -- 2>&1 | FileCheck %s
// Here: 64 x 4 = 256 B, not case 1's 8 (before: 8 B).
// CHECK: kernel fill: grid (1, 1, 1), block (64, 1, 1) = 1 block of 64 threads, dynamic shared 256 B

__global__ void fill(float *out) {
  extern __shared__ float s[];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

void run(float *out, int which) {
  int smem = 64 * sizeof(float);
  switch (which) {
  case 1:
    smem = 8;
    break;
  case 2:
    fill<<<1, 64, smem>>>(out);
    break;
  }
}
