// Layered and cubemap surface reads and writes (surf1DLayered*,
// surf2DLayered*, surfCubemap*, surfCubemapLayered*), on surface objects and
// on surface references, are declared by the prelude like the other
// surface calls: kernels using them parse on both sides, and each call is
// an external function in the device IR, listed as not modelled.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel integrate %s -- | FileCheck %s --check-prefix=DEVICE
#include <cuda_runtime.h>

surface<void, cudaSurfaceType2DLayered> layers;

__global__ void integrate(const float *in, cudaSurfaceObject_t layered, cudaSurfaceObject_t cube, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y, layer = blockIdx.z;
  float v = in[(layer * gridDim.y + y) * width + x];
  surf2DLayeredwrite(v, layered, x * (int)sizeof(float), y, layer);
  surfCubemapwrite(v, cube, x * (int)sizeof(float), y, layer % 6);
}

__global__ void viaReference(float4 v) {
  surf2DLayeredwrite(v, layers, threadIdx.x * (int)sizeof(float4), 0, 1);
}

__global__ void gather(cudaSurfaceObject_t layered, cudaSurfaceObject_t cubes, float *out) {
  int x = threadIdx.x;
  float a = surf2DLayeredread<float>(layered, x * 4, 0, 1);
  float b;
  surfCubemapLayeredread(&b, cubes, x * 4, 0, 6 + 2);
  float c = surf1DLayeredread<float>(layered, x * 4, 2);
  out[x] = a + b + c;
}

int main() {
  float *in = nullptr, *out = nullptr;
  cudaSurfaceObject_t cube = 0, layered = 0;
  integrate<<<dim3(4, 64, 3), 64>>>(in, layered, cube, 256);
  gather<<<1, 64>>>(layered, cube, out);
  viaReference<<<1, 32>>>(make_float4(0, 0, 0, 0));
  return 0;
}
// CHECK: surfaces-layered.cu: 3 kernels, 3 launch sites
// CHECK: launch integrate in main: grid (4, 64, 3), block (64, 1, 1)
// CHECK: launch gather in main: grid (1, 1, 1), block (64, 1, 1)
// CHECK: launch viaReference in main: grid (1, 1, 1), block (32, 1, 1)
// The load of in is the one memory operation the analysis models: element
// (bz * 64 + by) * 256 + bx * 64 + tx of 4 bytes, i.e. byte 65536 bz +
// 1024 by + 256 bx + 4 tx.
// DEVICE: kernel integrate: 3 memory operations, 1 affine
// DEVICE: load global 4 B of in
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> in[256bx + 1024by + 65536bz + 4tx]
// A layered surface's store is a texture-space access of the value's 4
// bytes (test/Trace/emulate-surfaces.cu); a cube map's is still an opaque
// call.
// DEVICE: surf2DLayeredwrite texture 4 B (write)
// DEVICE-NEXT: non-affine (unsupported-operation): texture and surface coordinates are not modelled yet
// DEVICE: call void surfCubemapwrite<float>
// DEVICE-NEXT: non-affine (unsupported-operation)
