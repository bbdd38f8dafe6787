// Each kernel is analysed in a copy of the device code that keeps only the
// kernel and what it calls (a file of 200 template instances costs one
// kernel's optimisation, not 200). A variable another kernel stores to must
// still not be folded to its initial value: 'offset' is static (Clang marks
// only non-static __device__ variables externally initialised), and
// 'writer' is dropped from reader's copy.
// RUN: gpurd-advise %s --kernel=reader --dump-accesses --grid 4 --block 32 -- | FileCheck %s

static __device__ int offset = 5;

__global__ void writer(int v) { offset = v; }

// CHECK-LABEL: kernel reader: 3 memory operations, 2 affine
// CHECK-NEXT: S0 {{.*}}: load global 4 B of offset (read)
// CHECK: S1 {{.*}}: load global 4 B of data (read) 'data[i + offset]'
// CHECK-NEXT: non-affine (data-dependent-address)
__global__ void reader(const float *data, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = data[i + offset];
}
