// launch_variants.cu: kernels launched through cudaLaunchKernel with an
// argument array, through a function pointer, from a macro, from a variadic
// template wrapper, with dim3 temporaries and odd spacing in <<< >>>, with the
// block size chosen by the occupancy API, and once per device.
// Written for the gpurd test corpus.
#include <cstdio>
#include <utility>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void zero2D(float *p, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) p[y * w + x] = 0.0f;
}

#define LAUNCH_1D(kernel, n, threads, ...) \
  kernel<<<((n) + (threads) - 1) / (threads), (threads)>>>(__VA_ARGS__)

template <typename Kernel, typename... Args>
void launch(Kernel k, dim3 grid, dim3 block, size_t smem, cudaStream_t s, Args &&...args) {
  k<<<grid, block, smem, s>>>(std::forward<Args>(args)...);
}

int main() {
  const int n = 1 << 20, w = 1920, h = 1080;
  float *x, *y, *img;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&img, w * h * sizeof(float));
  float a = 2.0f;

  // 1. Plain launches with odd spacing and temporaries.
  saxpy <<< (n + 255) / 256, 256 >>> (n, a, x, y);
  zero2D<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(img, w, h);

  // 2. cudaLaunchKernel with an argument array.
  int nn = n;
  void *args[] = {&nn, &a, &x, &y};
  cudaLaunchKernel((const void *)saxpy, dim3((n + 127) / 128), dim3(128), args, 0, 0);
  cudaLaunchKernel(saxpy, dim3((n + 127) / 128), dim3(128), args);

  // 3. Through a function pointer.
  void (*fp)(int, float, const float *, float *) = saxpy;
  fp<<<n / 512, 512>>>(n, a, x, y);

  // 4. From a macro and from a variadic template wrapper.
  LAUNCH_1D(saxpy, n, 1024, n, a, x, y);
  launch(saxpy, dim3(n / 256), dim3(256), 0, 0, n, a, (const float *)x, y);

  // 5. Block size from the occupancy calculator.
  int minGrid = 0, blockSize = 0, perSM = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, saxpy, 0, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, saxpy, blockSize, 0);
  saxpy<<<(n + blockSize - 1) / blockSize, blockSize>>>(n, a, x, y);

  // 6. One launch per device.
  int devices = 0;
  cudaGetDeviceCount(&devices);
  for (int d = 0; d < devices; ++d) {
    cudaSetDevice(d);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, d);
    int threads = prop.maxThreadsPerBlock < 512 ? prop.maxThreadsPerBlock : 512;
    saxpy<<<prop.multiProcessorCount * 4, threads>>>(n, a, x, y);
  }
  cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(cudaGetLastError()));

  cudaFree(x);
  cudaFree(y);
  cudaFree(img);
  return 0;
}
