// A file whose device side does not compile (nvcc accepts this inline
// assembly; Clang rejects '%globaltimer' as an operand escape, as in the
// CUDA samples' cudaGraphPerfScaling): every kernel's error names it, so
// that no kernel of the file goes without a message.
// With no launch in the file, the assumptions ask for the device code
// first (which thread indices the kernel reads), before any trace.
// RUN: %expect-exit 1 gpurd-advise %s -- 2>&1 | FileCheck %s

__global__ void empty() {}

__device__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__global__ void delay(long long ticks, int *out) {
  unsigned long long start = globalTimer();
  while (globalTimer() - start < ticks)
    ;
  out[threadIdx.x] = 1;
}

// CHECK: error: invalid % escape in inline assembly string
// CHECK: gpurd-advise: error: kernel 'empty': the device side of '{{.*}}device-compile-error.cu' could not be compiled (see the errors above)
// CHECK: gpurd-advise: error: kernel 'delay': the device side of '{{.*}}device-compile-error.cu' could not be compiled (see the errors above)
