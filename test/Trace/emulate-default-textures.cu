// A texture reference the host binds (cudaBindTexture) is unknown to gpurd:
// the emulator reads zeros from it at an address range of its own, one
// texel per fetch as large as the fetch (16 B for float4, 4 B for float),
// and the report says so. The cache model does not count texture fetches
// (no texture cache yet): a note names the sites it left out.
// RUN: gpurd-advise --cache-report %s --kernel copy4 --grid 2 --block 32 --arg n=64 -- | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --kernel copy4 --grid 2 --block 32 --arg n=64 --emit-trace=%t/t4.txt -- > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE4 < %t/t4.txt
// RUN: gpurd-advise %s --kernel copy1 --grid 1 --block 32 --arg n=32 --emit-trace=%t/t1.txt -- > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE1 < %t/t1.txt

texture<float4, 1, cudaReadModeElementType> texIn4;
texture<float, 1, cudaReadModeElementType> texIn1;

__global__ void copy4(float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch(texIn4, i);
}

__global__ void copy1(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch(texIn1, i) + 1.0f;
}

// 64 threads store 16 B each: 1024 B = 8 lines of 128 B, one write
// request per line on the A100's L1.
// CHECK: L1: 0 read requests; {{.*}}; 8 writes
// CHECK: note: the emulator made the buffers {{.*}}; the textures 'texIn4' (bound on the host: each fetch reads a texel of zeros at an address range of the texture's own)
// CHECK: note: not counted above: S0 (line 19) (texture); the cache model covers global and local memory, not the texture and constant caches

// Default textures start 64 GiB below the buffers (0x7f0000000000 -
// 0x1000000000 = 0x7ef000000000); thread t of block b fetches texel
// 32 b + t.
// TRACE4: 0 0 0 r texture 0x7ef000000000 16
// TRACE4: 0 1 0 r texture 0x7ef000000010 16
// TRACE4: 1 0 0 r texture 0x7ef000000200 16
// TRACE1: 0 0 0 r texture 0x7ef000000000 4
// TRACE1: 0 1 0 r texture 0x7ef000000004 4
