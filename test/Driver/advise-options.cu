// The default action models every kernel; the options that steer it, and the
// errors they give.
//
// An arch without the L1 parameters the cache model needs (here the A100
// preset with its L1 associativity removed) still prints the launch
// configurations, with a warning that says what is missing and which presets
// the model runs on; --cache-model makes that an error.
// RUN: gpurd-advise --cache-report %s --arch ampere-a100 --set l1.assoc=null -- > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NOMODEL-OUT < %t.out
// RUN: FileCheck %s --check-prefix=NOMODEL-ERR < %t.err
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --arch ampere-a100 --set l1.assoc=null --cache-model -- 2>&1 | FileCheck %s --check-prefix=STRICT
//
// --print-launches: the launch configurations only, whatever the arch.
// RUN: gpurd-advise %s --arch fermi-gtx470 --print-launches -- 2>&1 | FileCheck %s --check-prefix=LAUNCHES
//
// --sms auto (the default) models every SM while the launch's L1 line
// requests (counted on block 0, times the blocks) fit in --request-budget.
// scale has 8 blocks of 8 warps; a warp reads and writes one line each: 16
// requests per block, 128 for the launch, over 8 SMs: 16 per SM. Sampled in
// space, a budget of 32 leaves room for 2 SMs, spread over the 8 that have
// blocks. Sampled in time (the default), every SM runs its first wave of
// blocks, here its one block: the whole launch, 4 times the budget, which is
// as far over it as the first wave may go.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 -- | FileCheck %s --check-prefix=AUTO
// (--max-block-trace keeps the blocks whole: at a budget of 32 a block's
// trace would hold 32 / 32 = 1 warp memory instruction, DriverOptions.h's
// blockTraceBound.)
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --request-budget 32 --max-block-trace=4194304 --sampling=space -- | FileCheck %s --check-prefix=BUDGET
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --request-budget 32 --max-block-trace=4194304 -- | FileCheck %s --check-prefix=TIME
// With a budget of 31 the first wave is more than 4 budgets (128 > 124): the
// SMs are sampled in space, 31 / 16 = 1 of them.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --request-budget 31 --max-block-trace=4194304 -- | FileCheck %s --check-prefix=FALLBACK
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --request-budget 32 --max-block-trace=4194304 --sms all -- | FileCheck %s --check-prefix=AUTO
// --sms N picks SMs floor(i * active / N), i < N, among the active ones.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --sms 3 -- | FileCheck %s --check-prefix=THREE
//
// Bad values are reported before any file is parsed.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --arch fermi-gtx470 --sms 0 -- 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --arch fermi-gtx470 --sms 15 -- 2>&1 | FileCheck %s --check-prefix=TOOMANY
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --arch fermi-gtx470 --sms half -- 2>&1 | FileCheck %s --check-prefix=ZERO
//
// The commands are alternatives.
// RUN: %expect-exit 1 gpurd-advise %s --list-kernels --dump-accesses -- 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: %expect-exit 1 gpurd-advise %s --emit-trace=%t.txt --cache-model -- 2>&1 | FileCheck %s --check-prefix=TWO-TRACE
// A trace file holds one kernel of one file.
// RUN: %expect-exit 1 gpurd-advise %s %s --emit-trace=%t.txt -- 2>&1 | FileCheck %s --check-prefix=TRACE-FILES

__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i];
}
void run(const float *in, float *out) { scale<<<8, 256>>>(in, out); }

// NOMODEL-OUT: advise-options.cu:{{[0-9]+}}:17: kernel scale: grid (8, 1, 1), block (256, 1, 1) = 8 blocks of 256 threads
// NOMODEL-OUT-NOT: cache model
// NOMODEL-ERR: gpurd-advise: warning: no cache model: arch 'ampere-a100' has no l1.assoc; the cache model needs it (set it with --set l1.assoc=WAYS); presets it runs on: ampere-a100, fermi-gtx470, fermi-gtx470-l1-48k, hopper-h100, maxwell-gtx970, maxwell-gtx970-dlcm-cg, mdm-pascal, volta-v100; printing launch configurations only

// STRICT: gpurd-advise: error: no cache model: arch 'ampere-a100' has no l1.assoc;

// LAUNCHES: advise-options.cu:{{[0-9]+}}:17: kernel scale: grid (8, 1, 1), block (256, 1, 1) = 8 blocks of 256 threads
// LAUNCHES-NEXT: from: the launch at {{.*}}advise-options.cu:{{[0-9]+}}:41
// LAUNCHES-NOT: {{.}}

// AUTO: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 8 of 14 SMs (0, 1, 2, 3, 4, 5, 6, 7), 8 of 8 blocks
// AUTO-NEXT: L1: 64 read requests,
// AUTO-NOT: budget

// BUDGET: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 2 of 14 SMs (0, 4), 2 of 8 blocks; L2 scaled to the modelled SMs' share: 16 of 64 sets per bank, 8 of 32 MSHR entries per table
// BUDGET-NEXT: L1: 16 read requests,
// BUDGET: note: 2 of 8 SMs modelled: the launch makes about 128 L1 line requests (16 per block, counted on block 0), more than the budget of 32
// BUDGET-NEXT: note: with a sample of the SMs the L2 sees the modelled SMs' requests only

// TIME: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 8 of 14 SMs (0, 1, 2, 3, 4, 5, 6, 7), 8 of 8 blocks
// TIME: note: the launch makes about 128 L1 line requests (16 per block, counted on block 0), more than the budget of 32, but its first wave of blocks on every SM is all of it: it is modelled whole
// TIME-NOT: with a sample of the SMs

// FALLBACK: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 1 of 14 SMs (0), 1 of 8 blocks;

// THREE: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 3 of 14 SMs (0, 2, 5), 3 of 8 blocks;
// THREE-NOT: budget

// ZERO: gpurd-advise: error: --sms takes a number of SMs (at least 1), 'all' or 'auto', got '{{0|half}}'
// TOOMANY: gpurd-advise: error: --sms 15: arch 'fermi-gtx470' has 14 SMs; give at most 14, or 'all'
// TWO: gpurd-advise: error: --list-kernels and --dump-accesses are different commands; give one of them per run
// TWO-TRACE: gpurd-advise: error: --emit-trace and --cache-model are different commands; give one of them per run
// TRACE-FILES: gpurd-advise: error: --emit-trace writes the trace of one kernel of one file; give one input file (got 2)
