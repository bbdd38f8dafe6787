/***************************************************************************
 * histo.cu: saturating 8-bit histogram built with per-block privatised
 * sub-histograms in shared memory (atomicAdd on shared and global memory) and a
 * final saturating merge, in the spirit of Parboil's histo.
 * Written for the gpurd test corpus.
 ***************************************************************************/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#define UINT8_MAX 255
#define HISTO_WIDTH 1024
#define HISTO_HEIGHT 1
#define BLOCK_X 256
#define NUM_BLOCKS 84

__global__ void histo_prescan_kernel(unsigned int *input, int size, unsigned int *minmax)
{
  __shared__ float Avg[BLOCK_X];
  __shared__ float StdDev[BLOCK_X];

  int threadIdxx = threadIdx.x;
  int stride = size / gridDim.x;
  int addr = blockIdx.x * stride + threadIdxx;
  int end = blockIdx.x * stride + stride / 8;

  float avg = 0.0f, stddev = 0.0f;
  for (; addr < end; addr += blockDim.x) {
    float element = input[addr];
    avg += element;
    stddev += element * element;
  }
  Avg[threadIdxx] = avg;
  StdDev[threadIdxx] = stddev;

  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    __syncthreads();
    if (threadIdxx < s) {
      Avg[threadIdxx] += Avg[threadIdxx + s];
      StdDev[threadIdxx] += StdDev[threadIdxx + s];
    }
  }
  if (threadIdxx == 0) {
    float a = Avg[0] / (stride / 8);
    float d = sqrtf(StdDev[0] / (stride / 8) - a * a);
    atomicMin(minmax, (unsigned int)(a - 10.0f * d));
    atomicMax(minmax + 1, (unsigned int)(a + 10.0f * d));
  }
}

__global__ void histo_main_kernel(const unsigned int *input, int size,
                                  unsigned int *global_histo)
{
  __shared__ unsigned int sub_histo[HISTO_WIDTH];

  for (int b = threadIdx.x; b < HISTO_WIDTH; b += blockDim.x)
    sub_histo[b] = 0;
  __syncthreads();

  const unsigned int stride = blockDim.x * gridDim.x;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < size; i += stride) {
    unsigned int value = input[i];
    if (value < HISTO_WIDTH)
      atomicAdd(&sub_histo[value], 1);
  }
  __syncthreads();

  for (int b = threadIdx.x; b < HISTO_WIDTH; b += blockDim.x) {
    unsigned int count = sub_histo[b];
    if (count)
      atomicAdd(&global_histo[b], count);
  }
}

__global__ void histo_final_kernel(const unsigned int *global_histo, unsigned char *final_histo)
{
  unsigned int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < HISTO_WIDTH * HISTO_HEIGHT) {
    unsigned int v = global_histo[b];
    final_histo[b] = (unsigned char)min(v, (unsigned int)UINT8_MAX);
  }
}

int main(int argc, char *argv[])
{
  int numIterations = 4;
  int size = 996 * 1040;
  unsigned int *img = (unsigned int *)malloc(size * sizeof(unsigned int));
  unsigned char *histo = (unsigned char *)calloc(HISTO_WIDTH * HISTO_HEIGHT, sizeof(unsigned char));
  for (int i = 0; i < size; i++) img[i] = (i * 31) % HISTO_WIDTH;

  unsigned int *input, *ranges, *global_histo;
  unsigned char *final_histo;
  cudaMalloc((void **)&input, size * sizeof(unsigned int));
  cudaMalloc((void **)&ranges, 2 * sizeof(unsigned int));
  cudaMalloc((void **)&global_histo, HISTO_WIDTH * HISTO_HEIGHT * sizeof(unsigned int));
  cudaMalloc((void **)&final_histo, HISTO_WIDTH * HISTO_HEIGHT * sizeof(unsigned char));
  cudaMemcpy(input, img, size * sizeof(unsigned int), cudaMemcpyHostToDevice);

  for (int iter = 0; iter < numIterations; iter++) {
    unsigned int ranges_h[2] = {0xFFFFFFFFu, 0};
    cudaMemcpy(ranges, ranges_h, 2 * sizeof(unsigned int), cudaMemcpyHostToDevice);
    histo_prescan_kernel<<<dim3(64), dim3(BLOCK_X)>>>(input, size, ranges);
    cudaMemcpy(ranges_h, ranges, 2 * sizeof(unsigned int), cudaMemcpyDeviceToHost);

    cudaMemset(global_histo, 0, HISTO_WIDTH * HISTO_HEIGHT * sizeof(unsigned int));
    histo_main_kernel<<<dim3(NUM_BLOCKS * 3), dim3(BLOCK_X)>>>(input, size, global_histo);
    histo_final_kernel<<<dim3((HISTO_WIDTH * HISTO_HEIGHT + 511) / 512), dim3(512)>>>(global_histo, final_histo);
  }

  cudaMemcpy(histo, final_histo, HISTO_WIDTH * HISTO_HEIGHT * sizeof(unsigned char), cudaMemcpyDeviceToHost);
  cudaFree(input);
  cudaFree(ranges);
  cudaFree(global_histo);
  cudaFree(final_histo);
  free(img);
  free(histo);
  return 0;
}
