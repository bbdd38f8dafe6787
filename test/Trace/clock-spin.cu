// clock() and clock64() in the emulator count a cycle an instruction and,
// for each load of the kernel, the least it waits: ampere-a100's
// l1.hitLatency (33) for a load, its l2.hitLatency (200) for a volatile one
// (ld.volatile is served by the L2). A loop that spins on a volatile flag
// until clock64() passes a timeout then runs about as many iterations as
// on the GPU: an iteration is a volatile load (200 cycles) and a few
// instructions (7 in the compiled loop: the load, the flag test, clock64,
// the subtraction, the comparison and two branches), so a timeout of
// 100000 cycles is about 100000 / (200 + 7) = 483 iterations, not the
// 100000 / 7 = 14286 of a clock that counts instructions. No device code
// writes the flag (zero-filled), so only the timeout ends the loop.
// RUN: gpurd-advise %s --checks=-* --cache-report -- 2>&1 | FileCheck %s
// CHECK: kernel spin:
// CHECK: S0 {{.*}}'*flag': L1 {{4[6-9][0-9]}} reads
//
// gpurd-small-grid is silent: a kernel whose only memory operations are
// volatile reads waits on another agent; more threads would not share that.
// RUN: gpurd-advise %s --checks=-*,gpurd-small-grid -- 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: kernel spin:
// GRID-NOT: warning
#include <cuda_runtime.h>

__global__ void spin(volatile int *flag, long long timeout) {
  long long start = clock64();
  while (!*flag) {
    if (clock64() - start > timeout)
      break;
  }
}

int main() {
  int *flag;
  cudaMalloc(&flag, sizeof(int));
  spin<<<1, 1>>>(flag, 100000);
  cudaDeviceSynchronize();
  return 0;
}
