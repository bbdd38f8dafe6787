// Reason unsupported-operation: a block copy (a struct assignment compiles
// to llvm.memcpy) and a texture fetch.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

struct Record { float v[32]; };

// The copy is one operation of 128 bytes on the destination.
// CHECK-LABEL: kernel copy_records: 1 memory operation, 0 affine; parameters: none
__global__ void copy_records(const Record *in, Record *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+2]]:10: memcpy global 128 B of out (read-modify-write) 'out[i]'
  // CHECK-NEXT: non-affine (unsupported-operation): 'memcpy' of a memory block is not modelled [{{.*}}nonaffine-unsupported-operation.cu:[[@LINE+1]]:10]
  out[i] = in[i];
}

// A texture fetch is a site in space texture (the fetch returns a float4).
// CHECK-LABEL: kernel fetch: 2 memory operations, 1 affine; parameters: none
__global__ void fetch(cudaTextureObject_t t, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}: tex.1d.v4.f32.s32 texture 16 B (read)
  // CHECK-NEXT: non-affine (unsupported-operation): texture fetch coordinates are not modelled yet
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = tex1Dfetch<float>(t, i);
}
