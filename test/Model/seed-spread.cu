// --seeds=N runs the cache model with N seeds and reports the first seed's
// figures with the range of each whole-launch figure over all of them.
// Here the L2 hit rate moves with the seed: the SMs' requests for the lines
// of A and B meet their fills in flight (pending hits), and whether a
// retried request finds the fill landed depends on the random latencies.
// The checker compares the --seeds=3 run with three runs of one seed each:
// the first seed's figures, and min/max over the three for every range.
//
// RUN: gpurd-advise --cache-report %s --seeds=3 --format=json -- > %t.spread.json
// RUN: gpurd-advise --cache-report %s --seed=0 --format=json -- > %t.0.json
// RUN: gpurd-advise --cache-report %s --seed=1 --format=json -- > %t.1.json
// RUN: gpurd-advise --cache-report %s --seed=2 --format=json -- > %t.2.json
// RUN: %python %S/../Inputs/check-seed-spread.py %t.spread.json %t.0.json %t.1.json %t.2.json | FileCheck %s --check-prefix=CONSISTENT
// RUN: gpurd-advise --cache-report %s --seed=5 --seeds=2 -- | FileCheck %s --check-prefix=TEXT
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s --check-prefix=ONE
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --seeds=0 -- 2>&1 | FileCheck %s --check-prefix=ZERO

__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    sum += A[row * n + k] * B[k * n + col];
  C[row * n + col] = sum;
}
void launch(const float *A, const float *B, float *C) {
  matmulNaive<<<dim3(8, 8), dim3(16, 16)>>>(A, B, C, 128);
}

// CONSISTENT: seed spread: consistent with 3 runs

// The seeds are counted from --seed; the note names what moves and what
// does not.
// TEXT: note: the figures are seed 5's; over seeds 5-6 (--seeds=2)

// One seed: a note that the L2 hit rates may move (most of its read sectors
// are pending hits).
// ONE: of the L2's read sectors were pending hits (requests that met a fill in flight)
// ONE-SAME: --seeds=N reports their range over N seeds

// ZERO: error: --seeds=0: the cache model needs at least one run
