// gpurd-memory-divergence on mdm-pascal (seed 004 Table 1): each thread of
// 'strided' reads a float 128 bytes from its neighbour's, so a warp's load
// touches 32 lines, each a miss, and the 64 warps of an SM need 2048 MSHRs
// where the L1 has 128. mdm-arithmetic.cu derives MDM's figures of the
// kernel as written: 34904 cycles a warp, every warp on an SM at once, so
// 34904 for the kernel.
//
// The what-if with the load coalesced (a warp reads 32 consecutive floats,
// one line): M_Read x W = 1 x 64 = 64, within the MSHRs, so no batches and
// queues that wait for half the requests (Eq. 5):
// - interval 1 (8 instructions, the load): C = max(8 x 64 / 8, 8 / 2 + 120
//   + 1 x 100) = 224; S_NoC = 1/2 x 28 x 64 x 0.170667 = 152.9173; S_DRAM =
//   1/2 x 28 x 64 x 0.373333 = 334.5067;
// - interval 2 (4 instructions, the store): C = 4 x 64 / 8 = 32; S_NoC =
//   152.9173 (64 write requests), no DRAM service;
// - 224 + 32 + 2 x 152.9173 + 334.5067 = 896.34 cycles: -97.4%.
// (The instruction counts: 12 in all, and C1 + C2 = 256 as written, which
// only 8 + 4 gives: 8 / 2 + 220 + 4 x 8.)
// With fewer resident blocks, the misses of a warp still exceed the MSHRs
// and the kernel takes as long (half the warps in twice the waves): no
// note.
//
// RUN: gpurd-advise --arch mdm-pascal --kernel strided %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --arch mdm-pascal --kernel contiguous %s -- 2>&1 | FileCheck --check-prefix=NMD %s
// MinCycles is measured by MDM, the model the check quotes: 34904 cycles
// (mdm-arithmetic.cu) is under a MinCycles of 40000, so no warning.
// RUN: gpurd-advise --arch mdm-pascal --kernel strided --check-option=gpurd-memory-divergence.MinCycles=40000 %s -- 2>&1 | FileCheck --check-prefix=SHORT %s
// SHORT: memory divergence (seed 004's MDM): memory-divergent (MD)
// SHORT-NOT: [gpurd-memory-divergence]
// RUN: gpurd-advise --kernel strided %s -- 2>&1 | FileCheck --check-prefix=A100 %s
// RUN: gpurd-advise --arch mdm-pascal --kernel strided --format=sarif %s -- | FileCheck --check-prefix=SARIF %s
// RUN: gpurd-advise --arch mdm-pascal --kernel strided --tune=block=128x1,256x1 %s -- | FileCheck --check-prefix=TUNE %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --what-if=coalesce %s -- | FileCheck --check-prefix=WHATIF %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --what-if=coalesce --kernel strided --format=json %s -- | FileCheck --check-prefix=WHATIF-JSON %s
// RUN: not gpurd-advise --what-if=unroll %s -- 2>&1 | FileCheck --check-prefix=WHATIF-BAD %s

// CHECK: :[[#@LINE+54]]:12: warning: memory-divergent load: a warp request touches 32 L1 lines, 100% of which miss, so the 64 warps of an SM need 2048 MSHRs for it where the L1 has 128; seed 004's MDM predicts 93% of the kernel's cycles in MSHR batches [gpurd-memory-divergence]
// CHECK: note: seed 004's MDM predicts IPC 0.02 a SM and 34904 cycles for the kernel: a warp's 34904 cycles are 256 without contention, 32545 MSHR batches, 765 NoC queue and 1338 DRAM queue
// CHECK: note: with this load coalesced (a warp's lanes reading consecutive elements), the kernel's time would go from 34904 to 896 cycles (-97.4%, seed 004's MDM) (a what-if run of the models with the same instructions)
// CHECK-NOT: resident block
// CHECK: note: MDM's figures assume: the representative warp

// NMD: memory divergence (seed 004's MDM): not memory-divergent (NMD)
// NMD-NOT: gpurd-memory-divergence

// On ampere-a100 (the default; NoC 7219 GB/s, 512 MSHRs, W = 24 warps:
// the launch's share of 3 blocks a SM) MDM's figures of the kernel as
// written are derived in mdm-arithmetic.cu: 768 read misses for 512 MSHRs,
// 16245 cycles a warp (322 + 8090 + 1415 + 6418), 8090 / 16245 = 50% in
// MSHR batches; the launch's 224 x 8 x 12 warp instructions over 108 SMs at
// IPC_SM = 24 x 12 / 16245 take 11231 cycles.
// - Coalesced: 24 misses, not MD; C = 298 + 24, S_NoC = 2 x 1/2 x 108 x 24 x
//   0.0250007 = 64.80, S_DRAM = 1/2 x 108 x 24 x 0.1160643 = 150.42: 537.2
//   cycles a warp, 11231 x 537.2 / 16245 = 371 cycles (-96.7%).
// - At most 2 resident blocks (W = 16): 16 x 32 = 512 misses fit the 512
//   MSHRs (not MD); C = 298 + 16, S_NoC = 1/2 x 108 x (512 + 16) x 0.0250007
//   = 712.82, S_DRAM = 1/2 x 108 x 512 x 0.1160643 = 3208.95: 4235.8
//   cycles a warp at IPC_SM = 16 x 12 / 4235.8: 4393 cycles (-60.9%).
//   The gain is the step in seed 004's Eqs. 5 and 8 at M_Read x W = #MSHRs
//   (no batches, queues for half the requests), not more misses in flight:
//   512 either way.
// A100: warning: memory-divergent load: a warp request touches 32 L1 lines, 100% of which miss, so the 24 warps of an SM need 768 MSHRs for it where the L1 has 512; seed 004's MDM predicts 50% of the kernel's cycles in MSHR batches [gpurd-memory-divergence]
// A100: note: seed 004's MDM predicts IPC 0.02 a SM and 11231 cycles for the kernel: a warp's 16245 cycles are 322 without contention, 8090 MSHR batches, 1415 NoC queue and 6418 DRAM queue
// A100: note: with this load coalesced (a warp's lanes reading consecutive elements), the kernel's time would go from 11231 to 371 cycles (-96.7%, seed 004's MDM)
// A100: note: with at most 2 resident blocks per SM instead of 8 (W = 16 warps), the kernel's time would go from 11231 to 4393 cycles (-60.9%, seed 004's MDM)

// SARIF: "ruleId": "gpurd-memory-divergence"

// --what-if=coalesce: the figures of the coalesced run above; the
// contiguous kernel has nothing to coalesce.
// WHATIF: kernel strided
// WHATIF: what-if, memory-divergent loads coalesced: S0 (line [[#@LINE+19]]) 'in[i * 32]'; seed 004's MDM: NMD, predicted IPC {{[0-9.]+}} a SM, {{[0-9.]+}} on 28 SMs, 896 cycles; {{.*}} 0 MSHR batches, 306 NoC queue, 335 DRAM queue (as written on the same sample: 34904 cycles; -97.4%)
// WHATIF: kernel contiguous
// WHATIF: what-if, memory-divergent loads coalesced: none
// WHATIF-JSON: "what_if": {
// WHATIF-JSON: "change": "coalesce",
// WHATIF-JSON: "classification": "NMD",
// WHATIF-JSON: "classification": "MD",
// WHATIF-JSON: "sites": [
// WHATIF-JSON-NEXT: 0
// WHATIF-BAD: error: --what-if='unroll' is not a change gpurd runs: give coalesce

// The tile search shows MDM's figures beside its ranking. Blocks of 128
// threads: 16 resident blocks, the same W = 64 and the same intervals, so
// the same 34904 cycles.
// TUNE: MDM cycles  MDM IPC/SM
// TUNE: 128 {{.*}} 34904 0.02
// TUNE: 256* {{.*}} 34904 0.02
__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 32];
}
__global__ void contiguous(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
int main() {
  float *in, *out;
  cudaMalloc(&in, 57344 * 32 * 4);
  cudaMalloc(&out, 57344 * 4);
  strided<<<224, 256>>>(in, out);
  contiguous<<<224, 256>>>(in, out);
}
