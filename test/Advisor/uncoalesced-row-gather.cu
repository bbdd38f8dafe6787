// An access whose lanes start where an index array's contents put them
// (no --buffer: gpurd assumes uniformly random indices and says so) is
// judged on those contents only when its sectors follow them. When each
// thread then walks consecutive elements of its row (table[idx[r] * D + c]
// over c), the lanes touch a sector each whatever rows the contents pick
// (unless they pick the same row), and the fix, the lanes taking
// neighbouring elements of a row, does not depend on them: a warning with
// the assumption stated. A scalar gather x[idx[i]] has nothing but its
// contents behind its sectors, and only reordering the data could help:
// silent.
// The launch is short (a warp issues its 32 unrolled loads of the row
// together and waits once: a few thousand cycles, under MinCycles), so the
// test lowers MinCycles to judge the access.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinCycles=0 -- 2>&1 | FileCheck %s
//
// rowGather: 64 rows of D = 32 floats (128 bytes) a block, one a thread;
// with random rows the lanes' addresses lie 128 bytes apart or more, so a
// warp's load of table[row * D + c] touches 32 sectors where its 32 x 4 =
// 128 bytes, 4 sectors, would do: 28 excessive. 256 blocks of 64 threads
// = 512 warps x D = 32 requests = 16384 requests (counted on the blocks
// modelled, scaled to the launch), 16384 x 32 = 524288 sectors of which
// 16384 x 28 = 458752 (88%) excessive.
// CHECK-LABEL: kernel rowGather:
// CHECK: note: assumed the contents of 'idx' as uniformly random integers
// CHECK: :[[@LINE+16]]:10: warning: uncoalesced global load of 'table': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 524288); coalescing it, by whatever change, would cut the kernel's time by at most {{[0-9.]+}}% (predicted
// CHECK: :[[@LINE+15]]:10: note: each thread walks consecutive elements from an address the kernel computes from memory contents (a row picked by an index): whatever rows the contents pick, the lanes touch a sector each unless they pick the same row
// CHECK: :[[@LINE+14]]:10: note: the figures rest on assumed values, stated with the kernel's launch: the contents of 'idx' as uniformly random integers
// CHECK-LABEL: kernel scalarGather:
// CHECK-NOT: warning
#include <cuda_runtime.h>

#define ROWS 16384
#define VOCAB 100000
#define D 32

__global__ void rowGather(const float *table, const int *idx, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int row = idx[r];
  float s = 0.0f;
  for (int c = 0; c < D; ++c)
    s += table[row * D + c];
  out[r] = s;
}

__global__ void scalarGather(const float *x, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[idx[i]];
}

int main() {
  float *table, *x, *out;
  int *idx;
  cudaMalloc(&table, VOCAB * D * sizeof(float));
  cudaMalloc(&x, (1 << 20) * sizeof(float));
  cudaMalloc(&idx, (1 << 20) * sizeof(int));
  cudaMalloc(&out, (1 << 20) * sizeof(float));
  rowGather<<<ROWS / 64, 64>>>(table, idx, out);
  scalarGather<<<4096, 256>>>(x, idx, out);
  cudaDeviceSynchronize();
  return 0;
}
