// Launch values from the command line: counts are decimal (a leading zero is
// not octal; 'x' separates dim3 components), --arg takes C integer literals
// and must fit the parameter's type, and a launch beyond CUDA's limits is an
// error.
//
// RUN: gpurd-advise %s --kernel copy --print-launches --grid 010 --smem 010 -- | FileCheck %s --check-prefix=DECIMAL
// RUN: gpurd-advise %s --kernel copy --print-launches --grid 4x2 --block 16x16 -- | FileCheck %s --check-prefix=TIMES
// RUN: %expect-exit 1 gpurd-advise %s --kernel copy --print-launches --grid 0x10 -- 2>&1 | FileCheck %s --check-prefix=HEX
// RUN: %expect-exit 1 gpurd-advise %s --kernel copy --print-launches --grid 4294967296 -- 2>&1 | FileCheck %s --check-prefix=GRIDX
// RUN: %expect-exit 1 gpurd-advise %s --kernel copy --print-launches --grid 1,65536 -- 2>&1 | FileCheck %s --check-prefix=GRIDY
// RUN: %expect-exit 1 gpurd-advise %s --kernel copy --print-launches --block 1,1,65 -- 2>&1 | FileCheck %s --check-prefix=BLOCKZ
// RUN: %expect-exit 1 gpurd-advise %s --kernel copy --print-launches --block 32,32,2 -- 2>&1 | FileCheck %s --check-prefix=THREADS
//
// RUN: gpurd-advise %s --kernel values --print-launches --arg b=true --arg u=18446744073709551615 --arg s=-9223372036854775808 --arg c=0x41 --arg o=010 -- | FileCheck %s --check-prefix=ARGS
// RUN: %expect-exit 1 gpurd-advise %s --kernel values --print-launches --arg b=2 -- 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: %expect-exit 1 gpurd-advise %s --kernel values --print-launches --arg u=-1 -- 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: %expect-exit 1 gpurd-advise %s --kernel values --print-launches --arg s=9223372036854775808 -- 2>&1 | FileCheck %s --check-prefix=SIGNED
// RUN: %expect-exit 1 gpurd-advise %s --kernel values --print-launches --arg c=256 -- 2>&1 | FileCheck %s --check-prefix=CHAR

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
__global__ void values(bool b, unsigned long long u, long long s,
                       unsigned char c, int o, float *p) {
  p[threadIdx.x] = b + u + s + c + o;
}
void run(const float *in, float *out) {
  copy<<<1, 256>>>(in, out);
  values<<<1, 32>>>(false, 1, 1, 1, 1, out);
}

// DECIMAL: kernel copy: grid (10, 1, 1), block (256, 1, 1) = 10 blocks of 256 threads, dynamic shared 10 B
// TIMES: kernel copy: grid (4, 2, 1), block (16, 16, 1) = 8 blocks of 256 threads
// HEX: gpurd-advise: error: --grid takes positive integers X[,Y[,Z]], got '0x10'
// GRIDX: gpurd-advise: error: kernel 'copy': the grid size (4294967296, 1, 1) is beyond CUDA's limit of 2147483647 in x; no GPU runs this launch
// GRIDY: gpurd-advise: error: kernel 'copy': the grid size (1, 65536, 1) is beyond CUDA's limit of 65535 in y; no GPU runs this launch
// BLOCKZ: gpurd-advise: error: kernel 'copy': the block size (1, 1, 65) is beyond CUDA's limit of 64 in z; no GPU runs this launch
// THREADS: gpurd-advise: error: kernel 'copy': a block of (32, 32, 2) has 2048 threads, beyond CUDA's limit of 1024; no GPU runs this launch
// ARGS: args: b = 1, u = 18446744073709551615, s = -9223372036854775808, c = 65, o = 8
// BOOL: gpurd-advise: error: kernel 'values': command line: the argument 'b' (bool) cannot hold '2'
// UNSIGNED: gpurd-advise: error: kernel 'values': command line: the argument 'u' (unsigned long long) cannot hold '-1'
// SIGNED: gpurd-advise: error: kernel 'values': command line: the argument 's' (long long) cannot hold '9223372036854775808'
// CHAR: gpurd-advise: error: kernel 'values': command line: the argument 'c' (unsigned char) cannot hold '256'
