// Seed 004's MDM end to end on a kernel whose figures follow by hand: each
// thread reads one float 128 bytes from its neighbour's (a warp's load
// touches 32 lines, each once: every L1 line request misses and allocates
// an MSHR, and every L2 read misses: compulsory) and writes one coalesced
// float. 224 blocks of 8 warps on the 28 SMs of mdm-pascal (seed 004 Table
// 1): W = 64 warps a SM.
//
// The representative warp has two intervals: up to the load (32 read
// misses, LLC miss ratio 1) and the rest (one write request).
// - Eq. 2: L_NoC = 1.4 x 128 / 1050 = 0.170667 cycles. Eq. 3: L_DRAM =
//   1.4 x 1 x 128 / 480 = 0.373333.
// - Interval 1: M_Read x W = 32 x 64 = 2048 > 128 MSHRs (divergent); M =
//   min(2048, 128) = 128 (Eq. 4); saturated (Eq. 5): S_NoC = 28 x 128 x
//   0.170667 = 611.6693, S_DRAM = 28 x 128 x 0.373333 = 1338.0267;
//   S_Mem = 120 + 1 x 100 + 611.6693 + 1338.0267 = 2169.696 (Eqs. 6, 7;
//   L_MinDRAM = 220 - 120); S_MSHR = (2048 / 128 - 1) x 2169.696 =
//   32545.44 (Eq. 8).
// - Interval 2: M = 1 x 64 write requests, not saturated: S_NoC = 1/2 x 28 x
//   64 x 0.170667 = 152.9173; no read misses, so no DRAM service (Eq. 3's
//   LLC miss ratio is of read misses) and no batches.
// - Sums: S_MSHR 32545.44, S_NoC 611.6693 + 152.9173 = 764.5867, S_DRAM
//   1338.0267. All of the warp's read misses are in a divergent interval:
//   MD.
// - GPUMech: no batching, no NoC queue, half the DRAM queue: 669.0133.
//
// The same kernel on ampere-a100 (the default), whose NoC bandwidth is
// NVIDIA's L2 read bandwidth, 5120 bytes a clock at 1410 MHz = 7219 GB/s:
// 224 blocks on 108 SMs, the launch's share of 3 resident blocks a SM
// (fewer than the 8 the occupancy allows): W = 24 warps; 512 MSHRs
// (GPGPU-Sim's A100 L1); L_MinLLC 200, L_MinDRAM 290 - 200 = 90.
// - Eq. 2: L_NoC = 1.41 x 128 / 7219 = 0.0250007. Eq. 3: L_DRAM = 1.41 x
//   128 / 1555 = 0.1160643.
// - Interval 1: 32 x 24 = 768 > 512 (divergent); M = 512; S_NoC = 108 x
//   512 x 0.0250007 = 1382.438, S_DRAM = 108 x 512 x 0.1160643 =
//   6417.892; S_Mem = 200 + 90 + 1382.438 + 6417.892 = 8090.330;
//   S_MSHR = (ceil(768 / 512) - 1) x 8090.330 = 8090.330.
// - Interval 2: 24 write requests: S_NoC = 1/2 x 108 x 24 x 0.0250007 =
//   32.401. Sums: S_NoC 1414.839, S_DRAM 6417.892. MD.
//
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --format=json %s -- | FileCheck %s
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --divergence-model=gpumech %s -- | FileCheck --check-prefix=TEXT %s
// RUN: not gpurd-advise --divergence-model=interval %s -- 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: gpurd-advise --checks=-* --format=json %s -- | FileCheck --check-prefix=A100 %s

// CHECK: "divergence": {
// CHECK: "classification": "MD",
// CHECK: "divergent_miss_share": 1.0,
// CHECK: "gpumech": {
// CHECK: "dram_stall_cycles": 669.013
// CHECK: "mshr_stall_cycles": 0.0,
// CHECK: "noc_stall_cycles": 0.0,
// CHECK: "intervals": 2,
// CHECK: "mdm": {
// CHECK: "dram_stall_cycles": 1338.026
// CHECK: "mshr_stall_cycles": 32545.44
// CHECK: "noc_stall_cycles": 764.586
// CHECK: "mshrs": 128,
// CHECK: "sms": 28,
// CHECK: "warps_per_sm": 64.0

// TEXT: memory divergence (seed 004's MDM): memory-divergent (MD), 100.0% of the representative warp's L1 read misses in intervals whose misses exceed the L1's 128 MSHRs with W = 64 warps a SM; predicted IPC {{[0-9.]+}} a SM, {{[0-9.]+}} on 28 SMs, {{[0-9]+}} cycles; the representative warp's {{[0-9]+}} cycles: {{[0-9]+}} without contention, 32545 MSHR batches, 765 NoC queue, 1338 DRAM queue
// TEXT-NEXT: GPUMech baseline (seed 004 §4: no MSHR batching, no NoC queue, the DRAM queue half the requests): predicted IPC {{.*}} 669 DRAM queue

// BAD: error: --divergence-model='interval' is not a model: give mdm or gpumech

// The figures derived above, on ampere-a100.
// A100: "divergence": {
// A100: "classification": "MD",
// A100: "divergent_miss_share": 1.0,
// A100: "mdm": {
// A100: "dram_stall_cycles": 6417.892
// A100: "mshr_stall_cycles": 8090.330
// A100: "noc_stall_cycles": 1414.839
// A100: "mshrs": 512,
// A100: "sms": 108,
// A100: "warps_per_sm": 24.0
__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 32];
}
int main() {
  float *in, *out;
  cudaMalloc(&in, 57344 * 32 * 4);
  cudaMalloc(&out, 57344 * 4);
  strided<<<224, 256>>>(in, out);
}
