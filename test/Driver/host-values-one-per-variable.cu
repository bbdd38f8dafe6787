// One host variable has one assumed value for every launch of the file it
// reaches (docs/assumptions.md, "One value per host variable"). Before, each
// launch took the value that suited it alone, and one `n` was stated as
// 1048576 for one kernel and 1024 for the next.
//
// scale and square are launched from run, which nothing in the file calls,
// with one unknown n. The A100 holds 8 blocks of 256 threads per SM, so 4
// waves are 4 x 108 x 8 = 3456 blocks. Alone:
//   scale:  grid (n + 255) / 256; n = 2^19 gives 2048 blocks, too few, and
//           n = 2^20 4096 blocks: 1048576;
//   square: grid ((n + 15) / 16)^2; n = 512 gives 32 x 32 = 1024 blocks, too
//           few, and n = 1024 64 x 64 = 4096: 1024.
// Both grids follow n, and the file's value is the smaller, 1024: square
// fills the GPU as it would alone, and scale gets the grid the program gives
// it for that n, (1024 + 255) / 256 = 4 blocks. The note is stated in full
// once, at the first kernel, and named at the second; the value is the same
// with --kernel (the value is the file's).
// RUN: gpurd-advise --checks=-* %s -- 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: gpurd-advise --checks=-* --kernel scale %s -- 2>&1 | FileCheck %s --check-prefix=SCALE
// SHARED: kernel scale: grid (4, 1, 1), block (256, 1, 1) = 4 blocks of 256 threads
// SHARED-NEXT: args: n = 1024
// SHARED: note: assumed host values n = 1024 (one value for the 2 launches of this file computed from n, those of 'scale' (line [[#@LINE+47]]) and 'square' (line [[#@LINE+48]]): the smallest of the values they take alone, that of 'square', the smallest power of two with which the grid the source computes, (64, 64, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks); alone, 'scale' would take 1048576); 'n' is a parameter of 'run', which is not called in this file;
// SHARED: kernel square: grid (64, 64, 1), block (16, 16, 1) = 4096 blocks of 256 threads
// SHARED-NEXT: args: n = 1024
// SHARED: note: assumed host values n = 1024, as for 'scale' above{{$}}
// SCALE: kernel scale: grid (4, 1, 1)
// SCALE: note: assumed host values n = 1024 (one value for the 2 launches
//
// The parameters n of runScale and runSquare are two variables (the same
// name, declared at two places): each launch takes its own value, as above.
// RUN: gpurd-advise --checks=-* --kernel scaleAlone %s -- 2>&1 | FileCheck %s --check-prefix=APART
// RUN: gpurd-advise --checks=-* --kernel squareAlone %s -- 2>&1 | FileCheck %s --check-prefix=APART2
// APART: note: assumed host values n = 1048576 (the smallest power of two with which the grid the source computes, (4096, 1, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks)); 'n' is a parameter of 'runScale'
// APART2: note: assumed host values n = 1024 (the smallest power of two with which the grid the source computes, (64, 64, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks)); 'n' is a parameter of 'runSquare'
//
// A value with which the trace of one of the launches cannot be prepared
// steps down for all of them. vec and colsum both take 1048576 alone (grid
// (n + 255) / 256, as scale), but colsum reads an n x n matrix, 4 n^2 bytes,
// past the 1 GiB gpurd lays out for a buffer of unknown size until n =
// 16384 (4 x 2^28 = 2^30 bytes): 1048576, 262144 and 65536 leave it, 16384
// does not. Before, colsum ran with 16384 and vec with 1048576.
// With a request budget of 100000, colsum's blocks at 16384 (8 warps x 16384
// coalesced loads = 131072 requests each) are longer than gpurd traces: the
// prefix of each block's run is traced at the file's value, rather than the
// launch taking a value of its own (4096 or less) that would split it again.
// RUN: gpurd-advise --checks=-* --kernel vec %s -- 2>&1 | FileCheck %s --check-prefix=VEC
// RUN: gpurd-advise --checks=-* --kernel colsum --request-budget 100000 %s -- 2>&1 | FileCheck %s --check-prefix=COLSUM
// VEC: kernel vec: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads
// VEC: note: assumed host values n = 16384 (one value for the 2 launches of this file computed from n, those of 'vec' (line [[#@LINE+59]]) and 'colsum' (line [[#@LINE+60]]): the smallest of the values they take alone, that of 'vec', the smallest power of two with which the grid the source computes, (4096, 1, 1) = 4096 blocks, fills 4 waves of 108 SMs (3456 blocks); alone, 'colsum' would take 1048576, divided by 64: with 65536, an array spanned more than gpurd lays out for a buffer of unknown size in 'colsum');
// COLSUM: kernel colsum: grid (64, 1, 1), block (256, 1, 1) = 64 blocks of 256 threads
// COLSUM-NEXT: args: n = 16384
// COLSUM: note: assumed host values n = 16384 (one value for the 2 launches of this file computed from n, those of 'vec' (line [[#@LINE+56]]) and 'colsum' (line [[#@LINE+57]]): {{.*}}, divided by 64: with 65536, an array spanned more than gpurd lays out for a buffer of unknown size in 'colsum');
// COLSUM: were cut to what gpurd holds

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void square(float *m, int n) {
  int c = blockIdx.x * 16 + threadIdx.x;
  int r = blockIdx.y * 16 + threadIdx.y;
  if (r < n && c < n)
    m[r * n + c] += 1.0f;
}

void run(float *x, float *m, int n) {
  scale<<<(n + 255) / 256, 256>>>(x, n);
  square<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(m, n);
}

__global__ void scaleAlone(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void squareAlone(float *m, int n) {
  int c = blockIdx.x * 16 + threadIdx.x;
  int r = blockIdx.y * 16 + threadIdx.y;
  if (r < n && c < n)
    m[r * n + c] += 1.0f;
}

void runScale(float *x, int n) { scaleAlone<<<(n + 255) / 256, 256>>>(x, n); }
void runSquare(float *m, int n) {
  squareAlone<<<dim3((n + 15) / 16, (n + 15) / 16), dim3(16, 16)>>>(m, n);
}

__global__ void vec(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

__global__ void colsum(const float *m, float *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sum = 0;
  for (int j = 0; j < n; ++j)
    sum += m[j * n + i];
  s[i] = sum;
}

void sums(float *x, const float *m, float *s, int n) {
  vec<<<(n + 255) / 256, 256>>>(x, n);
  colsum<<<(n + 255) / 256, 256>>>(m, s, n);
}
