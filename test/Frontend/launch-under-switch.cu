// A launch under `case N:` of `switch (v)` knows that v = N there, as one
// under `if (v == N)` does (the CUDA samples' reduction picks the template
// instance of its kernel with `switch (threads)`, and the block size is
// `threads`). A case entered by falling through from another label is not
// decided: `case 16: case 32:` leaves threads 16 or 32.
// RUN: gpurd-advise %s --print-launches --kernel 'reduce<128U>' -- | FileCheck %s --check-prefix=R128
// RUN: gpurd-advise %s --print-launches --kernel 'reduce<64U>' -- | FileCheck %s --check-prefix=R64
// RUN: %expect-exit 1 gpurd-advise %s --print-launches --kernel 'reduce<32U>' --no-assume -- 2>&1 | FileCheck %s --check-prefix=FALL

// 128 threads and 128 x 4 bytes of shared memory:
// R128: block (128, 1, 1) = {{.*}} dynamic shared 512 B
// R128: assuming 'threads' = 128 in 'case 128:' of 'switch (threads)' at line [[#@LINE+22]]
// 64 threads, and smem = 64 x 2 x 4 = 512 bytes inside the case's braces:
// R64: block (64, 1, 1) = {{.*}} dynamic shared 512 B
// R64: assuming 'threads' = 64 in 'case 64:' of 'switch (threads)' at line [[#@LINE+19]]
// FALL: error: kernel 'reduce<32U>': the launch configuration is incomplete:
// FALL: the block size (the launch at {{.*}}) is 'threads': 'threads' is a parameter of 'run', which is not called in this file

template <unsigned B> __global__ void reduce(const float *in, float *out) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * B + t];
  __syncthreads();
  for (unsigned k = B / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

void run(const float *in, float *out, int threads, int blocks) {
  switch (threads) {
  case 128:
    reduce<128><<<blocks, threads, threads * sizeof(float)>>>(in, out);
    break;
  case 64: {
    int smem = threads * 2 * sizeof(float);
    reduce<64><<<blocks, threads, smem>>>(in, out);
    break;
  }
  case 16:
  case 32:
    reduce<32><<<blocks, threads>>>(in, out);
    break;
  }
}
