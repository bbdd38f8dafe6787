// When every run under assumed values leaves a bound the launch's sizes
// decide, and no smaller value fits either, the error says that gpurd's
// assumption failed, not the kernel (docs/assumptions.md, "When an
// assumption is too large"): it names the values assumed, what went out of
// bounds with them, the smaller values tried, and the inputs that give the
// real values. Before, it said only what the bound said ("the access model
// says the launch accesses 'a' ... before the pointer the kernel is given",
// an out-of-bounds read), which blamed the kernel for gpurd's own guess.
//
// before has no launch site: block (256, 1, 1) and a grid of 4 waves of the
// A100 (4 x 108 x 8 = 3456 blocks, rounded up to 4096) are assumed. Thread
// 0 of block 4095 reads a[0 - 1 - 4095], 4096 floats = 16384 bytes before a.
// Nothing assumed is a size a retry makes smaller (an assumed grid is made
// smaller only for an array past gpurd's span), so there is no retry.
// RUN: %expect-exit 1 gpurd-advise --checks=-* --kernel before %s -- 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE: error: kernel 'before': gpurd's assumption failed: with the values it assumed, block (256, 1, 1) and grid (4096, 1, 1), an access fell outside its buffer: the access model says the launch accesses 'a' of 'before' up to 16384 bytes before the pointer the kernel is given. The kernel need not be wrong: give the launch's real values with --block X[,Y[,Z]] and --grid X[,Y[,Z]] or in a --launch-spec file
// BEFORE: kernel before: grid (4096, 1, 1), block (256, 1, 1)
// BEFORE: note: assumed block (256, 1, 1)
// BEFORE: note: assumed grid (4096, 1, 1)
//
// JSON carries the same error with the launch.
// RUN: %expect-exit 1 gpurd-advise --checks=-* --kernel before --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON: "error": "kernel 'before': gpurd's assumption failed: with the values it assumed, block (256, 1, 1) and grid (4096, 1, 1),
//
// past, emulated with buffers of 16 ints, reads in[i + n + 16]: past the
// buffer for every n. n is assumed the launch's extent, 1 x 16 = 16, and
// the retries divide it by 4 while it is above 1: 4, then 1 (2 retries).
// RUN: %expect-exit 1 gpurd-advise --checks=-* --kernel past --grid 1 --block 16 --trace-source=emulate --buffer in=int32:16:zero --buffer out=int32:16:zero %s -- 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: error: kernel 'past': gpurd's assumption failed: with the values it assumed, n = 16, an access fell outside its buffer: out-of-bounds read of 4 bytes by site 0 (load at {{.*}}assumption-failed.cu:[[#@LINE+15]]:14, 'in[i + n + 16]') in block (0,0,0) thread (0,0,0) {{.*}}; 2 runs with smaller assumed values failed too (the last with n = 1). The kernel need not be wrong: give the launch's real values with --arg n=VALUE or in a --launch-spec file
// PAST: note: assumed n = 16
//
// A launch given in full assumes nothing: the bound's own error, as before.
// RUN: %expect-exit 1 gpurd-advise --checks=-* --kernel past --grid 1 --block 16 --arg n=4 --trace-source=emulate --buffer in=int32:16:zero --buffer out=int32:16:zero %s -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: error: kernel 'past': out-of-bounds read of 4 bytes
// GIVEN-NOT: assumption failed

__global__ void before(float *a) {
  a[threadIdx.x - 1 - blockIdx.x] += 1.0f;
}

__global__ void past(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + n + 16];
}
