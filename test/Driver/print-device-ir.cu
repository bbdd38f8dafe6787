// --print-device-ir prints the specialised, optimised kernel IR that the
// access model is built from, after a line that names the launch values it
// was specialised for, in the default action too (before, only with
// --dump-accesses; the report's run printed nothing).
// RUN: gpurd-advise --cache-report %s --grid 4 --block 64 --arg n=256 --print-device-ir -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --grid 4 --block 64 --arg n=256 --print-device-ir --dump-accesses -- 2>&1 | FileCheck %s

__global__ void scale(float *x, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

// 'a' is neither given nor needed by an access: the IR keeps it a parameter.
// CHECK: ; gpurd: kernel 'scale' for grid (4, 1, 1), block (64, 1, 1), n = 256{{$}}
// CHECK-NOT: ; gpurd:
// CHECK: define {{.*}}@_Z5scalePfif(
// CHECK: fmul contract float {{.*}}, %2
