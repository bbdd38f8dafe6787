// Launch values that come through function calls: a parameter of the
// function that launches takes the value its callers pass (evaluated in the
// caller, a few functions deep), a helper's return value is evaluated with
// its arguments, and what stays unknown names the chain it followed.
//
// RUN: gpurd-advise %s --list-kernels -- | FileCheck %s
// RUN: gpurd-advise %s --print-launches --kernel mean_kernel -- | FileCheck %s --check-prefix=MEAN
// RUN: %expect-exit 1 gpurd-advise --no-assume %s --print-launches --kernel fromArgv -- 2>&1 | FileCheck %s --check-prefix=ARGV

#include <cstdlib>

#define M 2048
#define N 1024
#define DIM_THREAD_BLOCK_X 256

__global__ void mean_kernel(int m, int n, float *mean, const float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m)
    for (int i = 0; i < n; i++)
      mean[j] += data[i * m + j];
}
__global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2;
}
__global__ void fromArgv(float *v, int n) { v[threadIdx.x] = n; }

// PolyBench's shape: main passes `int m = M` to the function that launches;
// the kernel's arguments m and n are that function's parameters.
// grid: (m + 256 - 1) / 256 = 2303 / 256 = 8 (integer division).
// CHECK: launch mean_kernel in correlationCuda: grid (8, 1, 1), block (256, 1, 1)
// CHECK-NEXT: args: m = 2048, n = 1024, mean = mean, data = data
void correlationCuda(int m, int n, float *mean, const float *data) {
  dim3 block(DIM_THREAD_BLOCK_X, 1);
  dim3 grid((m + block.x - 1) / block.x, 1);
  mean_kernel<<<grid, block>>>(m, n, mean, data);
}

// The grid is computed in the helper from its parameter: 65536 / 256 = 256.
// CHECK: launch scale in CUDA_interface: grid (256, 1, 1), block (256, 1, 1)
// CHECK-NEXT: args: v = v, n = 65536
void CUDA_interface(int n, float *v) {
  dim3 grid1(n / 256);
  dim3 block1(256);
  scale<<<grid1, block1>>>(v, n);
}

// A helper's return value with the argument the caller passes: 1000 % 256 is
// 232, not 0, so iDivUp(1000, 256) = 1000 / 256 + 1 = 3 + 1 = 4.
int iDivUp(int a, int b) { return (a % b) ? (a / b + 1) : (a / b); }
// CHECK: launch scale in withHelper: grid (4, 1, 1), block (256, 1, 1)
// CHECK-NEXT: args: v = v, n = 1000
void withHelper(int n, float *v) { scale<<<iDivUp(n, 256), 256>>>(v, n); }

// Two functions deep, with a dim3 passed by const reference: outer(512)
// calls inner(512 * 2, dim3(64)), so the grid is 1024 / 64 = 16.
// CHECK: launch scale in inner: grid (16, 1, 1), block (64, 1, 1)
// CHECK-NEXT: args: v = v, n = 1024
void inner(int count, const dim3 &threads, float *v) {
  scale<<<count / threads.x, threads>>>(v, count);
}
void outer(int size, float *v) { inner(size * 2, dim3(64), v); }

// A parameter the function changes before the launch: 64 / 2 = 32.
// CHECK: launch scale in halved: grid (32, 1, 1), block (32, 1, 1)
// CHECK-NEXT: args: v = v, n = 32
void halved(int n, float *v) {
  n = n / 2;
  scale<<<n, 32>>>(v, n);
}

// The members of a structure the caller fills: 4096 / 128 = 32 blocks.
struct Params {
  int n;
  int threads;
};
// CHECK: launch scale in withParams: grid (32, 1, 1), block (128, 1, 1)
// CHECK-NEXT: args: v = v, n = 4096
void withParams(Params p, float *v) {
  scale<<<p.n / p.threads, p.threads>>>(v, p.n);
}

// Unknown: a function no one in the file calls, and one whose address is
// taken (it may be called from anywhere).
// CHECK: launch scale in notCalled: grid (?, 1, 1) ['n': 'n' is a parameter of 'notCalled', which is not called in this file]
void notCalled(int n, float *v) { scale<<<n, 32>>>(v, n); }
// CHECK: launch scale in viaPointer: grid (?, 1, 1) ['n': 'n' is a parameter of 'viaPointer', whose address is taken at line [[@LINE+2]] (its callers are not all known)]
void viaPointer(int n, float *v) { scale<<<n, 32>>>(v, n); }
void (*pointerToIt)(int, float *) = viaPointer;

// The chain to main's command line.
// ARGV: error: kernel 'fromArgv': the launch configuration is incomplete:
// ARGV-NEXT: the grid size (the launch at {{.*}}launch-through-calls.cu:[[@LINE+2]]) is 'n / 256': 'n' is a parameter of 'runFromArgv', called from 'main' at line [[@LINE+16]] with 'size': 'atoi(argv[1])' reads the program's command line; give it with --grid X[,Y[,Z]] or in a --launch-spec file
// ARGV-NEXT: the argument 'n' {{.*}} is 'n': 'n' is a parameter of 'runFromArgv', called from 'main' at line [[@LINE+15]] with 'size': 'atoi(argv[1])' reads the program's command line; give it with --arg n=VALUE or in a --launch-spec file
void runFromArgv(int n, float *v) { fromArgv<<<n / 256, 256>>>(v, n); }

int main(int argc, char **argv) {
  float *v = nullptr;
  int m = M;
  int n = N;
  correlationCuda(m, n, v, v);
  CUDA_interface(65536, v);
  withHelper(1000, v);
  outer(512, v);
  halved(64, v);
  Params p = {4096, 128};
  withParams(p, v);
  int size = atoi(argv[1]);
  runFromArgv(size, v);
  return 0;
}

// MEAN: kernel mean_kernel: grid (8, 1, 1), block (256, 1, 1) = 8 blocks of 256 threads
// MEAN-NEXT: args: m = 2048, n = 1024
// MEAN-NEXT: from: the launch at {{.*}}launch-through-calls.cu:37:3

// Without --no-assume the same launch is analysed under stated assumptions,
// each note naming the chain that left the value unknown. The grid n / 256
// and the argument n both come from main's `size`, so that host value is
// assumed and both are computed from it: 2^20 / 256 = 4096 blocks is the
// first power of two's grid that fills 4 waves of 108 SMs x 8 resident
// blocks of 256 threads = 3456 (2^19 gives 2048).
// ASSUMED: kernel fromArgv: grid (4096, 1, 1), block (256, 1, 1)
// ASSUMED-NEXT: args: n = 1048576
// ASSUMED: note: assumed host values size = 1048576 (the smallest power of two with which the grid the source computes, (4096, 1, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks)); 'atoi(argv[1])' reads the program's command line; give the launch's values with --grid X[,Y[,Z]], --block X[,Y[,Z]] and --arg NAME=VALUE or in a --launch-spec file
// RUN: gpurd-advise %s --print-launches --kernel fromArgv -- | FileCheck %s --check-prefix=ASSUMED
