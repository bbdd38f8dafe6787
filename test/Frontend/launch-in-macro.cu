// A launch written inside a macro's argument (the CUDA samples'
// checkKernelErrors((k<<<g, b>>>(A, B)))) is quoted as written: each
// argument and the grid expression by its own text, not by the whole macro
// use they expand from (which the listing printed for every argument).
// RUN: gpurd-advise --list-kernels %s -- 2>&1 | FileCheck %s --implicit-check-not=checkKernelErrors
#define checkKernelErrors(expr) \
  do {                          \
    expr;                       \
  } while (0)

__global__ void scale(float *a, int n) { a[threadIdx.x] *= n; }

void host(float *a, int blocks) {
  checkKernelErrors((scale<<<blocks * 2, 128>>>(a, 5)));
  // CHECK: launch-in-macro.cu:[[@LINE-1]]:3: launch scale in host: grid (?, 1, 1) ['blocks * 2': 'blocks' is a parameter of 'host', which is not called in this file], block (128, 1, 1)
  // CHECK-NEXT: args: a = a, n = 5
}
