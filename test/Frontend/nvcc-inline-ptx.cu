// nvcc passes `%name` of a PTX special register through an inline-asm
// template where Clang requires `%%` ("invalid % escape in inline assembly
// string"); the CUDA samples' cudaGraphsPerfScaling reads %globaltimer that
// way. gpurd reads sources as nvcc does (NvccAsmDialect.h): the kernels
// compile, and the emulator runs the inline PTX.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --arch fermi-gtx470 --dump-accesses -- 2>&1 | FileCheck %s --check-prefix=DUMP

__device__ unsigned laneId() {
  unsigned lane;
  asm("mov.u32 %0, %laneid;" : "=r"(lane));
  return lane;
}

__global__ void stamp(unsigned long long *out) {
  unsigned long long now;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(now));
  // One 8-byte store per lane, indexed by the lane id the PTX gives.
  out[blockIdx.x * 32 + laneId()] = now;
}

int main() {
  unsigned long long *d;
  cudaMalloc(&d, 64 * sizeof(unsigned long long));
  stamp<<<2, 32>>>(d);
}

// CHECK-NOT: error
// CHECK: kernel stamp on fermi-gtx470
// Two warps each store 32 x 8 B = 256 B: two 128-byte lines, one write
// request each on the Fermi L1: 4 writes.
// CHECK: L1: 0 read requests; {{.*}}; 4 writes

// DUMP: kernel stamp: 1 memory operation, 0 affine
// DUMP: non-affine (unsupported-value): the index is the result of the inline PTX 'mov.u32 $0, %laneid;'
