// lambdas_host.cu: host code that launches kernels from lambdas (capturing by
// reference and by value, generic lambdas), keeps sizes in std::vector and
// std::array, sorts on the host and times with <chrono>.
// Written for the gpurd test corpus.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>
#include <cuda_runtime.h>

__global__ void iota(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

__global__ void stridedSum(const int *p, long long *out, int n, int stride) {
  long long s = 0;
  for (int i = threadIdx.x * stride; i < n; i += blockDim.x * stride)
    s += p[i];
  atomicAdd(reinterpret_cast<unsigned long long *>(out),
            static_cast<unsigned long long>(s));
}

int main() {
  std::vector<int> sizes = {1 << 10, 1 << 16, 1 << 20};
  std::sort(sizes.begin(), sizes.end(), std::greater<int>());
  const std::array<int, 3> strides{{1, 2, 32}};

  int *d = nullptr;
  long long *sum = nullptr;
  cudaMalloc(&d, sizes.front() * sizeof(int));
  cudaMalloc(&sum, sizeof(long long));

  auto blocksFor = [](int n, int threads) { return (n + threads - 1) / threads; };
  auto launchIota = [&](int n) {
    const int threads = 256;
    iota<<<blocksFor(n, threads), threads>>>(d, n);
  };
  auto launchSum = [=](auto n, auto stride) {
    cudaMemset(sum, 0, sizeof(long long));
    stridedSum<<<1, 128>>>(d, sum, static_cast<int>(n), static_cast<int>(stride));
  };

  for (int n : sizes) {
    auto t0 = std::chrono::steady_clock::now();
    launchIota(n);
    for (int s : strides) launchSum(n, s);
    cudaDeviceSynchronize();
    auto t1 = std::chrono::steady_clock::now();
    long long h = 0;
    cudaMemcpy(&h, sum, sizeof(h), cudaMemcpyDeviceToHost);
    std::printf("n=%d sum=%lld %.3f ms\n", n, h,
                std::chrono::duration<double, std::milli>(t1 - t0).count());
  }

  std::function<void()> cleanup = [&] {
    cudaFree(d);
    cudaFree(sum);
  };
  cleanup();
  return 0;
}
