// Seed 004's classification on kernels in the styles of its Table 2's
// memory-divergent (MD) benchmarks: Rodinia's BFS, Parboil's CSR SpMV,
// Rodinia's k-means (its feature transposition), MARS's inverted index. The
// graph and the matrix: 57344 rows of 8 random columns (random-csr.py). 224
// blocks of 8 warps on mdm-pascal's 28 SMs: W = 64 warps a SM against 128
// MSHRs, so a load whose lanes touch more than 2 lines that miss exceeds
// them. Each kernel's gathered (or strided) load touches a line per lane.
//
// RUN: %python %inputs/random-csr.py 57344 8 1 > %t.mtx
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --kernel bfsExpand --buffer rowptr=int32:57345:csr-rowptr:%t.mtx --buffer colidx=int32:458752:csr-colidx:%t.mtx --buffer frontier=int32:57344:random:1:0:2 %s -- | FileCheck --check-prefix=BFS %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --kernel spmvCsr --buffer rowptr=int32:57345:csr-rowptr:%t.mtx --buffer colidx=int32:458752:csr-colidx:%t.mtx %s -- | FileCheck --check-prefix=SPMV %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --kernel kmeansInvert %s -- | FileCheck --check-prefix=KMEANS %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --kernel invertedIndex --buffer words=int32:57344:random:2:0:57344 --buffer offsets=int32:57344:iota --buffer counts=int32:57344:zero %s -- | FileCheck --check-prefix=IIX %s

// BFS: kernel bfsExpand
// BFS: memory divergence (seed 004's MDM): memory-divergent (MD)
// SPMV: kernel spmvCsr
// SPMV: memory divergence (seed 004's MDM): memory-divergent (MD)
// KMEANS: kernel kmeansInvert
// KMEANS: memory divergence (seed 004's MDM): memory-divergent (MD), 100.0%
// IIX: kernel invertedIndex
// IIX: memory divergence (seed 004's MDM): memory-divergent (MD)
#define N 57344
#define FEATURES 34

// Rodinia BFS's expansion step (Table 2 BFS).
__global__ void bfsExpand(const int *rowptr, const int *colidx,
                          const int *frontier, const int *visited, int *cost,
                          int *next, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || !frontier[v])
    return;
  for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) {
    int u = colidx[e];
    if (!visited[u]) {
      cost[u] = cost[v] + 1;
      next[u] = 1;
    }
  }
}

// Parboil's scalar CSR SpMV (Table 2 SPMV).
__global__ void spmvCsr(const int *rowptr, const int *colidx,
                        const float *values, const float *x, float *y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n)
    return;
  float sum = 0;
  for (int j = rowptr[row]; j < rowptr[row + 1]; ++j)
    sum += values[j] * x[colidx[j]];
  y[row] = sum;
}

// Rodinia k-means's invert_mapping (Table 2 KMEANS): a point's features
// are contiguous, so a warp's load touches a line per lane.
__global__ void kmeansInvert(const float *input, float *output, int npoints) {
  int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point >= npoints)
    return;
  for (int f = 0; f < FEATURES; ++f)
    output[f * npoints + point] = input[point * FEATURES + f];
}

// MARS's inverted index (Table 2 IIX): each word occurrence appends its
// document to the word's postings list.
__global__ void invertedIndex(const int *words, const int *offsets,
                              int *counts, int *postings, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int w = words[i];
  int slot = atomicAdd(&counts[w], 1);
  postings[offsets[w] + slot] = i / 64;
}

int main() {
  int *rowptr, *colidx, *frontier, *visited, *cost, *next, *words, *offsets,
      *counts, *postings;
  float *values, *x, *y, *input, *output;
  cudaMalloc(&rowptr, (N + 1) * 4);
  cudaMalloc(&colidx, N * 8 * 4);
  cudaMalloc(&frontier, N * 4);
  cudaMalloc(&visited, N * 4);
  cudaMalloc(&cost, N * 4);
  cudaMalloc(&next, N * 4);
  cudaMalloc(&values, N * 8 * 4);
  cudaMalloc(&x, N * 4);
  cudaMalloc(&y, N * 4);
  cudaMalloc(&input, N * FEATURES * 4);
  cudaMalloc(&output, N * FEATURES * 4);
  cudaMalloc(&words, N * 4);
  cudaMalloc(&offsets, N * 4);
  cudaMalloc(&counts, N * 4);
  cudaMalloc(&postings, N * 64 * 4);
  bfsExpand<<<N / 256, 256>>>(rowptr, colidx, frontier, visited, cost, next, N);
  spmvCsr<<<N / 256, 256>>>(rowptr, colidx, values, x, y, N);
  kmeansInvert<<<N / 256, 256>>>(input, output, N);
  invertedIndex<<<N / 256, 256>>>(words, offsets, counts, postings, N);
}
