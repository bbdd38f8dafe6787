// spmv.cu: CSR sparse matrix-vector kernels (scalar and vector), single and
// double precision, with the vector read through texture references wrapped in
// reader functors, and the ELLPACK-R variant; in the style of SHOC's level1 Spmv.
// Written for the gpurd test corpus.
#include <cassert>
#include <iostream>
#include <string>
#include <stdio.h>
#include <stdlib.h>
#include <cuda.h>
#include <cuda_runtime.h>

// Texture for input vector
texture<float, 1> vecTex;  // vector textures
texture<int2, 1>  vecTexD;

// Texture Readers (used so kernels can be templated)
struct texReaderSP {
   __device__ __forceinline__ float operator()(const int idx) const
   {
       return tex1Dfetch(vecTex, idx);
   }
};

struct texReaderDP {
   __device__ __forceinline__ double operator()(const int idx) const
   {
       int2 v = tex1Dfetch(vecTexD, idx);
#if (__CUDA_ARCH__ < 130)
       // Devices before arch 130 don't support DP, and having the
       // __hiloint2double() intrinsic will cause compilation to fail.
       // This return statement added as a workaround -- it will compile,
       // but since the arch doesn't support DP, it will never be called
       return 0;
#else
       return __hiloint2double(v.y, v.x);
#endif
   }
};

template <typename fpType, typename texReader>
__global__ void
spmv_csr_scalar_kernel(const fpType * __restrict__ val,
                       const int    * __restrict__ cols,
                       const int    * __restrict__ rowDelimiters,
                       const int dim, fpType * __restrict__ out)
{
    int myRow = blockIdx.x * blockDim.x + threadIdx.x;
    texReader vecTexReader;

    if (myRow < dim)
    {
        fpType t = 0.0f;
        int start = rowDelimiters[myRow];
        int end = rowDelimiters[myRow+1];
        for (int j = start; j < end; j++)
        {
            int col = cols[j];
            t += val[j] * vecTexReader(col);
        }
        out[myRow] = t;
    }
}

template <typename fpType, typename texReader>
__global__ void
spmv_csr_vector_kernel(const fpType * __restrict__ val,
                       const int    * __restrict__ cols,
                       const int    * __restrict__ rowDelimiters,
                       const int dim, fpType * __restrict__ out)
{
    // Thread ID in block
    int t = threadIdx.x;
    // Thread ID within warp
    int id = t & (warpSize-1);
    int warpsPerBlock = blockDim.x / warpSize;
    // One row per warp
    int myRow = (blockIdx.x * warpsPerBlock) + (t / warpSize);
    // Texture reader for the dense vector
    texReader vecTexReader;

    __shared__ volatile fpType partialSums[128];

    if (myRow < dim)
    {
        int warpStart = rowDelimiters[myRow];
        int warpEnd = rowDelimiters[myRow+1];
        fpType mySum = 0;
        for (int j = warpStart + id; j < warpEnd; j += warpSize)
        {
            int col = cols[j];
            mySum += val[j] * vecTexReader(col);
        }
        partialSums[t] = mySum;

        // Reduce partial sums
        if (id < 16) partialSums[t] += partialSums[t+16];
        if (id <  8) partialSums[t] += partialSums[t+ 8];
        if (id <  4) partialSums[t] += partialSums[t+ 4];
        if (id <  2) partialSums[t] += partialSums[t+ 2];
        if (id <  1) partialSums[t] += partialSums[t+ 1];

        // Write result
        if (id == 0)
        {
            out[myRow] = partialSums[t];
        }
    }
}

template <typename fpType, typename texReader>
__global__ void
spmv_ellpackr_kernel(const fpType * __restrict__ val,
                     const int    * __restrict__ cols,
                     const int    * __restrict__ rowLengths,
                     const int dim, fpType * __restrict__ out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    texReader vecTexReader;

    if (t < dim)
    {
        fpType result = 0.0f;
        int max = rowLengths[t];
        for (int i = 0; i < max; i++)
        {
            int ind = i*dim+t;
            result += val[ind] * vecTexReader(cols[ind]);
        }
        out[t] = result;
    }
}

template <typename floatType, typename texReader>
void csrTest(floatType* h_val, int* h_cols, int* h_rowDelimiters,
             floatType* h_vec, floatType* h_out, int numRows, int numNonZeroes)
{
    // Device data structures
    floatType *d_val, *d_vec, *d_out;
    int *d_cols, *d_rowDelimiters;

    // Allocate device memory
    cudaMalloc(&d_val,  numNonZeroes * sizeof(floatType));
    cudaMalloc(&d_cols, numNonZeroes * sizeof(int));
    cudaMalloc(&d_vec,  numRows * sizeof(floatType));
    cudaMalloc(&d_out,  numRows * sizeof(floatType));
    cudaMalloc(&d_rowDelimiters, (numRows+1) * sizeof(int));

    // Transfer data to device
    cudaMemcpy(d_val, h_val,   numNonZeroes * sizeof(floatType), cudaMemcpyHostToDevice);
    cudaMemcpy(d_cols, h_cols, numNonZeroes * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_vec, h_vec, numRows * sizeof(floatType), cudaMemcpyHostToDevice);
    cudaMemcpy(d_rowDelimiters, h_rowDelimiters, (numRows+1) * sizeof(int), cudaMemcpyHostToDevice);

    // Bind texture for position
    if (sizeof(floatType) == sizeof(float))
    {
        cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<float>();
        cudaBindTexture(0, vecTex, d_vec, channelDesc, numRows * sizeof(float));
    }
    else
    {
        cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<int2>();
        cudaBindTexture(0, vecTexD, d_vec, channelDesc, numRows * sizeof(int2));
    }

    // Setup thread configuration
    int nBlocksScalar = (int) ceil((floatType) numRows / 128);
    int nBlocksVector = (int) ceil(numRows / (floatType)(128 / 32));

    spmv_csr_scalar_kernel<floatType, texReader>
        <<<nBlocksScalar, 128>>>
        (d_val, d_cols, d_rowDelimiters, numRows, d_out);
    spmv_csr_vector_kernel<floatType, texReader>
        <<<nBlocksVector, 128>>>
        (d_val, d_cols, d_rowDelimiters, numRows, d_out);
    spmv_ellpackr_kernel<floatType, texReader>
        <<<nBlocksScalar, 128>>>
        (d_val, d_cols, d_rowDelimiters, numRows, d_out);

    cudaMemcpy(h_out, d_out, numRows * sizeof(floatType), cudaMemcpyDeviceToHost);

    cudaFree(d_rowDelimiters);
    cudaFree(d_vec);
    cudaFree(d_out);
    cudaFree(d_val);
    cudaFree(d_cols);
    cudaUnbindTexture(vecTexD);
    cudaUnbindTexture(vecTex);
}

template <typename floatType, typename texReader>
void RunTest(int numRows)
{
    int nItems = numRows * numRows / 100; // 1% of entries will be non-zero
    floatType *h_val = new floatType[nItems];
    int *h_cols = new int[nItems];
    int *h_rowDelimiters = new int[numRows + 1];
    floatType *h_vec = new floatType[numRows];
    floatType *h_out = new floatType[numRows];
    for (int i = 0; i < nItems; i++) { h_val[i] = 1; h_cols[i] = (i * 37) % numRows; }
    for (int r = 0; r <= numRows; r++) h_rowDelimiters[r] = (int)((long long)r * nItems / numRows);
    for (int r = 0; r < numRows; r++) h_vec[r] = 1;
    csrTest<floatType, texReader>(h_val, h_cols, h_rowDelimiters, h_vec, h_out, numRows, nItems);
    delete[] h_val; delete[] h_cols; delete[] h_rowDelimiters; delete[] h_vec; delete[] h_out;
}

int main(int argc, char **argv)
{
    int probSizes[4] = {1024, 8192, 12288, 16384};
    RunTest<float, texReaderSP>(probSizes[1]);
    RunTest<double, texReaderDP>(probSizes[1]);
    return 0;
}
