// A thread that waits in a loop for a flag no thread of its block writes
// (UnifiedMemoryPerf's spin kernel: the host sets it) is ended once a poll
// finds it as at its previous one, with a note; a flag another warp of the
// block sets lets the waiting warp go on. Before, the first kernel polled
// until the block's log was full (1.25 GB for the sample's 256 threads).
// RUN: gpurd-advise --cache-report --arch fermi-gtx470 %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s -- 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: gpurd-advise --format=json %s -- 2>/dev/null | FileCheck %s --check-prefix=JSON

__global__ void waitForHost(volatile unsigned *flag, float *out) {
  while (flag[0] == 0)
    ;
  out[threadIdx.x] = 1.0f;
}

__global__ void waitForWarp(float *out) {
  volatile __shared__ int ready;
  if (threadIdx.x == 0)
    ready = 0;
  __syncthreads();
  if (threadIdx.x < 32) {
    while (ready == 0)
      ;
    out[threadIdx.x] = 1.0f;
  } else if (threadIdx.x == 32) {
    ready = 1;
  }
}

int main() {
  unsigned *flag;
  float *out;
  cudaMalloc(&flag, sizeof(unsigned));
  cudaMalloc(&out, 64 * sizeof(float));
  waitForHost<<<1, 64>>>(flag, out);
  waitForWarp<<<1, 64>>>(out);
}

// The 64 threads poll the flag (zero) a few times each and end there: the
// store after the loop is never reached.
// CHECK: kernel waitForHost on fermi-gtx470
// CHECK: 0 writes
// CHECK: note: in 1 of the 1 blocks emulated, 64 threads wait in a loop at site 0 (load at {{.*}}emulate-spin-wait.cu:11:10, 'flag[0]') for a value no thread of the block writes (a flag the host, another block or another kernel sets; gpurd emulates one block at a time)
// Warp 0 waits until thread 32 sets the flag, then stores 32 floats
// (128 B: one line of Fermi's L1, one write request).
// CHECK: kernel waitForWarp on fermi-gtx470
// CHECK: L1: 0 read requests; {{.*}}; 1 write;
// CHECK-NOT: wait in a loop

// SUMMARY: kernel waitForHost
// SUMMARY: (1 of 1 block modelled; its threads wait for a flag no thread of the block sets, so the figures end at the wait)
// SUMMARY: kernel waitForWarp
// SUMMARY-NOT: wait for a flag

// JSON: "blocks_waiting": 1
// JSON-NOT: "blocks_waiting"
