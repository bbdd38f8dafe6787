// Macros a build defines on the command line (PolyBench's -DN=..., -DT=float)
// reach the user's code and not the CUDA headers gpurd parses with: Clang's
// texture header names template parameters N and T, and `-DN=64` used to
// make every file fail to compile (host and device side).
// RUN: gpurd-advise --list-kernels %s -- -DN=64 -DT=float -DM=2 | FileCheck %s
// RUN: gpurd-advise --dump-accesses %s -- -DN=64 -DT=float -DM=2 \
// RUN:   | FileCheck %s --check-prefix=DEVICE
texture<float, 1, cudaReadModeElementType> texIn;

__global__ void scale(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    a[i] = M * tex1Dfetch(texIn, i);
}

int main() {
  T *a = nullptr;
  scale<<<N / 32, 32>>>(a);
}
// CHECK: kernel scale(float *a)
// CHECK: launch scale in main: grid (2, 1, 1), block (32, 1, 1)
// DEVICE: kernel scale: 2 memory operations
// DEVICE: texture
