// Tensor-core fragments of the precisions CUDA 11's samples use (bf16,
// tf32, double) parse on both sides, and wmma::load_matrix_sync /
// store_matrix_sync are memory operations: element i of lane l is the
// tile's element e = 32 i + l in memory order, one element-sized access.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel bf16Tile %s -- | FileCheck %s --check-prefix=BF16
// RUN: gpurd-advise --dump-accesses --kernel tf32Tile %s -- | FileCheck %s --check-prefix=TF32
// RUN: gpurd-advise --dump-accesses --kernel doubleTile %s -- | FileCheck %s --check-prefix=DOUBLE
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

// One warp: A (16 x 16 bf16, row-major, leading dimension 24), B (16 x 16,
// col-major, 16), C (16 x 16 float, row-major, 16).
__global__ void bf16Tile(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                         float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 24);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void tf32Tile(const float *a, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::load_matrix_sync(fa, a, 8);
#pragma unroll
  for (int t = 0; t < fa.num_elements; t++)
    fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_col_major);
  c[threadIdx.x] = fa.x[0] + fa.x[3] + acc.x[3];
}

__global__ void doubleTile(const double *a, double *c) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(fa, a, 4);
  wmma::fill_fragment(acc, fa.x[0]);
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

int main() {
  __nv_bfloat16 *a = nullptr, *b = nullptr;
  float *c = nullptr, *af = nullptr;
  double *ad = nullptr, *cd = nullptr;
  bf16Tile<<<1, 32>>>(a, b, c);
  tf32Tile<<<1, 32>>>(af, c);
  doubleTile<<<1, 32>>>(ad, cd);
  return 0;
}
// CHECK: wmma-precisions.cu: 3 kernels, 3 launch sites
// CHECK: launch bf16Tile in main: grid (1, 1, 1), block (32, 1, 1)
// bf16 A: 16 * 16 / 32 = 8 elements a lane.  Element i of lane tx is tile
// element e = 32 i + tx: row floor(e / 16) = 2 i + floor(tx / 16), column
// tx mod 16, at element offset 24 (2 i + floor(tx / 16)) + tx mod 16, 2 B
// each: byte 96 i + 48 floor(tx / 16) + 2 (tx mod 16).  For i = 0 that is
// 2 tx for tx < 16 and 48 + 2 (tx - 16) = 16 + 2 tx for tx >= 16; for the
// last element, i = 7, add 672.
// BF16: kernel bf16Tile: 24 memory operations, 24 affine
// BF16: load global 2 B of a (read)
// BF16-NEXT: domain
// BF16-NEXT: access: { S0[tx] -> a[o0] : (-2tx + o0) mod 16 = 0 and 0 <= tx <= 31 and -15 + 3tx <= o0 <= 3tx }
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16: load global 2 B of a (read)
// BF16-NEXT: domain
// BF16-NEXT: access: { S7[tx] -> a[o0] : (-2tx + o0) mod 16 = 0 and 0 <= tx <= 31 and 657 + 3tx <= o0 <= 672 + 3tx }
// B (col-major, leading dimension 16): element offset 16 floor(e / 16) +
// e mod 16 = e = 32 i + tx, byte 64 i + 2 tx; the first is 2 tx, the last
// (i = 7) 448 + 2 tx.
// BF16: load global 2 B of b (read)
// BF16-NEXT: domain
// BF16-NEXT: access: {{.*}} -> b[2tx]
// BF16: S15 {{.*}}: load global 2 B of b (read)
// BF16-NEXT: domain
// BF16-NEXT: access: {{.*}} -> b[448 + 2tx]
// C (float, row-major, 16): element offset e = 32 i + tx, byte 128 i +
// 4 tx, from 4 tx to 896 + 4 tx.
// BF16: store global 4 B to c (write)
// BF16-NEXT: domain
// BF16-NEXT: access: {{.*}} -> c[4tx]
// BF16: S23 {{.*}}: store global 4 B to c (write)
// BF16-NEXT: domain
// BF16-NEXT: access: {{.*}} -> c[896 + 4tx]
// tf32 A (16 x 8, leading dimension 8): 16 * 8 / 32 = 4 elements, element
// offset 8 floor(e / 8) + e mod 8 = e, byte 4 (32 i + tx) = 128 i + 4 tx
// (elements 0 and 3 are used: bytes 4 tx and 384 + 4 tx);
// of the accumulator (16 x 16, col-major, 16) only element 3 is used,
// offset 16 floor(e / 16) + e mod 16 = e = 96 + tx, byte 384 + 4 tx.  The
// fragment stays in registers (no local-memory access).
// TF32: kernel tf32Tile: 4 memory operations, 4 affine
// TF32: load global 4 B of a (read)
// TF32-NEXT: domain
// TF32-NEXT: access: {{.*}} -> a[4tx]
// TF32: load global 4 B of a (read)
// TF32-NEXT: domain
// TF32-NEXT: access: {{.*}} -> a[384 + 4tx]
// TF32-NOT: local
// TF32: load global 4 B of c (read)
// TF32-NEXT: domain
// TF32-NEXT: access: {{.*}} -> c[384 + 4tx]
// TF32: store global 4 B to c (write)
// double A (8 x 4, leading dimension 4): 8 * 4 / 32 = 1 element, offset e =
// tx, byte 8 tx; the accumulator (8 x 8, leading dimension 8): 2 elements,
// bytes 8 tx and 8 (32 + tx) = 256 + 8 tx.
// DOUBLE: kernel doubleTile: 3 memory operations, 3 affine
// DOUBLE: load global 8 B of a (read)
// DOUBLE-NEXT: domain
// DOUBLE-NEXT: access: {{.*}} -> a[8tx]
// DOUBLE: store global 8 B to c (write)
// DOUBLE-NEXT: domain
// DOUBLE-NEXT: access: {{.*}} -> c[8tx]
// DOUBLE: store global 8 B to c (write)
// DOUBLE-NEXT: domain
// DOUBLE-NEXT: access: {{.*}} -> c[256 + 8tx]
