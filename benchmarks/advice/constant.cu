// advice-bench pair: constant
// problem: gainConstantByThread  fixed: gainGlobal
// What an expert sees: the per-channel gains are in constant memory but indexed by threadIdx.x, so each warp's load reads 32 distinct addresses that the constant cache serves one after another; read from global memory (the read-only path) the warp's 32 gains are one 128-byte request.
// also: polyConstantUniform (not the same computation: a polynomial whose every thread reads the same c_coef[k] in its loop, the broadcast constant memory is for; silent)
#include <cuda_runtime.h>

#define N (1 << 20)
#define CHANNELS 256
#define TAPS 16

__constant__ float c_gain[CHANNELS];
__constant__ float c_coef[TAPS];

// The signal interleaves CHANNELS channels; channel c of sample s is in[s * CHANNELS + c].
// The fix is a placement (c_gain moved to global memory), so the line carries both labels.
__global__ void gainConstantByThread(const float *in, float *out) {
  int i = blockIdx.x * CHANNELS + threadIdx.x;
  out[i] = in[i] * c_gain[threadIdx.x];  // expect: gpurd-constant-divergence, gpurd-placement
}

__global__ void gainGlobal(const float *in, const float *__restrict__ gain, float *out) {
  int i = blockIdx.x * CHANNELS + threadIdx.x;
  out[i] = in[i] * gain[threadIdx.x];
}

// out[i] = the polynomial with coefficients c_coef (highest degree first) at in[i].
__global__ void polyConstantUniform(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  float s = 0.0f;
  for (int k = 0; k < TAPS; ++k)
    s = s * v + c_coef[k];
  out[i] = s;
}

int main() {
  float *in, *out, *gain;
  float h_gain[CHANNELS], h_coef[TAPS];
  for (int c = 0; c < CHANNELS; ++c)
    h_gain[c] = 1.0f + c * 0.001f;
  for (int k = 0; k < TAPS; ++k)
    h_coef[k] = 1.0f / TAPS;
  cudaMemcpyToSymbol(c_gain, h_gain, sizeof(h_gain));
  cudaMemcpyToSymbol(c_coef, h_coef, sizeof(h_coef));
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&gain, CHANNELS * sizeof(float));
  cudaMemcpy(gain, h_gain, sizeof(h_gain), cudaMemcpyHostToDevice);
  dim3 block(CHANNELS);
  dim3 grid(N / CHANNELS);  // 4096 blocks
  gainConstantByThread<<<grid, block>>>(in, out);
  gainGlobal<<<grid, block>>>(in, gain, out);
  polyConstantUniform<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  cudaFree(gain);
  return 0;
}
