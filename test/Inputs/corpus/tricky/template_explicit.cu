// template_explicit.cu: template kernels with explicit instantiation, explicit
// specialisation, non-type and default template arguments, deduced template
// arguments at the launch, and a kernel templated on a functor.
// Written for the gpurd test corpus.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T, int ItemsPerThread = 4>
__global__ void axpy(T a, const T *__restrict__ x, T *__restrict__ y, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * ItemsPerThread;
#pragma unroll
  for (int k = 0; k < ItemsPerThread; ++k) {
    int i = base + k;
    if (i < n) y[i] = a * x[i] + y[i];
  }
}

// Explicit instantiations (as a library would provide them).
template __global__ void axpy<float, 4>(float, const float *, float *, int);
template __global__ void axpy<double, 2>(double, const double *, double *, int);

// A primary template and an explicit specialisation for int.
template <typename T> __global__ void clear(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = T(0);
}
template <> __global__ void clear<int>(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = -1; // sentinel for integers
}

struct Square {
  __device__ float operator()(float v) const { return v * v; }
};
struct Negate {
  __device__ float operator()(float v) const { return -v; }
};

template <class Op>
__global__ void transform(const float *in, float *out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

template <int TILE>
__global__ void tiledCopy(const float *in, float *out, int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  out[y * width + x] = tile[threadIdx.y][threadIdx.x];
}

template <typename T> void launchAxpy(T a, const T *x, T *y, int n) {
  const int threads = 256;
  const int items = sizeof(T) == 4 ? 4 : 2;
  int blocks = (n + threads * items - 1) / (threads * items);
  axpy<T, items><<<blocks, threads>>>(a, x, y, n);
}

int main() {
  const int n = 1 << 22;
  const int width = 2048;
  float *xf, *yf;
  double *xd, *yd;
  int *ii;
  cudaMalloc(&xf, n * sizeof(float));
  cudaMalloc(&yf, n * sizeof(float));
  cudaMalloc(&xd, n * sizeof(double));
  cudaMalloc(&yd, n * sizeof(double));
  cudaMalloc(&ii, n * sizeof(int));

  clear<<<(n + 255) / 256, 256>>>(xf, n); // T deduced as float
  clear<<<(n + 255) / 256, 256>>>(ii, n); // the int specialisation
  launchAxpy(2.0f, xf, yf, n);
  launchAxpy(2.0, xd, yd, n);
  axpy<float><<<n / (256 * 4), 256>>>(3.0f, xf, yf, n);
  transform<<<(n + 127) / 128, 128>>>(xf, yf, n, Square());
  transform<Negate><<<(n + 127) / 128, 128>>>(yf, xf, n, Negate{});
  tiledCopy<32><<<dim3(width / 32, width / 32), dim3(32, 32)>>>(xf, yf, width);
  cudaDeviceSynchronize();

  cudaFree(xf);
  cudaFree(yf);
  cudaFree(xd);
  cudaFree(yd);
  cudaFree(ii);
  return 0;
}
