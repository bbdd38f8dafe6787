// A gather through an index array with no buffer: gpurd assumes its
// contents uniformly random (stated in the kernel's header), and the load
// x[idx[i]] is memory-divergent under that assumption, 32 lanes on about
// 32 lines. The divergence is the assumption's, and no change that keeps
// the kernel's meaning removes it, so gpurd-memory-divergence is silent
// unless AssumedContents=1 asks (the advice benchmark's gather.cu labels
// the same kernel silent).
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: gpurd-advise %s --check-option=gpurd-memory-divergence.AssumedContents=1 -- 2>&1 | FileCheck %s --check-prefix=ASKED

// DEFAULT: note: assumed the contents of 'idx' as uniformly random integers in [0, 262144)
// DEFAULT: memory divergence (seed 004's MDM): memory-divergent (MD)
// DEFAULT-NOT: [gpurd-memory-divergence]

// ASKED: :[[@LINE+5]]:12: warning: memory-divergent load: a warp request touches {{[0-9.]+}} L1 lines, {{.*}} [gpurd-memory-divergence]
// ASKED: note: the figures rest on assumed values, stated with the kernel's launch: the contents of 'idx' as uniformly random integers in [0, 262144)
#define N (1 << 18)
__global__ void gatherIndexed(const float *x, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[idx[i]];
}

int main() {
  float *x, *out;
  int *idx;
  cudaMalloc(&x, N * sizeof(float));
  cudaMalloc(&idx, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(float));
  gatherIndexed<<<N / 256, 256>>>(x, idx, out);
}
