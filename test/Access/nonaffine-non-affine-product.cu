// Reason non-affine-product: an index multiplies two unknowns (a thread
// index and a scalar argument, or blockIdx.x and an unknown blockDim.x).
// Giving the values makes it affine.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 --arg n=3 -- | FileCheck %s --check-prefix=KNOWN
// RUN: gpurd-advise %s --dump-accesses -- | FileCheck %s --check-prefix=NOBLOCK

// in[i * n] with n = 3: 4 * 3(256bx + tx) = 3072bx + 12tx.
// CHECK: kernel strided: 2 memory operations, 1 affine; parameters: n
// KNOWN: kernel strided: 2 memory operations, 2 affine; parameters: none
// NOBLOCK: kernel strided: 2 memory operations, 0 affine; parameters: blockDim_x
__global__ void strided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+13]]:12: load global 4 B of in (read) 'in[i * n]'
  // CHECK-NEXT: non-affine (non-affine-product): the index multiplies two values that are not constants; give their values (--arg, --grid, --block) to make it affine [{{.*}}nonaffine-non-affine-product.cu:[[@LINE+12]]:12]
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+11]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   [n] -> { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   [n] -> { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // KNOWN-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[i * n]'
  // KNOWN-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // KNOWN-NEXT: access:   { S0[bx, tx] -> in[3072bx + 12tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // Without --block, i itself is blockIdx.x * blockDim.x + threadIdx.x.
  // NOBLOCK-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[i * n]'
  // NOBLOCK-NEXT: non-affine (non-affine-product): the index multiplies two values that are not constants; give their values (--arg, --grid, --block) to make it affine
  // NOBLOCK-NEXT: S1 {{.*}}: store global 4 B to out (write) 'out[i]'
  // NOBLOCK-NEXT: non-affine (non-affine-product): the index multiplies two values that are not constants; give their values (--arg, --grid, --block) to make it affine
  out[i] = in[i * n];
}
