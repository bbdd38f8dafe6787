// Pointer arguments without --buffer are emulated with default buffers:
// zeros, sized from the access model (affine sites) or grown to what the
// emulated accesses reach; the report says so (docs/trace-formats.md).
// RUN: gpurd-advise --cache-report %s --kernel matmulNaive --trace-source=emulate -- | FileCheck %s --check-prefix=GEMM
// RUN: gpurd-advise --cache-report %s --kernel matmulNaive --trace-source=affine -- | FileCheck %s --check-prefix=AFFINE
// RUN: gpurd-advise --cache-report %s --kernel histogram -- | FileCheck %s --check-prefix=HIST
// RUN: gpurd-advise --cache-report %s --kernel squares -- | FileCheck %s --check-prefix=SQUARES
// RUN: gpurd-advise --cache-report %s --kernel threshold -- | FileCheck %s --check-prefix=BRANCH
// RUN: gpurd-advise --cache-report %s --kernel squares --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --kernel squares --emit-trace=%t/t.txt -- | FileCheck %s --check-prefix=EMIT

__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
      sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
}

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned s[256];
  s[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&s[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}

__global__ void squares(const float *in, float *out) {
  int i = threadIdx.x;
  out[i] = in[(i * i) % 97];
}

__global__ void threshold(const float *x, float *y) {
  int i = threadIdx.x;
  if (x[i] > 0.5f)
    y[i] = 1.0f;
}

void run(float *a, float *b, float *c, unsigned char *d, unsigned *h) {
  matmulNaive<<<dim3(2, 2), dim3(16, 16)>>>(a, b, c, 32);
  histogram<<<2, 256>>>(d, h, 4096);
  squares<<<1, 32>>>(a, b);
  threshold<<<1, 32>>>(a, b);
}

// n = 32, 4 blocks of 16 x 16 threads = 32 warps of 16 columns x 2 rows.
// Per warp and k (32 values): A[row * n + k] is 2 rows 128 bytes apart = 2
// lines, B[k * n + col] 16 floats of one 128-byte line = 1 line: 32 warps x
// 32 x 3 = 3072 read requests (A 2048, B 1024); C: 2 lines per warp = 64
// writes. Every array spans rows 0..31 of 32 floats: 32 * 32 * 4 = 4096
// bytes. The affine enumerator makes the same requests.
// GEMM: L1: 3072 read requests,{{.*}}; 64 writes;
// GEMM: S0 {{.*}} 'A[row * n + k]': L1 2048 reads
// GEMM: S1 {{.*}} 'B[k * n + col]': L1 1024 reads
// GEMM: S2 {{.*}} 'C[row * n + col]': L1 64 writes
// GEMM: note: the emulator made the buffers no --buffer NAME=TYPE:COUNT:INIT described, filled with zeros (an assumption: loaded values are zeros): 'A' 4096 bytes, 'B' 4096 bytes, 'C' 4096 bytes (the bytes the access model's accesses reach)
// AFFINE: L1: 3072 read requests,{{.*}}; 64 writes;
// AFFINE-NOT: the emulator made

// 2 blocks x 8 warps; each thread reads data[i] for 4096 / 512 = 8 values
// of i, a warp 32 bytes of one line: 16 x 8 = 128 read requests; the
// atomics on bins: one 128-byte line per warp = 16. The bins in shared
// memory follow data's zeros (emulated anyway: that address is not affine).
// HIST: L1: 128 read requests,{{.*}}; 16 writes;
// HIST: note: the emulator made the buffers {{.*}}: 'data' 4096 bytes, 'bins' 1024 bytes (the bytes the access model's accesses reach); the contents of 'data' decide the shared-memory addresses of S3 (line 30) 's[data[i]]', which follow the zeros

// in[(i * i) % 97] is not affine: i * i % 97 for i = 0..31 reaches 96 at
// most (i = 22: 484 = 4 * 97 + 96), so in grows to 4 * 96 + 4 = 388 bytes;
// the warp touches its 4 lines (elements 0, 36 at i = 6, 64 at i = 8, 96):
// 4 read requests; out[i]: 128 bytes, 1 line, 1 write.
// SQUARES: L1: 4 read requests,{{.*}}; 1 write;
// SQUARES: note: the emulator made the buffers {{.*}}: 'out' 128 bytes (the bytes the access model's accesses reach); 'in' 388 bytes (the bytes the emulated accesses reached: not all of them are affine)

// x is zeros, so no thread stores: 1 read request, no write, and y is never
// touched (its store, under a condition on loaded data, is not affine).
// BRANCH: L1: 1 read request,{{.*}}; 0 writes;
// BRANCH: note: the emulator made the buffers {{.*}}: 'x' 128 bytes (the bytes the access model's accesses reach); 'y' 0 bytes (the bytes the emulated accesses reached: not all of them are affine); the contents of 'x' decide branches (loop trip counts, conditions), which take the way zeros take

// JSON: "notes": [
// JSON: "the emulator made the buffers no --buffer NAME=TYPE:COUNT:INIT described, filled with zeros (an assumption: loaded values are zeros): 'out' 128 bytes

// EMIT: kernel squares: wrote 64 thread accesses (2 warp instructions, 1 block) from the emulate trace source
// EMIT-NEXT: note: the emulator made the buffers {{.*}} 'in' 388 bytes
