// __CUDA_ARCH_LIST__ names the target architecture on both sides, as nvcc
// 11.5+ defines it (CUB puts it in its namespace's name), unless the
// command defines it.
// RUN: gpurd-advise --dump-accesses %s -- | FileCheck %s
// RUN: gpurd-advise --dump-accesses --arch fermi-gtx470 %s -- -DEXPECT=200 | FileCheck %s
// RUN: gpurd-advise --dump-accesses %s -- -D__CUDA_ARCH_LIST__=700 -DEXPECT=700 | FileCheck %s

#ifndef EXPECT
#define EXPECT 800 // ampere-a100, the default architecture
#endif
#if !defined(__CUDA_ARCH_LIST__) || __CUDA_ARCH_LIST__ != EXPECT
#error "__CUDA_ARCH_LIST__ is not the target's"
#endif

// CHECK: kernel k
// CHECK: 'x[threadIdx.x]'
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
