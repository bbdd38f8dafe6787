// Device functions the kernel calls are part of the kernel. Clang's O3
// inliner leaves calls to large device functions (Rodinia dwt2d's twelve
// fdwt/rdwt kernels call one `run` that holds the whole transform), and the
// access model reads the kernel's own code: before the device calls were
// inlined (inlineDeviceCalls), such a kernel had "0 memory operations".
// __noinline__ forces that situation here.
// RUN: gpurd-advise %s --dump-accesses --grid 4 --block 256 -- 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

// Thread (bx, tx) copies element i = 256bx + tx: a 4-byte load of in at
// byte 4i = 1024bx + 4tx and a store to out at the same offset.
__device__ __noinline__ void copyOne(const float *in, float *out, int i) {
  out[i] = in[i];
}

// CHECK-LABEL: kernel copy_through_call: 2 memory operations, 2 affine; parameters: none
// CHECK-NEXT: S0 {{.*}}device-calls.cu:13:12: load global 4 B of in (read) 'in[i]'
// CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
// CHECK-NEXT: access:   { S0[bx, tx] -> in[1024bx + 4tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
// CHECK: S1 {{.*}}device-calls.cu:13:10: store global 4 B to out (write) 'out[i]'
// CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
// CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
__global__ void copy_through_call(const float *in, float *out) {
  copyOne(in, out, blockIdx.x * blockDim.x + threadIdx.x);
}

// Two levels of calls: the inner function is inlined into the outer one
// once the outer one is in the kernel. Thread (bx, tx) writes 2.0f to
// out[i], i = 256bx + tx: byte 1024bx + 4tx.
__device__ __noinline__ void setTwo(float *out, int i) { out[i] = 2.0f; }
__device__ __noinline__ void setViaTwoCalls(float *out, int i) {
  setTwo(out, i);
}
// CHECK-LABEL: kernel nested_calls: 1 memory operation, 1 affine; parameters: none
// CHECK-NEXT: S0 {{.*}}: store global 4 B to out (write) 'out[i]'
// CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
// CHECK-NEXT: access:   { S0[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 3 and 0 <= tx <= 255 }
__global__ void nested_calls(float *out) {
  setViaTwoCalls(out, blockIdx.x * blockDim.x + threadIdx.x);
}

// A recursive device function cannot be inlined: the call stays, and it is
// a site of its own (never dropped without a word).
__device__ int sumDown(const int *a, int n) {
  return n <= 0 ? a[0] : sumDown(a, n - 1) * sumDown(a, n / 2) + a[n];
}
// CHECK-LABEL: kernel recursive_call:
// CHECK: call sumDown global 0 B of a (read-modify-write)
// CHECK-NEXT: non-affine (unsupported-operation): 'sumDown' is a device function that stays a call (it is recursive, or the kernel grew too large to inline it): its memory operations are not modelled
__global__ void recursive_call(const int *a, int *out, int n) {
  out[threadIdx.x] = sumDown(a, n);
}

// The source reads a[i], but nothing the kernel computes reaches memory:
// the compiled kernel has no memory operation, and gpurd says so.
// CHECK-LABEL: kernel dead_load: 0 memory operations, 0 affine; parameters: none
// WARN: warning: kernel 'dead_load' has no memory operation in its compiled code, but its source has 1 memory access (the first: 'a[threadIdx.x]' at device-calls.cu:[[@LINE+2]]): the optimiser removed them as dead code
__global__ void dead_load(const float *a) {
  float x = a[threadIdx.x];
  (void)x;
}
