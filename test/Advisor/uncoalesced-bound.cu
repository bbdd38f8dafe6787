// An uncoalesced access no layout change of gpurd's fixes is judged by what
// coalescing it is worth at most: a what-if run with its warp requests made
// of consecutive elements (for an array of structs, every uncoalesced access
// of the array at once: coalescing one field leaves its lines to the
// others). Below MinGain of the kernel's time it is silent.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinCycles=0 -- 2>&1 | FileCheck %s
//
// drift: lanes 32 bytes apart (sizeof(Body)), so a warp's load of b[i].x
// touches 32 sectors where 32 x 4 = 128 bytes, 4 sectors, would do: 2048
// warp requests (256 blocks x 8 warps) x 28 excessive sectors = 57344 for
// each of the load and store of b[i].x and the load of b[i].vx; block 0's
// b[i].vy, 8 requests x 28 = 224 each for its load and store.
// One bound covers them all. The accesses with a good part of its excessive
// sectors (at least a tenth of the largest's) are warnings, the load and
// store of b[i].x one finding with b[i].vx's load on the same line; block
// 0's b[i].vy are notes.
// CHECK: kernel drift:
// CHECK: :[[@LINE+31]]:10: warning: uncoalesced global load of 'b': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 65536); coalescing the accesses of 'b' (this one and 2 others), by whatever change, would cut the kernel's time by at most {{[0-9.]+}}% (predicted, {{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-uncoalesced-access]
// CHECK: note: the bound is a what-if run of the models
// CHECK: :[[@LINE+31]]:{{[0-9]+}}: note: the same bound also covers the global load of 'b' (224 excessive sectors)
// CHECK: :[[@LINE+30]]:{{[0-9]+}}: note: the same bound also covers the global store of 'b' (224 excessive sectors)
// CHECK: :[[@LINE+27]]:10: note: also: uncoalesced global store of 'b'
// CHECK: :[[@LINE+26]]:18: note: also: uncoalesced global load of 'b'
// CHECK-NOT: warning
//
// heavy: the same 32 sectors a request, once a thread, before 2000
// iterations of arithmetic: coalescing saves a few hundred cycles of a
// kernel that computes for tens of thousands, under 5%. (Its loop has no
// memory operation, so the emulator, which counts its instructions, makes
// the trace: the affine path would leave them out.)
// CHECK: kernel heavy:
// CHECK-NOT: warning
// draw and setup: cuRAND's states, one 48-byte record a thread, are the
// library's layout: no warning, even with MinGain=0, at which setup's store
// of the states (48 bytes apart, 32 sectors a request) would be one.
// CHECK: kernel draw:
// CHECK-NOT: warning
// RUN: gpurd-advise %s --kernel setup --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinCycles=0 --check-option=gpurd-uncoalesced-access.MinGain=0 -- 2>&1 | FileCheck %s --check-prefix=CURAND
// CURAND: kernel setup:
// CURAND-NOT: warning
#include <curand_kernel.h>

struct Body {
  float x, y, z, vx, vy, vz, mass, charge;
};

__global__ void drift(Body *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  b[i].x += b[i].vx;
  if (blockIdx.x == 0)
    b[i].vy *= 0.5f;
}

__global__ void heavy(const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i * 32];
  for (int k = 0; k < 2000; ++k)
    v = v * 0.999f + 1.0f;
  out[i] = v;
}

__global__ void setup(curandState *states) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, i, 0, &states[i]);
}

__global__ void draw(curandState *states, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[i];
  out[i] = curand_uniform(&s);
  states[i] = s;
}

int main() {
  Body *b;
  float *a, *out;
  curandState *states;
  cudaMalloc(&b, 65536 * sizeof(Body));
  cudaMalloc(&a, 65536 * 32 * sizeof(float));
  cudaMalloc(&out, 65536 * sizeof(float));
  cudaMalloc(&states, 65536 * sizeof(curandState));
  drift<<<256, 256>>>(b);
  heavy<<<256, 256>>>(a, out);
  setup<<<256, 256>>>(states);
  draw<<<256, 256>>>(states, out);
}
