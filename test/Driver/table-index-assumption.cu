// An integer argument that indexes a device array of fixed extent (the CUDA
// samples' FunctionPointers index `blockFunction_table[2]` with
// `blockOperation`) is assumed 0, its first element, not the launch's
// extent: a size-like value would read past the array (docs/assumptions.md).
// Before, `op` took the value of the host's sizes (4096) and the run
// stopped with an access outside 'weights'.
//
// viaHost: `op` is a parameter of the host function, as `n` is; the grid is
// computed from `n` ((n + 255) / 256 = 4096 blocks fill 4 waves of 108 SMs x 8
// blocks = 3456 for n = 2^20, 2048 do not for 2^19), `op` is assumed on its
// own and no longer named with the host values.
// RUN: gpurd-advise --cache-report %s --kernel=viaHost -- 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: note: assumed host values n = 1048576 (the smallest power of two
// HOST-NOT: 'op' is a parameter
// HOST: note: assumed op = 0 (it indexes 'weights', a device array of 4 elements: its first, where a value that follows the launch's sizes would read past the array); the source computes it from host values it cannot know; give it with --arg op=VALUE
// HOST: kernel viaHost on ampere-a100 (predicted by the cache model
//
// noLaunch: no launch in the file; the argument alone is assumed.
// RUN: gpurd-advise --cache-report %s --kernel=noLaunch -- 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: note: assumed n = {{[0-9]+}} (the launch's threads span
// ALONE: note: assumed op = 0 (it indexes 'weights', a device array of 4 elements: its first
//
// A value given on the command line is kept.
// RUN: gpurd-advise --cache-report %s --kernel=noLaunch --arg op=3 -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN-NOT: assumed op
// GIVEN: kernel noLaunch on ampere-a100 (predicted by the cache model
//
// The JSON lists it among the assumptions.
// RUN: gpurd-advise --cache-report %s --kernel=noLaunch --format=json -- | FileCheck %s --check-prefix=JSON
// JSON: "basis": "it indexes 'weights', a device array of 4 elements
// JSON-NEXT: "part": "op"
// JSON-NEXT: "unknown_because"
// JSON-NEXT: "value": "0"

__device__ float weights[4];

__global__ void viaHost(float *out, int n, int op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = weights[op] * i;
}

__global__ void noLaunch(float *out, int n, int op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = weights[op] * i;
}

void run(float *out, int n, int op) {
  viaHost<<<(n + 255) / 256, 256>>>(out, n, op);
}

// shapeFromIndex: the grid comes from the same host value as the index. The
// index is still assumed 0, and the host value keeps its name in the note
// that states the grid's origin.
// RUN: gpurd-advise --cache-report %s --kernel=shapeFromIndex -- 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: note: assumed host values op = {{[0-9]+}} (the smallest power of two
// SHAPE: note: assumed op = 0 (it indexes 'weights'
// SHAPE: kernel shapeFromIndex on ampere-a100 (predicted by the cache model

__global__ void shapeFromIndex(float *out, int op) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = weights[op];
}

void launchShape(float *out, int op) { shapeFromIndex<<<op, 256>>>(out, op); }
