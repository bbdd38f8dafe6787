// A `__constant__` or `__device__` variable the host writes (Parboil's SpMV
// fills its `jds_ptr_int` and `sh_zcnt_int` tables with cudaMemcpyToSymbol)
// reads, in the emulator, as the device code gives it: zeros without an
// initializer. A loop bound read from it then runs no times and the figures
// describe an empty kernel. That is an assumption the report states, as it
// states the contents of a buffer gpurd makes up.
//
// rowsFromTable: the loop bound is read from the table the host fills; the
// emulator runs the kernel, so the figures rest on the zeros.
// RUN: gpurd-advise %s --kernel=rowsFromTable -- 2>&1 | FileCheck %s --check-prefix=TABLE
// TABLE: note: assumed the contents of 'rowsPerBlock' as zeros, what the device code gives it (the host writes it with cudaMemcpyToSymbol at {{.*}}host-written-variable.cu:[[#@LINE+40]]:3, with values gpurd does not follow); a loop bound or an index the kernel reads from it is that value, and no input gives another yet
// TABLE: predicted: L1 sector hit rate - (no reads)
//
// The same with an initializer the host overwrites.
// RUN: gpurd-advise %s --kernel=rowsFromInitialised -- 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: note: assumed the contents of 'initialRows' as its initializer in the device code (the host writes it with cudaMemcpyToSymbolAsync at
//
// counter: a `__device__` counter the host never writes is zero when the
// launch starts, as C++ says; nothing is assumed.
// RUN: gpurd-advise %s --kernel=counter -- 2>&1 | FileCheck %s --check-prefix=COUNTER
// COUNTER-NOT: assumed the contents
// COUNTER: predicted:

__constant__ int rowsPerBlock[4];
__constant__ int initialRows[4] = {1, 1, 1, 1};
__device__ int count;

__global__ void rowsFromTable(const float *a, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < rowsPerBlock[blockIdx.x % 4]; ++k)
    sum += a[k * n + i];
  y[i] = sum;
}

__global__ void rowsFromInitialised(const float *a, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < initialRows[blockIdx.x % 4]; ++k)
    sum += a[k * n + i];
  y[i] = sum;
}

__global__ void counter(int *out) {
  int slot = atomicAdd(&count, 1);
  out[slot % 128] = threadIdx.x;
}

void run(const float *a, float *y, int *out, int n) {
  int h[4] = {8, 8, 8, 8};
  cudaMemcpyToSymbol(rowsPerBlock, h, sizeof h);
  cudaMemcpyToSymbolAsync(initialRows, h, sizeof h);
  rowsFromTable<<<n / 128, 128>>>(a, y, n);
  rowsFromInitialised<<<n / 128, 128>>>(a, y, n);
  counter<<<1, 128>>>(out);
}
