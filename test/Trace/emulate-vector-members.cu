// The members of a vector-typed struct argument (`const uchar4 colors`,
// CUDA samples Mandelbrot) that an emulated kernel reads are all asked for
// or assumed, also where the optimiser merges the reads of several members
// into one load (here `colors.y` and `colors.z` into a 16-bit load). Before,
// only the member at the start of each load was found: the assumptions gave
// colors.x and colors.z, and the emulator then stopped with "reads
// 'colors.y' without a value". An assumed 8-bit member is the launch's
// extent clamped to its type: 255 for 64 x 32 = 2048 threads.
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --grid 1 --block 32 --arg s=1 --arg n=32 --no-assume -- 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: gpurd-advise --cache-report %s --grid 64 --block 32 --arg s=1 --arg n=32 -- 2>&1 | FileCheck %s --check-prefix=ASSUMED
// RUN: gpurd-advise --cache-report %s --grid 1 --block 32 --arg s=1 --arg n=32 --arg colors.x=1 --arg colors.y=2 --arg colors.z=3 -- 2>&1 | FileCheck %s --check-prefix=GIVEN

__global__ void paint(uchar4 *dst, const uchar4 colors, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = i * s;
  int k = 0;
  // A loop on a float: not affine, so the kernel is emulated.
  while (x < 100.0f && k < 50) {
    x = x * x + 1.0f;
    ++k;
  }
  if (i < n) {
    uchar4 c;
    c.x = k * colors.x;
    c.y = k * colors.y;
    c.z = k * colors.z;
    c.w = 0;
    dst[i] = c;
  }
}

// STRICT: the member 'colors.x' of a struct argument is not evaluated
// STRICT: the member 'colors.y' of a struct argument is not evaluated
// STRICT: the member 'colors.z' of a struct argument is not evaluated

// ASSUMED: note: assumed colors.x = 255 ({{.*}}; clamped to the largest value of its 8-bit type)
// ASSUMED: note: assumed colors.y = 255 ({{.*}}; clamped to the largest value of its 8-bit type)
// ASSUMED: note: assumed colors.z = 255 ({{.*}}; clamped to the largest value of its 8-bit type)
// ASSUMED: kernel paint on ampere-a100 (predicted by the cache model

// GIVEN-NOT: assumed colors
// GIVEN: kernel paint on ampere-a100 (predicted by the cache model
