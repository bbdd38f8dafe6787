// gpurd-redundant-threads fires on a block dimension the compiled kernel
// never reads, when the block is given and nothing else tells the threads
// along it apart.
//
// By hand, rows<<<1728, dim3(32, 8)>>> (two waves of 108 SMs x 8 blocks of
// 256 threads): the kernel reads threadIdx.x and blockDim.x only, so the 8
// threads along y of each x compute the same: every warp (one row of 32
// threads) is repeated 8 times. Each thread runs 4 iterations of one load
// of 'in' and one store of 'out', 32 consecutive floats (128 bytes, 4
// sectors) per warp request:
// - as written: 1728 blocks x 8 warps x 4 iterations x 2 = 110592 requests
//   and 110592 x 4 = 442368 sectors;
// - with block (32, 1, 1): 1728 x 1 x 4 x 2 = 13824 requests, 55296
//   sectors, 1/8 of them, and the time model predicts the kernel faster
//   (Tcomp falls with the instructions; on a launch of one warp per SM it
//   would not: seed 002's model takes the 8 copies for warps that hide
//   each other's latency, and the check stays silent there).
// The 8 is a literal of the launch's dim3: the fix-it makes it 1, and the
// edited file is silent.
// Silent:
// - readsY: the same block, and the kernel reads threadIdx.y;
// - counter: y unread, but each thread stores where an atomicAdd's result
//   points: the copies do different work;
// - shuffle: y unread, but a warp shuffle (lanes of different y may share
//   a warp);
// - noLaunch: no launch in the file; it reads threadIdx.x and .z, so the
//   assumed block spans y too: an assumed block is not the user's;
// - rows with MinGain=0.99: the saving is below it.
// With MinGain at -10 (any change is a gain) the others stay silent: it is
// what the kernels read that keeps them so, not the time model.
//
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' -- 2>&1 | FileCheck %s --implicit-check-not=gpurd-redundant-threads
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' --check-option=gpurd-redundant-threads.MinGain=0.99 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' --check-option=gpurd-redundant-threads.MinGain=-10 -- 2>&1 | FileCheck --check-prefix=ANYGAIN %s --implicit-check-not=gpurd-redundant-threads
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' --format=json -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' --fix-its=parseable -- 2>&1 | %apply-fixits %s > %t.cu
// RUN: FileCheck --check-prefix=EDITED %s < %t.cu
// RUN: gpurd-advise %t.cu --checks='-*,gpurd-redundant-threads' -- 2>&1 | FileCheck --check-prefix=SILENT %s

__global__ void rows(const float *in, float *out) {
  for (int k = 0; k < 4; ++k) {
    int i = (k * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
    out[i] = 2.0f * in[i];
  }
}

__global__ void readsY(const float *in, float *out) {
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i];
}

__device__ int next;
__global__ void counter(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int slot = atomicAdd(&next, 1);
  out[slot] = in[i];
}

__global__ void shuffle(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  v += __shfl_down_sync(0xffffffffu, v, 1);
  out[i] = v;
}

__global__ void noLaunch(const float *in, float *out) {
  int i = (threadIdx.z * 64 + blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i];
}

void host(const float *in, float *out) {
  rows<<<1728, dim3(32, 8)>>>(in, out);
  // CHECK: redundant-threads.cu:[[@LINE-1]]:3: warning: block (32, 8, 1) has 8 threads along y, but the kernel never reads threadIdx.y or blockDim.y: each thread's work is done 8 times, and the copies repeat the same loads and race on the same stores [gpurd-redundant-threads]
  // CHECK: note: with block (32, 1, 1) and the same grid, the kernel's time would go from {{[0-9.]+( M)?}} to {{[0-9.]+( M)?}} cycles (-{{[0-9.]+}}%, seed 002's time model, Toverlap uncalibrated) and its global-memory requests would go from 110592 to 13824 and the sectors they touch from 442368 to 55296 (a what-if run of the models)
  // CHECK-NEXT: redundant-threads.cu:[[@LINE-3]]:25: note: launch the kernel with block (32, 1, 1) (nothing in it tells the threads along y apart)
  // EDITED: rows<<<1728, dim3(32, 1)>>>(in, out);
  // ANYGAIN: redundant-threads.cu:[[@LINE-5]]:3: warning: block (32, 8, 1) has 8 threads along y{{.*}} [gpurd-redundant-threads]
  readsY<<<1728, dim3(32, 8)>>>(in, out);
  counter<<<1728, dim3(32, 8)>>>(in, out);
  shuffle<<<1728, dim3(16, 2)>>>(in, out);
}
// SILENT-NOT: gpurd-redundant-threads
// JSON: "check": "gpurd-redundant-threads"
