// Which threads share a warp decides sectors, bank conflicts and constant
// addresses. Where the block is assumed in more than one dimension (no
// launch gives it), that is the assumption's, not the program's: the
// checks of access patterns say nothing (a kernel of the suites launched
// from another file with 32 x 4 blocks got 18 bank conflicts under the
// assumed 16 x 16). A launch that gives part of the block keeps it: with
// `dim3 block(1, rows)` and rows unknown, the block is assumed (1, 256, 1),
// not 16 x 16.
//
// noLaunch reads a[c * 1024 + r]: lanes along x are 4096 bytes apart.
// Under the assumed (16, 16, 1) it is silent; given --block 32,8 a warp is
// 32 lanes of x: 32 sectors a request where 4 would do.
// partial: launched with block (1, rows): x = 1 is kept and y takes the
// 256 threads; a warp is 32 lanes of y, reading a[c * 1024 + r]
// consecutively: coalesced, silent (under 16 x 16 it was not). Its store
// out[r * 1024 + c] is the one uncoalesced access under that block (lanes
// 4096 bytes apart): each of its 32-byte sectors takes a word from each of
// 8 blocks that run at different times, and the 268 MB the loads stream
// through the L2 evict it in between, so DRAM takes the sector 8 times
// (the throughput bound's DRAM bytes; T alone did not count writes).
//
// RUN: gpurd-advise %s --kernel noLaunch -- 2>&1 | FileCheck --check-prefix=ASSUMED %s
// RUN: gpurd-advise %s --kernel noLaunch --block 32,8 --grid 32,128 -- 2>&1 | FileCheck --check-prefix=GIVEN %s
// RUN: gpurd-advise %s --kernel partial -- 2>&1 | FileCheck --check-prefix=PARTIAL %s

#include <cuda_runtime.h>

__global__ void noLaunch(const float *a, float *out) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 64; ++k)
    s += a[c * 1024 + r] * k;
  out[r * 1024 + c] = s;
}
// ASSUMED: note: assumed block (16, 16, 1)
// ASSUMED-NOT: warning: uncoalesced
// GIVEN: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do

extern int readRows();
__global__ void partial(const float *a, float *out) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 64; ++k)
    s += a[(c * 64 + k) * 1024 + r];
  out[r * 1024 + c] = s;
}
// PARTIAL: note: assumed block (1, 256, 1) (gpurd's default of 256 threads per block, in 2 dimensions: the kernel reads threadIdx.x, threadIdx.y; x = 1 as the source gives it)
// PARTIAL-NOT: warning: uncoalesced global load
// PARTIAL: warning: uncoalesced global store of 'out'
// PARTIAL-NOT: warning: uncoalesced global load

int main() {
  float *a, *out;
  dim3 block(1, readRows());
  partial<<<dim3(1024, 4), block>>>(a, out);
}
