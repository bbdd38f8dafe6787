// --buffer in a file with several kernels: without --kernel, a buffer goes to
// the kernels that have such a parameter (as --arg values do); one that no
// analysed kernel has is an error naming it; with --kernel, the named
// kernel must have it.
//
// RUN: gpurd-advise --arch mdm-pascal --checks=-* --buffer idx=int32:1024:iota %s -- | FileCheck --check-prefix=BOTH %s
// BOTH: kernel gather: grid (4, 1, 1)
// BOTH: kernel scale: grid (4, 1, 1)
//
// RUN: %expect-exit 1 gpurd-advise --arch mdm-pascal --checks=-* --buffer idx=int32:1024:iota --buffer indx=int32:1024:iota %s -- 2>&1 | FileCheck --check-prefix=TYPO %s
// TYPO: error: --buffer indx: no analysed kernel has a parameter 'indx'
//
// RUN: %expect-exit 1 gpurd-advise --arch mdm-pascal --checks=-* --kernel scale --buffer idx=int32:1024:iota %s -- 2>&1 | FileCheck --check-prefix=NAMED %s
// NAMED: error: --buffer idx: kernel 'scale' has no parameter 'idx'
__global__ void gather(const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}
__global__ void scale(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2 * in[i];
}
int main() {
  int *idx;
  float *in, *out;
  gather<<<4, 256>>>(idx, in, out);
  scale<<<4, 256>>>(in, out);
}
