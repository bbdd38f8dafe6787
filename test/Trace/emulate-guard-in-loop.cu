// A store guarded inside a loop, the guard different across lanes: the
// emulator's warp merge keys each lane's store by its loop iteration
// (ControlMarks.cpp, WarpTraceMerge.cpp), as a GPU runs it.
//
// Each lane stores in 2 of the 8 iterations (those with (i + k) % 4 == 0),
// a different 2 for neighbouring lanes. The warp issues the store in every
// iteration with the 8 lanes whose guard holds: 8 warp instructions, each
// 8 lanes 32 bytes apart = 8 lines, 64 line requests a warp, 1792 warps:
// 114688 L1 write requests, as the affine enumerator (exact) gives. (Before
// the merge keyed by iteration, it joined lane 0's store at k = 0 with
// lane 1's at k = 3: 2 warp instructions of 32 lanes, 28672.)
//
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
