// Volta and later split one storage per SM between the L1 and shared memory,
// per kernel (CUDA's driver picks, by default, the smallest shared-memory
// carve-out that holds the resident blocks' shared memory; the rest is L1).
// The A100 has 192 KB and carve-outs of 0, 8, 16, 32, 64, 100, 132 or
// 164 KB; its L1 has 4 sets of 128-byte lines and as many ways as fit. A
// block takes its shared memory in 128-byte units and 1 KB more that CUDA
// reserves for itself (compute capability 8.0).
//
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --format=json -- | FileCheck %s --check-prefix=JSON
// Without the carve-outs the preset's l1.size (the smallest L1) is used.
// RUN: gpurd-advise --cache-report %s --set sm.sharedMemoryCarveouts=null --format=json -- | FileCheck %s --check-prefix=FIXED

// No shared memory: 8 resident blocks of 256 threads x (0 + 1024 B reserved)
// = 8 KB: the 8 KB carve-out, and 184 KB of L1 (184 KB / (4 x 128 B) = 368
// ways).
__global__ void plain(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// 12 KB per block, 8 resident blocks (2048 threads / 256): 8 x 13 KB =
// 104 KB, so the 132 KB carve-out and a 60 KB L1 (120 ways). Without the
// reserved KB, 96 KB would have fitted the 100 KB carve-out.
__global__ void tiled(const float *in, float *out) {
  __shared__ float tile[3072];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[(threadIdx.x + 1) % 256u];
}

// 48 KB per block: 3 resident blocks (164 KB / 49 KB = 3.3), 147 KB: the
// largest carve-out, 164 KB, and a 28 KB L1 (56 ways).
__global__ void big(const float *in, float *out) {
  __shared__ float tile[12288];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[(threadIdx.x + 1) % 256u];
}

void run(const float *in, float *out) {
  plain<<<16, 256>>>(in, out);
  tiled<<<16, 256>>>(in, out);
  big<<<16, 256>>>(in, out);
}

// CHECK: kernel plain on ampere-a100 (predicted by the cache model
// CHECK: note: the L1 is 184 KB of the SM's 192 KB of L1 and shared memory (4 sets x 368 ways): the shared-memory carve-out is 8 KB, the smallest of 0, 8, 16, 32, 64, 100, 132 or 164 KB that holds 8 resident blocks x 1024 B (the kernel's 0 B in 128-byte units plus the 1024 B CUDA reserves per block), as CUDA's driver picks by default; --set sm.sharedMemoryCarveouts=null uses l1.size as given
// CHECK: kernel tiled on ampere-a100
// CHECK: note: the L1 is 60 KB of the SM's 192 KB of L1 and shared memory (4 sets x 120 ways): the shared-memory carve-out is 132 KB, {{.*}} that holds 8 resident blocks x 13312 B (the kernel's 12288 B
// CHECK: kernel big on ampere-a100
// CHECK: note: the L1 is 28 KB of the SM's 192 KB of L1 and shared memory (4 sets x 56 ways): the shared-memory carve-out is 164 KB, {{.*}} that holds 3 resident blocks x 50176 B

// JSON: "kernel": "plain"
// JSON: "l1_geometry": {
// JSON-NEXT: "bytes": 188416,
// JSON-NEXT: "sector_bytes": 32,
// JSON-NEXT: "sets": 4,
// JSON-NEXT: "shared_carveout_bytes": 8192,
// JSON-NEXT: "ways": 368
// JSON: "kernel": "tiled"
// JSON: "l1_geometry": {
// JSON-NEXT: "bytes": 61440,
// JSON-NEXT: "sector_bytes": 32,
// JSON-NEXT: "sets": 4,
// JSON-NEXT: "shared_carveout_bytes": 135168,
// JSON-NEXT: "ways": 120

// FIXED: "kernel": "plain"
// FIXED: "l1_geometry": {
// FIXED-NEXT: "bytes": 28672,
// FIXED-NEXT: "sector_bytes": 32,
// FIXED-NEXT: "sets": 4,
// FIXED-NEXT: "ways": 56
// FIXED-NOT: carve-out
