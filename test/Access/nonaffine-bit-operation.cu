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

// Not every xor is a bit operation: `255 - threadIdx.x` with a block of 256
// threads compiles to `threadIdx.x ^ 255` (every bit of tx above the mask is
// known zero, so tx ^ 255 = 255 - tx), which is affine: 4 * (255 - tx) =
// 1020 - 4tx bytes into the shared array.
// CHECK-LABEL: kernel reverse: 3 memory operations, 3 affine; parameters: none
__global__ void reverse(float *out) {
  __shared__ float tile[256];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: S2 {{.*}}:[[@LINE+3]]:22: load shared 4 B of tile (read) 'tile[255 - threadIdx.x]'
  // CHECK-NEXT: domain:
  // CHECK-NEXT: access:   { S2[bx, tx] -> tile[1020 - 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[threadIdx.x] = tile[255 - threadIdx.x];
}
