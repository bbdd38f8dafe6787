/***************************************************************************
 * spmv_csr.cu: scalar and vector (warp per row) CSR sparse matrix-vector
 * kernels, in the style of the CSR variants distributed with Parboil's spmv.
 * Written for the gpurd test corpus.
 ***************************************************************************/
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define BLOCK_SIZE 128
#define WARP_SIZE 32

__global__ void spmv_csr_scalar_kernel(const int num_rows, const int *ptr,
                                       const int *indices, const float *data,
                                       const float *x, float *y)
{
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0;
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    for (int jj = row_start; jj < row_end; jj++)
      dot += data[jj] * x[indices[jj]];
    y[row] += dot;
  }
}

__global__ void spmv_csr_vector_kernel(const int num_rows, const int *ptr,
                                       const int *indices, const float *data,
                                       const float *x, float *y)
{
  __shared__ float vals[BLOCK_SIZE];

  int thread_id = blockDim.x * blockIdx.x + threadIdx.x; // global thread index
  int warp_id = thread_id / WARP_SIZE;                   // global warp index
  int lane = thread_id & (WARP_SIZE - 1);                // thread index within the warp

  // one warp per row
  int row = warp_id;
  if (row < num_rows) {
    int row_start = ptr[row];
    int row_end = ptr[row + 1];

    // compute running sum per thread
    vals[threadIdx.x] = 0;
    for (int jj = row_start + lane; jj < row_end; jj += WARP_SIZE)
      vals[threadIdx.x] += data[jj] * x[indices[jj]];

    // parallel reduction in shared memory
    if (lane < 16) vals[threadIdx.x] += vals[threadIdx.x + 16];
    if (lane < 8) vals[threadIdx.x] += vals[threadIdx.x + 8];
    if (lane < 4) vals[threadIdx.x] += vals[threadIdx.x + 4];
    if (lane < 2) vals[threadIdx.x] += vals[threadIdx.x + 2];
    if (lane < 1) vals[threadIdx.x] += vals[threadIdx.x + 1];

    // first thread writes the result
    if (lane == 0)
      y[row] += vals[threadIdx.x];
  }
}

int main(int argc, char **argv)
{
  const int num_rows = 1 << 16;
  const int nnz_per_row = 27;
  const int nnz = num_rows * nnz_per_row;

  int *h_ptr = (int *)malloc((num_rows + 1) * sizeof(int));
  int *h_indices = (int *)malloc(nnz * sizeof(int));
  float *h_data = (float *)malloc(nnz * sizeof(float));
  float *h_x = (float *)malloc(num_rows * sizeof(float));
  float *h_y = (float *)malloc(num_rows * sizeof(float));

  for (int r = 0; r <= num_rows; r++) h_ptr[r] = r * nnz_per_row;
  for (int i = 0; i < nnz; i++) { h_indices[i] = (i * 7919) % num_rows; h_data[i] = 1.0f; }
  for (int r = 0; r < num_rows; r++) { h_x[r] = 1.0f; h_y[r] = 0.0f; }

  int *d_ptr, *d_indices;
  float *d_data, *d_x, *d_y;
  cudaMalloc((void **)&d_ptr, (num_rows + 1) * sizeof(int));
  cudaMalloc((void **)&d_indices, nnz * sizeof(int));
  cudaMalloc((void **)&d_data, nnz * sizeof(float));
  cudaMalloc((void **)&d_x, num_rows * sizeof(float));
  cudaMalloc((void **)&d_y, num_rows * sizeof(float));

  cudaMemcpy(d_ptr, h_ptr, (num_rows + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_indices, h_indices, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_data, h_data, nnz * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, h_x, num_rows * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, h_y, num_rows * sizeof(float), cudaMemcpyHostToDevice);

  const unsigned int scalar_blocks = (num_rows + BLOCK_SIZE - 1) / BLOCK_SIZE;
  spmv_csr_scalar_kernel<<<scalar_blocks, BLOCK_SIZE>>>(num_rows, d_ptr, d_indices, d_data, d_x, d_y);

  const unsigned int vector_blocks = (num_rows * WARP_SIZE + BLOCK_SIZE - 1) / BLOCK_SIZE;
  spmv_csr_vector_kernel<<<vector_blocks, BLOCK_SIZE>>>(num_rows, d_ptr, d_indices, d_data, d_x, d_y);

  cudaDeviceSynchronize();
  cudaMemcpy(h_y, d_y, num_rows * sizeof(float), cudaMemcpyDeviceToHost);
  printf("y[0] = %f\n", h_y[0]);

  cudaFree(d_ptr); cudaFree(d_indices); cudaFree(d_data); cudaFree(d_x); cudaFree(d_y);
  free(h_ptr); free(h_indices); free(h_data); free(h_x); free(h_y);
  return 0;
}
