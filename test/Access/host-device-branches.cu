// The host and the device compile of a file can see different code: the
// device compile defines __CUDA_ARCH__ (800 for sm_80), the host compile
// does not. SHOC BFS defines its real kernels under `#if __CUDA_ARCH__ >=
// 120` and host-side stubs in the `#else` branch, some of them
// (BFS_kernel_one_block) only there. gpurd lists kernels from the host
// compile and analyses the device compile: before 2026-11-23 such a kernel
// failed with "is not in the compiled device code" and no reason, and a
// kernel only the device compile has was never mentioned.
// RUN: not gpurd-advise %s --dump-accesses --kernel host_only --grid 1 --block 32 -- 2>&1 | FileCheck %s --check-prefix=HOSTONLY
// RUN: gpurd-advise %s --dump-accesses --kernel both --grid 1 --block 32 -- 2>%t.err | FileCheck %s --check-prefix=BOTH
// RUN: FileCheck %s --check-prefix=DEVONLY < %t.err

#if __CUDA_ARCH__ >= 120
// The device compile (sm_80: __CUDA_ARCH__ = 800) takes this branch: one
// atomic add to a[0] per thread (byte 0).
// BOTH-LABEL: kernel both: 1 memory operation, 1 affine; parameters: none
// BOTH-NEXT: S0 {{.*}}: atomicrmw add global 4 B of a (read-modify-write)
// BOTH-NEXT: domain:   { S0[tx] : 0 <= tx <= 31 }
// BOTH-NEXT: access:   { S0[tx] -> a[0] : 0 <= tx <= 31 }
__global__ void both(int *a) { atomicAdd(a, 1); }
#else
// The host compile takes this one (lines 21-26 for the device compile:
// from the #else to the #endif).
__global__ void both(int *a) {}
__global__ void host_only(int *a) {}
#endif
// HOSTONLY: error: kernel 'host_only' has no device code: its definition (host-device-branches.cu:25) lies in lines 21-26, a preprocessor branch that the device compile for sm_80 skips and the host compile takes

#ifdef __CUDA_ARCH__
__global__ void device_only(float *a) { a[threadIdx.x] = 1.0f; }
#endif
// DEVONLY: warning: kernel 'device_only(float*)' exists only in the device compile for sm_80: the host compile does not see its definition
