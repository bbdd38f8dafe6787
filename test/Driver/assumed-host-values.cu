// Where a launch's values are computed from integers the host code cannot
// know (here parameters of functions nothing in the file calls first), gpurd
// assumes those integers, all one power of two, and takes the grid and the
// arguments the source computes from them (docs/assumptions.md, "Host
// values"), so that they agree with each other. Before, the grid and each
// argument were assumed one by one: Rodinia dwt2d's kernels ran with
// `winSteps` as large as the image and a grid of the wrong height, and read
// out of bounds.
//
// window (as dwt2d's fdwt53): steps = divUp(sy, 15 * 8) and grid
// (divUp(sx, 64), divUp(sy, 8 * steps)). The A100 holds 32 blocks of 64
// threads per SM (2048 threads), so 4 waves are 4 x 108 x 32 = 13824 blocks.
// With sx = sy = V:
//   V = 32768: steps = ceil(32768 / 120) = 274, grid.y = ceil(32768 / 2192)
//              = 15, grid.x = 512: 7680 blocks, too few;
//   V = 65536: steps = ceil(65536 / 120) = 547, grid.y = ceil(65536 / 4376)
//              = 15, grid.x = 1024: 15360 blocks, the first that fills.
// But in and out are then 65536^2 x 4 B = 16 GiB, past the 1 GiB gpurd lays
// out for a buffer of unknown size, so the run is retried with V / 4 = 16384:
// steps = ceil(16384 / 120) = 137, grid.y = ceil(16384 / 1096) = 15,
// grid.x = 256 (16384^2 x 4 B = 1 GiB).
// (The advice, not --cache-report: the values are settled before any model
// runs, and the full report of 3840 blocks of 1096 steps takes two minutes
// and 9 GB.)
// RUN: gpurd-advise %s --kernel window -- 2>&1 | FileCheck %s --check-prefix=WINDOW
// WINDOW: kernel window: grid (256, 15, 1), block (64, 1, 1) = 3840 blocks of 64 threads
// WINDOW-NEXT: args: sx = 16384, sy = 16384, steps = 137
// WINDOW-NEXT: from: the launch at {{.*}}assumed-host-values.cu:[[#@LINE+59]]:3; grid from the source with assumed host values
// WINDOW-NEXT: note: assumed host values sx = sy = 16384 (the smallest power of two with which the grid the source computes, (1024, 15, 1) = 15360 blocks, fills 4 waves of 108 SMs (13824 blocks), divided by 4: with 65536, an array spanned more than gpurd lays out for a buffer of unknown size); 'sx' is a parameter of 'launchWindow', which only calls itself in this file (its first call is in another file); 'sy' is a parameter of 'launchWindow', which only calls itself in this file (its first call is in another file); give the launch's values with --grid X[,Y[,Z]], --block X[,Y[,Z]] and --arg NAME=VALUE or in a --launch-spec file
// WINDOW: predicted: L1 sector hit rate
//
// rows: one block per row, `rows<<<h, 256>>>(img, w, h)`: the grid is h as
// it is, and so is an argument. 8 blocks of 256 threads per SM: 4 x 108 x 8
// = 3456 blocks, and 4096 is the smallest power of two past it: h = w =
// 4096, where one by one the grid was 4096 and h the threads' extent,
// 4096 x 256 = 1048576.
// RUN: gpurd-advise --cache-report %s --kernel rows -- 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: gpurd-advise --cache-report %s --kernel rows --format=json -- | FileCheck %s --check-prefix=JSON
// ROWS: kernel rows: grid (4096, 1, 1), block (256, 1, 1) = 4096 blocks of 256 threads
// ROWS-NEXT: args: w = 4096, h = 4096
// ROWS: note: assumed host values h = w = 4096 (the smallest power of two with which the grid the source computes, (4096, 1, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks)); 'h' is a parameter of 'launchRows', which is not called in this file; 'w' is a parameter of 'launchRows', which is not called in this file;
// JSON: "basis": "the smallest power of two with which
// JSON-NEXT: "host_values": [
// JSON-NEXT: "h",
// JSON-NEXT: "w"
// JSON-NEXT: ],
// JSON-NEXT: "part": "host values",
//
// A retry divides the host values and computes the launch from them again.
// With a budget of 1000 requests, 8 resident blocks of rows at w = 4096 make
// 8 x (4096 / 256 iterations x 8 warps x 2 accesses of one line) = 2048,
// too many; at 1024, 8 x 4 x 8 x 2 = 512: h = w = 1024, and the grid is
// h = 1024 blocks with them.
// (--max-block-trace keeps the trace's bound at what it was before the
// bound followed the budget: the retry here is the cache model's, whose
// blocks run longer than the budget models.)
// RUN: gpurd-advise --cache-report %s --kernel rows --request-budget 1000 --max-block-trace=4194304 -- 2>&1 | FileCheck %s --check-prefix=RETRY
// RETRY: kernel rows: grid (1024, 1, 1), block (256, 1, 1) = 1024 blocks of 256 threads
// RETRY-NEXT: args: w = 1024, h = 1024
// RETRY: note: assumed host values h = w = 1024 (the smallest power of two with which the grid the source computes, (4096, 1, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks), divided by 4: with 4096, the blocks ran longer than gpurd models);
//
// A value given on the command line is the kernel's, never changed; the
// host values only fill what is still unknown (here the grid follows h = V
// = 4096 as before, and w stays 512).
// RUN: gpurd-advise --cache-report %s --kernel rows --arg w=512 -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: args: w = 512, h = 4096
//
// Launch configuration passed in as it is (`<<<blocks, threads, smem>>>`
// from parameters) is not a size: it is assumed part by part, as
// test/Driver/dynamic-shared-in-callee.cu shows.

template <typename T> T divUp(const T &n, const T &d) { return (n + d - 1) / d; }

__global__ void window(const int *in, int *out, int sx, int sy, int steps) {
  int x = blockIdx.x * 64 + threadIdx.x;
  int y0 = blockIdx.y * 8 * steps;
  for (int s = 0; s < 8 * steps; ++s) {
    int y = y0 + s;
    if (x < sx && y < sy)
      out[y * sx + x] = in[y * sx + x];
  }
}

void launchWindow(int *in, int *out, int sx, int sy, int levels) {
  const int steps = divUp(sy, 15 * 8);
  dim3 grid(divUp(sx, 64), divUp(sy, 8 * steps));
  window<<<grid, 64>>>(in, out, sx, sy, steps);
  if (levels > 1)
    launchWindow(in, out, divUp(sx, 2), divUp(sy, 2), levels - 1);
}

__global__ void rows(float *img, int w, int h) {
  for (int x = threadIdx.x; x < w; x += blockDim.x)
    img[blockIdx.x * w + x] *= 2.0f;
}

void launchRows(float *img, int w, int h) { rows<<<h, 256>>>(img, w, h); }
