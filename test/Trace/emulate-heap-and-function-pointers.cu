// Device code that calls through function pointers (a __device__ table
// whose initialiser names the functions, as the CUDA samples'
// FunctionPointers and the vtables of newdelete) and allocates with new
// (device malloc): the emulator runs both. A function's address is the
// function; the heap hands out 16-byte-aligned pieces one after the other.
// RUN: gpurd-advise --cache-report %s --kernel=viaTable -- 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: gpurd-advise --cache-report %s --kernel=viaHeap -- 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: gpurd-advise --cache-report %s --kernel=viaNull --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=NULL

__device__ float negate(float x) { return -x; }
__device__ float twice(float x) { return 2 * x; }
__device__ float (*table[2])(float) = {negate, twice};
__device__ float (*unset)(float);

__global__ void viaTable(const float *in, float *out, int which) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[which](in[i]);
}

// new without <new>: the implicitly declared operator new[], which nvcc's
// device runtime (and the emulator) serve from the heap.
__global__ void viaHeap(float **kept, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float *scratch = new float[n];
  for (int k = 0; k < n; ++k)
    scratch[k] = k;
  kept[i] = scratch;
}

__global__ void viaNull(const float *in, float *out) {
  out[threadIdx.x] = unset(in[threadIdx.x]);
}

int main() {
  float *in, *out, **kept;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  cudaMalloc(&kept, 64 * sizeof(float *));
  viaTable<<<4, 64>>>(in, out, 1);
  viaHeap<<<2, 32>>>(kept, 8);
  viaNull<<<1, 32>>>(in, out);
}

// 4 blocks of 2 warps: each warp loads table[1] (one request, the same
// line for all), in[i] (32 floats, one 128-byte line) and stores out[i] (one
// line): 8 + 8 reads, 8 writes.
// TABLE: kernel viaTable on ampere-a100
// TABLE: L1: 16 read requests
// TABLE-SAME: 8 writes
// TABLE: S0 {{.*}} 'table[which]': L1 8 reads
// TABLE: S1 {{.*}} 'in[i]': L1 8 reads
// TABLE: S2 {{.*}} 'out[i]': L1 8 writes

// Each of the 64 threads gets 8 floats = 32 bytes (a multiple of 16), so a
// warp's 32 pieces span 1024 bytes = 8 lines: each of the 8 stores
// scratch[k] of a warp touches 8 lines, 2 warps x 8 x 8 = 128 write
// requests; kept[i] (32 pointers, 256 bytes) 2 lines per warp, 4. The heap
// handed out 64 x 32 = 2048 bytes (block 0, traced twice, allocates the
// same bytes both times).
// HEAP: kernel viaHeap on ampere-a100
// HEAP: S1 {{.*}} 'scratch[k]': L1 128 writes
// HEAP: S2 {{.*}} 'kept[i]': L1 4 writes
// HEAP: note: the kernel allocates from the device heap (malloc, new): the emulator handed out 2048 bytes in 16-byte-aligned pieces

// The affine trace leaves the call out (no function it may reach makes an
// access); emulated, the unset pointer (zeros: the host may set it) calls
// negate, the first float(float) function whose address the code takes,
// and a note says so (emulate-host-filled-function-table.cu). One warp:
// in[t] and unset (2 read requests), out[t] (1 write).
// NULL: L1: 2 read requests,
// NULL-SAME: 1 write;
// NULL: note: calls through a null function pointer {{.*}}: 'negate' at {{.*}}emulate-heap-and-function-pointers.cu:31:22
