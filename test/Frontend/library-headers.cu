// Host code of real programs includes the CUDA libraries' headers: cuBLAS
// (legacy and v2), cuFFT and OpenGL interop come from gpurd's prelude, like
// the runtime's. They are declarations: the libraries' kernels are not
// modelled, the program's own kernels are. Block-level tile memory of
// cooperative groups is accepted too.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --list-kernels %s -- -DLEGACY_CUBLAS | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel scale %s -- | FileCheck %s --check-prefix=DEVICE
#ifdef LEGACY_CUBLAS
#include <cublas.h>
#else
#include <cublas_v2.h>
#endif
#include <cooperative_groups.h>
#include <cuda_gl_interop.h>
#include <cufft.h>

namespace cg = cooperative_groups;

__global__ void scale(cufftComplex *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    data[i].x *= factor;
    data[i].y *= factor;
  }
}

__global__ void tiles(float *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  out[block.thread_rank()] = 1.0f;
}

int main() {
  const int n = 1024;
  cufftComplex *data = nullptr;
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  scale<<<n / 256, 256>>>(data, 1.0f / n, n);
  float *a = nullptr, *b = nullptr, *c = nullptr;
#ifdef LEGACY_CUBLAS
  cublasInit();
  cublasSgemm('N', 'N', n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
  cublasShutdown();
#else
  cublasHandle_t handle;
  cublasCreate(&handle);
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, b, n,
              &zero, c, n);
  cublasDestroy(handle);
#endif
  cudaGraphicsResource *resource = nullptr;
  cudaGraphicsGLRegisterBuffer(&resource, 1, cudaGraphicsMapFlagsWriteDiscard);
  cudaGraphicsMapResources(1, &resource);
  size_t bytes = 0;
  cudaGraphicsResourceGetMappedPointer((void **)&c, &bytes, resource);
  tiles<<<1, 256>>>(c);
  cufftDestroy(plan);
}
// CHECK: library-headers.cu: 2 kernels, 2 launch sites
// CHECK: launch scale in main: grid (4, 1, 1), block (256, 1, 1)
// The two float halves of a cufftComplex (a float2) are one 8-byte load and
// one 8-byte store after vectorisation.
// DEVICE: kernel scale: 2 memory operations, 2 affine
// DEVICE: load global 8 B of data
// DEVICE: store global 8 B to data
