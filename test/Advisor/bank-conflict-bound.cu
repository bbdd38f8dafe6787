// gpurd-shared-bank-conflict on a conflict no padding can remove (a 1-D
// array read at a stride of 2 words) is a warning only when removing it
// could save MinGain of the kernel's time: a shared-memory unit serves one
// wavefront a cycle, so the excessive wavefronts over the launch's SMs are
// the most removing them could save.
//
// Each warp's s[2 * t] touches 32 words in 16 banks, two each: 2 wavefronts
// where 1 would do. 8 warps a block, 108 blocks on ampere-a100's 108 SMs:
// 108 x 8 requests x 2 = 1728 wavefronts an access, 864 excessive: 8 a
// block and an SM, at most 8 cycles. The kernel's 256 global loads a
// thread take far longer, and any
// finding needs the kernel over MinCycles' 5000 cycles, of which 5% is 250:
// no warning. With MinGain 0 the conflict itself is reported.
//
// RUN: gpurd-advise %s -- 2>&1 | FileCheck --check-prefix=BOUND %s
// RUN: gpurd-advise %s --check-option=gpurd-shared-bank-conflict.MinGain=0 -- 2>&1 | FileCheck %s
// BOUND-NOT: [gpurd-shared-bank-conflict]

__global__ void sumThenPair(const float *in, float *out, int n) {
  __shared__ float s[512];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 256; ++k)
    acc += in[k * n + i];
  s[2 * threadIdx.x] = acc;
  // CHECK: bank-conflict-bound.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict in shared store: each warp request takes 2 wavefronts where 1 would do (1 excessive wavefront, 50% of 1728) [gpurd-shared-bank-conflict]
  s[2 * threadIdx.x + 1] = -acc;
  __syncthreads();
  out[i] = s[2 * threadIdx.x] + s[2 * threadIdx.x + 1];
}

void launch(const float *in, float *out) {
  const int n = 108 * 256;
  sumThenPair<<<108, 256>>>(in, out, n);
}
