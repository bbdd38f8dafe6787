// A launch whose host code may give it one of a few values has a variant
// for each: the iterations of a loop around it, assignments under a
// condition, callers that pass different values. The default analyses the
// first (variant 1, every first alternative) and says so; --launch N picks
// the N-th launch of the kernel, counting each site's variants in turn. A
// branch around the launch that compares a variable with a value gives it
// that value there (cuda-samples' matrixMul).
//
// RUN: gpurd-advise %s --list-kernels -- | FileCheck %s
// RUN: gpurd-advise %s --print-launches --kernel step -- | FileCheck %s --check-prefix=FIRST
// RUN: gpurd-advise %s --print-launches --kernel step --launch 3 -- | FileCheck %s --check-prefix=THIRD
// RUN: gpurd-advise %s --print-launches --kernel step --launch 6 -- | FileCheck %s --check-prefix=SIXTH
// RUN: %expect-exit 1 gpurd-advise %s --print-launches --kernel step --launch 7 -- 2>&1 | FileCheck %s --check-prefix=BEYOND
// RUN: gpurd-advise %s --print-launches --kernel tile --launch 2 -- | FileCheck %s --check-prefix=TILE
// RUN: gpurd-advise %s --print-launches --kernel 'MatrixMulCUDA<16>' -- | FileCheck %s --check-prefix=MM16
// RUN: gpurd-advise %s --print-launches --kernel 'MatrixMulCUDA<32>' -- | FileCheck %s --check-prefix=MM32
// RUN: gpurd-advise %s --list-kernels --format=json -- | FileCheck %s --check-prefix=JSON

#include <cstdlib>

__global__ void step(float *v, int t) {
  v[blockIdx.x * blockDim.x + threadIdx.x] += t;
}
__global__ void tile(float *v, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    v[y * n + x] = 0;
}
__global__ void count(float *v, int i) { v[threadIdx.x] = i; }
template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, float *A, float *B, int wA, int wB) {
  C[(blockIdx.y * BLOCK_SIZE + threadIdx.y) * wB + blockIdx.x * BLOCK_SIZE +
    threadIdx.x] = A[threadIdx.y * wA] * B[threadIdx.x];
}

int iDivUp(int a, int b) { return (a % b) ? (a / b + 1) : (a / b); }

// CHECK: launch-variants.cu: 5 kernels, 8 launch sites (14 launches with their variants)

// A loop of time steps: t = 0, 1, 2, 3 (4 fails t < 4).
// CHECK: launch-variants.cu:[[@LINE+14]]:5: launch step in timeSteps: grid (8, 1, 1), block (128, 1, 1)
// CHECK-NEXT: variant 1 of 4: 't' = 0 in iteration 1 of 4 of the loop at line [[@LINE+12]]
// CHECK-NEXT: args: v = v, t = 0
// CHECK-NEXT: launch-variants.cu:[[@LINE+11]]:5: launch step in timeSteps: grid (8, 1, 1), block (128, 1, 1)
// CHECK-NEXT: variant 2 of 4: 't' = 1 in iteration 2 of 4 of the loop at line [[@LINE+9]]
// CHECK-NEXT: args: v = v, t = 1
// CHECK-NEXT: launch-variants.cu:[[@LINE+8]]:5: launch step in timeSteps: grid (8, 1, 1), block (128, 1, 1)
// CHECK-NEXT: variant 3 of 4: 't' = 2 in iteration 3 of 4 of the loop at line [[@LINE+6]]
// CHECK-NEXT: args: v = v, t = 2
// CHECK-NEXT: launch-variants.cu:[[@LINE+5]]:5: launch step in timeSteps: grid (8, 1, 1), block (128, 1, 1)
// CHECK-NEXT: variant 4 of 4: 't' = 3 in iteration 4 of 4 of the loop at line [[@LINE+3]]
// CHECK-NEXT: args: v = v, t = 3
void timeSteps(float *v) {
  for (int t = 0; t < 4; ++t)
    step<<<8, 128>>>(v, t);
}

// A loop of block sizes, 16 then 32 (64 fails bs <= 32): iDivUp(1000, 16)
// = 62 + 1 = 63 (1000 % 16 = 8), iDivUp(1000, 32) = 31 + 1 = 32 (1000 % 32
// = 8).
// CHECK: launch tile in sizes: grid (63, 63, 1), block (16, 16, 1)
// CHECK-NEXT: variant 1 of 2: 'bs' = 16 in iteration 1 of 2 of the loop at line [[@LINE+5]]
// CHECK-NEXT: args: v = v, n = 1000
// CHECK-NEXT: launch tile in sizes: grid (32, 32, 1), block (32, 32, 1)
// CHECK-NEXT: variant 2 of 2: 'bs' = 32 in iteration 2 of 2 of the loop at line [[@LINE+2]]
void sizes(float *v) {
  for (int bs = 16; bs <= 32; bs *= 2) {
    dim3 threads(bs, bs);
    dim3 grid(iDivUp(1000, bs), iDivUp(1000, bs));
    tile<<<grid, threads>>>(v, 1000);
  }
}

// if/else of two constants: 4096 / 256 = 16 blocks, or 4096 / 128 = 32.
// CHECK: launch tile in branches: grid (16, 1, 1), block (256, 1, 1)
// CHECK-NEXT: variant 1 of 2: 'threads' = 256 as assigned at line [[@LINE+7]] (1 of 2 values that may reach it: it is assigned under a condition at line [[@LINE+9]])
// CHECK: launch tile in branches: grid (32, 1, 1), block (128, 1, 1)
// CHECK-NEXT: variant 2 of 2: 'threads' = 128 as assigned at line [[@LINE+7]] (2 of 2 values that may reach it: it is assigned under a condition at line [[@LINE+7]])
void branches(float *v, bool big) {
  int threads = 0;
  // Both arms assign, so the 0 of the declaration never reaches the launch.
  if (big)
    threads = 256;
  else
    threads = 128;
  tile<<<4096 / threads, threads>>>(v, 4096);
}

// Callers that disagree: run(v, 1024) gives 1024 / 256 = 4 blocks,
// run(v, 4096) gives 4096 / 256 = 16.
// CHECK: launch step in run: grid (4, 1, 1), block (256, 1, 1)
// CHECK-NEXT: variant 1 of 2: 'n' = 1024, called from 'main' at line {{[0-9]+}} (call 1 of 2 of 'run', which pass different values)
// CHECK-NEXT: args: v = v, t = 1024
// CHECK: launch step in run: grid (16, 1, 1), block (256, 1, 1)
// CHECK-NEXT: variant 2 of 2: 'n' = 4096, called from 'main' at line {{[0-9]+}} (call 2 of 2 of 'run', which pass different values)
void run(float *v, int n) { step<<<n / 256, 256>>>(v, n); }

// More than 16 iterations: only the first is offered, and said so.
// CHECK: launch count in many: grid (1, 1, 1), block (32, 1, 1)
// CHECK-NEXT: assuming 'i' = 0 in the first iteration of the loop at line [[@LINE+3]] (it runs more than 16 times; only the first is offered)
// CHECK-NEXT: args: v = v, i = 0
void many(float *v) {
  for (int i = 0; i < 100; ++i)
    count<<<1, 32>>>(v, i);
}

// A loop that runs a number of times the program reads at run time: its
// first iteration, with why the count is not known.
// CHECK: launch count in untilArgv: grid (1, 1, 1), block (32, 1, 1)
// CHECK-NEXT: assuming 'k' = 0 in the first iteration of the loop at line [[@LINE+3]] (how many times it runs is not known: 'iterations' is a parameter of 'untilArgv', called from 'main' at line {{[0-9]+}} with 'atoi(argv[1])': 'atoi(argv[1])' reads the program's command line)
// CHECK-NEXT: args: v = v, i = 0
void untilArgv(float *v, int iterations) {
  for (int k = 0; k < iterations; ++k)
    count<<<1, 32>>>(v, k);
}

// cuda-samples' matrixMul: the block size is a run-time value (32 from
// main), but inside `if (block_size == 16)` it is 16, so MatrixMulCUDA<16>
// runs 16x16 threads and grid (640 / 16, 320 / 16) = (40, 20); the other
// arm takes main's 32: grid (640 / 32, 320 / 32) = (20, 10). dimsA.x is
// 5 * 2 * 32 = 320 unless the command line says otherwise (that value is
// not known, so the variant takes 320 and says so); dimsB.x = 5 * 4 * 32 =
// 640.
int MatrixMultiply(int block_size, const dim3 &dimsA, const dim3 &dimsB) {
  float *d_A = nullptr, *d_B = nullptr, *d_C = nullptr;
  dim3 threads(block_size, block_size);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  if (block_size == 16) {
    MatrixMulCUDA<16><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  } else {
    MatrixMulCUDA<32><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  }
  return 0;
}
// MM16: kernel MatrixMulCUDA<16>: grid (40, 20, 1), block (16, 16, 1) = 800 blocks of 256 threads
// MM16-NEXT: args: wA = 320, wB = 640
// MM16-NEXT: from: the launch at {{.*}}launch-variants.cu:[[@LINE-8]]:5
// MM16-NEXT: assuming 'block_size' = 16 inside 'if (block_size == 16)' at line [[@LINE-10]]; 'dimsA.x' = 320 as assigned at line [[@LINE+16]] (it is assigned under a condition at line [[@LINE+19]]; the value as assigned at line [[@LINE+19]] is not known)
// MM32: kernel MatrixMulCUDA<32>: grid (20, 10, 1), block (32, 32, 1) = 200 blocks of 1024 threads
// MM32-NEXT: args: wA = 320, wB = 640
// MM32-NEXT: from: the launch at {{.*}}launch-variants.cu:[[@LINE-10]]:5
// MM32-NEXT: assuming 'dimsA.x' = 320 as assigned at line [[@LINE+12]] (it is assigned under a condition at line [[@LINE+15]]; the value as assigned at line [[@LINE+15]] is not known)

int main(int argc, char **argv) {
  float *v = nullptr;
  timeSteps(v);
  sizes(v);
  branches(v, argc > 1);
  run(v, 1024);
  run(v, 4096);
  many(v);
  untilArgv(v, atoi(argv[1]));
  int block_size = 32;
  dim3 dimsA(5 * 2 * block_size, 5 * 2 * block_size, 1);
  dim3 dimsB(5 * 4 * block_size, 5 * 2 * block_size, 1);
  if (argc > 2)
    dimsA.x = atoi(argv[2]);
  return MatrixMultiply(block_size, dimsA, dimsB);
}

// The default is the kernel's first launch, variant 1 of its site.
// FIRST: kernel step: grid (8, 1, 1), block (128, 1, 1) = 8 blocks of 128 threads
// FIRST-NEXT: args: t = 0
// FIRST-NEXT: from: the launch at {{.*}}launch-variants.cu:{{[0-9]+}}:5
// FIRST-NEXT: launch 1 of 6 of the kernel (the first; --launch N picks another), variant 1 of 4 of its site: 't' = 0 in iteration 1 of 4 of the loop at line {{[0-9]+}}
// THIRD: kernel step: grid (8, 1, 1), block (128, 1, 1) = 8 blocks of 128 threads
// THIRD-NEXT: args: t = 2
// THIRD-NEXT: from: the launch at {{.*}}launch-variants.cu:{{[0-9]+}}:5
// THIRD-NEXT: launch 3 of 6 of the kernel, variant 3 of 4 of its site: 't' = 2 in iteration 3 of 4 of the loop at line {{[0-9]+}}
// Launches 5 and 6 are run's two variants.
// SIXTH: kernel step: grid (16, 1, 1), block (256, 1, 1) = 16 blocks of 256 threads
// SIXTH-NEXT: args: t = 4096
// SIXTH-NEXT: from: the launch at {{.*}}launch-variants.cu:{{[0-9]+}}:29
// SIXTH-NEXT: launch 6 of 6 of the kernel, variant 2 of 2 of its site: 'n' = 4096, called from 'main' at line {{[0-9]+}} (call 2 of 2 of 'run', which pass different values)
// BEYOND: error: kernel 'step': launch 7 was asked for, but it has 6 launches (launch sites and their variants)
// TILE: kernel tile: grid (32, 32, 1), block (32, 32, 1) = 1024 blocks of 1024 threads
// TILE-NEXT: args: n = 1000
// TILE-NEXT: from: the launch at {{.*}}launch-variants.cu:{{[0-9]+}}:5
// TILE-NEXT: launch 2 of 4 of the kernel, variant 2 of 2 of its site: 'bs' = 32 in iteration 2 of 2 of the loop at line {{[0-9]+}}

// JSON: "kernel": "step",
// JSON: "variant": {
// JSON-NEXT: "assumptions": [
// JSON-NEXT: "'t' = 0 in iteration 1 of 4 of the loop at line {{[0-9]+}}"
// JSON-NEXT: ],
// JSON-NEXT: "count": 4,
// JSON-NEXT: "index": 1
// JSON-NEXT: }
