// An access before the pointer a kernel is given, under assumed values, is
// a sign the assumptions do not fit together; the affine path refuses to
// model it, as the emulator does (an out-of-bounds access), instead of
// predicting the traffic of addresses no run of the program makes. When no
// smaller value fits either, the error says that gpurd's assumption failed,
// with the values, and the inputs that give the real ones
// (test/Driver/assumption-failed.cu); before, it said only what the access
// model saw, as if the kernel were wrong.
//
// diagonal is Rodinia nw's wavefront step: block bx of launch i works on
// row i - 1 - bx. The host loop launches i blocks at step i, but the grid
// is assigned in the loop (`grid.x = i`), so gpurd assumes it (4 waves of
// resident blocks) and i from the loop's first iteration (1): row -bx for
// bx > 0, before m.
//
// RUN: %expect-exit 1 gpurd-advise --checks=-* %s -- 2>&1 | FileCheck %s
// The lowest address: bx = 16383 (the assumed grid, below), tx = 0, cols =
// 4194304 (n assumed 262144, times 16): 4 * (-16383 * 4194304 + 16383 * 16)
// = -274860081216 bytes.
// The retries divide n by 4 eight times (262144 / 4^8 = 4); the grid, and
// so the rows before m, stay.
// CHECK: error: kernel 'diagonal': gpurd's assumption failed: with the values it assumed, host values n = 262144 and grid (16384, 1, 1), an access fell outside its buffer: the access model says the launch accesses 'm' of 'diagonal' up to 274860081216 bytes before the pointer the kernel is given; 8 runs with smaller assumed values failed too (the last with host values n = 4). The launch also assumes 'i' = 1 in the first iteration of the loop at line [[#@LINE+17]] {{.*}}: --arg NAME=VALUE gives an argument that rests on it. The kernel need not be wrong: give the launch's real values with --grid X[,Y[,Z]] and --arg cols=VALUE or in a --launch-spec file
// CHECK: assuming 'i' = 1 in the first iteration of the loop
// CHECK: note: assumed grid (16384, 1, 1)
//
// Given values that fit (the grid of step i) run:
// RUN: gpurd-advise --checks=-* --grid 4 --arg i=4 --arg cols=4096 %s -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: kernel diagonal: grid (4, 1, 1), block (16, 1, 1)
// GIVEN-NOT: error
#include <cstdlib>
__global__ void diagonal(float *m, int cols, int i) {
  int row = i - 1 - blockIdx.x;
  m[row * cols + blockIdx.x * 16 + threadIdx.x] += 1;
}
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *m;
  dim3 grid;
  for (int i = 1; i <= n; ++i) {
    grid.x = i;
    diagonal<<<grid, 16>>>(m, n * 16, i);
  }
}
