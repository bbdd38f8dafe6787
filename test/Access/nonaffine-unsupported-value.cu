// Reason unsupported-value: an index computed in floating point, and an index
// chosen by a condition between two unknowns.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK-LABEL: kernel resample: 2 memory operations, 1 affine; parameters: none
__global__ void resample(const float *in, float *out, float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+5]]:12: load global 4 B of in (read) 'in[(int)(i * scale)]'
  // CHECK-NEXT: non-affine (unsupported-value): the index is computed in floating point [{{.*}}nonaffine-unsupported-value.cu:[[@LINE+4]]:20]
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = in[(int)(i * scale)];
}

// CHECK-LABEL: kernel choose: 2 memory operations, 1 affine; parameters: none
__global__ void choose(const float *in, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+2]]:12: load global 4 B of in (read) 'in[(i & 1) ? n : m]'
  // CHECK-NEXT: non-affine (unsupported-value): the index is chosen by a condition (?:) [{{.*}}nonaffine-unsupported-value.cu:[[@LINE+1]]:15]
  out[i] = in[(i & 1) ? n : m];
}
