// Seed 004's classification on kernels in the styles of its Table 2's
// non-memory-divergent (NMD) benchmarks: Polybench's 2D convolution,
// Rodinia's hotspot, Parboil's stencil and Rodinia's back propagation. Their
// warps read rows of consecutive floats: a load touches a few lines, and W
// warps' misses stay within the L1's 128 MSHRs in most intervals.
//
// RUN: gpurd-advise --arch mdm-pascal --checks=-* %s -- | FileCheck %s
//
// Rodinia's k-means reads its features through a texture, which the cache
// model does not model: MDM counts those loads without misses and says so.
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --kernel kmeansPoint %inputs/corpus/rodinia/kmeans.cu -- -I %inputs/corpus/rodinia | FileCheck --check-prefix=TEXTURE %s
// TEXTURE: memory divergence (seed 004's MDM): {{.*}}; its {{[0-9]+}} loads through the texture path count without misses: the cache model does not model the texture cache, so the stalls are a lower bound)

// CHECK: kernel convolution2D
// CHECK: memory divergence (seed 004's MDM): not memory-divergent (NMD)
// CHECK: kernel hotspot
// CHECK: memory divergence (seed 004's MDM): not memory-divergent (NMD)
// CHECK: kernel stencil7
// CHECK: memory divergence (seed 004's MDM): not memory-divergent (NMD)
// CHECK: kernel layerForward
// CHECK: memory divergence (seed 004's MDM): not memory-divergent (NMD)
#define NX 512
#define NY 448
#define NZ 64

// Polybench's 2D convolution (Table 2 2DCONV): a 3 x 3 filter.
__global__ void convolution2D(const float *A, float *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || i >= NY - 1 || j < 1 || j >= NX - 1)
    return;
  B[i * NX + j] = 0.2f * A[(i - 1) * NX + (j - 1)] + 0.5f * A[(i - 1) * NX + j] +
                  -0.8f * A[(i - 1) * NX + (j + 1)] + -0.3f * A[i * NX + (j - 1)] +
                  0.6f * A[i * NX + j] + -0.9f * A[i * NX + (j + 1)] +
                  0.4f * A[(i + 1) * NX + (j - 1)] + 0.7f * A[(i + 1) * NX + j] +
                  0.1f * A[(i + 1) * NX + (j + 1)];
}

// Rodinia's hotspot step (Table 2 HS): temperature from the four
// neighbours and the power.
__global__ void hotspot(const float *power, const float *tempIn,
                        float *tempOut) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < 1 || r >= NY - 1 || c < 1 || c >= NX - 1)
    return;
  int i = r * NX + c;
  tempOut[i] = tempIn[i] + 0.1f * (power[i] + tempIn[i - NX] + tempIn[i + NX] +
                                   tempIn[i - 1] + tempIn[i + 1] - 4 * tempIn[i]);
}

// Parboil's 7-point stencil (Table 2 ST), a thread per (x, y) column.
__global__ void stencil7(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || x >= NX - 1 || y < 1 || y >= NY / 8 - 1)
    return;
  for (int z = 1; z < NZ - 1; ++z) {
    int i = (z * (NY / 8) + y) * NX + x;
    out[i] = in[i - NX * (NY / 8)] + in[i + NX * (NY / 8)] + in[i - NX] +
             in[i + NX] + in[i - 1] + in[i + 1] - 6 * in[i];
  }
}

// Rodinia's back propagation, bpnn_layerforward (Table 2 BP): a 16 x 16
// tile of weights times the input, reduced in shared memory.
__global__ void layerForward(const float *input, const float *weights,
                             float *partial, int hid) {
  __shared__ float node[16];
  __shared__ float w[16][16];
  int by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int index = (hid + 1) * 16 * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  if (tx == 0)
    node[ty] = input[16 * by + ty + 1];
  __syncthreads();
  w[ty][tx] = weights[index] * node[ty];
  __syncthreads();
  for (int s = 1; s < 16; s *= 2) {
    if (ty % (2 * s) == 0)
      w[ty][tx] += w[ty + s][tx];
    __syncthreads();
  }
  if (ty == 0)
    partial[by * hid + tx] = w[0][tx];
}

int main() {
  float *a, *b, *p, *t, *u, *in, *out, *input, *weights, *partial;
  cudaMalloc(&a, NX * NY * 4);
  cudaMalloc(&b, NX * NY * 4);
  cudaMalloc(&p, NX * NY * 4);
  cudaMalloc(&t, NX * NY * 4);
  cudaMalloc(&u, NX * NY * 4);
  cudaMalloc(&in, NX * NY * NZ / 8 * 4);
  cudaMalloc(&out, NX * NY * NZ / 8 * 4);
  cudaMalloc(&input, 16 * 3584 * 4 + 4);
  cudaMalloc(&weights, 17 * 17 * 3584 * 4);
  cudaMalloc(&partial, 3584 * 16 * 4);
  convolution2D<<<dim3(NX / 32, NY / 8), dim3(32, 8)>>>(a, b);
  hotspot<<<dim3(NX / 16, NY / 16), dim3(16, 16)>>>(p, t, u);
  stencil7<<<dim3(NX / 32, NY / 8 / 4), dim3(32, 4)>>>(in, out);
  layerForward<<<dim3(1, 3584), dim3(16, 16)>>>(input, weights, partial, 16);
}
