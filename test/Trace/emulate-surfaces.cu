// Surface objects' stores and loads (surf2Dwrite, surf2DLayeredwrite, ...;
// the CUDA samples' simpleSurfaceWrite, bindlessTexture, volumeFiltering):
// the emulator runs them on the surface object's default texture, at byte
// x of row y in the nominal row-major layout of textures (rows of 1024
// elements of the access's size), and the report says that the cache
// model does not count them.
// RUN: gpurd-advise %s --kernel=copyToSurface --emit-trace=%t.txt -- 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: FileCheck %s --check-prefix=TRACE < %t.txt
// RUN: gpurd-advise --cache-report %s --kernel=copyToSurface -- 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: gpurd-advise %s --kernel=layered --emit-trace=%t-layered.txt -- 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: FileCheck %s --check-prefix=LAYERED < %t-layered.txt

__global__ void copyToSurface(const float *in, cudaSurfaceObject_t out,
                              int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  surf2Dwrite(in[y * width + x], out, x * 4, y);
}

__global__ void layered(cudaSurfaceObject_t in, cudaSurfaceObject_t out) {
  int x = threadIdx.x;
  float4 v = surf2DLayeredread<float4>(in, x * 16, 1, 2);
  surf2DLayeredwrite(v, out, x * 16, 1, 2);
}

int main() {
  float *in;
  cudaSurfaceObject_t out = 0, in2 = 0;
  cudaMalloc(&in, 64 * 2 * sizeof(float));
  copyToSurface<<<dim3(2, 2), 32>>>(in, out, 64);
  layered<<<1, 32>>>(in2, out);
}

// EMIT: wrote {{[0-9]+}} thread accesses

// Block 2 is blockIdx (0, 1): thread 0 writes byte 0 of row 1, 1024 floats
// = 0x1000 bytes from the surface's base; block 3, thread 31 (x = 63),
// byte 252 = 0xfc of row 1.
// TRACE: 2 0 1 w texture 0x7ef000001000 4
// TRACE: 3 31 1 w texture 0x7ef0000010fc 4

// 4 blocks of one warp; each warp reads 32 consecutive floats, one line.
// REPORT: kernel copyToSurface on ampere-a100
// REPORT: S0 {{.*}}'in[y * width + x]': L1 4 reads
// REPORT: note: not counted above: S1 (line 17) (texture); the cache model covers global and local memory, not the texture and constant caches

// float4 elements: rows of 1024 x 16 = 16384 bytes, layers of 1024 rows =
// 16 MiB. Thread 1 reads byte 16 of row 1 of layer 2 of the first surface
// (0x2000000 + 0x4000 + 0x10 from its base) and writes the same place of
// the second, 1 GiB further on (site 1 is the local copy of the float4 that
// the store takes by value).
// LAYERED: 0 1 0 r texture 0x7ef002004010 16
// LAYERED: 0 1 2 w texture 0x7ef042004010 16
