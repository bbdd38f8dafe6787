// The float overloads of <cmath> that Clang's CUDA headers leave to CUDA's
// crt/math_functions.hpp (fma, fmax, fmin, round, trunc, log2, ... on
// floats) have bodies in gpurd's prelude, so that the emulator runs them.
// Before, `fma(weight, end, fma(-weight, start, start))` (llm.c's adamw
// kernel's lerp) compiled to a call without a body and the emulated kernel
// stopped: "the function 'fma(float, float, float)' has no definition the
// emulator can run".
// RUN: gpurd-advise --trace-source=emulate --cache-report %s --grid 4 --block 256 --arg n=1024 -- 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: kernel lerp on ampere-a100 (predicted by the cache model
#include <cmath>

__global__ void lerp(float *out, const float *start, const float *end,
                     float weight, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = round(fmax(fma(weight, end[i], fma(-weight, start[i], start[i])),
                        fmin(trunc(start[i]), log2(end[i]))));
}
