// Storing an array transposed is no fix for a kernel that moves data
// between two layouts (a transpose): the strided access would only move to
// the other array. gpurd takes a kernel for a transpose when another array
// of the same size is accessed coalesced, one new element for each of the
// strided access's. A product that reads the same output element in every
// iteration of its loop (syrk's c[i * N + j] beside a[j * N + k]) moves no
// data between 'a' and 'c', and storing 'a' transposed is timed as any
// layout change.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access -- 2>&1 | FileCheck %s
//
// naiveTranspose: out[x * N + y] = in[y * N + x]; a warp's 32 threads of
// one row write 32 elements N * 4 = 4096 bytes apart (32 sectors where 4
// would do), and read 'in' (N x N, as 'out') coalesced, once for each
// store.
// CHECK-LABEL: kernel naiveTranspose:
// CHECK: warning: uncoalesced global store of 'out'
// CHECK: note: the kernel accesses 'in', of the same size, with neighbouring threads on neighbouring elements: it moves data between the two layouts (a transpose)
// CHECK-NOT: storing 'out' transposed is predicted
//
// syrkLike: c[i * N + j] += a[i * N + k] * a[j * N + k] over k: the lanes
// (j) read a[j * N + k] N * 4 bytes apart; c (N x N, as 'a') is read and
// written coalesced, but at the same elements in every iteration: no
// transpose, and the transposed 'a' is timed.
// CHECK-LABEL: kernel syrkLike:
// CHECK: warning: uncoalesced global load of 'a'
// CHECK-NOT: (a transpose)
// CHECK: note: storing 'a' transposed is predicted to cut the kernel's time
// CHECK-NOT: (a transpose)
#include <cuda_runtime.h>

#define N 1024

__global__ void naiveTranspose(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * N + y] = in[y * N + x];
}

__global__ void syrkLike(const float *a, float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * a[j * N + k];
}

int main() {
  float *in, *out, *a, *c;
  cudaMalloc(&in, N * N * sizeof(float));
  cudaMalloc(&out, N * N * sizeof(float));
  cudaMalloc(&a, N * N * sizeof(float));
  cudaMalloc(&c, N * N * sizeof(float));
  dim3 block(32, 8);
  dim3 grid(N / 32, N / 8);
  naiveTranspose<<<grid, block>>>(in, out);
  syrkLike<<<grid, block>>>(a, c);
  cudaDeviceSynchronize();
  return 0;
}
