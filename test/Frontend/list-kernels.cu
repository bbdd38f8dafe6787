// Kernels (plain, template instances, in namespaces) and launch sites with
// their compile-time values.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s

#include <cuda_runtime.h>

#define N 4096
#define THREADS 256
const int Rows = 64;

// CHECK: list-kernels.cu: 4 kernels, 4 launch sites

// CHECK: list-kernels.cu:[[@LINE+1]]:17: kernel saxpy(float *x, const float *__restrict y, float a, int n)
__global__ void saxpy(float *x, const float *__restrict__ y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = a * x[i] + y[i];
}

namespace blas {
template <typename T, int B>
__global__ void __launch_bounds__(B) scale(T *v, T s) {
  __shared__ T tile[B];
  tile[threadIdx.x] = v[blockIdx.x * B + threadIdx.x];
  v[blockIdx.x * B + threadIdx.x] = tile[threadIdx.x] * s;
}
} // namespace blas

// CHECK: list-kernels.cu:22:38: kernel blas::scale<float, 128>(float *v, float s) [template instance; launch bounds 128; 512 B static shared]
// CHECK: list-kernels.cu:22:38: kernel blas::scale<double, 64>(double *v, double s) [template instance; launch bounds 64; 512 B static shared]

// CHECK: list-kernels.cu:[[@LINE+1]]:17: kernel reduce(const int *in, int *out) [dynamic shared]
__global__ void reduce(const int *in, int *out) {
  extern __shared__ int partial[];
  partial[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

void run(float *x, float *y, int n, cudaStream_t stream) {
  dim3 block(THREADS);
  dim3 grid((N + block.x - 1) / block.x);
  // CHECK: list-kernels.cu:[[@LINE+2]]:3: launch saxpy in run: grid (16, 1, 1), block (256, 1, 1)
  // CHECK-NEXT: args: x = x, y = y, a = 2, n = 4096
  saxpy<<<grid, block>>>(x, y, 2.0f, N);
  // CHECK: list-kernels.cu:[[@LINE+1]]:3: launch blas::scale<float, 128> in run: grid (64, 1, 1), block (128, 1, 1), dynamic shared 0 B, stream stream
  blas::scale<float, 128><<<Rows, 128, 0, stream>>>(x, 0.5f);
  // CHECK: list-kernels.cu:[[@LINE+2]]:3: launch blas::scale<double, 64> in run: grid (?, 1, 1) ['n / 64': 'n' is a parameter of 'run', which is not called in this file], block (64, 1, 1)
  // CHECK-NEXT: args: v = nullptr, s = n * 0.5
  blas::scale<double, 64><<<n / 64, 64>>>(nullptr, n * 0.5);
  // CHECK: list-kernels.cu:[[@LINE+1]]:3: launch reduce in run: grid (8, 1, 1), block (256, 1, 1), dynamic shared 1024 B
  reduce<<<8, THREADS, THREADS * sizeof(int)>>>((const int *)x, (int *)y);
}
