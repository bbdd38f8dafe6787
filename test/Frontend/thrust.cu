// A program that uses Thrust (device_vector, sort, transform, reduce) and
// launches a kernel of its own. Thrust and CUB 1.17 come from the system
// include path (Debian's libthrust-dev, libcub-dev). Both sides compile;
// the kernels Thrust's algorithms instantiate (CUB's radix sort and
// reduction, Thrust's parallel_for agents) are counted, not listed, and the
// default action analyses the file's own kernel only. It runs on the Fermi
// preset: sm_20, which Thrust 1.17 has no tuning policies for (the prelude
// lends it sm_30's).
// REQUIRES: thrust
// UNSUPPORTED: sanitizer
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s --check-prefix=LIST
// RUN: gpurd-advise --cache-report --arch fermi-gtx470 %s -- 2>&1 | FileCheck %s --check-prefix=ADVISE

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

// LIST: thrust.cu: 1 kernel, 1 launch site; not listed: {{[1-9][0-9]*}} kernels and {{[1-9][0-9]*}} launch sites of system headers (Thrust, CUB; --format=json names the kernels, --kernel=NAME analyses one)
// LIST-NEXT: thrust.cu:[[@LINE+5]]:17: kernel scale(float *out, const float *in, float f, int n)
// The cache model runs on the file's kernel, and on none of Thrust's.
// ADVISE-NOT: {{cub::|thrust::|warning}}
// ADVISE: thrust.cu:[[@LINE+2]]:17: kernel scale: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads
// ADVISE-NEXT: args: f = 2, n = 16384
__global__ void scale(float *out, const float *in, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * f;
}

struct Square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

int main() {
  const int n = 1 << 14;
  thrust::host_vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = float((i * 7919) % n);
  thrust::device_vector<float> a = h, b(n);
  thrust::sort(a.begin(), a.end());
  thrust::transform(a.begin(), a.end(), b.begin(), Square());
  // LIST-NEXT: thrust.cu:[[@LINE+3]]:3: launch scale in main: grid (64, 1, 1), block (256, 1, 1)
  // LIST-NEXT: args: out = thrust::raw_pointer_cast(b.data()), in = thrust::raw_pointer_cast(a.data()), f = 2, n = 16384
  // ADVISE-NEXT: from: the launch at {{.*}}thrust.cu:[[@LINE+1]]:3
  scale<<<n / 256, 256>>>(thrust::raw_pointer_cast(b.data()),
                          thrust::raw_pointer_cast(a.data()), 2.0f, n);
  float s = thrust::reduce(b.begin(), b.end(), 0.0f, thrust::plus<float>());
  return s > 0 ? 0 : 1;
}
// LIST-NOT: {{kernel|launch}}

// ADVISE-NEXT: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 14 of 14 SMs
// ADVISE-NEXT: L1: 512 read requests, hit rate 0.0%; misses compulsory 512,
// ADVISE: S0 {{.*}}thrust.cu:30:14 'in[i]': L1 512 reads
// ADVISE-NEXT: S1 {{.*}}thrust.cu:30:12 'out[i]': L1 512 writes
// ADVISE-NOT: {{cub::|thrust::|warning}}
