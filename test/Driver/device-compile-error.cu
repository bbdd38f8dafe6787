// A file whose device side does not compile (nvcc accepts inline-assembly
// operands without a comma between them; Clang does not, as in the CUDA
// samples' conjugateGradientMultiDeviceCG): every kernel's error names it,
// so that no kernel of the file goes without a message. (A PTX register
// with a single '%', which this test used before, now compiles:
// test/Frontend/nvcc-inline-ptx.cu.)
// With no launch in the file, the assumptions ask for the device code
// first (which thread indices the kernel reads), before any trace.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s -- 2>&1 | FileCheck %s

__global__ void empty() {}

// As in the sample, only the device side sees the assembly.
__device__ void release(unsigned char *flag, unsigned value) {
#if __CUDA_ARCH__ >= 700
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(value) "l"(flag)
               : "memory");
#endif
}

__global__ void delay(unsigned char *flag, int *out) {
  release(flag, 1);
  out[threadIdx.x] = 1;
}

// CHECK: error: expected ')'

// CHECK: gpurd-advise: error: kernel 'empty': the device side of '{{.*}}device-compile-error.cu' could not be compiled (see the errors above)
// CHECK: gpurd-advise: error: kernel 'delay': the device side of '{{.*}}device-compile-error.cu' could not be compiled (see the errors above)
