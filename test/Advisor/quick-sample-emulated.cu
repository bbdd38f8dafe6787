// An emulated kernel's quick sample interprets half the instructions of an
// affine one's (driver::QuickEmulatorShare): 1000000000 / 128 / 2 = 3906250
// IR instructions, where quick-sample.cu's affine kernel gets 7812500 lane
// iterations. The emulator interprets a kernel with a barrier every few
// instructions at about 84 million a second, so 1/128 took about 85 ms a
// launch (docs/performance.md).
//
// The tree sum's stride doubles, which no affine form follows, so the
// emulator runs it. 4096 blocks on 108 SMs: ceil(4096 / 108) = 38 blocks a
// SM, each costing block 0's interpreted instructions; the sample models
// as many SMs as keep those within the budget, and all 38 blocks of each.
//
// RUN: gpurd-advise %s --format=json -- | FileCheck %s
// CHECK:      "instruction_budget": 3906250,
// CHECK-NEXT: "instructions_of_first_block": [[#BLOCK:]],
// CHECK:      "method": "space",
// CHECK-NEXT: "modelled_blocks": [[#mul(div(3906250, mul(38, BLOCK)), 38)]],

__global__ void treeSum(const float *in, float *out) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (t % (2 * stride) == 0)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

void launch(const float *in, float *out) {
  treeSum<<<4096, 256, 256 * sizeof(float)>>>(in, out);
}
