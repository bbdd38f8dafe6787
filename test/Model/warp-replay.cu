// --warp-replay: the warp-level timing model (docs/timing-model.md) from the
// command line. Two blocks of 64 threads: round-robin over the SMs, one
// block on each of 2 SMs; 2 warps each, 11 lines each (the lines of
// --emit-trace accelsim:DIR: S2R, SHF, S2R, LOP3, MOV, IMAD, LDG, FMUL,
// IMAD, STG, EXIT): 4 x 11 = 44 warp instructions. Each warp loads 32
// floats of `in` (128 bytes: the 4 sectors of one line, a line of its own)
// and stores 32 of `out`: 16 sectors miss the L1 and the L2; the 16 store
// sectors reach the L2, which allocates them without a fetch (hits).
// RUN: gpurd-advise %s --arch volta-v100 --kernel scale --warp-replay -- | FileCheck %s
// RUN: gpurd-advise %s --arch volta-v100 --kernel scale --warp-replay --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 gpurd-advise %s --warp-replay -- 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: %expect-exit 1 gpurd-advise %s --kernel scale --warp-replay --emit-trace=%t.txt -- 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %expect-exit 1 gpurd-advise %s --kernel scale --warp-replay --arch fermi-gtx470 -- 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: %expect-exit 1 gpurd-advise %s --kernel scale --warp-replay --replay-budget 40 -- 2>&1 | FileCheck %s --check-prefix=BUDGET

__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
}
__global__ void other(float *a) { a[threadIdx.x] = 0; }
void run(const float *in, float *out, float *a) {
  scale<<<2, 64>>>(in, out);
  other<<<1, 32>>>(a);
}

// CHECK: kernel scale: {{[0-9]+}} cycles predicted on volta-v100 by the warp replay (docs/timing-model.md): 44 warp instructions on 2 SMs
// CHECK-NEXT: per scheduler: {{[0-9]+}} cycles issuing, {{[0-9]+}} waiting on a register, {{[0-9]+}} waiting on a unit or a barrier
// CHECK-NEXT: L1 sectors of global loads: 0 hits, 0 hits in flight, 16 misses; L2 sectors: 16 hits, 16 misses;
// The preset names neither L2 slices nor a scheduling policy, and no source
// gives an SM's port to the L2 or the crossbar's design.
// CHECK-NEXT: assumption: the L2 has 64 slices
// CHECK-NEXT: assumption: each SM's port to the L2 takes one sector request a cycle
// CHECK-NEXT: assumption: the crossbar to the L2 queues each SM's requests in order (as GPGPU-Sim's does; NVIDIA publishes no design): under load each slice takes 2 - sqrt(2) = 0.586 of its share of noc.bandwidthGBps
// CHECK-NEXT: assumption: each scheduler issues loose round-robin

// JSON: "active_sms": 2,
// JSON: "cycles": {{[0-9]+}},
// JSON: "kernel": "scale",
// JSON: "l1_sectors": {
// JSON-NEXT: "hits": 0,
// JSON-NEXT: "misses": 16,
// JSON: "model": "warp replay (docs/timing-model.md)",
// JSON: "warp_instructions": 44

// ONE: error: --warp-replay works on one kernel; choose it with --kernel
// TWO: error: --emit-trace and --warp-replay are different commands
// ARCH: error: the warp replay needs sm.instructionLatency, sm.sharedMemoryLatency, noc.bandwidthGBps, which arch 'fermi-gtx470' does not give; give them with --set or in an --arch-file (docs/arch-format.md)
// The budget is checked as each block is loaded: block 0's two warps hold 22
// lines, block 1's another 22.
// BUDGET: error: kernel 'scale': the warp replay stopped at 44 warp instructions in the first 2 of 2 blocks, past --replay-budget=40; give a larger --replay-budget
