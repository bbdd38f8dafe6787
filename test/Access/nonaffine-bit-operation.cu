// Reason bit-operation: an index built with xor (butterfly partner, as in
// FFTs and bitonic sorts).
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel butterfly: 2 memory operations, 1 affine; parameters: none
__global__ void butterfly(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+5]]:12: load global 4 B of in (read) 'in[i ^ 1]'
  // CHECK-NEXT: non-affine (bit-operation): the index uses a bitwise 'xor' that is not a shift or mask by a constant [{{.*}}nonaffine-bit-operation.cu:[[@LINE+4]]:17]
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = in[i ^ 1];
}
