// soa_launch_bounds.cu: a particle update over a struct of arrays passed by
// value, __launch_bounds__ with one and two arguments, const __restrict__
// pointers, float4 vector loads, __ldg and unrolling pragmas.
// Written for the gpurd test corpus.
#include <cstdio>
#include <cuda_runtime.h>

struct Particles {
  float *__restrict__ x;
  float *__restrict__ y;
  float *__restrict__ z;
  float *__restrict__ vx;
  float *__restrict__ vy;
  float *__restrict__ vz;
  const float *__restrict__ mass;
  int n;
};

struct Params {
  float dt;
  float3 gravity;
  float damping;
};

#define THREADS 256

__global__ void __launch_bounds__(THREADS, 4)
integrate(Particles p, const Params prm) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  float inv = 1.0f / __ldg(&p.mass[i]);
  float vx = (p.vx[i] + prm.gravity.x * prm.dt * inv) * prm.damping;
  float vy = (p.vy[i] + prm.gravity.y * prm.dt * inv) * prm.damping;
  float vz = (p.vz[i] + prm.gravity.z * prm.dt * inv) * prm.damping;
  p.vx[i] = vx;
  p.vy[i] = vy;
  p.vz[i] = vz;
  p.x[i] += vx * prm.dt;
  p.y[i] += vy * prm.dt;
  p.z[i] += vz * prm.dt;
}

// Vectorised kinetic energy: four particles per thread through float4.
__global__ void __launch_bounds__(128)
kinetic(const float4 *__restrict__ vx4, const float4 *__restrict__ vy4,
        const float4 *__restrict__ vz4, const float4 *__restrict__ m4,
        float *__restrict__ energy, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 a = vx4[i], b = vy4[i], c = vz4[i], m = __ldg(&m4[i]);
    float e = 0.5f * (m.x * (a.x * a.x + b.x * b.x + c.x * c.x) +
                      m.y * (a.y * a.y + b.y * b.y + c.y * c.y) +
                      m.z * (a.z * a.z + b.z * b.z + c.z * c.z) +
                      m.w * (a.w * a.w + b.w * b.w + c.w * c.w));
    energy[i] = e;
  }
}

__global__ void pairwiseSum(const float *__restrict__ e, float *out, int n) {
  float acc = 0.0f;
#pragma unroll 4
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += e[i];
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, acc);
}

int main() {
  const int n = 1 << 20;
  Particles p;
  p.n = n;
  float *buf;
  cudaMalloc(&buf, 7 * n * sizeof(float));
  p.x = buf; p.y = buf + n; p.z = buf + 2 * n;
  p.vx = buf + 3 * n; p.vy = buf + 4 * n; p.vz = buf + 5 * n;
  p.mass = buf + 6 * n;

  Params prm = {1e-3f, make_float3(0.0f, -9.81f, 0.0f), 0.999f};
  float *energy, *total;
  cudaMalloc(&energy, (n / 4) * sizeof(float));
  cudaMalloc(&total, sizeof(float));

  for (int step = 0; step < 10; ++step)
    integrate<<<(n + THREADS - 1) / THREADS, THREADS>>>(p, prm);
  kinetic<<<(n / 4 + 127) / 128, 128>>>(
      reinterpret_cast<const float4 *>(p.vx), reinterpret_cast<const float4 *>(p.vy),
      reinterpret_cast<const float4 *>(p.vz), reinterpret_cast<const float4 *>(p.mass),
      energy, n / 4);
  cudaMemset(total, 0, sizeof(float));
  pairwiseSum<<<1, 1024>>>(energy, total, n / 4);
  cudaDeviceSynchronize();

  cudaFree(buf);
  cudaFree(energy);
  cudaFree(total);
  return 0;
}
