// A file with kernels and no launch (they are launched from another file):
// gpurd analyses them under stated assumptions, one note per assumed value
// naming the option that gives the real one; --no-assume keeps the strict
// behaviour. The default arch is the A100: 108 SMs, 2048 threads and 32
// blocks per SM.
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --kernel add --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: gpurd-advise --cache-report %s --kernel add --grid 10 -- | FileCheck %s --check-prefix=GIVEN
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --kernel add -- 2>&1 | FileCheck %s --check-prefix=STRICT

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void mm(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += A[row * n + k] * B[k * n + col];
    C[row * n + col] = s;
  }
}

__global__ void __launch_bounds__(128) bounded(float *x, float scale) {
  x[blockIdx.x * 128 + threadIdx.x] *= scale;
}

__global__ void rotate(float *x) {
  extern __shared__ float tmp[];
  tmp[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tmp[(threadIdx.x + 1) % blockDim.x];
}

// add reads only threadIdx.x: a block of the default 256 threads in x. 256
// threads leave 2048 / 256 = 8 resident blocks per SM; 4 waves of
// 108 x 8 = 3456 blocks round up to 4096. n is the threads' extent,
// 4096 x 256 = 1048576, so `i < n` holds for all of them.
// CHECK: kernel add: grid (4096, 1, 1), block (256, 1, 1)
// CHECK-NEXT: args: n = 1048576
// CHECK-NEXT: from: no launch site; grid assumed; block assumed
// CHECK-NEXT: note: assumed block (256, 1, 1) (gpurd's default of 256 threads per block, in x: the kernel reads no threadIdx.y or .z); the block size (no launch site in the file); give it with --block X[,Y[,Z]] or in a --launch-spec file
// CHECK-NEXT: note: assumed grid (4096, 1, 1) (4 waves of 108 SMs x 8 resident blocks = 3456 blocks, rounded up to a power of two per dimension the kernel indexes (blockIdx.x)); the grid size (no launch site in the file); give it with --grid X[,Y[,Z]] or in a --launch-spec file
// CHECK-NEXT: note: assumed n = 1048576 (the launch's threads span 1048576 in x (grid.x x block.x = 4096 x 256), so a bounds guard on a global index holds for every thread); the argument 'n' (no launch site in the file); give it with --arg n=VALUE or in a --launch-spec file
// 1048576 / 32 = 32768 warps; each reads one 128-byte line of a and of b
// and writes one of c.
// CHECK: kernel add on ampere-a100
// CHECK-NEXT: L1: 65536 read requests, hit rate 0.0%
// CHECK-SAME: 32768 writes

// mm reads threadIdx.y and blockIdx.y: 16 x 16 blocks, and a square grid:
// sqrt(3456) = 58.8, rounded up to 64 per dimension; n = 64 x 16 = 1024.
// CHECK: kernel mm: grid (64, 64, 1), block (16, 16, 1)
// CHECK-NEXT: args: n = 1024
// CHECK: note: assumed block (16, 16, 1) (gpurd's default of 256 threads per block, in 2 dimensions: the kernel reads threadIdx.x, threadIdx.y)
// CHECK: note: assumed grid (64, 64, 1) (4 waves of 108 SMs x 8 resident blocks = 3456 blocks, rounded up to a power of two per dimension the kernel indexes (blockIdx.x, blockIdx.y))
// CHECK: note: assumed n = 1024

// __launch_bounds__(128) gives the block; 2048 / 128 = 16 resident blocks,
// 4 x 108 x 16 = 6912 blocks round up to 8192. `scale` decides no address,
// so it is not assumed (nor asked for).
// CHECK: kernel bounded: grid (8192, 1, 1), block (128, 1, 1)
// CHECK-NEXT: args: scale = ?
// CHECK: note: assumed block (128, 1, 1) (the kernel's __launch_bounds__(128)
// CHECK: note: assumed grid (8192, 1, 1) (4 waves of 108 SMs x 16 resident blocks = 6912 blocks
// CHECK-NOT: note: assumed scale

// No blockIdx: one block; its extern shared array gets a 4-byte word per
// thread, 256 x 4 = 1024 B.
// CHECK: kernel rotate: grid (1, 1, 1), block (256, 1, 1) = 1 block of 256 threads, dynamic shared 1024 B
// CHECK: note: assumed dynamic shared memory 1024 B (one 4-byte word per thread of the block); the dynamic shared memory size (the kernel declares extern __shared__ memory); give it with --smem BYTES or in a --launch-spec file
// CHECK: note: assumed grid (1, 1, 1) (the kernel reads neither blockIdx nor gridDim, so every block does the same work)

// JSON: "assumptions": [
// JSON-NEXT: {
// JSON-NEXT: "basis": "gpurd's default of 256 threads per block, in x: the kernel reads no threadIdx.y or .z",
// JSON-NEXT: "part": "block",
// JSON-NEXT: "unknown_because": "the block size (no launch site in the file); give it with --block X[,Y[,Z]] or in a --launch-spec file",
// JSON-NEXT: "value": "(256, 1, 1)"
// JSON-NEXT: },
// JSON: "part": "grid",
// JSON: "part": "n",
// JSON: "value": "1048576"
// JSON: "kernel": "add",

// A given grid is used, and the argument follows it: 10 x 256 = 2560.
// GIVEN: kernel add: grid (10, 1, 1), block (256, 1, 1)
// GIVEN-NEXT: args: n = 2560
// GIVEN-NEXT: from: no launch site; grid from command line; block assumed
// GIVEN-NEXT: note: assumed block (256, 1, 1)
// GIVEN-NEXT: note: assumed n = 2560
// GIVEN-NOT: note: assumed grid

// STRICT: error: kernel 'add': the launch configuration is incomplete:
// STRICT-NEXT: the grid size (no launch site in the file); give it with --grid X[,Y[,Z]] or in a --launch-spec file
// STRICT-NEXT: the block size (no launch site in the file); give it with --block X[,Y[,Z]] or in a --launch-spec file
