// cuRAND's Sobol quasi-random generators (32- and 64-bit, scrambled) and the
// host calls that hand out their direction vectors, as Monte-Carlo code
// with quasi-random numbers uses them.  The device state has cuRAND's
// layout and the draws are the Sobol sequence itself.
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --kernel draw %s -- | FileCheck %s --check-prefix=DEVICE
#include <curand.h>
#include <curand_kernel.h>

// i, x, c and 32 (64) direction vectors of 4 (8) bytes.
static_assert(sizeof(curandStateSobol32_t) == 35 * 4, "cuRAND's layout");
static_assert(sizeof(curandStateSobol64_t) == 67 * 8, "cuRAND's layout");
static_assert(CURAND_ORDERING_QUASI_DEFAULT == 201 &&
                  CURAND_DIRECTION_VECTORS_64_JOEKUO6 == 103,
              "values as in curand.h");

template <class State, class Vectors>
__global__ void init(Vectors *directions, State *states, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    curand_init(directions[0], i, &states[i]);
}

// One draw per thread from its state in global memory.
__global__ void draw(curandStateSobol32 *states, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = curand(&states[i]);
}

__global__ void drawDouble(curandStateScrambledSobol64 *states, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = curand_normal_double(&states[i]);
}

int main() {
  const int n = 4096;
  curandDirectionVectors32_t *v32;
  curandDirectionVectors64_t *v64;
  curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  curandGetDirectionVectors64(&v64, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6);
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_QUASI_SOBOL64);
  curandSetGeneratorOrdering(gen, CURAND_ORDERING_QUASI_DEFAULT);
  curandSetQuasiRandomGeneratorDimensions(gen, 2);
  curandDirectionVectors32_t *d32 = nullptr;
  curandStateSobol32 *s32 = nullptr;
  unsigned *f = nullptr;
  init<<<n / 128, 128>>>(d32, s32, n);
  draw<<<n / 128, 128>>>(s32, f, n);
  return 0;
}
// 4096 / 128 = 32 blocks.
// CHECK: curand-sobol.cu: 3 kernels, 2 launch sites
// CHECK: launch init<curandStateSobol32, unsigned int[32]> in main: grid (32, 1, 1), block (128, 1, 1)
// CHECK: launch draw in main: grid (32, 1, 1), block (128, 1, 1)
// curand (r = x; x ^= v[ffs(~i) - 1]; ++i; return r) reads and writes the
// fields of the thread's state in that order.  A state is i, x, c, v[32]:
// 35 * 4 = 140 bytes, so thread t's state starts at 140 t (17920 = 128 * 140
// per block), i is at +0, x at +4, and v[k] at +12 + 4 k with a k computed
// from the value of i: not affine.  out[i] is at 4 t (512 per block).
// DEVICE: kernel draw: 8 memory operations, 7 affine
// DEVICE: load global 4 B of states (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[4 + 17920bx + 140tx]
// DEVICE: load global 4 B of states (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[17920bx + 140tx]
// DEVICE: load global 4 B of states (read)
// DEVICE-NEXT: non-affine (data-dependent-address)
// DEVICE: load global 4 B of states (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[4 + 17920bx + 140tx]
// DEVICE: store global 4 B to states (write)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[4 + 17920bx + 140tx]
// DEVICE: load global 4 B of states (read)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[17920bx + 140tx]
// DEVICE: store global 4 B to states (write)
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> states[17920bx + 140tx]
// DEVICE: store global 4 B to out (write) 'out[i]'
// DEVICE-NEXT: domain
// DEVICE-NEXT: access: {{.*}} -> out[512bx + 4tx]
