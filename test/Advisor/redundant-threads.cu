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
// - without the copies, the threads along y moved into x so that an SM
//   keeps as many warps: block (256, 1, 1) and grid (1728 / 8 = 216, 1, 1),
//   i = (k * 216 + b) * 256 + t spanning the same [0, 4 x 1728 x 32) as
//   written (the same bytes of 'in' and 'out'): 216 x 8 warps x 4 x 2 =
//   13824 requests, 55296 sectors, 1/8 of them; the change's time is
//   quoted, not a condition (the copies are a fact of the code).
// The grid and the block are literals of the launch: the fix-it writes
// 216, 256 and 1, and the edited file is silent.
// Silent:
// - readsY: the same block, and the kernel reads threadIdx.y;
// - counter: y unread, but each thread stores where an atomicAdd's result
//   points: the copies do different work;
// - shuffle: y unread, but a warp shuffle (lanes of different y may share
//   a warp);
// - noLaunch: no launch in the file; it reads threadIdx.x and .z, so the
//   assumed block spans y too: an assumed block is not the user's;
// It is what the kernels read that keeps them silent, not the time model.
//
// few<<<128, dim3(32, 8)>>> (rows' code): moving the threads along y into x
// would make 128 / 8 = 16 blocks of 256 threads, on 16 of the 108 SMs the
// 128 blocks occupy as written; the launch offered keeps the 128 blocks,
// with block (32, 1, 1): 128 x 1 warp x 4 iterations x 2 = 1024 requests
// and 4096 sectors, where as written 128 x 8 x 4 x 2 = 8192 requests and
// 32768 sectors.
//
// RUN: gpurd-advise %s --checks='-*,gpurd-redundant-threads' -- 2>&1 | FileCheck %s --implicit-check-not=gpurd-redundant-threads
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

__global__ void few(const float *in, float *out) {
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
  // CHECK: note: with block (256, 1, 1) and grid (216, 1, 1) (the same bytes of every global array, without the copies), its global-memory requests would go from 110592 to 13824 and the sectors they touch from 442368 to 55296; the change is predicted to cut the kernel's time by {{[0-9.]+}}% ({{.*}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) (a what-if run of the models)
  // CHECK-NEXT: redundant-threads.cu:[[@LINE-3]]:10: note: launch the kernel with block (256, 1, 1) and grid (216, 1, 1) (nothing in it tells the threads along y apart)
  // EDITED: rows<<<216, dim3(256, 1)>>>(in, out);
  few<<<128, dim3(32, 8)>>>(in, out);
  // CHECK: redundant-threads.cu:[[@LINE-1]]:3: warning: block (32, 8, 1) has 8 threads along y, but the kernel never reads threadIdx.y or blockDim.y: each thread's work is done 8 times, and the copies repeat the same loads and race on the same stores [gpurd-redundant-threads]
  // CHECK: note: with block (32, 1, 1) and grid (128, 1, 1) (the same bytes of every global array, without the copies), its global-memory requests would go from 8192 to 1024 and the sectors they touch from 32768 to 4096;
  // CHECK-NEXT: redundant-threads.cu:[[@LINE-3]]:23: note: launch the kernel with block (32, 1, 1) and grid (128, 1, 1) (nothing in it tells the threads along y apart)
  // EDITED: few<<<128, dim3(32, 1)>>>(in, out);
  readsY<<<1728, dim3(32, 8)>>>(in, out);
  counter<<<1728, dim3(32, 8)>>>(in, out);
  shuffle<<<1728, dim3(16, 2)>>>(in, out);
}
// SILENT-NOT: gpurd-redundant-threads
// JSON: "check": "gpurd-redundant-threads"
