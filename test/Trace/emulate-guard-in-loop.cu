// KNOWN BUG (XFAIL): the emulator's warp merge joins the n-th execution of
// a site by each lane (WarpTraceMerge.cpp), so a store guarded inside a
// loop whose guard differs across lanes is merged across iterations.
//
// Here each lane stores in 2 of the 8 iterations (those with
// (i + k) % 4 == 0), a different 2 for neighbouring lanes. On a GPU the warp
// issues the store in every iteration with the 8 lanes whose guard holds:
// 8 warp instructions, each 8 lanes 32 bytes apart = 8 lines, 64 line
// requests a warp, 1792 warps: 114688 L1 write requests, which the affine
// enumerator (exact) gives. The emulator joins lane 0's store at k = 0 with
// lane 1's at k = 3, ...: 2 warp instructions of 32 lanes, 8 lines each,
// 16 a warp: 28672. It also counts 114 instructions for a warp where the
// affine path counts 74 (a lane that skips the store counts its path
// again). The fix keys the merge by the enclosing loops' iterations; when
// it lands, this test passes and the XFAIL goes.
//
// XFAIL: *
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --cache-report --trace-source=emulate %s -- | FileCheck %s
// CHECK: S1 {{.*}}'out[i * 8 + k]': L1 114688 writes; L2 114688 writes
__global__ void guarded(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int k = 0; k < 8; ++k)
    if ((i + k) % 4 == 0)
      out[i * 8 + k] = v * k + 1;
}
int main() {
  float *in, *out;
  cudaMalloc(&in, 57344 * 4);
  cudaMalloc(&out, 57344 * 32);
  guarded<<<224, 256>>>(in, out);
}
