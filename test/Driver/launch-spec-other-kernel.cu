// A launch-spec entry for a kernel that --kernel does not select is not an
// error: it names a kernel of the file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"kernels": [{"kernel": "first", "grid": 1, "block": 32, "args": {"n": 1}}, {"kernel": "second", "grid": 2, "block": 64, "args": {"n": 2}}]}' > %t/spec.json
// RUN: gpurd-advise --cache-report %s --kernel second --launch-spec %t/spec.json -- | FileCheck %s

__global__ void first(float *x, int n) { x[threadIdx.x] = n; }
__global__ void second(float *x, int n) { x[threadIdx.x] = n; }

// CHECK: kernel second: grid (2, 1, 1), block (64, 1, 1) = 2 blocks of 64 threads
// CHECK-NEXT: args: n = 2
// CHECK-NOT: error
