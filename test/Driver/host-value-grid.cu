// A grid the source computes in part from assumed host values keeps that
// part (docs/assumptions.md, "Host values"): `dim3((T + 255) / 256, BNH)`
// with T and BNH parameters of a function nothing calls. T is a host value
// (the kernel's argument is computed from it) and BNH only sizes the grid,
// so the grid is assumed; x is what the source computes from the assumed
// T. Before, the whole grid was assumed, (64, 64), beside T = 16 after the
// retries: 63 of every 64 blocks in x had no thread under T.
//
// T's first choice is 16384, the launch's threads in x (64 x 256); its
// loops run T x T / 2 iterations a thread, so the retries divide it by
// 1024 to 16, and x = (16 + 255) / 256 = 1. The assumed grid fills y:
// 4 waves x 108 SMs x 8 blocks = 3456, rounded up to 4096.
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s
// CHECK: kernel rows: grid (1, 4096, 1), block (256, 1, 1)
// CHECK: note: assumed host values T = 16
// CHECK: note: assumed grid (1, 4096, 1) ({{.*}}; x = 1 as the source gives it)

__global__ void rows(float *out, const float *w, int T) {
  int t3 = blockIdx.x * blockDim.x + threadIdx.x;
  int idx = blockIdx.y * T * T;
  if (t3 >= T)
    return;
  for (int t = t3; t < T; t++) {
    float r = 0;
    for (int t2 = 0; t2 <= t; t2++)
      r += w[idx + t * T + t2];
    out[idx + t * T + t3] = r;
  }
}

void launch(float *out, const float *w, int T, int BNH) {
  rows<<<dim3((T + 255) / 256, BNH), 256>>>(out, w, T);
}
