// Reason pointer-chasing: the base pointer is itself loaded (an array of row
// pointers). The load of the row pointer is affine, the load through it is
// not.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel rows_gather: 3 memory operations, 2 affine; parameters: none
__global__ void rows_gather(float **rows, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // rows[blockIdx.x]: 8-byte pointers, offset 8bx.
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+11]]:12: load global 8 B of rows (read) 'rows[blockIdx.x]'
  // CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S0[bx, tx] -> rows[8bx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: schedule: { S0[bx, tx] -> [0] }
  // The source text of S1 should be the whole 'rows[blockIdx.x][threadIdx.x]'
  // (gpurd currently names the inner subscript, a known problem): not checked.
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+5]]:12: load global 4 B of {{.*}} (read)
  // CHECK-NEXT: non-affine (pointer-chasing): the pointer it dereferences is itself loaded from memory [{{.*}}nonaffine-pointer-chasing.cu:[[@LINE+4]]:12]
  // CHECK-NEXT: S2 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S2[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S2[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = rows[blockIdx.x][threadIdx.x];
}
