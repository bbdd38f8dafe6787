// Code nvcc compiles and Clang's C++17 rejects: `register`, a narrowing
// conversion in braces, and "%"PRIu64 (a string literal right before a
// macro). gpurd accepts it the way nvcc's dialect does, with the program's
// warnings hidden unless --show-compiler-warnings asks for them; errors
// still stop the analysis.
// RUN: gpurd-advise --list-kernels %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --dump-accesses %s -- 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: gpurd-advise --list-kernels --show-compiler-warnings %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARNINGS
// RUN: %expect-exit 1 gpurd-advise --list-kernels %s -- -DBROKEN 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
#include <cinttypes>
#include <cstdio>

__global__ void scale(float *a, int n) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  int factors[2] = {n * 1.5, 2};
  if (i < n)
    a[i] *= factors[1];
}

int main() {
  uint64_t n = 1024;
  printf("%"PRIu64" elements\n", n);
#ifdef BROKEN
  undeclared = 1;
#endif
  scale<<<4, 256>>>(nullptr, 1024);
}
// CHECK-NOT: warning:
// CHECK: nvcc-dialect.cu: 1 kernel, 1 launch site
// CHECK-NOT: warning:
// DEVICE-NOT: warning:
// DEVICE: kernel scale: 2 memory operations, 2 affine
// WARNINGS-DAG: warning: ISO C++17 does not allow 'register' storage class specifier
// WARNINGS-DAG: warning: type 'double' cannot be narrowed to 'int' in initializer list
// WARNINGS-DAG: warning: invalid suffix on literal
// WARNINGS: nvcc-dialect.cu: 1 kernel, 1 launch site
// ERROR: error: use of undeclared identifier 'undeclared'
// ERROR: gpurd-advise: error: '{{.*}}nvcc-dialect.cu' has 1 compile error
