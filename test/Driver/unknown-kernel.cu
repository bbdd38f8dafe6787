// RUN: %expect-exit 1 gpurd-advise --cache-report --kernel gemm %s -- 2>&1 | FileCheck %s
// CHECK: gpurd-advise: error: no kernel named 'gemm' in '{{.*}}unknown-kernel.cu'; the kernels are:
// CHECK-NEXT: {{^}}  copy{{$}}
// CHECK-NEXT: {{^}}  scale{{$}}
__global__ void copy(float *a, const float *b) { a[threadIdx.x] = b[threadIdx.x]; }
__global__ void scale(float *a) { a[threadIdx.x] *= 2; }
