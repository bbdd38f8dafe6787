// A block longer than gpurd holds in memory is traced as the prefix of its
// run that fits, with a note, once smaller assumed values cannot shorten it
// (PolyBench correlation, dmmaTensorCoreGemm: threads that each loop over a
// whole matrix). The launch here is exact (n = 1000, one warp), so there is
// nothing to retry smaller. With --max-block-trace=100, the block may hold
// 100 warp memory instructions and its one warp makes 1000 loads plus a
// store; the affine enumerator keeps the first 100 loads; the emulator
// logs 32 x 100 = 3200 thread accesses per block, 100 per thread, and a
// thread stops at the first branch after its log passes 100, that is after
// 101 loads (the loop's back edge follows each load).
// RUN: gpurd-advise --cache-report %s --max-block-trace=100 -- 2>&1 | FileCheck %s --check-prefix=AFFINE
// RUN: gpurd-advise --cache-report %s --max-block-trace=100 --trace-source=emulate -- 2>&1 | FileCheck %s --check-prefix=EMULATE
// RUN: not gpurd-advise --cache-report %s --max-block-trace=100 --no-assume -- 2>&1 | FileCheck %s --check-prefix=STRICT
// Without --cache-report the summary line says so, and JSON counts the cut
// blocks.
// RUN: gpurd-advise %s --max-block-trace=100 -- 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: predicted: L1 sector hit rate 87.0%, L2 0.0%; DRAM reads 13 sectors (1 of 1 block modelled; its run was cut to what gpurd holds: the figures are of its first part)
// RUN: gpurd-advise %s --max-block-trace=100 --format=json -- | FileCheck %s --check-prefix=JSON
// JSON: "blocks_cut": 1,

__global__ void walk(const float *a, float *out, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  out[threadIdx.x] = s;
}

int main() {
  float *a, *out;
  int n = 1000;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  walk<<<1, 32>>>(a, out, n);
}

// 100 loads of consecutive floats, one request each of one 32-byte sector
// (the A100's L1 is sectored): bytes [0, 400) are 400 / 32 = 12.5, so 13
// sectors in 4 lines (400 / 128 = 3.125). 13 misses: the first touch of each
// line (4 compulsory) and of each other sector (9 sector misses); 87 hits.
// AFFINE: kernel walk on ampere-a100
// AFFINE: L1: 100 read requests, hit rate 87.0%; misses compulsory 4, capacity 0, associativity 0, latency 0, invalidation 0, sector 9;
// AFFINE: note: in 1 of the 1 blocks enumerated, warps ran longer than gpurd holds: each warp's run was cut after 100 warp memory instructions (its share of the 100 gpurd holds in memory for one block), so the figures describe the first part of the kernel's run

// 101 loads: floats 0..100, bytes [0, 404): 4 lines, 13 sectors (404 / 32
// = 12.6), so 4 line and 9 sector misses, 88 hits (88 / 101 = 87.1 %).
// EMULATE: kernel walk on ampere-a100
// EMULATE: L1: 101 read requests, hit rate 87.1%; misses compulsory 4, capacity 0, associativity 0, latency 0, invalidation 0, sector 9;
// EMULATE: note: in 1 of the 1 blocks emulated, threads ran longer than gpurd emulates: each thread's run was cut after 100 memory accesses (its share of the 3200 gpurd holds in memory for one block)

// STRICT: error: {{.*}}block 0 of kernel 'walk' has more than 100 warp memory instructions, more than gpurd holds in memory for one block
