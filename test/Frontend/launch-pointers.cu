// Launches through function pointers: one site per kernel the pointer may
// hold, or a launch of an unknown kernel with the reason.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --kernel shift -- | FileCheck %s --check-prefix=SHIFT
// RUN: gpurd-advise --cache-report %s --kernel scale -- | FileCheck %s --check-prefix=SCALE

#include <cuda_runtime.h>

#define N 4096

// 3 kernels; launch sites: 2 (certain) + 3 (suite) + 1 (parameter)
// + 2 (table) + 1 (member) + 2 (alias, automatic) + 1 (chosen) + 1 (maybe).
// CHECK: launch-pointers.cu: 3 kernels, 13 launch sites
__global__ void copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}
__global__ void shift(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    out[i] = in[i + 1];
}

typedef void (*Kernel)(float *, const float *, int);
Kernel table[] = {copy, scale};
struct Step {
  Kernel kernel;
  int threads;
};
Kernel pick();

// The last assignment before each launch is certain: one kernel each.
void certain(float *out, const float *in) {
  void (*kernel)(float *, const float *, int) = &copy;
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch copy in certain: grid (16, 1, 1), block (256, 1, 1)
  // CHECK-NEXT: through pointer 'kernel'
  // CHECK-NEXT: args: out = out, in = in, n = 4096
  kernel<<<N / 256, 256>>>(out, in, N);
  kernel = scale;
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch scale in certain: grid (8, 1, 1), block (128, 1, 1)
  // CHECK-NEXT: through pointer 'kernel'
  // CHECK-NEXT: args: out = out, in = in, n = 1024
  kernel<<<8, 128>>>(out, in, 1024);
}

// As in the CUDA samples' transpose: the kernel is chosen by a switch, so
// each of the three may be launched.
void suite(float *out, const float *in) {
  for (int k = 0; k < 3; k++) {
    void (*kernel)(float *, const float *, int);
    const char *name;
    switch (k) {
    case 0:
      kernel = &copy;
      name = "copy";
      break;
    case 1:
      kernel = &scale;
      name = "scale";
      break;
    default:
      kernel = &shift;
      name = "shift";
      break;
    }
    // CHECK: launch-pointers.cu:[[@LINE+9]]:5: launch copy in suite: grid (64, 64, 1), block (16, 16, 1)
    // CHECK-NEXT: through pointer 'kernel', which may be one of 3 kernels: copy, scale, shift
    // CHECK-NEXT: args: out = out, in = in, n = 1048576
    // CHECK-NEXT: launch-pointers.cu:[[@LINE+6]]:5: launch scale in suite: grid (64, 64, 1), block (16, 16, 1)
    // CHECK-NEXT: through pointer 'kernel', which may be one of 3 kernels: copy, scale, shift
    // CHECK-NEXT: args: out = out, in = in, n = 1048576
    // CHECK-NEXT: launch-pointers.cu:[[@LINE+3]]:5: launch shift in suite: grid (64, 64, 1), block (16, 16, 1)
    // CHECK-NEXT: through pointer 'kernel', which may be one of 3 kernels: copy, scale, shift
    // CHECK-NEXT: args: out = out, in = in, n = 1048576
    kernel<<<dim3(64, 64), dim3(16, 16)>>>(out, in, 1 << 20);
  }
}

// A parameter: the caller decides, the kernel is unknown here.
void parameter(void (*k)(float *, const float *, int), float *out,
               const float *in) {
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch ? ['k': 'k' is a parameter of 'parameter'] in parameter: grid (1, 1, 1), block (32, 1, 1)
  // CHECK-NEXT: through pointer 'k'
  // CHECK-NEXT: args: out, in, 32
  k<<<1, 32>>>(out, in, 32);
}

void stored(float *out, const float *in, int i, bool again) {
  // A global array: every kernel in it.
  // CHECK: launch-pointers.cu:[[@LINE+6]]:3: launch copy in stored: grid (2, 1, 1), block (64, 1, 1)
  // CHECK-NEXT: through pointer 'table[i]', which may be one of 2 kernels: copy, scale
  // CHECK-NEXT: args: out = out, in = in, n = i
  // CHECK-NEXT: launch-pointers.cu:[[@LINE+3]]:3: launch scale in stored: grid (2, 1, 1), block (64, 1, 1)
  // CHECK-NEXT: through pointer 'table[i]', which may be one of 2 kernels: copy, scale
  // CHECK-NEXT: args: out = out, in = in, n = i
  table[i]<<<2, 64>>>(out, in, i);

  // A structure member, set by aggregate initialization.
  Step step = {&shift, 64};
  // The block is its member threads, 64.
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch shift in stored: grid (4, 1, 1), block (64, 1, 1)
  // CHECK-NEXT: through pointer 'step.kernel'
  // CHECK-NEXT: args: out = out, in = in, n = 256
  step.kernel<<<4, step.threads>>>(out, in, 256);

  // A reference and an `auto` variable.
  auto &alias = scale;
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch scale in stored: grid (1, 1, 1), block (128, 1, 1)
  // CHECK-NEXT: through pointer 'alias'
  // CHECK-NEXT: args: out = out, in = in, n = 128
  alias<<<1, 128>>>(out, in, 128);
  auto automatic = copy;
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch copy in stored: grid (1, 1, 1), block (128, 1, 1)
  // CHECK-NEXT: through pointer 'automatic'
  // CHECK-NEXT: args: out = out, in = in, n = 128
  automatic<<<1, 128>>>(out, in, 128);

  // A value gpurd does not follow.
  Kernel chosen = pick();
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch ? ['chosen': the call 'pick()' is not followed] in stored: grid (1, 1, 1), block (32, 1, 1)
  // CHECK-NEXT: through pointer 'chosen'
  // CHECK-NEXT: args: out, in, 32
  chosen<<<1, 32>>>(out, in, 32);
  decltype(&copy) maybe = copy;
  if (again)
    maybe = pick();
  // CHECK: launch-pointers.cu:[[@LINE+3]]:3: launch copy in stored: grid (1, 1, 1), block (32, 1, 1)
  // CHECK-NEXT: through pointer 'maybe', which may be copy, or another function [the call 'pick()' is not followed]
  // CHECK-NEXT: args: out = out, in = in, n = 32
  maybe<<<1, 32>>>(out, in, 32);
}

// The first launch site of shift is the switch's launch in suite.
// SHIFT: launch-pointers.cu:24:17: kernel shift: grid (64, 64, 1), block (16, 16, 1) = 4096 blocks of 256 threads
// SHIFT-NEXT: args: n = 1048576
// SHIFT-NEXT: from: the launch at {{.*}}launch-pointers.cu:81:5 through pointer 'kernel' (one of 3 kernels)

// SCALE: launch-pointers.cu:19:17: kernel scale: grid (8, 1, 1), block (128, 1, 1) = 8 blocks of 128 threads
// SCALE-NEXT: args: n = 1024
// SCALE-NEXT: from: the launch at {{.*}}launch-pointers.cu:49:3 through pointer 'kernel'{{$}}
