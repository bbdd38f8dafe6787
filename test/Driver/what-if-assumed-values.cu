// A what-if runs under the values the kernel as written settled on after
// its retries, not under values assumed afresh for the variant (before,
// MonteCarloMultiGPU's tile search ran its block-size variants with a path
// count of 1048576 where the kernel as written settled on 16384, 2000 times
// longer, and compared different problems).
//
// n is a parameter of run(), which nothing calls: assumed. The launch's
// threads span 256 x 256 = 65536; with the bound of 2000 warp memory
// instructions a block, the blocks are too long at n = 256 (8 warps x 256
// loads = 2048 > 2000) and the retry settles on n = 64.
// RUN: gpurd-advise %s --max-block-trace=2000 --tune THREADS=128,256,512 -- 2>&1 | FileCheck %s
// CHECK: args: n = 64
// CHECK: note: assumed n = 64
// The variants keep n = 64 and the grid of 256 blocks: THREADS = 128 reaches
// a[63 * 65536 + 32767], bytes [0, 4161536 x 4 = 16646144), and 512
// reaches a[63 * 65536 + 131071], bytes [0, 17039360), where the kernel as
// written reaches [0, 64 x 65536 x 4 = 16777216): other work, rejected by the
// footprint comparison (before: "not analysed", n assumed afresh as 1048576
// made 'a' span 8589803520 bytes).
// CHECK: 128  not ranked: it accesses bytes [0, 16646144) of 'a' where the kernel as written accesses bytes [0, 16777216): it does other work
// CHECK: 512  not ranked: it accesses bytes [0, 17039360) of 'a' where the kernel as written accesses bytes [0, 16777216): it does other work
// CHECK-NOT: not analysed

#define THREADS 256

__global__ void rowSums(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[k * 65536 + i];
  out[i] = s;
}

void run(const float *a, float *out, int n) {
  rowSums<<<256, THREADS>>>(a, out, n);
}
