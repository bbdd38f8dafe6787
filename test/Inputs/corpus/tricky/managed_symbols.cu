// managed_symbols.cu: __managed__ and __device__ globals, __constant__ structs
// and arrays filled with the templated cudaMemcpyToSymbol/FromSymbol,
// cudaGetSymbolAddress, cudaMallocManaged with prefetch and advice, and launch
// geometry from constexpr values and a constexpr helper.
// Written for the gpurd test corpus.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kN = 1 << 18;
constexpr int kThreads = 192;
constexpr int ceilDiv(int a, int b) { return (a + b - 1) / b; }

struct Coeffs {
  float a, b, c;
  int order;
};

__constant__ Coeffs c_coeffs;
__constant__ float c_table[64];
__device__ int d_counter;
__device__ float d_scratch[kN];
__managed__ int m_flag = 0;

__device__ float poly(float x) {
  return (c_coeffs.a * x + c_coeffs.b) * x + c_coeffs.c;
}

__global__ void evaluate(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = poly(in[i]) + c_table[i & 63];
    out[i] = v;
    d_scratch[i] = v * 0.5f;
    if (v < 0.0f) atomicAdd(&d_counter, 1);
  }
  if (i == 0) m_flag = 1;
}

__global__ void managedUpdate(float *data, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    data[i] += d_scratch[i];
}

int main() {
  Coeffs h = {1.0f, -2.0f, 0.5f, 2};
  float table[64];
  for (int i = 0; i < 64; ++i) table[i] = i * 0.01f;
  cudaMemcpyToSymbol(c_coeffs, &h, sizeof(Coeffs));
  cudaMemcpyToSymbol(c_table, table, sizeof(table), 0, cudaMemcpyHostToDevice);
  int zero = 0;
  cudaMemcpyToSymbolAsync(d_counter, &zero, sizeof(int), 0, cudaMemcpyHostToDevice, 0);

  float *in, *out;
  cudaMallocManaged(&in, kN * sizeof(float));
  cudaMallocManaged(&out, kN * sizeof(float), cudaMemAttachGlobal);
  for (int i = 0; i < kN; ++i) in[i] = (float)i / kN;
  int dev = 0;
  cudaGetDevice(&dev);
  cudaMemAdvise(in, kN * sizeof(float), cudaMemAdviseSetReadMostly, dev);
  cudaMemPrefetchAsync(in, kN * sizeof(float), dev, 0);

  constexpr dim3 block(kThreads);
  const dim3 grid(ceilDiv(kN, kThreads));
  evaluate<<<grid, block>>>(in, out, kN);
  managedUpdate<<<ceilDiv(kN, 4 * kThreads), kThreads>>>(out, kN);
  cudaDeviceSynchronize();

  int negatives = 0;
  cudaMemcpyFromSymbol(&negatives, d_counter, sizeof(int));
  float *scratch = nullptr;
  cudaGetSymbolAddress((void **)&scratch, d_scratch);
  size_t scratchBytes = 0;
  cudaGetSymbolSize(&scratchBytes, d_scratch);
  printf("negatives=%d flag=%d out[1]=%f scratch=%p (%zu bytes)\n", negatives, m_flag,
         out[1], (void *)scratch, scratchBytes);

  cudaFree(in);
  cudaFree(out);
  return 0;
}
