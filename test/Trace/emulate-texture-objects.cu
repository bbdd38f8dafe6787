// A texture-object parameter (cudaTextureObject_t) without a value is a
// default texture, like an unbound texture reference: the emulator gives it
// a handle of its own, each fetch reads a texel of zeros as large as the
// fetch, and the report names it. 1-D, 2-D and 3-D fetches (Clang's
// tex.1d/2d/3d) all run; a texel of a 2-D or 3-D fetch is at a nominal
// row-major address (rows of 1024 texels, planes of 1024 rows: the GPU's
// block-linear layout is not modelled, and the cache model does not count
// texture fetches). Before, the emulator stopped: "no value for the scalar
// parameter", then "only 1-D fetches are supported".
// RUN: gpurd-advise --cache-report %s --kernel rotate --grid 2,2 --block 8,8 --arg width=16 -- | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --kernel rotate --grid 2,2 --block 8,8 --arg width=16 --emit-trace=%t/t2.txt -- > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE2 < %t/t2.txt
// RUN: gpurd-advise %s --kernel volume --grid 1 --block 32 --emit-trace=%t/t3.txt -- > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE3 < %t/t3.txt
//
// The driver API's CUtexObject (the CUDA samples' simpleTextureDrv) is a
// texture object too; with the launch unknown, its value is not assumed as
// an integer (it was `tex = 1024`, a handle nothing bound: an error).
// RUN: gpurd-advise --cache-report %s --kernel driverApi -- 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: args: width = {{[0-9]+}}{{$}}
// DRIVER-NOT: assumed tex
// DRIVER: the textures 'tex' (bound on the host

#include <cuda.h>

__global__ void rotate(float *out, int width, cudaTextureObject_t tex) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

__global__ void driverApi(float *out, int width, CUtexObject tex) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

__global__ void volume(float4 *out, cudaTextureObject_t vol) {
  out[threadIdx.x] = tex3D<float4>(vol, 2.0f, 1.0f, float(threadIdx.x));
}

// out has rows of width = 16 floats (64 B). A warp is 4 rows (ty) of 8
// threads (tx) of a block: 4 segments of 32 B, one in each of 4 consecutive
// 64-byte rows, so they lie in 256 B = 2 lines of 128 B: 2 write requests
// per warp, 4 blocks x 2 warps x 2 = 16. The fetches are not counted.
// CHECK: L1: 0 read requests; {{.*}}; 16 writes
// CHECK: note: the emulator made the buffers {{.*}}; the textures 'tex' (bound on the host: each fetch reads a texel of zeros at an address range of the texture's own)
// CHECK: note: not counted above: S0 (line 30) (texture); the cache model covers global and local memory, not the texture and constant caches

// Default textures start at 0x7ef000000000; thread (x, y) of block (0, 0)
// fetches texel (x, y) = x + 1024 y, 4 B each: thread (1, 0) at +4, thread
// (0, 1) at +4096.
// TRACE2: 0 0 0 r texture 0x7ef000000000 4
// TRACE2: 0 1 0 r texture 0x7ef000000004 4
// TRACE2: 0 8 0 r texture 0x7ef000001000 4
// A float4 texel of a 3-D texture: (2, 1, z) = 2 + 1024 + 1048576 z texels
// of 16 B: 0x4020 for thread 0, + 0x1000000 for thread 1.
// TRACE3: 0 0 0 r texture 0x7ef000004020 16
// TRACE3: 0 1 0 r texture 0x7ef001004020 16
