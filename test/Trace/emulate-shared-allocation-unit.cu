// A block's shared memory is allocated in units (128 B on compute
// capability 8.0, 256 B on 7.0: the CUDA Occupancy Calculator's "Shared
// Memory Allocation Unit Size"). The CUDA samples' threadFenceReduction reads
// past the `2 * threads` floats it gives blocks of fewer than 16 threads;
// the hardware does not fault within the unit, so the emulator keeps those
// accesses and the report says how far they went. Past the unit is still
// an out-of-bounds error.
// RUN: gpurd-advise --cache-report %s --kernel=withinUnit --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=A100
// RUN: not gpurd-advise --cache-report %s --kernel=withinUnit --trace-source=emulate --set sm.sharedMemoryAllocationUnit=1 -- 2>&1 | FileCheck %s --check-prefix=EXACT
// RUN: not gpurd-advise --cache-report %s --kernel=pastUnit --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: gpurd-advise --cache-report %s --kernel=pastUnit --trace-source=emulate --arch volta-v100 -- 2>&1 | FileCheck %s --check-prefix=V100

// Each thread writes its float of the dynamic shared memory, then reads
// the one \p ahead of it.
__device__ __forceinline__ void readAhead(float *out, unsigned ahead) {
  extern __shared__ float s[];
  unsigned tid = threadIdx.x;
  s[tid] = tid;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = s[tid + ahead];
}

// Blocks of 8 threads with 2 * 8 floats: s[tid + 16] reaches float 23.
__global__ void withinUnit(float *out) { readAhead(out, 16); }

// Float 32 + 7 = 39: bytes [156, 160), past 128 but within 256.
__global__ void pastUnit(float *out) { readAhead(out, 32); }

int main() {
  float *d;
  cudaMalloc(&d, 64 * sizeof(float));
  withinUnit<<<8, 8, 2 * 8 * sizeof(float)>>>(d);
  pastUnit<<<8, 8, 2 * 8 * sizeof(float)>>>(d);
}

// The farthest read is float 23: bytes [92, 96) of the 64 the launch gives,
// within the first 128-byte unit.
// A100: kernel withinUnit on ampere-a100
// A100: note: the kernel accesses its block's shared memory up to byte 96, past the 64 bytes it declares (static and dynamic): the arch allocates shared memory in units of 128 bytes, so the hardware does not fault there

// EXACT: error: {{.*}}out-of-bounds read of 4 bytes by {{.*}}shared memory offset 64

// PAST: error: {{.*}}out-of-bounds read of 4 bytes by {{.*}}shared memory offset 128

// V100: kernel pastUnit on volta-v100
// V100: note: the kernel accesses its block's shared memory up to byte 160, past the 64 bytes it declares (static and dynamic): the arch allocates shared memory in units of 256 bytes
