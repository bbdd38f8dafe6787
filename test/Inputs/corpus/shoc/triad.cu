// triad.cu: STREAM triad A = B + s*C over pinned host memory with two streams
// overlapping transfers and kernels, in the style of SHOC's level1 Triad.
// Written for the gpurd test corpus.
#include <cassert>
#include <cfloat>
#include <iostream>
#include <string>
#include <cuda.h>
#include <cuda_runtime.h>

#define CUDA_SAFE_CALL(call) do {                                            \
    cudaError err = call;                                                    \
    if (cudaSuccess != err) {                                                \
        fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n",        \
                __FILE__, __LINE__, cudaGetErrorString(err));                \
        exit(EXIT_FAILURE);                                                  \
    } } while (0)

// ****************************************************************************
// Function: triad
//
// Purpose:
//   A simple vector addition kernel
//   C = A + s*B
//
// Arguments:
//   A,B - input vectors
//   C - output vectors
//   s - scalar
// ****************************************************************************
__global__ void triad(float* A, float* B, float* C, float s)
{
    int gid = threadIdx.x + (blockIdx.x * blockDim.x);
    C[gid] = A[gid] + s*B[gid];
}

int main(int argc, char** argv)
{
    const bool verbose = false;
    const int n_passes = 10;

    // 256k through 8M bytes
    const int nSizes = 9;
    const size_t blockSizes[] = { 64, 128, 256, 512, 1024, 2048, 4096, 8192,
            16384 };
    const size_t memSize = 16384;
    const size_t numMaxFloats = 1024 * memSize / 4;
    const size_t halfNumFloats = numMaxFloats / 2;

    // Create some host memory pattern
    srand48(8650341L);
    float *h_mem;
    cudaMallocHost((void**) &h_mem, sizeof(float) * numMaxFloats);

    // Allocate some device memory
    float* d_memA0, *d_memB0, *d_memC0;
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memA0, blockSizes[nSizes - 1] * 1024));
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memB0, blockSizes[nSizes - 1] * 1024));
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memC0, blockSizes[nSizes - 1] * 1024));

    float* d_memA1, *d_memB1, *d_memC1;
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memA1, blockSizes[nSizes - 1] * 1024));
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memB1, blockSizes[nSizes - 1] * 1024));
    CUDA_SAFE_CALL(cudaMalloc((void**) &d_memC1, blockSizes[nSizes - 1] * 1024));

    float scalar = 1.75f;

    const size_t blockSize = 128;

    // Number of passes. Use a large number for stress testing.
    // A small value is sufficient for computing sustained performance.
    char sizeStr[256];
    for (int pass = 0; pass < n_passes; ++pass)
    {
        // Step through sizes forward
        for (int i = 0; i < nSizes; ++i)
        {
            int elemsInBlock = blockSizes[i] * 1024 / sizeof(float);
            for (int j = 0; j < halfNumFloats; ++j)
                h_mem[j] = h_mem[halfNumFloats + j]
                                 = (float) (drand48() * 10.0);

            // Copy input memory to the device
            if (verbose) {
                std::cout << ">> Executing Triad with vectors of length "
                   << numMaxFloats << " and block size of "
                   << elemsInBlock << " elements." << "\n";
                printf("Block:%05ldKB\n", blockSizes[i]);
            }

            // start submitting blocks of data of size elemsInBlock
            // overlap the computation of one block with the data
            // download for the next block and the results upload for
            // the previous block
            int crtIdx = 0;
            size_t globalWorkSize = elemsInBlock / blockSize;

            cudaStream_t streams[2];
            CUDA_SAFE_CALL(cudaStreamCreate(&streams[0]));
            CUDA_SAFE_CALL(cudaStreamCreate(&streams[1]));

            cudaEvent_t start, stop;
            CUDA_SAFE_CALL(cudaEventCreate(&start));
            CUDA_SAFE_CALL(cudaEventCreate(&stop));
            CUDA_SAFE_CALL(cudaEventRecord(start, 0));

            CUDA_SAFE_CALL(cudaMemcpyAsync(d_memA0, h_mem, blockSizes[i] * 1024,
                    cudaMemcpyHostToDevice, streams[0]));
            CUDA_SAFE_CALL(cudaMemcpyAsync(d_memB0, h_mem, blockSizes[i] * 1024,
                    cudaMemcpyHostToDevice, streams[0]));

            triad<<<globalWorkSize, blockSize, 0, streams[0]>>>
                    (d_memA0, d_memB0, d_memC0, scalar);

            if (elemsInBlock < numMaxFloats)
            {
                // start downloading data for next block
                CUDA_SAFE_CALL(cudaMemcpyAsync(d_memA1, h_mem + elemsInBlock,
                        blockSizes[i] * 1024, cudaMemcpyHostToDevice, streams[1]));
                CUDA_SAFE_CALL(cudaMemcpyAsync(d_memB1, h_mem + elemsInBlock,
                        blockSizes[i] * 1024, cudaMemcpyHostToDevice, streams[1]));
            }

            int blockIdx = 1;
            unsigned int currStream = 1;
            while (crtIdx < numMaxFloats)
            {
                currStream = blockIdx & 1;
                // Start copying back the answer from the last kernel
                if (currStream)
                {
                    CUDA_SAFE_CALL(cudaMemcpyAsync(h_mem + crtIdx, d_memC0,
                            elemsInBlock * sizeof(float), cudaMemcpyDeviceToHost,
                            streams[0]));
                }
                else
                {
                    CUDA_SAFE_CALL(cudaMemcpyAsync(h_mem + crtIdx, d_memC1,
                            elemsInBlock * sizeof(float), cudaMemcpyDeviceToHost,
                            streams[1]));
                }

                crtIdx += elemsInBlock;

                if (crtIdx < numMaxFloats)
                {
                    // Execute the kernel
                    if (currStream)
                    {
                        triad<<<globalWorkSize, blockSize, 0, streams[1]>>>
                                (d_memA1, d_memB1, d_memC1, scalar);
                    }
                    else
                    {
                        triad<<<globalWorkSize, blockSize, 0, streams[0]>>>
                                (d_memA0, d_memB0, d_memC0, scalar);
                    }
                }

                if (crtIdx+elemsInBlock < numMaxFloats)
                {
                    // Download data for next block
                    if (currStream)
                    {
                        CUDA_SAFE_CALL(cudaMemcpyAsync(d_memA0, h_mem+crtIdx+elemsInBlock,
                                blockSizes[i]*1024, cudaMemcpyHostToDevice,
                                streams[0]));
                        CUDA_SAFE_CALL(cudaMemcpyAsync(d_memB0, h_mem+crtIdx+elemsInBlock,
                                blockSizes[i]*1024, cudaMemcpyHostToDevice,
                                streams[0]));
                    }
                    else
                    {
                        CUDA_SAFE_CALL(cudaMemcpyAsync(d_memA1, h_mem+crtIdx+elemsInBlock,
                                blockSizes[i]*1024, cudaMemcpyHostToDevice,
                                streams[1]));
                        CUDA_SAFE_CALL(cudaMemcpyAsync(d_memB1, h_mem+crtIdx+elemsInBlock,
                                blockSizes[i]*1024, cudaMemcpyHostToDevice,
                                streams[1]));
                    }
                }
                blockIdx += 1;
                currStream = !currStream;
            }

            cudaThreadSynchronize();
            CUDA_SAFE_CALL(cudaEventRecord(stop, 0));
            CUDA_SAFE_CALL(cudaEventSynchronize(stop));

            float time;
            cudaEventElapsedTime(&time, start, stop);

            double triad = ((double)numMaxFloats * 2.0) / (time*1e6);
            sprintf(sizeStr, "Block:%05ldKB", blockSizes[i]);
            printf("%s TriadFlops %f GFLOP/s\n", sizeStr, triad);

            CUDA_SAFE_CALL(cudaStreamDestroy(streams[0]));
            CUDA_SAFE_CALL(cudaStreamDestroy(streams[1]));
            CUDA_SAFE_CALL(cudaEventDestroy(start));
            CUDA_SAFE_CALL(cudaEventDestroy(stop));
        }
    }

    // Cleanup
    CUDA_SAFE_CALL(cudaFree(d_memA0));
    CUDA_SAFE_CALL(cudaFree(d_memB0));
    CUDA_SAFE_CALL(cudaFree(d_memC0));
    CUDA_SAFE_CALL(cudaFree(d_memA1));
    CUDA_SAFE_CALL(cudaFree(d_memB1));
    CUDA_SAFE_CALL(cudaFree(d_memC1));
    CUDA_SAFE_CALL(cudaFreeHost(h_mem));
    return 0;
}
