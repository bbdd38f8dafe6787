// scan.cu: three-kernel exclusive prefix sum (per-block reduce, scan of the
// block sums in one block, bottom scan with vectorised float4 loads), templated
// on the element and vector type, in the style of SHOC's level1 Scan.
// Written for the gpurd test corpus.
#include <cassert>
#include <cfloat>
#include <cstdio>
#include <iostream>
#include <string>
#include <cuda_runtime.h>

template <class T>
__device__ T scanLocalMem(const T val, volatile T* s_data)
{
    // Shared mem is 512 floats long, set first half to 0
    int idx = threadIdx.x;
    s_data[idx] = 0.0f;
    __syncthreads();

    // Set 2nd half to thread local sum (sum of the 4 elems from global mem)
    idx += blockDim.x; // += 256

    // Some of these __sync's are unnecessary due to warp synchronous
    // execution.  Right now these are left in to be consistent with
    // opencl version, since that has to execute on platforms where
    // thread groups are not synchronous (i.e. CPUs)
    T t;
    s_data[idx] = val;     __syncthreads();
    t = s_data[idx -  1];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx -  2];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx -  4];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx -  8];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 16];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 32];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 64];  __syncthreads();
    s_data[idx] += t;      __syncthreads();
    t = s_data[idx - 128]; __syncthreads();
    s_data[idx] += t;      __syncthreads();

    return s_data[idx-1];
}

template <class T, int blockSize>
__global__ void
reduce(const T * __restrict__ in,
       T * __restrict__ isums,
       const int n)
{
    // First, calculate the bounds of the region of the array
    // that this block will sum.  We need these regions to match
    // perfectly with those in the bottom-level scan, so we index
    // as if vector types of length 4 were in use.  This prevents
    // errors due to slightly misaligned regions.
    int region_size = ((n / 4) / gridDim.x) * 4;
    int block_start = blockIdx.x * region_size;

    // Give the last block any extra elements
    int block_stop  = (blockIdx.x == gridDim.x - 1) ?
        n : block_start + region_size;

    // Calculate starting index for this thread/work item
    int tid = threadIdx.x;
    int i = block_start + tid;

    T sum = 0.0f;

    // Reduce multiple elements per thread
    while (i < block_stop)
    {
        sum += in[i];
        i += blockSize;
    }
    // Load this thread's sum into local/shared memory
    volatile __shared__ T sdata[blockSize];
    sdata[tid] = sum;
    __syncthreads();

    // Reduce the contents of shared/local memory
    for (unsigned int s = blockSize / 2; s > 32; s >>= 1)
    {
        if (tid < s)
        {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    // Unrolled warp reduction
    if (tid < 32)
    {
        sdata[tid] += sdata[tid + 32];
        sdata[tid] += sdata[tid + 16];
        sdata[tid] += sdata[tid +  8];
        sdata[tid] += sdata[tid +  4];
        sdata[tid] += sdata[tid +  2];
        sdata[tid] += sdata[tid +  1];
    }

    // Write result for this block to global memory
    if (tid == 0)
    {
        isums[blockIdx.x] = sdata[0];
    }
}

template <class T, int blockSize>
__global__ void
scan_single_block(T* __restrict__ data, const int n)
{
    __shared__ T s_mem[blockSize * 2];
    T val = (threadIdx.x < n) ? data[threadIdx.x] : 0.0f;
    T res = scanLocalMem<T>(val, s_mem);
    __syncthreads();
    if (threadIdx.x < n)
    {
        data[threadIdx.x] = res;
    }
}

template <class T, class vecT, int blockSize>
__global__ void
bottom_scan(const T* __restrict__ in,
            const T* __restrict__ isums,
            T* __restrict__ out,
            const int n)
{
    __shared__ T sdata[blockSize * 2];

    // Prepare for reading 4-element vectors
    // Assume n is divisible by 4
    vecT *in4  = (vecT*) in;
    vecT *out4 = (vecT*) out;
    int n4 = n / 4; //vector type is 4 wide

    int region_size = n4 / gridDim.x;
    int block_start = blockIdx.x * region_size;
    // Give the last block any extra elements
    int block_stop  = (blockIdx.x == gridDim.x - 1) ?
        n4 : block_start + region_size;

    // Calculate starting index for this thread/work item
    int i = block_start + threadIdx.x;
    unsigned int window = block_start;

    // Seed the bottom scan with the results from the top scan (i.e. load the per
    // block sums from the previous kernel)
    T seed = isums[blockIdx.x];

    // Scan multiple elements per thread
    while (window < block_stop) {
        vecT val_4;
        if (i < block_stop) {
            val_4 = in4[i];
        } else {
            val_4.x = 0.0f;
            val_4.y = 0.0f;
            val_4.z = 0.0f;
            val_4.w = 0.0f;
        }

        // Serial scan in registers
        val_4.y += val_4.x;
        val_4.z += val_4.y;
        val_4.w += val_4.z;

        // ExScan sums in local memory
        T res = scanLocalMem<T>(val_4.w, sdata);

        // Update and write out to global memory
        val_4.x += res + seed;
        val_4.y += res + seed;
        val_4.z += res + seed;
        val_4.w += res + seed;

        if (i < block_stop)
        {
            out4[i] = val_4;
        }

        // Next seed will be the last value
        // Last thread puts seed into smem.
        __syncthreads();
        if (threadIdx.x == blockSize-1) {
              sdata[blockSize-1] = val_4.w;
        }
        __syncthreads();

        // Broadcast seed to other threads
        seed = sdata[blockSize-1];

        // Advance window
        window += blockSize;
        i += blockSize;
    }
}

template <class T, class vecT>
void RunTest(std::string testName, int probSizeMB, int iters)
{
    int size = probSizeMB * 1024 * 1024 / sizeof(T);
    unsigned int bytes = size * sizeof(T);

    T* h_idata, *h_odata;
    cudaMallocHost((void**) &h_idata, bytes);
    cudaMallocHost((void**) &h_odata, bytes);
    for (int i = 0; i < size; i++) h_idata[i] = i % 2;

    T* d_idata, *d_odata, *d_block_sums;
    cudaMalloc((void**)&d_idata, bytes);
    cudaMalloc((void**)&d_odata, bytes);

    // Using the same number of threads and blocks as reduction
    int num_threads = 256;
    int num_blocks = 64;
    cudaMalloc((void**)&d_block_sums, num_blocks * sizeof(T));

    cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice);

    for (int k = 0; k < iters; k++)
    {
        reduce<T,256><<<num_blocks, num_threads>>>(d_idata, d_block_sums, size);
        scan_single_block<T,256><<<1, num_threads>>>(d_block_sums, num_blocks);
        bottom_scan<T, vecT, 256><<<num_blocks, num_threads>>>(d_idata, d_block_sums, d_odata, size);
    }
    cudaThreadSynchronize();
    cudaMemcpy(h_odata, d_odata, bytes, cudaMemcpyDeviceToHost);
    std::cout << testName << ": last = " << h_odata[size - 1] << std::endl;

    cudaFree(d_idata);
    cudaFree(d_odata);
    cudaFree(d_block_sums);
    cudaFreeHost(h_idata);
    cudaFreeHost(h_odata);
}

int main(int argc, char** argv)
{
    RunTest<float, float4>("Scan", 16, 16);
    RunTest<double, double4>("Scan-DP", 16, 16);
    return 0;
}
