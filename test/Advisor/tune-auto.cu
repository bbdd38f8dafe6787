// --tune auto takes the tunables the launch's block is written with,
// through the local variable `block`, by their names in the source: TILE
// (8, 16 and 32: half, as written and double), not BLOCK, which is only
// named in a comment there, nor N, which is not in the launch; and no
// block axis, since TILE gives the block.
//
// RUN: gpurd-advise %s --tune auto -- | FileCheck %s

#define N 4096
#define TILE 16
#define BLOCK 8

__global__ void fill(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

void run(float *a) {
  dim3 block(TILE /* BLOCK */, 4);
  fill<<<N / 64, block>>>(a);
}

// CHECK: tile search over TILE (3 combinations)
// CHECK-NEXT: rank  TILE
// CHECK-DAG: {{^ +[0-9-] +8 }}
// CHECK-DAG: {{^ +[0-9-] +16\* }}
// CHECK-DAG: {{^ +[0-9-] +32 }}
