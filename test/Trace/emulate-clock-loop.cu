// A loop whose trip count is not affine (it spins on clock64(), as the CUDA
// samples' clock_block does) while every access of the kernel is: the auto
// producer emulates it (the affine enumerator cannot count the loop's
// iterations), and the kernel's unknown scalar argument is assumed first.
// Every error of the default action names its kernel.
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 -- 2>&1 | FileCheck %s
// RUN: not gpurd-advise --cache-report %s --arch fermi-gtx470 --trace-source=affine -- 2>&1 | FileCheck %s --check-prefix=AFFINE
// RUN: not gpurd-advise --cache-report %s --arch fermi-gtx470 --no-assume -- 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: not gpurd-advise --cache-report %s --arch fermi-gtx470 --no-assume --format=json -- 2>/dev/null | FileCheck %s --check-prefix=JSON

__device__ void spin(long long *out, long long ticks) {
  long long start = clock64();
  long long elapsed = 0;
  while (elapsed < ticks)
    elapsed = clock64() - start;
  out[threadIdx.x] = elapsed;
}

__global__ void waitThenWrite(long long *out, long long ticks) {
  spin(out, ticks);
}

long long ticksFromTheDevice();

int main() {
  long long *d;
  cudaMalloc(&d, 32 * sizeof(long long));
  // The tick count is not known in the source: it is assumed.
  waitThenWrite<<<1, 32>>>(d, ticksFromTheDevice());
}

// CHECK: note: assumed ticks = 32
// CHECK: kernel waitThenWrite on fermi-gtx470
// One warp stores 32 x 8 B = 256 B: two 128-byte lines, one write request
// each on the Fermi L1.
// CHECK: L1: 0 read requests; {{.*}}; 2 writes
// CHECK: note: the emulator made the buffers

// AFFINE: gpurd-advise: error: kernel 'waitThenWrite' cannot be enumerated affinely: the loop at line 14 is not affine

// STRICT: gpurd-advise: error: kernel 'waitThenWrite': the launch configuration is incomplete

// JSON: "error": "kernel 'waitThenWrite': the launch configuration is incomplete
