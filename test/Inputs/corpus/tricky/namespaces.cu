// namespaces.cu: kernels in named, nested and anonymous namespaces, static
// kernels, a kernel reached through a using-declaration and a namespace alias,
// and a class with static device helpers.  Written for the gpurd test corpus.
#include <cstdio>
#include <cuda_runtime.h>

namespace gpurd_test {
namespace kernels {

constexpr int kBlock = 128;

struct Stencil {
  __device__ static float weight(int d) { return d == 0 ? 0.5f : 0.25f; }
};

__global__ void smooth(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = Stencil::weight(-1) * in[i - 1] + Stencil::weight(0) * in[i] +
             Stencil::weight(1) * in[i + 1];
}

namespace detail {
__device__ __forceinline__ int clampIndex(int i, int n) {
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}
} // namespace detail

__global__ void gather(const float *in, const int *idx, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[detail::clampIndex(idx[i], n)];
}

} // namespace kernels
} // namespace gpurd_test

namespace {
__global__ void scaleInPlace(float *a, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] *= s;
}
} // namespace

static __global__ void fill(float *a, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = v;
}

namespace gk = gpurd_test::kernels;
using gpurd_test::kernels::gather;

int main() {
  const int n = 1 << 20;
  float *a, *b;
  int *idx;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&idx, n * sizeof(int));

  const int blocks = (n + gk::kBlock - 1) / gk::kBlock;
  fill<<<blocks, gk::kBlock>>>(a, 1.0f, n);
  ::scaleInPlace<<<64, 256>>>(a, 2.0f, n);
  gpurd_test::kernels::smooth<<<blocks, gk::kBlock>>>(a, b, n);
  gk::smooth<<<dim3(blocks), dim3(gk::kBlock)>>>(b, a, n);
  gather<<<blocks, gk::kBlock>>>(a, idx, b, n);
  cudaDeviceSynchronize();

  cudaFree(a);
  cudaFree(b);
  cudaFree(idx);
  return 0;
}
