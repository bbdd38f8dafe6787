// PolyBench/GPU 2MM and 3MM: chains of matrix products, one thread per output
// element, block (32, 8). The matrices are not square, so that every stride
// in the access relations tells which dimension it comes from:
// NI = 256 rows, NJ = 512, NK = 128, NL = 1024.
// RUN: gpurd-advise %s --kernel mm2_kernel1 --dump-accesses --grid 16,32 --block 32,8 -- | FileCheck %s --check-prefix=MM2K1
// RUN: gpurd-advise %s --kernel mm2_kernel2 --dump-accesses --grid 32,32 --block 32,8 -- | FileCheck %s --check-prefix=MM2K2
// RUN: gpurd-advise %s --kernel mm2_kernel2 --explain-compiled --grid 32,32 --block 32,8 -- | FileCheck %s --check-prefix=MM2K2-EXPLAIN
// RUN: gpurd-advise %s --kernel mm3_kernel3 --dump-accesses --grid 32,32 --block 32,8 -- | FileCheck %s --check-prefix=MM3K3
// RUN: gpurd-advise %s --kernel mm3_kernel3 --explain-compiled --grid 32,32 --block 32,8 -- | FileCheck %s --check-prefix=MM3K3-EXPLAIN
//
// Both 2MM kernels accumulate into global memory that may alias the inputs:
// the compiled loop keeps the store but not the reload (the value is carried
// in a register), and the first load is hoisted before the loop.
// 3MM's kernels first store 0: the compiled kernel has no load of the output
// at all (its first value is the stored 0).

#define NI 256
#define NJ 512
#define NK 128
#define NL 1024

// C (NI x NJ) += A (NI x NK) . B (NK x NJ); grid (NJ/32, NI/8) = (16, 32).
//   j = 32bx + tx, i = 8by + ty, 0 <= k <= NK - 1 = 127
//   C[i*NJ + j] -> 4(512(8by + ty) + 32bx + tx) = 16384by + 2048ty + 128bx + 4tx
//   A[i*NK + k] -> 4(128(8by + ty) + k)         = 4096by + 512ty + 4k
//   B[k*NJ + j] -> 4(512k + 32bx + tx)          = 2048k + 128bx + 4tx
// MM2K1: kernel mm2_kernel1: 4 memory operations, 4 affine; parameters: none
__global__ void mm2_kernel1(float *A, float *B, float *C) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NJ)) {
    // MM2K1-NEXT: loop k at {{.*}}polybench-2mm-3mm.cu:[[@LINE+18]]:5: 0 <= k <= 127
    // MM2K1-NEXT: S0 {{.*}}polybench-2mm-3mm.cu:[[@LINE+18]]:7: load global 4 B of C (read) 'C[i * NJ + j]'
    // MM2K1-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 15 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // MM2K1-NEXT: access:   { S0[bx, by, tx, ty] -> C[128bx + 16384by + 4tx + 2048ty] : [[BOX]] }
    // MM2K1-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // MM2K1-NEXT: S1 {{.*}}polybench-2mm-3mm.cu:[[@LINE+14]]:24: load global 4 B of A (read) 'A[i * NK + k]'
    // MM2K1-NEXT: domain:   { S1[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 15 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 127]] }
    // MM2K1-NEXT: access:   { S1[bx, by, tx, ty, k] -> A[4096by + 512ty + 4k] : [[BOXK]] }
    // MM2K1-NEXT: schedule: { S1[bx, by, tx, ty, k] -> [1, k, 0] }
    // MM2K1-NEXT: S2 {{.*}}polybench-2mm-3mm.cu:[[@LINE+10]]:40: load global 4 B of B (read) 'B[k * NJ + j]'
    // MM2K1-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK]] }
    // MM2K1-NEXT: access:   { S2[bx, by, tx, ty, k] -> B[128bx + 4tx + 2048k] : [[BOXK]] }
    // MM2K1-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [1, k, 1] }
    // MM2K1-NEXT: S3 {{.*}}polybench-2mm-3mm.cu:[[@LINE+6]]:21: store global 4 B to C (write) 'C[i * NJ + j]'
    // MM2K1-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
    // MM2K1-NEXT: access:   { S3[bx, by, tx, ty, k] -> C[128bx + 16384by + 4tx + 2048ty] : [[BOXK]] }
    // MM2K1-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [1, k, 2] }
    // MM2K1-NOT: S4
    for (int k = 0; k < NK; k++)
      C[i * NJ + j] += A[i * NK + k] * B[k * NJ + j];
  }
}

// E (NI x NL) += C (NI x NJ) . D (NJ x NL); grid (NL/32, NI/8) = (32, 32).
//   j = 32bx + tx, i = 8by + ty, 0 <= k <= NJ - 1 = 511
//   E[i*NL + j] -> 4(1024(8by + ty) + 32bx + tx) = 32768by + 4096ty + 128bx + 4tx
//   C[i*NJ + k] -> 4(512(8by + ty) + k)          = 16384by + 2048ty + 4k
//   D[k*NL + j] -> 4(1024k + 32bx + tx)          = 4096k + 128bx + 4tx
// MM2K2: kernel mm2_kernel2: 4 memory operations, 4 affine; parameters: none
// MM2K2-EXPLAIN: kernel mm2_kernel2: 4 source accesses
__global__ void mm2_kernel2(float *C, float *D, float *E) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NL)) {
    // MM2K2-NEXT: loop k at {{.*}}polybench-2mm-3mm.cu:[[@LINE+22]]:5: 0 <= k <= 511
    // MM2K2-NEXT: S0 {{.*}}polybench-2mm-3mm.cu:[[@LINE+22]]:7: load global 4 B of E (read) 'E[i * NL + j]'
    // MM2K2-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 31 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // MM2K2-NEXT: access:   { S0[bx, by, tx, ty] -> E[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // MM2K2-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // MM2K2-NEXT: S1 {{.*}}polybench-2mm-3mm.cu:[[@LINE+18]]:24: load global 4 B of C (read) 'C[i * NJ + k]'
    // MM2K2-NEXT: domain:   { S1[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 31 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 511]] }
    // MM2K2-NEXT: access:   { S1[bx, by, tx, ty, k] -> C[16384by + 2048ty + 4k] : [[BOXK]] }
    // MM2K2-NEXT: schedule: { S1[bx, by, tx, ty, k] -> [1, k, 0] }
    // MM2K2-NEXT: S2 {{.*}}polybench-2mm-3mm.cu:[[@LINE+14]]:40: load global 4 B of D (read) 'D[k * NL + j]'
    // MM2K2-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK]] }
    // MM2K2-NEXT: access:   { S2[bx, by, tx, ty, k] -> D[128bx + 4tx + 4096k] : [[BOXK]] }
    // MM2K2-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [1, k, 1] }
    // MM2K2-NEXT: S3 {{.*}}polybench-2mm-3mm.cu:[[@LINE+10]]:21: store global 4 B to E (write) 'E[i * NL + j]'
    // MM2K2-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
    // MM2K2-NEXT: access:   { S3[bx, by, tx, ty, k] -> E[128bx + 32768by + 4tx + 4096ty] : [[BOXK]] }
    // MM2K2-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [1, k, 2] }
    // MM2K2-NOT: S4
    // MM2K2-EXPLAIN-NEXT: polybench-2mm-3mm.cu:[[@LINE+5]]:7: 'E[i * NL + j]' read: hoisted: the load runs outside 1 enclosing loop (before it), once instead of every iteration [S0]
    // MM2K2-EXPLAIN-NEXT: polybench-2mm-3mm.cu:[[@LINE+4]]:7: 'E[i * NL + j]' write: kept: one store each time the source executes it [S3]
    // MM2K2-EXPLAIN-NEXT: polybench-2mm-3mm.cu:[[@LINE+3]]:24: 'C[i * NJ + k]' read: kept: one load each time the source executes it [S1]
    // MM2K2-EXPLAIN-NEXT: polybench-2mm-3mm.cu:[[@LINE+2]]:40: 'D[k * NL + j]' read: kept: one load each time the source executes it [S2]
    for (int k = 0; k < NJ; k++)
      E[i * NL + j] += C[i * NJ + k] * D[k * NL + j];
  }
}

// 3MM's last product, G (NI x NL) = E (NI x NJ) . F (NJ x NL), written as the
// suite does (G = 0, then G += ...): the same relations as mm2_kernel2 for
// G, E and F, but the store of 0 replaces the load of G.
// MM3K3: kernel mm3_kernel3: 4 memory operations, 4 affine; parameters: none
// MM3K3-EXPLAIN: kernel mm3_kernel3: 5 source accesses
__global__ void mm3_kernel3(float *E, float *F, float *G) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NI) && (j < NL)) {
    // MM3K3-NEXT: loop k at {{.*}}polybench-2mm-3mm.cu:[[@LINE+24]]:5: 0 <= k <= 511
    // MM3K3-NEXT: S0 {{.*}}polybench-2mm-3mm.cu:[[@LINE+22]]:19: store global 4 B to G (write) 'G[i * NL + j]'
    // MM3K3-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 31 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // MM3K3-NEXT: access:   { S0[bx, by, tx, ty] -> G[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // MM3K3-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // MM3K3-NEXT: S1 {{.*}}polybench-2mm-3mm.cu:[[@LINE+20]]:24: load global 4 B of E (read) 'E[i * NJ + k]'
    // MM3K3-NEXT: domain:   { S1[bx, by, tx, ty, k] : [[BOXK:0 <= bx <= 31 and 0 <= by <= 31 and 0 <= tx <= 31 and 0 <= ty <= 7 and 0 <= k <= 511]] }
    // MM3K3-NEXT: access:   { S1[bx, by, tx, ty, k] -> E[16384by + 2048ty + 4k] : [[BOXK]] }
    // MM3K3-NEXT: schedule: { S1[bx, by, tx, ty, k] -> [1, k, 0] }
    // MM3K3-NEXT: S2 {{.*}}polybench-2mm-3mm.cu:[[@LINE+16]]:40: load global 4 B of F (read) 'F[k * NL + j]'
    // MM3K3-NEXT: domain:   { S2[bx, by, tx, ty, k] : [[BOXK]] }
    // MM3K3-NEXT: access:   { S2[bx, by, tx, ty, k] -> F[128bx + 4tx + 4096k] : [[BOXK]] }
    // MM3K3-NEXT: schedule: { S2[bx, by, tx, ty, k] -> [1, k, 1] }
    // MM3K3-NEXT: S3 {{.*}}polybench-2mm-3mm.cu:[[@LINE+12]]:21: store global 4 B to G (write) 'G[i * NL + j]'
    // MM3K3-NEXT: domain:   { S3[bx, by, tx, ty, k] : [[BOXK]] }
    // MM3K3-NEXT: access:   { S3[bx, by, tx, ty, k] -> G[128bx + 32768by + 4tx + 4096ty] : [[BOXK]] }
    // MM3K3-NEXT: schedule: { S3[bx, by, tx, ty, k] -> [1, k, 2] }
    // MM3K3-NOT: S4
    // MM3K3-EXPLAIN-NEXT: :[[@LINE+5]]:5: 'G[i * NL + j]' write: kept: one store each time the source executes it [S0]
    // MM3K3-EXPLAIN-NEXT: :[[@LINE+6]]:7: 'G[i * NL + j]' read: dropped: the value is forwarded from the store at line [[@LINE+4]]{{$}}
    // MM3K3-EXPLAIN-NEXT: :[[@LINE+5]]:7: 'G[i * NL + j]' write: kept: one store each time the source executes it [S3]
    // MM3K3-EXPLAIN-NEXT: :[[@LINE+4]]:24: 'E[i * NJ + k]' read: kept: one load each time the source executes it [S1]
    // MM3K3-EXPLAIN-NEXT: :[[@LINE+3]]:40: 'F[k * NL + j]' read: kept: one load each time the source executes it [S2]
    G[i * NL + j] = 0;
    for (int k = 0; k < NJ; k++)
      G[i * NL + j] += E[i * NJ + k] * F[k * NL + j];
  }
}
