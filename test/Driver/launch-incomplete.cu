// What the models need but the source does not say is an error naming the
// kernel, what is missing, why, and the option that supplies it. The grid and
// block are always needed; a scalar argument only when an access depends on
// it (here n, through `if (i < n)`) or the kernel is emulated, so it is asked
// for once the launch is otherwise complete, and `a` never is.
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s -- 2>&1 | FileCheck %s
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --grid 64 -- 2>&1 >/dev/null | FileCheck %s --check-prefix=ARG
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --grid 64 -- 2>/dev/null | FileCheck %s --check-prefix=ARGOUT
// RUN: gpurd-advise --cache-report %s --kernel axpy --grid 64 --arg n=16384 -- | FileCheck %s --check-prefix=FIXED
// --print-launches lists launches, so it wants every argument.
// RUN: %expect-exit 1 gpurd-advise --no-assume %s --grid 64 --print-launches -- 2>&1 | FileCheck %s --check-prefix=LAUNCHES

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

void run(const float *x, float *y, int n) {
  axpy<<<(n + 255) / 256, 256>>>(3.0f, x, y, n);
}

// CHECK: gpurd-advise: error: kernel 'axpy': the launch configuration is incomplete:
// CHECK-NEXT: {{^}}  the grid size (the launch at {{.*}}launch-incomplete.cu:{{[0-9]+}}) is '(n + 255) / 256': 'n' is a parameter of 'run', which is not called in this file; give it with --grid X[,Y[,Z]] or in a --launch-spec file
// CHECK-NOT: the argument

// ARGOUT: launch-incomplete.cu:{{[0-9]+}}:17: kernel axpy: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads
// ARGOUT-NEXT: args: a = 3, n = ?
// ARG: gpurd-advise: error: kernel 'axpy': the launch configuration is incomplete for its accesses:
// ARG-NEXT: {{^}}  the argument 'n' (the launch at {{.*}}launch-incomplete.cu:{{[0-9]+}}) is 'n': 'n' is a parameter of 'run', which is not called in this file; give it with --arg n=VALUE or in a --launch-spec file

// LAUNCHES: gpurd-advise: error: kernel 'axpy': the launch configuration is incomplete:
// LAUNCHES-NEXT: {{^}}  the argument 'n' (the launch at {{.*}}launch-incomplete.cu:{{[0-9]+}}) is 'n': 'n' is a parameter of 'run', which is not called in this file; give it with --arg n=VALUE or in a --launch-spec file

// FIXED: launch-incomplete.cu:{{[0-9]+}}:17: kernel axpy: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads
// FIXED-NEXT: args: a = 3, n = 16384
// FIXED-NEXT: from: the launch at {{.*}}launch-incomplete.cu:{{[0-9]+}}:3; grid from command line
