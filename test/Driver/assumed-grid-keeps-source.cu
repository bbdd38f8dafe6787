// A grid the source gives in part keeps what it gives: `dim3 grid(1,
// cfg.rows)` with cfg.rows unknown (a struct the front end cannot follow,
// and no host value it is computed from) is assumed in y only.
//
// Target (docs/assumptions.md): 4 waves of 108 SMs x 8 resident blocks of
// 256 threads (2048 threads per SM / 256) = 3456 blocks. The source gives
// x = 1 and z = 1, so y takes all of it, rounded up to a power of two:
// 4096. Before issue 37 the whole grid was assumed, (64, 64, 1): every
// row's single block ran 64 times over.
//
// RUN: gpurd-advise %s --checks='-*' -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --checks='-*' --format=json -- | FileCheck --check-prefix=JSON %s

#include <cuda_runtime.h>

struct Cfg {
  int rows;
};
extern Cfg readConfig();

__global__ void rowsKernel(float *a, int w) {
  int row = blockIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col < w)
    a[row * w + col] *= 2.0f;
}
// CHECK: kernel rowsKernel: grid (1, 4096, 1), block (256, 1, 1) = 4096 blocks of 256 threads
// CHECK: note: assumed grid (1, 4096, 1) (4 waves of 108 SMs x 8 resident blocks = 3456 blocks, rounded up to a power of two per dimension the kernel indexes (blockIdx.x, blockIdx.y); x = 1 as the source gives it)
// JSON: "part": "grid",
// JSON: "value": "(1, 4096, 1)"

int main() {
  Cfg cfg = readConfig();
  float *a;
  cudaMalloc(&a, 1 << 20);
  dim3 grid(1, cfg.rows);
  rowsKernel<<<grid, 256>>>(a, 256);
}
