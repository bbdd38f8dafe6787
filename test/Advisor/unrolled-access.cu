// A loop the compiler unrolls (`#pragma unroll`) has a memory operation per
// copy, all at one source position: the access is reported once, with the
// copies' requests summed.
//
// rows: 4 copies of a[t * 64 + j]; each warp request of each copy touches
// 32 sectors where 4 would do. One block of one warp: 4 requests (one per
// copy) x 32 = 128 sectors.
//
// RUN: gpurd-advise %s --dump-accesses -- | FileCheck --check-prefix=SITES %s
// One warp's 4 loads are a kernel far shorter than the checks' MinCycles
// (no layout change applies to 4 of a row's 64 floats), so the test asks
// for any length.
// RUN: gpurd-advise %s --check-option=gpurd-uncoalesced-access.MinCycles=0 -- 2>&1 | FileCheck %s

__global__ void rows(const float *a, float *out) {
  int t = threadIdx.x;
  float s = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    s += a[t * 64 + j];
  // SITES-COUNT-4: unrolled-access.cu:[[@LINE-1]]:10: load global
  // CHECK: unrolled-access.cu:[[@LINE-2]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 128); coalescing it, by whatever change, would cut the kernel's time by at most {{[0-9.]+}}% (predicted, {{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-uncoalesced-access]
  // CHECK: note: sectors counted on the 4 warp requests of the 1 block modelled of 1
  out[t] = s;
}
// CHECK-NOT: warning:

void host(const float *a, float *out) { rows<<<1, 32>>>(a, out); }
