// Reason unsupported-operation: a texture fetch. (A struct assignment, which
// compiles to llvm.memcpy, is loads and stores: struct-copies.cu.)
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// A texture fetch is a site in space texture, as large as the components
// the kernel uses (the instruction returns four; tex1Dfetch<float> uses one).
// CHECK-LABEL: kernel fetch: 2 memory operations, 1 affine; parameters: none
__global__ void fetch(cudaTextureObject_t t, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}: tex.1d.v4.f32.s32 texture 4 B (read)
  // CHECK-NEXT: non-affine (unsupported-operation): texture and surface coordinates are not modelled yet
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = tex1Dfetch<float>(t, i);
}
