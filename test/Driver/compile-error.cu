// Clang's own diagnostics are shown, then gpurd's error; the exit status is 1.
// RUN: %expect-exit 1 gpurd-advise --list-kernels %s -- 2>&1 | FileCheck %s

__global__ void k(float *a) {
  // CHECK: compile-error.cu:[[@LINE+1]]:10: error: use of undeclared identifier 'undeclared'
  a[0] = undeclared;
}
// CHECK: gpurd-advise: error: '{{.*}}compile-error.cu' has 1 compile error (shown above); fix them or pass the flags it needs after '--' (e.g. -I, -D)
// CHECK-NOT: kernel k
