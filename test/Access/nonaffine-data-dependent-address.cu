// Reason data-dependent-address: an index loaded from memory (a gather), and
// an address computed from a loaded value with arithmetic on top.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s
//
// i = 256bx + tx: idx[i], y[i] -> 1024bx + 4tx stay affine.

// CHECK-LABEL: kernel gather: 3 memory operations, 2 affine; parameters: none
__global__ void gather(const int *idx, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+10]]:12: load global 4 B of idx (read) 'idx[i]'
  // CHECK-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S0[bx, tx] -> idx[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: schedule: { S0[bx, tx] -> [0] }
  // The reason points at the load the address comes from.
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+5]]:10: load global 4 B of x (read) 'x[idx[i]]'
  // CHECK-NEXT: non-affine (data-dependent-address): the address depends on a value loaded from memory [{{.*}}nonaffine-data-dependent-address.cu:[[@LINE+4]]:12]
  // CHECK-NEXT: S2 {{.*}}:[[@LINE+3]]:8: store global 4 B to y (write) 'y[i]'
  // CHECK-NEXT: domain:   { S2[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S2[bx, tx] -> y[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  y[i] = x[idx[i]];
}

// A scatter with an affine offset on a loaded base index.
// CHECK-LABEL: kernel scatter: 3 memory operations, 2 affine; parameters: none
__global__ void scatter(const int *bucket, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: S1 {{.*}}:[[@LINE+5]]:9: load global 4 B of bucket (read) 'bucket[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> bucket[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK: S2 {{.*}}:[[@LINE+2]]:24: store global 4 B to y (write) 'y[2 * bucket[i] + 1]'
  // CHECK-NEXT: non-affine (data-dependent-address): the address depends on a value loaded from memory [{{.*}}:[[@LINE+1]]:9]
  y[2 * bucket[i] + 1] = x[i];
}
