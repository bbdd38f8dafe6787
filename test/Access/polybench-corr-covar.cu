// PolyBench/GPU CORR and COVAR, column means and deviations (one thread per
// column, block 256), centring (2D, block (32, 8)), and the symmetric
// correlation/covariance matrix (one thread per column j1, walking the
// triangle j2 >= j1 + 1 / j2 >= j1). data is N x M = 2048 rows x 1024 columns.
// RUN: gpurd-advise %s --kernel mean_kernel --dump-accesses --grid 4 --block 256 -- | FileCheck %s --check-prefix=MEAN
// RUN: gpurd-advise %s --kernel std_kernel --dump-accesses --grid 4 --block 256 -- | FileCheck %s --check-prefix=STD
// RUN: gpurd-advise %s --kernel reduce_kernel --dump-accesses --grid 32,256 --block 32,8 -- | FileCheck %s --check-prefix=REDUCE
// RUN: gpurd-advise %s --kernel corr_kernel --dump-accesses --grid 4 --block 256 -- | FileCheck %s --check-prefix=CORR
// RUN: gpurd-advise %s --kernel covar_kernel --dump-accesses --grid 4 --block 256 -- | FileCheck %s --check-prefix=COVAR
//
// Column kernels: j = 256bx + tx (0..1023; the guards j < M hold for the
// whole launch), i = 0..N-1 = 0..2047
//   mean[j], std[j] -> 1024bx + 4tx
//   data[i*M + j]   -> 4(1024i + 256bx + tx) = 4096i + 1024bx + 4tx

#define M 1024
#define N 2048
#define FLOAT_N 3214212.01f
#define EPS 0.005f

// mean[j] is stored (0), stored in every iteration (never reloaded: data may
// alias it, but only loads happen in between), and stored after the loop.
// MEAN: kernel mean_kernel: 4 memory operations, 4 affine; parameters: none
__global__ void mean_kernel(float *mean, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < M) {
    // MEAN-NEXT: loop i at {{.*}}polybench-corr-covar.cu:[[@LINE+6]]:5: 0 <= i <= 2047
    // MEAN-NEXT: S0 {{.*}}:[[@LINE+4]]:13: store global 4 B to mean (write) 'mean[j]'
    // MEAN-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 3 and 0 <= tx <= 255]] }
    // MEAN-NEXT: access:   { S0[bx, tx] -> mean[1024bx + 4tx] : [[BOX]] }
    // MEAN-NEXT: schedule: { S0[bx, tx] -> [0] }
    mean[j] = 0.0f;
    for (int i = 0; i < N; i++)
      // MEAN-NEXT: S1 {{.*}}:[[@LINE+8]]:18: load global 4 B of data (read) 'data[i * M + j]'
      // MEAN-NEXT: domain:   { S1[bx, tx, i] : [[BOXI:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= i <= 2047]] }
      // MEAN-NEXT: access:   { S1[bx, tx, i] -> data[1024bx + 4tx + 4096i] : [[BOXI]] }
      // MEAN-NEXT: schedule: { S1[bx, tx, i] -> [1, i, 0] }
      // MEAN-NEXT: S2 {{.*}}:[[@LINE+4]]:15: store global 4 B to mean (write) 'mean[j]'
      // MEAN-NEXT: domain:   { S2[bx, tx, i] : [[BOXI]] }
      // MEAN-NEXT: access:   { S2[bx, tx, i] -> mean[1024bx + 4tx] : [[BOXI]] }
      // MEAN-NEXT: schedule: { S2[bx, tx, i] -> [1, i, 1] }
      mean[j] += data[i * M + j];
    // MEAN-NEXT: S3 {{.*}}:[[@LINE+5]]:13: store global 4 B to mean (write) 'mean[j]'
    // MEAN-NEXT: domain:   { S3[bx, tx] : [[BOX]] }
    // MEAN-NEXT: access:   { S3[bx, tx] -> mean[1024bx + 4tx] : [[BOX]] }
    // MEAN-NEXT: schedule: { S3[bx, tx] -> [2] }
    // MEAN-NOT: S4
    mean[j] /= FLOAT_N;
  }
}

// std[j]: as mean[j], and mean[j] is reloaded in every iteration (the store
// to std[j] may change it; its second read in the same statement is the same
// load). The last two statements are compiled into one store of a select
// (no branch on the loaded value), after the store of line "std[j] /=".
// That last store (S5) is attributed to `std[j] = 0.0f` by gpurd (a known
// problem with merged debug locations): only its access is checked.
// STD: kernel std_kernel: 6 memory operations, 6 affine; parameters: none
__global__ void std_kernel(float *mean, float *std, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < M) {
    // STD-NEXT: loop i at {{.*}}polybench-corr-covar.cu:[[@LINE+6]]:5: 0 <= i <= 2047
    // STD-NEXT: S0 {{.*}}:[[@LINE+4]]:12: store global 4 B to std (write) 'std[j]'
    // STD-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 3 and 0 <= tx <= 255]] }
    // STD-NEXT: access:   { S0[bx, tx] -> std[1024bx + 4tx] : [[BOX]] }
    // STD-NEXT: schedule: { S0[bx, tx] -> [0] }
    std[j] = 0.0f;
    for (int i = 0; i < N; i++)
      // STD-NEXT: S1 {{.*}}:[[@LINE+12]]:18: load global 4 B of data (read) 'data[i * M + j]'
      // STD-NEXT: domain:   { S1[bx, tx, i] : [[BOXI:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= i <= 2047]] }
      // STD-NEXT: access:   { S1[bx, tx, i] -> data[1024bx + 4tx + 4096i] : [[BOXI]] }
      // STD-NEXT: schedule: { S1[bx, tx, i] -> [1, i, 0] }
      // STD-NEXT: S2 {{.*}}:[[@LINE+8]]:36: load global 4 B of mean (read) 'mean[j]'
      // STD-NEXT: domain:   { S2[bx, tx, i] : [[BOXI]] }
      // STD-NEXT: access:   { S2[bx, tx, i] -> mean[1024bx + 4tx] : [[BOXI]] }
      // STD-NEXT: schedule: { S2[bx, tx, i] -> [1, i, 1] }
      // STD-NEXT: S3 {{.*}}:[[@LINE+4]]:14: store global 4 B to std (write) 'std[j]'
      // STD-NEXT: domain:   { S3[bx, tx, i] : [[BOXI]] }
      // STD-NEXT: access:   { S3[bx, tx, i] -> std[1024bx + 4tx] : [[BOXI]] }
      // STD-NEXT: schedule: { S3[bx, tx, i] -> [1, i, 2] }
      std[j] += (data[i * M + j] - mean[j]) * (data[i * M + j] - mean[j]);
    // STD-NEXT: S4 {{.*}}:[[@LINE+9]]:12: store global 4 B to std (write) 'std[j]'
    // STD-NEXT: domain:   { S4[bx, tx] : [[BOX]] }
    // STD-NEXT: access:   { S4[bx, tx] -> std[1024bx + 4tx] : [[BOX]] }
    // STD-NEXT: schedule: { S4[bx, tx] -> [2] }
    // STD-NEXT: S5 {{.*}}: store global 4 B to std (write) {{.*}}
    // STD-NEXT: domain:   { S5[bx, tx] : [[BOX]] }
    // STD-NEXT: access:   { S5[bx, tx] -> std[1024bx + 4tx] : [[BOX]] }
    // STD-NEXT: schedule: { S5[bx, tx] -> [3] }
    // STD-NOT: S6
    std[j] /= FLOAT_N;
    std[j] = sqrtf(std[j]);
    if (std[j] <= EPS)
      std[j] = 1.0f;
  }
}

// 2D: j = 32bx + tx (0..1023), i = 8by + ty (0..2047)
//   data[i*M + j] -> 4(1024(8by + ty) + 32bx + tx) = 32768by + 4096ty + 128bx + 4tx
//   mean[j], std[j] -> 128bx + 4tx
// data[i*M + j] is loaded and stored twice: the load of std[j] in between
// may read what the first store wrote.
// REDUCE: kernel reduce_kernel: 6 memory operations, 6 affine; parameters: none
__global__ void reduce_kernel(float *mean, float *std, float *data) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < N) && (j < M)) {
    // REDUCE-NEXT: S0 {{.*}}:[[@LINE+12]]:24: load global 4 B of mean (read) 'mean[j]'
    // REDUCE-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 31 and 0 <= by <= 255 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
    // REDUCE-NEXT: access:   { S0[bx, by, tx, ty] -> mean[128bx + 4tx] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
    // REDUCE-NEXT: S1 {{.*}}:[[@LINE+8]]:21: load global 4 B of data (read) 'data[i * M + j]'
    // REDUCE-NEXT: domain:   { S1[bx, by, tx, ty] : [[BOX]] }
    // REDUCE-NEXT: access:   { S1[bx, by, tx, ty] -> data[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
    // REDUCE-NEXT: S2 {{.*}}:[[@LINE+4]]:21: store global 4 B to data (write) 'data[i * M + j]'
    // REDUCE-NEXT: domain:   { S2[bx, by, tx, ty] : [[BOX]] }
    // REDUCE-NEXT: access:   { S2[bx, by, tx, ty] -> data[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S2[bx, by, tx, ty] -> [2] }
    data[i * M + j] -= mean[j];
    // REDUCE-NEXT: S3 {{.*}}:[[@LINE+13]]:42: load global 4 B of std (read) 'std[j]'
    // REDUCE-NEXT: domain:   { S3[bx, by, tx, ty] : [[BOX]] }
    // REDUCE-NEXT: access:   { S3[bx, by, tx, ty] -> std[128bx + 4tx] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S3[bx, by, tx, ty] -> [3] }
    // REDUCE-NEXT: S4 {{.*}}:[[@LINE+9]]:21: load global 4 B of data (read) 'data[i * M + j]'
    // REDUCE-NEXT: domain:   { S4[bx, by, tx, ty] : [[BOX]] }
    // REDUCE-NEXT: access:   { S4[bx, by, tx, ty] -> data[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S4[bx, by, tx, ty] -> [4] }
    // REDUCE-NEXT: S5 {{.*}}:[[@LINE+5]]:21: store global 4 B to data (write) 'data[i * M + j]'
    // REDUCE-NEXT: domain:   { S5[bx, by, tx, ty] : [[BOX]] }
    // REDUCE-NEXT: access:   { S5[bx, by, tx, ty] -> data[128bx + 32768by + 4tx + 4096ty] : [[BOX]] }
    // REDUCE-NEXT: schedule: { S5[bx, by, tx, ty] -> [5] }
    // REDUCE-NOT: S6
    data[i * M + j] /= (sqrtf(FLOAT_N) * std[j]);
  }
}

// The triangle: j1 = 256bx + tx, guard j1 < M - 1 (0 <= tx <= 1022 - 256bx).
// Loop dimensions count iterations from 0: the source's j2 is j1 + 1 + j2
// (j1 + 1 .. 1023, so 0 <= j2 <= 1022 - j1), i is 0..2047.
//   symmat[j1*M + j1] -> 4100j1                 = 1049600bx + 4100tx
//   symmat[j1*M + j2] -> 4(1024j1 + j1 + 1 + j2) = 4 + 1049600bx + 4100tx + 4j2
//   symmat[j2*M + j1] -> 4(1024(j1 + 1 + j2) + j1) = 4096 + 1049600bx + 4100tx + 4096j2
//   data[i*M + j1]    -> 4096i + 1024bx + 4tx
//   data[i*M + j2]    -> 4(1024i + j1 + 1 + j2) = 4 + 1024bx + 4tx + 4j2 + 4096i
// symmat[j1*M + j2] is stored 0, stored in every i iteration, and its value
// for symmat[j2*M + j1] comes from the register: no load of symmat at all.
// CORR: kernel corr_kernel: 6 memory operations, 6 affine; parameters: none
__global__ void corr_kernel(float *symmat, float *data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < (M - 1)) {
    // CORR-NEXT: loop j2 at {{.*}}polybench-corr-covar.cu:[[@LINE+7]]:5: 0 <= j2 <= 1022 - 256bx - tx
    // CORR-NEXT: loop i at {{.*}}polybench-corr-covar.cu:[[@LINE+12]]:7: 0 <= i <= 2047
    // CORR-NEXT: S0 {{.*}}:[[@LINE+4]]:25: store global 4 B to symmat (write) 'symmat[j1 * M + j1]'
    // CORR-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 3 and 0 <= tx <= 1022 - 256bx and tx <= 255 }
    // CORR-NEXT: access:   { S0[bx, tx] -> symmat[1049600bx + 4100tx] : 0 <= bx <= 3 and 0 <= tx <= 1022 - 256bx and tx <= 255 }
    // CORR-NEXT: schedule: { S0[bx, tx] -> [0] }
    symmat[j1 * M + j1] = 1.0f;
    for (int j2 = (j1 + 1); j2 < M; j2++) {
      // CORR-NEXT: S1 {{.*}}:[[@LINE+4]]:27: store global 4 B to symmat (write) 'symmat[j1 * M + j2]'
      // CORR-NEXT: domain:   { S1[bx, tx, j2] : [[TRI:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= j2 <= 1022 - 256bx - tx]] }
      // CORR-NEXT: access:   { S1[bx, tx, j2] -> symmat[4 + 1049600bx + 4100tx + 4j2] : [[TRI]] }
      // CORR-NEXT: schedule: { S1[bx, tx, j2] -> [1, j2, 0] }
      symmat[j1 * M + j2] = 0.0f;
      for (int i = 0; i < N; i++)
        // CORR-NEXT: S2 {{.*}}:[[@LINE+12]]:32: load global 4 B of data (read) 'data[i * M + j1]'
        // CORR-NEXT: domain:   { S2[bx, tx, j2, i] : [[TRII:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= j2 <= 1022 - 256bx - tx and 0 <= i <= 2047]] }
        // CORR-NEXT: access:   { S2[bx, tx, j2, i] -> data[1024bx + 4tx + 4096i] : [[TRII]] }
        // CORR-NEXT: schedule: { S2[bx, tx, j2, i] -> [1, j2, 1, i, 0] }
        // CORR-NEXT: S3 {{.*}}:[[@LINE+8]]:51: load global 4 B of data (read) 'data[i * M + j2]'
        // CORR-NEXT: domain:   { S3[bx, tx, j2, i] : [[TRII]] }
        // CORR-NEXT: access:   { S3[bx, tx, j2, i] -> data[4 + 1024bx + 4tx + 4j2 + 4096i] : [[TRII]] }
        // CORR-NEXT: schedule: { S3[bx, tx, j2, i] -> [1, j2, 1, i, 1] }
        // CORR-NEXT: S4 {{.*}}:[[@LINE+4]]:29: store global 4 B to symmat (write) 'symmat[j1 * M + j2]'
        // CORR-NEXT: domain:   { S4[bx, tx, j2, i] : [[TRII]] }
        // CORR-NEXT: access:   { S4[bx, tx, j2, i] -> symmat[4 + 1049600bx + 4100tx + 4j2] : [[TRII]] }
        // CORR-NEXT: schedule: { S4[bx, tx, j2, i] -> [1, j2, 1, i, 2] }
        symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
      // CORR-NEXT: S5 {{.*}}:[[@LINE+5]]:27: store global 4 B to symmat (write) 'symmat[j2 * M + j1]'
      // CORR-NEXT: domain:   { S5[bx, tx, j2] : [[TRI]] }
      // CORR-NEXT: access:   { S5[bx, tx, j2] -> symmat[4096 + 1049600bx + 4100tx + 4096j2] : [[TRI]] }
      // CORR-NEXT: schedule: { S5[bx, tx, j2] -> [1, j2, 2] }
      // CORR-NOT: S6
      symmat[j2 * M + j1] = symmat[j1 * M + j2];
    }
  }
}

// In COVAR the triangle includes the diagonal: j2 = j1 + j2 (0 <= j2 <= 1023 - j1),
// and j1 < M holds for the whole launch.
//   symmat[j1*M + j2] -> 4(1025j1 + j2) = 1049600bx + 4100tx + 4j2
//   symmat[j2*M + j1] -> 4(1025j1 + 1024j2) = 1049600bx + 4100tx + 4096j2
//   data[i*M + j2]    -> 4(1024i + j1 + j2) = 1024bx + 4tx + 4j2 + 4096i
// COVAR: kernel covar_kernel: 5 memory operations, 5 affine; parameters: none
__global__ void covar_kernel(float *symmat, float *data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < M) {
    // COVAR-NEXT: loop j2 at {{.*}}polybench-corr-covar.cu:[[@LINE+2]]:5: 0 <= j2 <= 1023 - 256bx - tx
    // COVAR-NEXT: loop i at {{.*}}polybench-corr-covar.cu:[[@LINE+7]]:7: 0 <= i <= 2047
    for (int j2 = j1; j2 < M; j2++) {
      // COVAR-NEXT: S0 {{.*}}:[[@LINE+4]]:27: store global 4 B to symmat (write) 'symmat[j1 * M + j2]'
      // COVAR-NEXT: domain:   { S0[bx, tx, j2] : [[TRI:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= j2 <= 1023 - 256bx - tx]] }
      // COVAR-NEXT: access:   { S0[bx, tx, j2] -> symmat[1049600bx + 4100tx + 4j2] : [[TRI]] }
      // COVAR-NEXT: schedule: { S0[bx, tx, j2] -> [0, j2, 0] }
      symmat[j1 * M + j2] = 0.0f;
      for (int i = 0; i < N; i++)
        // COVAR-NEXT: S1 {{.*}}:[[@LINE+12]]:32: load global 4 B of data (read) 'data[i * M + j1]'
        // COVAR-NEXT: domain:   { S1[bx, tx, j2, i] : [[TRII:0 <= bx <= 3 and 0 <= tx <= 255 and 0 <= j2 <= 1023 - 256bx - tx and 0 <= i <= 2047]] }
        // COVAR-NEXT: access:   { S1[bx, tx, j2, i] -> data[1024bx + 4tx + 4096i] : [[TRII]] }
        // COVAR-NEXT: schedule: { S1[bx, tx, j2, i] -> [0, j2, 1, i, 0] }
        // COVAR-NEXT: S2 {{.*}}:[[@LINE+8]]:51: load global 4 B of data (read) 'data[i * M + j2]'
        // COVAR-NEXT: domain:   { S2[bx, tx, j2, i] : [[TRII]] }
        // COVAR-NEXT: access:   { S2[bx, tx, j2, i] -> data[1024bx + 4tx + 4j2 + 4096i] : [[TRII]] }
        // COVAR-NEXT: schedule: { S2[bx, tx, j2, i] -> [0, j2, 1, i, 1] }
        // COVAR-NEXT: S3 {{.*}}:[[@LINE+4]]:29: store global 4 B to symmat (write) 'symmat[j1 * M + j2]'
        // COVAR-NEXT: domain:   { S3[bx, tx, j2, i] : [[TRII]] }
        // COVAR-NEXT: access:   { S3[bx, tx, j2, i] -> symmat[1049600bx + 4100tx + 4j2] : [[TRII]] }
        // COVAR-NEXT: schedule: { S3[bx, tx, j2, i] -> [0, j2, 1, i, 2] }
        symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
      // COVAR-NEXT: S4 {{.*}}:[[@LINE+5]]:27: store global 4 B to symmat (write) 'symmat[j2 * M + j1]'
      // COVAR-NEXT: domain:   { S4[bx, tx, j2] : [[TRI]] }
      // COVAR-NEXT: access:   { S4[bx, tx, j2] -> symmat[1049600bx + 4100tx + 4096j2] : [[TRI]] }
      // COVAR-NEXT: schedule: { S4[bx, tx, j2] -> [0, j2, 2] }
      // COVAR-NOT: S5
      symmat[j2 * M + j1] = symmat[j1 * M + j2];
    }
  }
}
