// A struct assignment compiles to llvm.memcpy (a zeroing one to llvm.memset);
// the GPU runs it as loads and stores (NVPTX lowers a copy of at most 128
// bytes of known length to accesses as wide as the alignment allows, up to
// 16 bytes, and any other to a loop). The copy's global read is a load: it
// was one memcpy site on the destination, and the read went uncounted.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --kernel=stage_int4 --grid 64 --block 256 -- | FileCheck %s --check-prefix=MODEL

struct Record { float v[32]; };

// 128 bytes aligned to 4 (float): 32 loads of 4 B, then 32 stores.
// CHECK-LABEL: kernel copy_records: 64 memory operations, 64 affine
__global__ void copy_records(const Record *in, Record *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+9]]:10: load global 4 B of in (read) 'in[i]'
  // CHECK-NEXT: domain:
  // CHECK-NEXT: access: { S0[bx, tx] -> in[32768bx + 128tx] :
  // CHECK: S1 {{.*}}: load global 4 B of in (read) 'in[i]'
  // CHECK-NEXT: domain:
  // CHECK-NEXT: access: { S1[bx, tx] -> in[4 + 32768bx + 128tx] :
  // CHECK: S32 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:
  // CHECK-NEXT: access: { S32[bx, tx] -> out[32768bx + 128tx] :
  out[i] = in[i];
}

// int4 is 16-byte aligned: one 16-byte load and one 16-byte store per
// thread (nvcc's ld.global.v4.u32 / st.shared.v4.u32).
// CHECK-LABEL: kernel stage_int4: 4 memory operations, 4 affine
__global__ void stage_int4(const int4 *in, int4 *out) {
  __shared__ int4 tile[256];
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+2]]:21: load global 16 B of in (read)
  // CHECK: S1 {{.*}}:[[@LINE+1]]:21: store shared 16 B to tile (write)
  tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  // CHECK: S3 {{.*}}:[[@LINE+2]]:46: load shared 16 B of tile (read)
  // CHECK: S4 {{.*}}:[[@LINE+1]]:46: store global 16 B to out (write)
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % 256];
}
// The cache model counts the staged read: 64 blocks x 8 warps, each warp's
// 32 x 16 B = 512 B contiguous = 4 lines of 128 B, so 64 x 8 x 4 = 2048 L1
// read requests, and as many writes of out.
// MODEL: L1: 2048 read requests, {{.*}}; 2048 writes;
// MODEL: array in: L1 2048 reads

// Zeroing: 32 stores of 4 B.
// CHECK-LABEL: kernel clear_records: 32 memory operations, 32 affine
__global__ void clear_records(Record *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK: S31 {{.*}}:[[@LINE+2]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NOT: S32
  out[i] = Record{};
}

// A length known only at run time: a loop of 1-byte accesses at the call's
// line.
// CHECK-LABEL: kernel copy_bytes: 2 memory operations, 0 affine; parameters: n
__global__ void copy_bytes(const char *in, char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: loop i0 at {{.*}}:[[@LINE+3]]:3: 0 <= i0 <= -1 + n
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+2]]:3: load global 1 B of in (read)
  // CHECK: S1 {{.*}}:[[@LINE+1]]:3: store global 1 B to out (write)
  memcpy(out + i * n, in + i * n, n);
}
