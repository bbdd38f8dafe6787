// A guard that multiplies sizes (llm.c's `if (i < B * T)`) takes assumed
// values whose product, not each factor, is the launch's extent
// (docs/assumptions.md, "Sizes a guard multiplies"). Before, B and T were
// each assumed at the extent, B * T overflowed the kernel's int, the
// compiled guard let no thread work, and the report's figures were empty
// ("has no memory operation in its compiled code").
//
// The launches span 256 x 256 = 65536 = 2^16 threads in x.
//
// pairs: B * T = 2^16 with 2^8 each.
// RUN: gpurd-advise --cache-report %s --kernel pairs --grid 256 --block 256 -- 2>&1 | FileCheck %s --check-prefix=PAIRS
// PAIRS-NOT: no memory operation
// PAIRS: note: assumed B = 256 (a guard on a global index compares it with B * T; the launch's threads span 65536 in x (grid.x x block.x = 256 x 256), so a bounds guard on a global index holds for every thread: B * T = 65536 with B = 256, T = 256 (each factor at that size would overflow the product))
// PAIRS: note: assumed T = 256
// PAIRS: kernel pairs on ampere-a100 (predicted by the cache model
//
// scores: B * NH * T * T has four factors: 2^(16 / 4) = 16 each.
// RUN: gpurd-advise --cache-report %s --kernel scores --grid 256 --block 256 -- 2>&1 | FileCheck %s --check-prefix=SCORES
// SCORES-NOT: no memory operation
// SCORES: note: assumed B = 16 (a guard on a global index compares it with B * NH * T * T;{{.*}}: B * NH * T * T = 65536 with B = 16, NH = 16, T = 16
//
// batch: B * T * T over 2^16: 2^5 each and 1 left, which T's two repeats
// do not fit and B takes: B = 2^6 = 64, T = 2^5 = 32, 64 x 32 x 32 = 65536.
// RUN: gpurd-advise --cache-report %s --kernel batch --grid 256 --block 256 -- 2>&1 | FileCheck %s --check-prefix=BATCH
// BATCH: B * T * T = 65536 with B = 64, T = 32 (each factor
//
// A given factor stays as given and the others share what it leaves:
// 65536 / 16 = 4096 = 2^12 for B * NH, 64 each.
// RUN: gpurd-advise --cache-report %s --kernel scores --grid 256 --block 256 --arg T=4 -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: B * NH * T * T = 65536 with B = 64, NH = 64 (each factor
//
// columns: B * T bounds a loop, not the thread's index. At 2^16 each the
// product overflows and the loop folds away: no memory operation is left,
// which the retry takes as a bound of the assumed values (as an access
// out of bounds is) and divides the loop's bounds, while the guard C keeps
// the extent. Smaller B and T follow from the layout's 1 GiB span for a
// buffer of unknown size: 'in' has B x T rows of C = 65536 floats, 256 KiB
// each; 256 x 256 rows are 16 GiB, past it; 64 x 64 rows are 1 GiB.
// (The advice, not --cache-report: the values are settled before any model
// runs, and the full report of 64 x 64 rows takes a minute and 3 GB.)
// RUN: gpurd-advise %s --kernel columns --grid 256 --block 256 -- 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP-NOT: no memory operation
// LOOP: note: assumed B = 64 (the launch's threads span 65536 in x (grid.x x block.x = 256 x 256) divided by 1024
// LOOP: note: assumed T = 64
// LOOP: note: assumed C = 65536 (the launch's threads span 65536 in x (grid.x x block.x = 256 x 256), so a bounds guard on a global index holds for every thread)
// LOOP: predicted: L1 sector hit rate

__global__ void pairs(float *out, const float *in, int B, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < B * T)
    out[i] = 2.0f * in[i];
}

__global__ void scores(float *out, int B, int NH, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < B * NH * T * T)
    out[i] = 1.0f;
}

__global__ void batch(float *out, int B, int T) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < B * T * T)
    out[i] = 1.0f;
}

__global__ void columns(float *out, const float *in, int B, int T, int C) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C)
    return;
  for (int i = 0; i < B * T; ++i)
    out[c] += in[i * C + c];
}
