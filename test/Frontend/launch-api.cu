// Kernels started with the runtime's launch functions: cudaLaunchKernel (C
// function and C++ overload), cudaLaunchCooperativeKernel, cudaLaunchKernelEx
// and cudaLaunchKernelExC, with argument arrays and cudaLaunchConfig_t.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --kernel saxpy -- | FileCheck %s --check-prefix=SAXPY
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --kernel reduce --launch 2 -- 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --kernel reduce --launch 3 -- 2>&1 | FileCheck %s --check-prefix=LATER
// RUN: %expect-exit 1 gpurd-advise --cache-report --no-assume %s --kernel reduce --launch 4 -- 2>&1 | FileCheck %s --check-prefix=ELSEWHERE

#include <cuda_runtime.h>

#define N 4096

// CHECK: launch-api.cu: 3 kernels, 13 launch sites
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void saxpyHalf(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 2)
    y[i] = a * x[i] + y[i];
}
__global__ void reduce(const float *in, float *out, int n) {
  extern __shared__ float partial[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

void record(void **args);

void plain(float *x, float *y, cudaStream_t stream) {
  int n = N;
  float a = 2.0f;
  // The addresses in an argument array that only launches use do not make
  // n and a unknown.
  void *args[] = {&n, &a, &x, &y};
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in plain: grid (16, 1, 1), block (256, 1, 1), dynamic shared 0 B, stream stream
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: n = 4096, a = 2, x = x, y = y
  cudaLaunchKernel((const void *)saxpy, dim3((N + 255) / 256), dim3(256), args, 0, stream);
  // The C++ overload, without shared memory and stream.
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in plain: grid (32, 1, 1), block (128, 1, 1)
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: n = 4096, a = 2, x = x, y = y
  cudaLaunchKernel(saxpy, n / 128, 128, args);
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in plain: grid (8, 1, 1), block (512, 1, 1), dynamic shared 0 B
  // CHECK-NEXT: through cudaLaunchCooperativeKernel
  // CHECK-NEXT: args: n = 4096, a = 2, x = x, y = y
  cudaLaunchCooperativeKernel((void *)saxpy, 8, 512, args, 0, 0);
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in plain: grid (2, 2, 1), block (32, 4, 1)
  // CHECK-NEXT: through cudaLaunchCooperativeKernel
  // CHECK-NEXT: args: n = 4096, a = 2, x = x, y = y
  cudaLaunchCooperativeKernel(saxpy, dim3(2, 2), dim3(32, 4), args);
}

void sums(const float *in, float *out, int count, void **external) {
  int n = 1 << 16;
  const int threads = 256;
  void *args[] = {(void *)&in, (void *)&out, (void *)&n};
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch reduce in sums: grid (256, 1, 1), block (256, 1, 1), dynamic shared 1024 B
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: in = in, out = out, n = 65536
  cudaLaunchKernel((const void *)reduce, n / threads, threads, args, threads * sizeof(float), 0);
  // Argument arrays gpurd does not read: a parameter, an array filled by
  // assignments.
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch reduce in sums: grid (1, 1, 1), block (32, 1, 1), dynamic shared 128 B
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: in = external[0], out = external[1], n = external[2]
  cudaLaunchKernel((const void *)reduce, 1, 32, external, 128, 0);
  void *later[3];
  later[2] = &count;
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch reduce in sums: grid (1, 1, 1), block (32, 1, 1), dynamic shared 128 B
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: in = later[0], out = later[1], n = later[2]
  cudaLaunchKernel((const void *)reduce, 1, 32, later, 128, 0);
}

void elsewhere(const float *in, float *out) {
  int n = 64;
  void *args[] = {&in, &out, &n};
  record(args);
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch reduce in elsewhere: grid (1, 1, 1), block (64, 1, 1), dynamic shared 256 B
  // CHECK-NEXT: through cudaLaunchKernel
  // CHECK-NEXT: args: in = args[0], out = args[1], n = args[2]
  cudaLaunchKernel((const void *)reduce, 1, 64, args, 64 * sizeof(float), 0);
}

void extensible(float *x, float *y, cudaStream_t stream,
                const cudaLaunchConfig_t *given) {
  cudaLaunchConfig_t config = {0};
  config.gridDim = dim3(N / 256);
  config.blockDim = 256;
  config.stream = stream;
  // The arguments of the C++ cudaLaunchKernelEx are converted to the
  // parameter types: a = 3 is a float.
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in extensible: grid (16, 1, 1), block (256, 1, 1), dynamic shared 0 B, stream stream
  // CHECK-NEXT: through cudaLaunchKernelEx
  // CHECK-NEXT: args: n = 4096, a = 3, x = x, y = y
  cudaLaunchKernelEx(&config, saxpy, N, 3, x, y);
  int n = 1024;
  float a = 0.5f;
  void *args[] = {&n, &a, &x, &y};
  config.blockDim.x = 128;
  config.dynamicSmemBytes = 64;
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in extensible: grid (16, 1, 1), block (128, 1, 1), dynamic shared 64 B, stream stream
  // CHECK-NEXT: through cudaLaunchKernelExC
  // CHECK-NEXT: args: n = 1024, a = 0.5, x = x, y = y
  cudaLaunchKernelExC(&config, (const void *)saxpy, args);
  // CHECK: launch-api.cu:[[@LINE+3]]:3: launch saxpy in extensible: grid (?, ?, ?) ['given->gridDim': 'given' is a parameter of 'extensible'], block (?, ?, ?) ['given->blockDim': 'given' is a parameter of 'extensible'], dynamic shared ? B ['given->dynamicSmemBytes': 'given' is a parameter of 'extensible'], stream given->stream
  // CHECK-NEXT: through cudaLaunchKernelEx
  // CHECK-NEXT: args: n = 4096, a = 1, x = x, y = y
  cudaLaunchKernelEx(given, saxpy, N, 1.0f, x, y);
}

// Through a pointer: one launch site per kernel it may hold.
void chosen(float *x, float *y, bool half) {
  int n = N;
  float a = 1.0f;
  void *args[] = {&n, &a, &x, &y};
  void (*kernel)(int, float, const float *, float *) = half ? saxpyHalf : saxpy;
  // CHECK: launch-api.cu:[[@LINE+6]]:3: launch saxpyHalf in chosen: grid (1, 1, 1), block (32, 1, 1), dynamic shared 0 B
  // CHECK-NEXT: through cudaLaunchKernel and pointer 'kernel', which may be one of 2 kernels: saxpyHalf, saxpy
  // CHECK-NEXT: args: n = 4096, a = 1, x = x, y = y
  // CHECK-NEXT: launch-api.cu:[[@LINE+3]]:3: launch saxpy in chosen: grid (1, 1, 1), block (32, 1, 1), dynamic shared 0 B
  // CHECK-NEXT: through cudaLaunchKernel and pointer 'kernel', which may be one of 2 kernels: saxpyHalf, saxpy
  // CHECK-NEXT: args: n = 4096, a = 1, x = x, y = y
  cudaLaunchKernel((const void *)kernel, 1, 32, args, 0, 0);
}

// SAXPY: launch-api.cu:15:17: kernel saxpy: grid (16, 1, 1), block (256, 1, 1) = 16 blocks of 256 threads
// SAXPY-NEXT: args: n = 4096, a = 2
// SAXPY-NEXT: from: the launch at {{.*}}launch-api.cu:45:3 through cudaLaunchKernel{{$}}

// EXTERNAL: error: kernel 'reduce': the launch configuration is incomplete for its accesses:
// EXTERNAL-NEXT: {{^}}  the argument 'n' (the launch at {{.*}}launch-api.cu:74) is 'external[2]': the argument array 'external' is not a local array initialized in place; give it with --arg n=VALUE or in a --launch-spec file

// LATER: error: kernel 'reduce': the launch configuration is incomplete for its accesses:
// LATER-NEXT: {{^}}  the argument 'n' (the launch at {{.*}}launch-api.cu:80) is 'later[2]': the argument array 'later' is not a local array initialized in place; give it with --arg n=VALUE or in a --launch-spec file

// ELSEWHERE: error: kernel 'reduce': the launch configuration is incomplete for its accesses:
// ELSEWHERE-NEXT: {{^}}  the argument 'n' (the launch at {{.*}}launch-api.cu:90) is 'args[2]': the argument array 'args' is used at line 86 other than by a launch; give it with --arg n=VALUE or in a --launch-spec file
