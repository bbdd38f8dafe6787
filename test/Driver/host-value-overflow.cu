// A size the host code computes in int from integers it cannot know
// (llm.c's `N = B * T * C`): under the values gpurd tries for them (1, 2, 4,
// ... each), a product past int's range is undefined behaviour the program
// never runs, not a value. Before, the evaluator wrapped it: B = T = C =
// 2^20 gave N = 2^60 mod 2^32 = 0, and the kernel's guard `i < N` let no
// thread work (llm.c's gelu_forward kernels compiled to no memory access).
// Now the product is unknown past 2^31 - 1, the host values stop below it,
// and N is assumed as the launch's extent: 4096 x 256 = 1048576 threads.
// RUN: gpurd-advise %s --print-launches -- 2>&1 | FileCheck %s
// CHECK: kernel scale: grid (4096, 1, 1), block (256, 1, 1) = 4096 blocks of 256 threads
// CHECK-NEXT: args: N = 1048576
// CHECK-NOT: N = 0
// CHECK: note: assumed N = 1048576 (the launch's threads span 1048576 in x (grid.x x block.x = 4096 x 256), so a bounds guard on a global index holds for every thread)

__global__ void scale(float *out, const float *in, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    out[i] = 2 * in[i];
}

void run(float *out, const float *in, int B, int T, int C, int blockSize) {
  int N = B * T * C;
  scale<<<(N + blockSize - 1) / blockSize, blockSize>>>(out, in, N);
}
