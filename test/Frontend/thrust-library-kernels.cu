// The kernels Thrust instantiates are in the JSON listing apart from the
// file's own (system_header_kernels); --kernel still chooses one, and a
// short name that is also the file's own kernel's means the file's. The
// device side compiles for sm_80 (CUB's onesweep radix sort is instantiated
// there), and the file's kernel is analysed in it.
// REQUIRES: thrust
// UNSUPPORTED: sanitizer
// RUN: gpurd-advise --list-kernels --format=json %s -- | FileCheck %s --check-prefix=JSON
// RUN: gpurd-advise --dump-accesses --kernel=EmptyKernel %s -- | FileCheck %s --check-prefix=DUMP

#include <thrust/device_vector.h>
#include <thrust/sort.h>

// A user kernel whose short name CUB also has (cub::EmptyKernel<void>).
// JSON: "kernels": [
// JSON-NEXT: {
// JSON: "name": "EmptyKernel"
// JSON: "launches": [
// JSON: "kernel": "EmptyKernel"
// JSON: "system_header_kernels": [
// JSON-DAG: "name": "cub::EmptyKernel<void>"
// JSON-DAG: "name": "cub::DeviceRadixSortOnesweepKernel<
// JSON-DAG: "file": "/usr/include/cub/device/dispatch/dispatch_radix_sort.cuh"
// JSON: "system_header_launch_sites": {{[1-9][0-9]*}}
// DUMP: kernel EmptyKernel
// DUMP: 'v[i]'
// DUMP-NOT: cub::
__global__ void EmptyKernel(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += 1;
}

int main() {
  thrust::device_vector<int> d(4096, 3);
  thrust::sort(d.begin(), d.end());
  EmptyKernel<<<16, 256>>>(thrust::raw_pointer_cast(d.data()), 4096);
  return 0;
}
