// reduction.cu: sum reduction templated on type and block size, two passes, in the
// style of SHOC's level1 Reduction (Reduction.cu + reduction_kernel.h).
// Written for the gpurd test corpus.
#include <cassert>
#include <cfloat>
#include <cstdlib>
#include <iostream>
#include <string>
#include <cuda.h>
#include <cuda_runtime.h>

using namespace std;

#define CUDA_SAFE_CALL_NO_SYNC( call) do {                                \
    cudaError err = call;                                                    \
    if( cudaSuccess != err) {                                                \
        fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n",        \
                __FILE__, __LINE__, cudaGetErrorString( err) );              \
        exit(EXIT_FAILURE);                                                  \
    } } while (0)

#define CUDA_SAFE_CALL( call) do {                                        \
    CUDA_SAFE_CALL_NO_SYNC(call);                                            \
    cudaError err = cudaThreadSynchronize();                                 \
    if( cudaSuccess != err) {                                                \
        fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n",        \
                __FILE__, __LINE__, cudaGetErrorString( err) );              \
        exit(EXIT_FAILURE);                                                  \
    } } while (0)

#define CHECK_CUDA_ERROR()                                                    \
{                                                                             \
    cudaError_t err = cudaGetLastError();                                     \
    if (err != cudaSuccess)                                                   \
    {                                                                         \
        printf("error=%d name=%s at "                                         \
               "ln: %d\n  ",err,cudaGetErrorString(err),__LINE__);            \
        exit(-1);                                                             \
    }                                                                         \
}

// The following class is a workaround for using dynamically sized
// shared memory in templated code. Without this workaround, the
// compiler would generate two shared memory arrays (one for SP
// and one for DP) of the same name and would generate an error.
template <class T>
class SharedMem
{
    public:
      __device__ inline T* getPointer()
      {
          extern __shared__ T s[];
          return s;
      };
};

// Specialization for double
template <>
class SharedMem <double>
{
    public:
      __device__ inline double* getPointer()
      {
          extern __shared__ double s_double[];
          return s_double;
      }
};

// Specialization for float
template <>
class SharedMem <float>
{
    public:
      __device__ inline float* getPointer()
      {
          extern __shared__ float s_float[];
          return s_float;
      }
};

// Reduction Kernel
template <class T, int blockSize>
__global__ void
reduce(const T* __restrict__ g_idata, T* __restrict__ g_odata,
        const unsigned int n)
{
    const unsigned int tid = threadIdx.x;
    unsigned int i = (blockIdx.x*(blockDim.x*2)) + tid;
    const unsigned int gridSize = blockDim.x*2*gridDim.x;

    // Shared memory will be used for intrablock summation
    // NB: CC's < 1.3 seem incompatible with the templated dynamic
    // shared memory workaround.
    // Inspection with cuda-gdb shows sdata as a pointer to *global*
    // memory and incorrect results are obtained.  This explicit macro
    // works around this issue. Further, it is acceptable to specify
    // float, since CC's < 1.3 do not support double precision.
#if __CUDA_ARCH__ <= 130
    extern volatile __shared__ float sdata[];
#else
    SharedMem<T> shared;
    volatile T* sdata = shared.getPointer();
#endif

    sdata[tid] = 0.0f;

    // Reduce multiple elements per thread
    while (i < n)
    {
        sdata[tid] += g_idata[i] + g_idata[i+blockSize];
        i += gridSize;
    }
    __syncthreads();

    // Reduce the contents of shared memory
    // NB: This is an unrolled loop, and assumes warp-syncrhonous
    // execution.
    if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; }
        __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; }
        __syncthreads(); }
    if (blockSize >= 128) { if (tid <  64) { sdata[tid] += sdata[tid +  64]; }
        __syncthreads(); }
    if (tid < warpSize)
    {
        // NB2: This section would also need __sync calls if warp
        // synchronous execution were not assumed
        if (blockSize >= 64) { sdata[tid] += sdata[tid + 32]; }
        if (blockSize >= 32) { sdata[tid] += sdata[tid + 16]; }
        if (blockSize >= 16) { sdata[tid] += sdata[tid +  8]; }
        if (blockSize >=  8) { sdata[tid] += sdata[tid +  4]; }
        if (blockSize >=  4) { sdata[tid] += sdata[tid +  2]; }
        if (blockSize >=  2) { sdata[tid] += sdata[tid +  1]; }
    }

    // Write result for this block to global memory
    if (tid == 0)
    {
        g_odata[blockIdx.x] = sdata[0];
    }
}

template <class T>
T reduceCPU(const T *data, int size)
{
    T sum = data[0];
    T c = (T)0.0;
    for (int i = 1; i < size; i++)
    {
        T y = data[i] - c;
        T t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    return sum;
}

template <class T>
void RunTest(string testName, int probSizeMB, int passes, int iters)
{
    int size = (probSizeMB * 1024 * 1024) / sizeof(T);

    // Allocate host memory and fill with floats
    T* h_idata;
    CUDA_SAFE_CALL(cudaMallocHost((void**)&h_idata, size * sizeof(T)));

    for(int i = 0; i < size; i++)
    {
        h_idata[i] = i % 3; //Fill with some pattern
    }

    T* d_idata;
    CUDA_SAFE_CALL(cudaMalloc((void**)&d_idata, size * sizeof(T)));

    int num_threads = 256; // NB: Update template to kernel launch
                           // if this is changed
    int num_blocks = 64;
    int smem_size = sizeof(T) * num_threads;
    // Allocate device memory for output
    T* d_odata;
    CUDA_SAFE_CALL(cudaMalloc((void**)&d_odata, num_blocks * sizeof(T)));
    // Allocate host memory for output
    T* h_odata;
    CUDA_SAFE_CALL(cudaMallocHost((void**)&h_odata, num_blocks * sizeof(T)));

    // Allocate timing events
    cudaEvent_t start, stop;
    CUDA_SAFE_CALL(cudaEventCreate(&start));
    CUDA_SAFE_CALL(cudaEventCreate(&stop));

    for (int k = 0; k < passes; k++)
    {
        // Copy data to GPU
        float transferTime = 0.0f;
        CUDA_SAFE_CALL(cudaEventRecord(start, 0));
        CUDA_SAFE_CALL(cudaMemcpy(d_idata, h_idata, size*sizeof(T),
                cudaMemcpyHostToDevice));
        CUDA_SAFE_CALL(cudaEventRecord(stop, 0));
        CUDA_SAFE_CALL(cudaEventSynchronize(stop));
        CUDA_SAFE_CALL(cudaEventElapsedTime(&transferTime, start, stop));

        // Execute kernel
        CUDA_SAFE_CALL(cudaEventRecord(start, 0));
        for (int m = 0; m < iters; m++)
        {
            reduce<T,256><<<num_blocks,num_threads, smem_size>>>
                (d_idata, d_odata, size);
        }
        CUDA_SAFE_CALL(cudaEventRecord(stop, 0));
        CUDA_SAFE_CALL(cudaEventSynchronize(stop));

        // Get kernel time
        float totalReduceTime;
        cudaEventElapsedTime(&totalReduceTime, start, stop);
        double avg_time = totalReduceTime / (double)iters;
        avg_time /= 1.e3; // convert to seconds

        // Copy back to host
        CUDA_SAFE_CALL(cudaEventRecord(start, 0));
        CUDA_SAFE_CALL(cudaMemcpy(h_odata, d_odata, sizeof(T)*num_blocks,
                cudaMemcpyDeviceToHost));
        CUDA_SAFE_CALL(cudaEventRecord(stop, 0));
        CUDA_SAFE_CALL(cudaEventSynchronize(stop));

        T dev_result = 0;
        for (int i=0; i<num_blocks; i++)
        {
            dev_result += h_odata[i];
        }

        // compute reference solution
        T cpu_result = reduceCPU<T>(h_idata, size);
        double threshold = 1.0e-6;
        T diff = fabs(dev_result - cpu_result);

        cout << "Test " << testName << " pass " << k << ": "
             << (diff < threshold ? "Passed" : "Failed") << " (" << avg_time << " s)" << endl;
    }
    CUDA_SAFE_CALL(cudaFree(d_idata));
    CUDA_SAFE_CALL(cudaFree(d_odata));
    CUDA_SAFE_CALL(cudaFreeHost(h_idata));
    CUDA_SAFE_CALL(cudaFreeHost(h_odata));
    CUDA_SAFE_CALL(cudaEventDestroy(start));
    CUDA_SAFE_CALL(cudaEventDestroy(stop));
}

int main(int argc, char** argv)
{
    int probSizes[4] = { 1, 8, 32, 64 };
    int size_class = 2;
    cout << "Running single precision test" << endl;
    RunTest<float>("Reduction", probSizes[size_class - 1], 10, 256);

    // Test to see if this device supports double precision
    int device;
    cudaGetDevice(&device);
    cudaDeviceProp deviceProp;
    cudaGetDeviceProperties(&deviceProp, device);
    if ((deviceProp.major == 1 && deviceProp.minor >= 3) ||
               (deviceProp.major >= 2))
    {
        cout << "Running double precision test" << endl;
        RunTest<double>("Reduction-DP", probSizes[size_class - 1], 10, 256);
    }
    return 0;
}
