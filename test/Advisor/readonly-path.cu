// gpurd-readonly-path: a 3-point stencil reads 'in' only, through plain
// global loads. maxwell-gtx970-dlcm-cg (nvcc's default for sm_52) caches
// plain global loads in the L2 only and the read-only path in the unified
// L1/texture cache, whose lines, like the L2's, are 32 bytes.
//
// Hand count: 8 blocks of one warp, one block per SM (13 SMs). Warp w reads
// in[32w + j - 1], in[32w + j], in[32w + j + 1] for j = 1..32: bytes
// 128w..128w+127 (4 lines), 128w+4..128w+131 (5 lines) and
// 128w+8..128w+135 (5 lines).
// - As written, every load goes to the L2: (4 + 5 + 5) x 8 = 112 L2 read
//   lines (the preset's L2 is unsectored: the findings count its 32-byte
//   lines as lines).
// - Through the read-only path each SM's L1 fetches the 5 lines its warp
//   touches once (the other requests hit or merge into the fetch in
//   flight): 5 x 8 = 40. Gain 1 - 40 / 112 = 64%; L1 hits 72 of 112 sector
//   reads (64%).
// Applied, the fix-it makes the loads read-only (ld.global.nc) and the check
// is silent. On the A100, whose L1 caches every global load, the two paths
// reach the same cache and the check stays silent. 'inout', which the other
// kernel writes, is never a candidate.
//
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg --fix-its=parseable -- 2>&1 | FileCheck --check-prefix=PARSEABLE %s
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg --fix-its=parseable -- 2>&1 | %apply-fixits %s > %t.cu
// RUN: FileCheck --check-prefix=EDITED %s < %t.cu
// RUN: gpurd-advise %t.cu --arch maxwell-gtx970-dlcm-cg -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg --check-option=gpurd-readonly-path.MinGain=0.7 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg --format=json -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise %s --arch maxwell-gtx970-dlcm-cg --kernel viaCall -- 2>&1 | FileCheck --check-prefix=QUIET --implicit-check-not=error --implicit-check-not=gpurd-readonly-path %s

#include <cuda_runtime.h>

__global__ void stencil(float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[i] = in[i - 1] + in[i] + in[i + 1];
}
// CHECK: readonly-path.cu:[[@LINE-2]]:12: warning: 'in' is only read, but its loads bypass the L1 on maxwell-gtx970-dlcm-cg; reading it through the read-only path is predicted to cut the kernel's L2 read lines from 112 to 40 (64%) [gpurd-readonly-path]
// The GTX 970 preset lacks figures of seed 002's time model: the time does
// not decide, the note says so, and the L2 traffic decides.
// CHECK-NEXT: [[@LINE-5]] |
// CHECK-NEXT: ^
// CHECK-NEXT: note: the kernel's time is not timed: the placement model (seed 002) needs {{.*}}; the L2 traffic decides here
// CHECK-NEXT: note: on maxwell-gtx970-dlcm-cg the L1 does not cache plain global loads
// CHECK-NEXT: note: with the change the compiler reads 'in' through the read-only path, and its loads are predicted to hit the L1 in 64% of sectors; the kernel's DRAM read lines would go from 33 to 33 (a what-if run of the models with the edit below)
// CHECK-NEXT: readonly-path.cu:[[@LINE-12]]:32: note: declare 'in' with 'const' and '__restrict__' (it must not alias an array the kernel writes)
// CHECK-NOT: gpurd-readonly-path
// PARSEABLE: fix-it:"{{.*}}readonly-path.cu":{[[@LINE-14]]:25-[[@LINE-14]]:25}:"const "
// PARSEABLE: fix-it:"{{.*}}readonly-path.cu":{[[@LINE-15]]:32-[[@LINE-15]]:32}:"__restrict__ "
// EDITED: __global__ void stencil(const float *__restrict__ in, float *out) {
// SILENT-NOT: gpurd-readonly-path
// JSON: "check": "gpurd-readonly-path"

__global__ void smoothInPlace(float *inout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  inout[i] = inout[i - 1] + inout[i] + inout[i + 1];
}

// 'in' passed on to a function that takes 'float *': the edited file does
// not compile, so there is no finding, and the what-if's compile errors are
// not printed (they are the edit's, not the program's).
__device__ float get(float *p, int i) { return p[i]; }
__global__ void viaCall(float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[i] = get(in, i - 1) + get(in, i) + get(in, i + 1);
}
// QUIET: kernel viaCall

void run(float *in, float *out) {
  stencil<<<8, 32>>>(in, out);
  smoothInPlace<<<8, 32>>>(out);
  viaCall<<<8, 32>>>(in, out);
}
