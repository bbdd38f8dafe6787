// gpurd-small-grid fires on a grid of fewer blocks than the GPU has SMs, when
// the grid is given and the kernel runs long enough for idle SMs to matter.
//
// By hand, on ampere-a100 (108 SMs; 2048 threads, 64 warps and 32 blocks
// per SM; shared memory not limiting: each block allocates only the 1 KB
// the runtime reserves, 164 of them fit in 164 KB):
// - strided<<<16, 256>>>: 16 blocks on 108 SMs leave 108 - 16 = 92 SMs
//   idle, 92 / 108 = 85%. A block of 256 threads is 8 warps, so
//   min(2048 / 256, 64 / 8, 32) = 8 blocks are resident per SM, and
//   8 x 108 = 864 blocks fill one wave. Its loop steps by blockDim.x *
//   gridDim.x (a grid-stride loop): the what-if runs grid (864, 1, 1), the
//   same 2^20 elements in 864 pieces, and the time model predicts it
//   faster. The kernel: each of the 16 x 8 = 128 warps runs 2^20 / 4096 =
//   256 iterations of a load and a store, far more than 20000 cycles.
// - chunked<<<16, 256>>>: the same figures, but each block's chunk is fixed
//   by blockIdx.x (no gridDim in a loop's step): the fix is a note with no
//   figure. Each warp runs 1024 iterations of a load and a store; Clang's
//   O3 unrolls the loop by 8 and the eight loads of distinct rows issue
//   together (MLP 8, seed 002 Eq. 18), so each is a time model's 1024 / 8
//   = 128 DRAM round trips: still over 20000 cycles. (At 256 iterations
//   it was under the bar.)
// Silent:
// - lastPass<<<1, 256>>>: 1 block leaves 107 SMs (99%) idle, but one pass
//   over 256 elements is a few hundred cycles, under MinCycles (20000).
// - wide<<<216, 256>>> (strided's code): 216 blocks fill every SM.
// - noLaunch: no launch in the file; the grid is assumed (1 block: it
//   reads neither blockIdx nor gridDim).
// - noLaunch even with MinCycles at 0 (it runs 4096 iterations, so it is
//   its origin that keeps it silent, not its time).
// - fromHost (chunked's code): its grid is 'blocks', a parameter nothing in the file
//   passes; gpurd assumes 4 waves. Given on the command line (--grid 16),
//   the grid is the user's, and the check fires.
// - with MinIdleShare=0.9, strided's 85% is below the bar; with MinCycles
//   at 10^9 no kernel is long enough.
//
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' -- 2>&1 | FileCheck %s --implicit-check-not=gpurd-small-grid
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --check-option=gpurd-small-grid.MinIdleShare=0.9 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --check-option=gpurd-small-grid.MinCycles=1e9 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --format=json -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --kernel noLaunch --check-option=gpurd-small-grid.MinCycles=0 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --kernel fromHost --grid 16 -- 2>&1 | FileCheck --check-prefix=GIVEN %s
// A block of chunked makes 8 warps x 1024 x 2 = 16384 warp memory
// instructions; --max-block-trace=8192 cuts each warp at 1024 of its 2048,
// and the time quoted is that of the first part, a lower bound.
// RUN: gpurd-advise %s --checks='-*,gpurd-small-grid' --kernel chunked --max-block-trace=8192 -- 2>&1 | FileCheck --check-prefix=CUT %s
// CUT: note: the first part of the kernel's run, to which gpurd cut its blocks, is predicted to take {{[0-9.]+( M)?}} cycles

__global__ void strided(float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    x[i] = 2.0f * x[i];
}

__global__ void chunked(float *x) {
  for (int j = 0; j < 1024; ++j) {
    int i = (blockIdx.x * 1024 + j) * 256 + threadIdx.x;
    x[i] = 2.0f * x[i];
  }
}

__global__ void wide(float *x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    x[i] = 2.0f * x[i];
}

__global__ void lastPass(float *x) { x[threadIdx.x] = 2.0f * x[threadIdx.x]; }

__global__ void noLaunch(float *x) {
  for (int j = 0; j < 4096; ++j)
    x[j * 256 + threadIdx.x] += 1.0f;
}

__global__ void fromHost(float *x) {
  for (int j = 0; j < 1024; ++j) {
    int i = (blockIdx.x * 1024 + j) * 256 + threadIdx.x;
    x[i] = 2.0f * x[i];
  }
}

void fromUnknown(float *x, int blocks) { fromHost<<<blocks, 256>>>(x); }
// GIVEN: small-grid.cu:[[@LINE-1]]:42: warning: grid of 16 blocks on ampere-a100's 108 SMs: 92 SMs (85%) stay idle for the whole launch [gpurd-small-grid]

void host(float *x) {
  strided<<<16, 256>>>(x, 1 << 20);
  // CHECK: small-grid.cu:[[@LINE-1]]:3: warning: grid of 16 blocks on ampere-a100's 108 SMs: 92 SMs (85%) stay idle for the whole launch [gpurd-small-grid]
  // CHECK: note: the kernel is predicted to take {{[0-9.]+( M)?}} cycles (seed 002's time model and throughput bound, Toverlap uncalibrated); the occupancy allows 8 resident blocks of 256 threads per SM, so 864 blocks would fill one wave
  // CHECK-NEXT: note: the kernel's loop strides by gridDim.x (a grid-stride loop), so a grid of (864, 1, 1) does the same work in more pieces: the kernel's time would go from {{[0-9.]+( M)?}} to {{[0-9.]+( M)?}} cycles (-{{[0-9.]+}}%, seed 002's time model and throughput bound, Toverlap uncalibrated) (a what-if run of the models with grid (864, 1, 1)
  chunked<<<16, 256>>>(x);
  // CHECK: small-grid.cu:[[@LINE-1]]:3: warning: grid of 16 blocks on ampere-a100's 108 SMs: 92 SMs (85%) stay idle for the whole launch [gpurd-small-grid]
  // CHECK: note: the kernel is predicted to take {{.*}} cycles ({{.*}}); the occupancy allows 8 resident blocks of 256 threads per SM, so 864 blocks would fill one wave
  // CHECK-NEXT: note: each block's share of the work is fixed by its index: to fill the idle SMs, split the work into more, smaller pieces (a grid-stride loop over the data, or smaller blocks with a grid that grows to match)
  lastPass<<<1, 256>>>(x);
  wide<<<216, 256>>>(x, 1 << 20);
}
// SILENT-NOT: gpurd-small-grid
// JSON: "check": "gpurd-small-grid"
// JSON: "message": "grid of 16 blocks on ampere-a100's 108 SMs: 92 SMs (85%) stay idle for the whole launch"
