// Assumed values that are too large for the kernel are retried smaller
// (docs/assumptions.md, "When an assumption is too large"): a run under
// them that leaves a bound the launch's sizes decide (an access past the
// block's shared memory or a buffer, an array past the layout's span, a
// block longer than gpurd models) is run again with more dynamic shared
// memory or with the assumed integer arguments divided by 4, and the report
// states the values that ran and why the larger ones were left. Before,
// each of these kernels stopped with the first run's error.
//
// sum2: 256 assumed threads, one assumed 4-byte word each = 1024 B; the
// block's s[t + k] reaches s[255], 256 doubles = 2048 B: 2 words per thread.
// RUN: gpurd-advise --cache-report %s --kernel sum2 --grid 16 -- 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: note: assumed dynamic shared memory 2048 B (2 4-byte words per thread of the block, the fewest of 1, 2, 4, ... with which no access went past the block's shared memory)
// SHARED: note: assumed n = 4096 (the launch's threads span 4096 in x (grid.x x block.x = 16 x 256), so a bounds guard on a global index holds for every thread)
// SHARED: kernel sum2 on ampere-a100 (predicted by the cache model
//
// window: thread t reads tile[t + k] for k < radius, and tile holds 320
// floats, so thread 255 needs radius <= 65. The launch's extent 4096 and
// 4096 / 4 = 1024 and / 16 = 256 read past the tile; 4096 / 64 = 64 fits.
// RUN: gpurd-advise --cache-report %s --kernel window --grid 16 --block 256 --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: note: assumed radius = 64 (the launch's threads span 4096 in x (grid.x x block.x = 16 x 256) divided by 64: with 256, an access went past the block's shared memory)
// STATIC: kernel window on ampere-a100 (predicted by the cache model
//
// rows: each warp instruction of in[y * w + x] touches 32 lines (rows w * 4
// bytes apart), so block 0 makes 8 warps x 32 x w L1 requests, and one block
// is resident per SM (16 blocks on 108 SMs). Within a budget of 100000:
// w = 4096 makes 1048576 and w = 1024 262144, too many; w = 256 makes 65536.
// RUN: gpurd-advise --cache-report %s --kernel rows --grid 16 --block 256 --request-budget 100000 -- 2>&1 | FileCheck %s --check-prefix=LENGTH
// RUN: gpurd-advise --cache-report %s --kernel rows --grid 16 --block 256 --request-budget 100000 --format=json -- | FileCheck %s --check-prefix=JSON
// LENGTH: note: assumed w = 256 (the launch's threads span 4096 in x (grid.x x block.x = 16 x 256) divided by 16: with 1024, the blocks ran longer than gpurd models)
// LENGTH: kernel rows on ampere-a100 (predicted by the cache model
// JSON: "basis": "the launch's threads span 4096 in x (grid.x x block.x = 16 x 256) divided by 16: with 1024, the blocks ran longer than gpurd models",
// JSON-NEXT: "part": "w",
// JSON: "value": "256"
//
// The same kernel traced from its access model (it is affine): the model's
// extent of tile[threadIdx.x + k], not the emulator's fault, finds the
// bound, and the same retries follow. Before, the affine trace placed the
// accesses past the tile in memory the block does not have, silently.
// RUN: gpurd-advise --cache-report %s --kernel window --grid 16 --block 256 -- 2>&1 | FileCheck %s --check-prefix=STATIC
//
// Values that are given are never changed: the run's error stands.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel window --grid 16 --block 256 --arg radius=4096 --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: error: kernel 'window': out-of-bounds read of 4 bytes by site {{[0-9]+}} (load at {{.*}}'tile[threadIdx.x + k]') in block (0,0,0) thread (0,0,0) at shared memory offset 1280 (the block has 1280 bytes)
// From the access model: thread 255 reads tile[255 + 4095], whose last
// byte is (255 + 4095) x 4 + 4 = 17404.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --kernel window --grid 16 --block 256 --arg radius=4096 -- 2>&1 | FileCheck %s --check-prefix=GIVEN-AFFINE
// GIVEN-AFFINE: error: kernel 'window': the access model says 'tile' of 'window' is accessed up to byte 17404 of the block's shared memory, which has 1280 bytes (its __shared__ arrays and the launch's dynamic shared memory)
//
// A block too long through a loop's bound: the loop bound is divided, the
// guard on the thread's index keeps the launch's extent (the CUDA samples'
// nbody, `numTiles` and `deviceNumBodies`). --request-budget 10000 lets a
// block make 10000 / 32 = 312 warp memory instructions; its 8 warps make
// numTiles loads and a store each: 8 x (4096 + 1), 8 x (1024 + 1),
// 8 x (256 + 1) and 8 x (64 + 1) = 520 are too many, 8 x (16 + 1) = 136
// fit. Before, n was divided with numTiles, to 64: 64 of the launch's 4096
// threads did the work the report described.
// RUN: gpurd-advise --cache-report %s --kernel tiles --grid 16 --block 256 --request-budget 10000 -- 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: note: assumed n = 4096 (the launch's threads span 4096 in x (grid.x x block.x = 16 x 256), so a bounds guard on a global index holds for every thread)
// LOOP: note: assumed numTiles = 16 (the launch's threads span 4096 in x (grid.x x block.x = 16 x 256) divided by 256: with 64, the blocks ran longer than gpurd models)
//
// A loop's bound that also guards the thread's index (llm.c's
// `if (t3 >= T) return; for (t = t3; t < T; ++t)`) is made smaller with
// the grid: the grid is divided by 4 in x and T follows the launch's
// extent. Thread t3 of block 0 runs T - t3 iterations, each lane on a row of
// its own (one line request per lane), so block 0 makes 256 T - (0 + 1 +
// ... + 255) = 256 T - 32640 requests, and 8 for its store to out. With a
// grid of at most 108 blocks it is alone on its SM, whose resident blocks
// the budget bounds: 1015944 at T = 4096 (grid 16) are past 1000000,
// 229512 at T = 1024 (grid 4) are not. Before, T alone was divided (to 256
// beside a grid of 4096 blocks: one block worked).
// RUN: gpurd-advise --cache-report %s --kernel triangle --block 256 --request-budget 1000000 -- 2>&1 | FileCheck %s --check-prefix=GUARDLOOP
// GUARDLOOP: note: assumed grid (4, 1, 1) ({{.*}}; divided by 4 in x: with (16, 1, 1), the blocks ran longer than gpurd models)
// GUARDLOOP: note: assumed T = 1024 (the launch's threads span 1024 in x (grid.x x block.x = 4 x 256), so a bounds guard on a global index holds for every thread)
// LOOP: kernel tiles on ampere-a100 (predicted by the cache model
//
// An access past a buffer that only threads past the first row of an assumed
// 2-D block make is retried with the block in fewer rows, as many threads:
// table has 3 rows, which threadIdx.y indexes. (16, 16): thread (0, 3, 0)
// reads row 3; (32, 8) and (64, 4) likewise; (128, 2) reads rows 0 and 1.
// RUN: gpurd-advise --cache-report %s --kernel rows3 --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: kernel rows3: grid (4096, 1, 1), block (128, 2, 1) = 4096 blocks of 256 threads
// ROWS: note: assumed block (128, 2, 1) (gpurd's default of 256 threads per block, in 2 dimensions: the kernel reads threadIdx.x, threadIdx.y; reshaped, as many threads with fewer in y: with (64, 4, 1), an access fell outside its buffer in thread (0, 3, 0))
// ROWS: kernel rows3 on ampere-a100 (predicted by the cache model
//
// An array that grows with the assumed grid alone (one 4 KiB element per
// thread, no size assumed) and spans more than the 1 GiB gpurd lays out for
// a buffer of unknown size: the grid is divided by 4. 4 waves of 8 blocks of
// 256 threads on 108 SMs = 3456, a grid of 4096: 4096 x 256 x 4096 B =
// 4 GiB; 1024 blocks reach (1024 x 256 - 1) x 4096 + 8 B, within 1 GiB.
// RUN: gpurd-advise --cache-report %s --kernel perThread -- 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: kernel perThread: grid (1024, 1, 1), block (256, 1, 1)
// GRID: note: assumed grid (1024, 1, 1) (4 waves of 108 SMs x 8 resident blocks = 3456 blocks, rounded up to a power of two per dimension the kernel indexes (blockIdx.x); divided by 4 in x: with (4096, 1, 1), an array spanned more than gpurd lays out for a buffer of unknown size)
// GRID: kernel perThread on ampere-a100 (predicted by the cache model
//
// The same array with an assumed size beside it that does not decide the
// array's span (the CUDA samples' initRNG: one state per thread, and a
// count of draws): the first retry divides the size by 4 and leaves the
// span as it was (4 GiB), so the next divides the grid by 4.
// RUN: gpurd-advise --cache-report %s --kernel perThreadSized -- 2>&1 | FileCheck %s --check-prefix=SIZED
// SIZED: kernel perThreadSized: grid (1024, 1, 1), block (256, 1, 1)
// SIZED: note: assumed grid (1024, 1, 1) ({{.*}}; divided by 4 in x: with (4096, 1, 1), an array spanned more than gpurd lays out for a buffer of unknown size)
// SIZED: note: assumed n = 65536 (the launch's threads span 262144 in x (grid.x x block.x = 1024 x 256) divided by 4: with 262144, an array spanned more than gpurd lays out for a buffer of unknown size)
// SIZED: kernel perThreadSized on ampere-a100 (predicted by the cache model

// A fixed-size shared array sized for a smaller block (SHOC sort's
// radixSortBlocks: four words per thread of 128): with the assumed 256
// threads, thread 128 writes s[3 * 256 + 128] past s[512], and the kernel has
// no dynamic shared memory to grow, so the block is halved; 128 threads
// reach s[3 * 128 + 127] = s[511]. The grid is assumed again for it: 4 waves
// of 108 SMs x 16 resident blocks of 128 threads = 6912, rounded up to 8192.
// RUN: gpurd-advise --cache-report %s --kernel fourPerThread --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=HALVED
// HALVED: kernel fourPerThread: grid (8192, 1, 1), block (128, 1, 1)
// HALVED: note: assumed block (128, 1, 1) (gpurd's default of 256 threads per block, in x: the kernel reads no threadIdx.y or .z; halved in x: with (256, 1, 1), an access went past the block's shared memory, and the kernel's shared memory does not grow with the launch)
// HALVED: kernel fourPerThread on ampere-a100 (predicted by the cache model

__global__ void fourPerThread(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[512];
  unsigned t = threadIdx.x;
  for (unsigned k = 0; k < 4; ++k)
    s[k * blockDim.x + t] = in[blockIdx.x * 4 * blockDim.x + 4 * t + k];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[4 * t];
}

struct Big {
  double v[512];
};
__global__ void perThread(Big *s) {
  s[blockIdx.x * blockDim.x + threadIdx.x].v[0] = 1;
}
__global__ void perThreadSized(Big *s, float *out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[i].v[0] = 1;
  if (i < n)
    out[i] = 2;
}

__constant__ unsigned table[3][32];
__global__ void rows3(float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[threadIdx.y * n + i] = table[threadIdx.y][threadIdx.x % 32];
}

__global__ void sum2(const double *in, double *out, int n) {
  extern __shared__ double s[];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void window(const float *in, float *out, int radius) {
  __shared__ float tile[256 + 64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  if (threadIdx.x < 64)
    tile[256 + threadIdx.x] = in[i + 256];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < radius; ++k)
    sum += tile[threadIdx.x + k];
  out[i] = sum;
}

__global__ void tiles(const float *in, float *out, int n, int numTiles) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sum = 0;
  for (int t = 0; t < numTiles; ++t)
    sum += in[t * blockDim.x + threadIdx.x];
  out[i] = sum;
}

__global__ void rows(const float *in, float *out, int w) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int x = 0; x < w; ++x)
    sum += in[y * w + x];
  out[y] = sum;
}

__global__ void triangle(const float *w, float *out, int T) {
  int t3 = blockIdx.x * blockDim.x + threadIdx.x;
  if (t3 >= T)
    return;
  float r = 0;
  for (int t = t3; t < T; ++t)
    r += w[t * T + t3];
  out[t3] = r;
}
