// A kernel whose `extern __shared__` array is declared in a device function
// it calls (the CUDA samples' SharedMemory<T>, a conversion operator) uses
// dynamic shared memory: with the launch's size unknown, gpurd assumes one
// 4-byte word per thread (256 threads: 1024 B), not 0 B (which made every
// shared store out of bounds).
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 -- 2>&1 | FileCheck %s

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T>
__global__ void reduce0(const T *in, T *out, unsigned n) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

void run(const float *in, float *out, unsigned n, int threads, int blocks,
         int smem) {
  reduce0<float><<<blocks, threads, smem>>>(in, out, n);
}

// CHECK: note: assumed dynamic shared memory 1024 B (one 4-byte word per thread of the block)
// CHECK: kernel reduce0<float> on fermi-gtx470
