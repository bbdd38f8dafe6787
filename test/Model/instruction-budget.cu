// --sms auto also bounds the emulator's work: the instructions it interprets
// for block 0, times the blocks, spread over the SMs with blocks, must fit
// --instruction-budget (default 10^9, about four seconds of interpretation),
// or a sample of the SMs is modelled, as for --request-budget. scale has 8
// blocks on 8 of fermi-gtx470's 14 SMs, one block each.
//
// Within the default budget every SM with a block is modelled.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --trace-source=emulate -- | FileCheck %s --check-prefix=ALL
// A budget of 1 instruction: one SM, and of its blocks the first active set
// (its one block).
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --trace-source=emulate --instruction-budget 1 -- | FileCheck %s --check-prefix=ONE
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --trace-source=emulate --instruction-budget 1 --format=json -- | FileCheck %s --check-prefix=JSON
// The affine enumerator interprets nothing: the budget does not apply.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --instruction-budget 1 -- | FileCheck %s --check-prefix=ALL

__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[i];
}
void run(const float *in, float *out) { scale<<<8, 256>>>(in, out); }

// ALL: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 8 of 14 SMs (0, 1, 2, 3, 4, 5, 6, 7), 8 of 8 blocks
// ALL-NOT: --instruction-budget

// ONE: kernel scale on fermi-gtx470 (predicted by the cache model; warp-queue): 1 of 14 SMs (0), 1 of 8 blocks
// ONE: note: the emulator interpreted [[N:[0-9]+]] instructions for block 0: the 8 blocks would take about {{[0-9]+}}, more than the budget of 1 (--instruction-budget) that bounds the sample too

// JSON: "instruction_budget": 1,
// JSON-NEXT: "instructions_of_first_block": {{[1-9][0-9]*}},
