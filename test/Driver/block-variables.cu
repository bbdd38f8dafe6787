// A block the source computes from a variable the host code cannot know (a
// block size passed in) is assumed, and what the source computes from the
// same variable follows it: the dynamic shared memory and the arguments
// (LaunchSite::configured, docs/assumptions.md). Before, each was assumed
// on its own: `sum` ran 256 threads with an argument blockSize of 16384
// (the launch's extent), whose reduction read partial[t + 8192] in 1024
// bytes, and `tile2d` 16 x 16 threads with bs = 1024.
//
// sum: the default block of 256 threads is blockSize = 256; the source's
// shared memory is 256 x sizeof(float) = 1024 B.
// RUN: gpurd-advise %s --kernel sum --print-launches -- 2>&1 | FileCheck %s --check-prefix=SUM
// SUM: kernel sum: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads, dynamic shared 1024 B
// SUM-NEXT: args: blockSize = 256, n = 16384
// SUM: note: assumed block (256, 1, 1) (gpurd's default of 256 threads per block, in x: the kernel reads no threadIdx.y or .z; 'blockSize' = 256 with it, as the source computes the block)
// SUM: note: assumed dynamic shared memory 1024 B (the source's value with 'blockSize' = 256, as the assumed block has it)
// SUM: note: assumed blockSize = 256 (the source's value with 'blockSize' = 256, as the assumed block has it)
//
// tile2d reads threadIdx.y: 16 x 16 threads, bs = 16 in dim3(bs, bs), and
// bs x bs x 4 = 1024 B.
// RUN: gpurd-advise %s --kernel tile2d --print-launches -- 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: kernel tile2d: grid (64, 64, 1), block (16, 16, 1) = 4096 blocks of 256 threads, dynamic shared 1024 B
// TILE-NEXT: args: bs = 16, w = 1024
// TILE: note: assumed dynamic shared memory 1024 B (the source's value with 'bs' = 16, as the assumed block has it)
//
// A block the command line gives does the same, without an assumption:
// (8, 8) is bs = 8, 8 x 8 x 4 = 256 B.
// RUN: gpurd-advise %s --kernel tile2d --block 8,8 --print-launches -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: kernel tile2d: grid (128, 128, 1), block (8, 8, 1) = 16384 blocks of 64 threads, dynamic shared 256 B
// GIVEN-NEXT: args: bs = 8, w = 1024
// GIVEN-NEXT: from: the launch at {{.*}}; grid assumed; block from command line; shared memory from the source with the block given
// GIVEN-NOT: assumed bs
// GIVEN-NOT: assumed dynamic shared
//
// The whole analysis runs with them: the reduction stays within its 1024 B.
// RUN: gpurd-advise %s --kernel sum --cache-report -- 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: kernel sum on ampere-a100 (predicted by the cache model
// RUNS-NOT: error

__global__ void sum(const float *in, float *out, int n, int blockSize) {
  extern __shared__ float partial[];
  int t = threadIdx.x;
  float s = 0;
  for (int i = blockIdx.x * blockSize + t; i < n; i += gridDim.x * blockSize)
    s += in[i];
  partial[t] = s;
  __syncthreads();
  for (int stride = blockSize / 2; stride > 0; stride /= 2) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}

__global__ void tile2d(const float *in, float *out, int w, int bs) {
  extern __shared__ float tile[];
  int x = blockIdx.x * bs + threadIdx.x, y = blockIdx.y * bs + threadIdx.y;
  tile[threadIdx.y * bs + threadIdx.x] = in[y * w + x];
  __syncthreads();
  out[y * w + x] = tile[threadIdx.x * bs + threadIdx.y];
}

void run(const float *in, float *out, int n, int blockSize, int w, int bs) {
  sum<<<64, blockSize, blockSize * sizeof(float)>>>(in, out, n, blockSize);
  dim3 threads(bs, bs);
  tile2d<<<dim3(w / bs, w / bs), threads, bs * bs * sizeof(float)>>>(in, out, w, bs);
}
