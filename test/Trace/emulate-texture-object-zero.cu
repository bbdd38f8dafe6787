// A texture object's handle read from memory (the CUDA samples'
// bindlessTexture decodes each pixel's texture from an atlas texture)
// holds 0 in gpurd's default contents. A fetch from texture object 0 reads
// zeros from a default texture of its own, as a load from such memory reads
// zeros, and a note says so; before, the run stopped ("fetches from texture
// 0x0 ..., which is not bound to a buffer"). The cache model does not
// count texture fetches either way.
// RUN: gpurd-advise --cache-report %s --kernel=viaHandles --grid 2 --block 64 -- 2>&1 | FileCheck %s

__global__ void viaHandles(float *out, const cudaTextureObject_t *handles) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tex1Dfetch<float>(handles[i % 4], int(i));
}

// 2 blocks of 2 warps: each warp loads handles[i % 4] (32 bytes, one line:
// 1 request) and stores out[i] (128 bytes, one line): 4 reads, 4 writes.
// CHECK: kernel viaHandles on ampere-a100
// CHECK: L1: 4 read requests,
// CHECK-SAME: 4 writes;
// CHECK: note: not counted above: S1 (line 12) (texture)
// CHECK: note: fetches from texture object 0 (a handle read from memory gpurd filled with zeros, or an argument of 0) read zeros from a default texture of their own (an assumption: the host stores a texture object's handle there)
