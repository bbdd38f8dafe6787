// A kernel launched from device code (CUDA dynamic parallelism, the CUDA
// samples' cdp* programs): Clang 19 rejects the launch, so the device side
// does not compile. The error says why, after Clang's own.
// RUN: not gpurd-advise --cache-report %s -- 2>&1 | FileCheck %s

__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { child<<<1, 32>>>(p); }

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  parent<<<1, 1>>>(d);
}

// CHECK: error: reference to __global__ function 'child' in __global__ function
// CHECK: gpurd-advise: error: kernel '{{child|parent}}': the device side of '{{.*}}dynamic-parallelism.cu' could not be compiled (see the errors above): a kernel launches a kernel from device code (CUDA dynamic parallelism), which Clang 19 does not compile, so gpurd cannot analyse the kernels of this file
