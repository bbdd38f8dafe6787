// One coalescing bound over many accesses of a sixteenth each is one
// warning: each thread loads 16 consecutive floats in 16 statements (SHOC's
// readGlobalMemoryUnit, whose wrapped indices keep the compiler from
// merging them into vector loads), so a warp's lanes are 64 bytes apart and each load
// touches 32 sectors where 4 would do, 28 excessive, the same for all 16.
// An access keeps a warning of its own only with at least a tenth of all
// the bound's excessive sectors (an array of structs' fields, a quarter
// each: uncoalesced-bound.cu); a sixteenth is a note of the first's. The
// size is the caller's (assumed), so no layout change is judged: the
// bound decides.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinCycles=0 -- 2>&1 | FileCheck %s
// CHECK: :[[@LINE+8]]:{{[0-9]+}}: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of {{[0-9]+}}); coalescing the accesses of 'a' (this one and 15 others), by whatever change
// CHECK-COUNT-15: note: the same bound also covers the global load of 'a'
// CHECK-NOT: warning:

__global__ void walk16(const float *a, float *out, int size) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int b = 16 * i;
  float s = 0;
  s += a[(b + 0) & (size - 1)];
  s += a[(b + 1) & (size - 1)];
  s += a[(b + 2) & (size - 1)];
  s += a[(b + 3) & (size - 1)];
  s += a[(b + 4) & (size - 1)];
  s += a[(b + 5) & (size - 1)];
  s += a[(b + 6) & (size - 1)];
  s += a[(b + 7) & (size - 1)];
  s += a[(b + 8) & (size - 1)];
  s += a[(b + 9) & (size - 1)];
  s += a[(b + 10) & (size - 1)];
  s += a[(b + 11) & (size - 1)];
  s += a[(b + 12) & (size - 1)];
  s += a[(b + 13) & (size - 1)];
  s += a[(b + 14) & (size - 1)];
  s += a[(b + 15) & (size - 1)];
  out[i] = s;
}

void launch(const float *a, float *out, int size) {
  walk16<<<1024, 256>>>(a, out, size);
}
