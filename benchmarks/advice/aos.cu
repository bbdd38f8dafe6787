// advice-bench pair: aos
// problem: integrateAoS  fixed: integrateSoA
// What an expert sees: the bodies are an array of 32-byte structs, so a warp's load of one field touches 32 sectors for 128 useful bytes, and the kernel uses only 16 of each struct's 32 bytes; a struct of arrays makes every field load and store coalesced and halves the bytes moved.
#include <cuda_runtime.h>

#define N (1 << 20)
#define DT 0.01f

struct Body {
  float x, y, z;
  float vx, vy, vz;
  float mass, charge;
};

// Moves the bodies in the plane z = const.
__global__ void integrateAoS(Body *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float vx = b[i].vx;  // expect: gpurd-uncoalesced-access
  float vy = b[i].vy;  // expect: gpurd-uncoalesced-access
  b[i].x += vx * DT;  // expect: gpurd-uncoalesced-access
  b[i].y += vy * DT;  // expect: gpurd-uncoalesced-access
}

__global__ void integrateSoA(float *x, float *y, const float *vx, const float *vy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float u = vx[i];
  float v = vy[i];
  x[i] += u * DT;
  y[i] += v * DT;
}

int main() {
  Body *b;
  float *x, *y, *z, *vx, *vy, *vz;
  cudaMalloc(&b, N * sizeof(Body));
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&y, N * sizeof(float));
  cudaMalloc(&z, N * sizeof(float));
  cudaMalloc(&vx, N * sizeof(float));
  cudaMalloc(&vy, N * sizeof(float));
  cudaMalloc(&vz, N * sizeof(float));
  dim3 block(256);
  dim3 grid(N / 256);  // 4096 blocks
  integrateAoS<<<grid, block>>>(b);
  integrateSoA<<<grid, block>>>(x, y, vx, vy);
  cudaDeviceSynchronize();
  cudaFree(b);
  cudaFree(x);
  cudaFree(y);
  cudaFree(z);
  cudaFree(vx);
  cudaFree(vy);
  cudaFree(vz);
  return 0;
}
