// gpurd-shared-bank-conflict fires on the column read of a 32 x 32 tile and
// is silent on the padded tile (the fixed kernel, written by hand).
//
// Block (32, 8): a warp is one row y, x = 0..31. tile[x][y] is word
// 32x + y, in bank (32x + y) mod 32 = y for every lane: 32 distinct words in
// one bank, 32 wavefronts where 1 would do (31 excessive, 31 / 32 = 96.9%
// -> 97%). One block of 8 warps: 8 requests x 32 = 256 wavefronts.
// Padded, word 33x + y is in bank (x + y) mod 32: distinct banks, silent.
// The stores tile[y][x] are words 32y + x, banks x: silent.
//
// The padding's gain is a what-if run of the kernel with `TILE + 1`: the
// load takes one wavefront per request, 8 in all, where the written kernel
// takes 256; with the stores (8 x 1 before and after), the array's
// accesses go from 264 to 16 wavefronts: 1 - 16 / 264 = 93.9% -> 94% fewer.
// The fix-it applied and the file analysed again: no finding is left.
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --fix-its=parseable -- 2>&1 | FileCheck --check-prefix=PARSEABLE %s
// RUN: gpurd-advise %s --fix-its=parseable -- 2>&1 | %apply-fixits %s > %t.cu
// RUN: FileCheck --check-prefix=EDITED %s < %t.cu
// RUN: gpurd-advise %t.cu -- 2>&1 | FileCheck --check-prefix=FIXED %s

#define TILE 32

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  // PARSEABLE: fix-it:"{{.*}}shared-bank-conflict.cu":{[[@LINE-1]]:31-[[@LINE-1]]:35}:"TILE + 1"
  // EDITED: {{^}}__global__ void transpose(
  // EDITED-NEXT: {{^}}  __shared__ float tile[TILE][TILE + 1];{{$}}
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
  // CHECK: shared-bank-conflict.cu:[[@LINE-1]]:23: warning: 32-way bank conflict in shared load: each warp request takes 32 wavefronts where 1 would do (31 excessive wavefronts, 97% of 256) [gpurd-shared-bank-conflict]
  // CHECK: note: shared memory on ampere-a100 has 32 banks of 4 bytes, which serve distinct words of one bank in turn; neighbouring threads of a warp access 'tile' 128 bytes apart
  // CHECK-NEXT: note: wavefronts counted on the 8 warp requests of the 1 block modelled of 1
  // CHECK-NEXT: shared-bank-conflict.cu:[[DECL:[0-9]+]]:31: note: padding the rows of 'tile' to TILE + 1 elements is predicted to take this access's wavefronts from 256 to 8, and those of all accesses to 'tile' from 264 to 16 (-94% for 'tile')
  // CHECK-NEXT: [[DECL]] | __shared__ float tile[TILE][TILE];
  // CHECK-NEXT: | ^~~~
  // CHECK-NEXT: | TILE + 1
  // CHECK-NEXT: note: the conflicts are exact: the access is affine and its addresses rest on no assumed value
}

__global__ void transposePadded(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}
// CHECK-NOT: warning:
// FIXED: kernel transpose:
// FIXED-NOT: warning:

void host(const float *in, float *out) {
  transpose<<<1, dim3(32, 8)>>>(in, out);
  transposePadded<<<1, dim3(32, 8)>>>(in, out);
}
