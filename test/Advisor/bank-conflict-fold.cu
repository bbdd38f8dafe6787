// One padding that removes the bank conflicts of several accesses of an
// array is one gpurd-shared-bank-conflict warning, at the access with the
// most excessive wavefronts, and a note at each other.
//
// By hand, block (32, 8), one block: a warp is one row y, x = 0..31.
// tile[x][y] is word 32x + y, in bank y for every lane: 32 wavefronts where
// 1 would do, 31 excessive a request. The store runs once a warp: 8 x 31 =
// 248 excessive wavefronts; the load, tile[x][(y + k) % 32], word
// 32x + (y + k) mod 32, in bank (y + k) mod 32 for every lane, runs in a
// loop of 4: 4 x 248 = 992.
// Padded by 1 (TILE + 1), word 33x + y is in bank (x + y) mod 32 for both:
// one pad removes both. The warning is the load's (992 > 248), the note is
// the store's. (One block is short: MinGain and MinCycles at 0 show the
// fold on its figures.)
// RUN: gpurd-advise %s --checks='-*,gpurd-shared-bank-conflict' --check-option=gpurd-shared-bank-conflict.MinGain=0 --check-option=gpurd-shared-bank-conflict.MinCycles=0 -- 2>&1 | FileCheck %s --implicit-check-not=warning:

#define TILE 32

__global__ void twice(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[x][y] = in[y * TILE + x];
  __syncthreads();
  float s = 0.0f;
  for (int k = 0; k < 4; ++k)
    s += tile[x][(y + k) % TILE] * in[k];
  // CHECK: bank-conflict-fold.cu:[[@LINE-1]]:10: warning: 32-way bank conflict in shared load: each warp request takes 32 wavefronts where 1 would do (31 excessive wavefronts, 97% of 1024) [gpurd-shared-bank-conflict]
  // CHECK: note: padding the rows of 'tile' to TILE + 1 elements removes the conflicts
  // CHECK: bank-conflict-fold.cu:[[@LINE-7]]:14: note: the same padding also removes the conflicts of the shared store at line [[@LINE-7]] (248 excessive wavefronts)
  out[y * TILE + x] = s;
}

int main() {
  float *in = nullptr, *out = nullptr;
  twice<<<1, dim3(32, 8)>>>(in, out);
  return 0;
}
