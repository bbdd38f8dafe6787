// The thread-level text trace of an affine kernel: every thread's accesses
// in program order, addresses from gpurd's memory layout (x at
// 0x7f0000000000, y 256-byte aligned after its 160 bytes). Both producers
// give the same file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --emit-trace=%t/t.txt --buffer x=float32:40:iota --buffer y=float32:40:zero -- | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/t.txt
// RUN: gpurd-advise %s --emit-trace=%t/t.txt --trace-source=emulate --buffer x=float32:40:iota --buffer y=float32:40:zero -- | FileCheck %s --check-prefix=EMULATED
// RUN: FileCheck %s --input-file=%t/t.txt

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(float *x, float *y) { axpy<<<2, 32>>>(2.0f, x, y, 40); }

// 40 threads x (load x, load y, store y).
// SUMMARY: kernel axpy: wrote 120 thread accesses (6 warp instructions, 2 blocks) from the affine trace source
// EMULATED: kernel axpy: wrote 120 thread accesses (6 warp instructions, 2 blocks) from the emulate trace source

// CHECK: # gpurd trace 1: kernel=axpy grid=2,1,1 block=32,1,1 shared=0; fields: block thread site access space address size
// CHECK-NEXT: 0 0 0 r global 0x7f0000000000 4
// CHECK-NEXT: 0 0 1 r global 0x7f0000000100 4
// CHECK-NEXT: 0 0 2 w global 0x7f0000000100 4
// CHECK-NEXT: 0 1 0 r global 0x7f0000000004 4
// CHECK: 1 7 2 w global 0x7f000000019c 4
// CHECK-NOT: {{^1 8 }}
