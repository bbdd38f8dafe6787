// Arithmetic and atomics on __nv_bfloat162 as llm.c's layernorm backward
// uses them (`add_dbias + current_dbias`, `atomicAdd(ptr_bf16, add_val)`):
// cuda_bf16.h's operators on pairs and sm_80's bfloat16 atomicAdd, from
// gpurd's prelude. Before, the file stopped at "invalid operands to binary
// expression ('__nv_bfloat162' and '__nv_bfloat162')" and "no matching
// function for call to 'atomicAdd'".
//
// Each atomic is one read-modify-write, as the GPU's atom.add.noftz.bf16x2
// and .f16: 4 bytes for a pair, 2 for a half. Before, the half atomics were
// declarations: a call of "0 B" the access model did not read, beside a
// store of the argument to local memory that the real instruction does not
// make.
// RUN: gpurd-advise --dump-accesses %s --kernel accumulate --grid 4 --block 256 --arg n=1024 -- 2>&1 | FileCheck %s --check-prefix=PAIR
// PAIR: kernel accumulate: 3 memory operations, 3 affine
// PAIR: atomicrmw add global 4 B of sum (read-modify-write) 'sum[i % 32]'
// PAIR-NOT: local
// RUN: gpurd-advise --dump-accesses %s --kernel halves --grid 4 --block 256 --arg n=1024 -- 2>&1 | FileCheck %s --check-prefix=HALF
// HALF: kernel halves: 2 memory operations, 2 affine
// HALF: atomicrmw fadd global 2 B of sum (read-modify-write) 'sum[i % 32]'
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void accumulate(__nv_bfloat162 *sum, const __nv_bfloat162 *a,
                           const __nv_bfloat162 *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __nv_bfloat162 pair = a[i] + b[i];
  pair -= b[i] * a[i];
  atomicAdd(&sum[i % 32], pair);
}

__global__ void halves(__half *sum, const __half *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&sum[i % 32], a[i]);
}
