// Reason non-affine-induction: a loop variable that doubles. The loop's trip
// count is still known (k = 1, 2, 4, ..., 2048: 12 iterations), but the
// address in[k] is not affine in the iteration number.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel powers: 2 memory operations, 1 affine; parameters: none
__global__ void powers(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  // CHECK-NEXT: loop k at {{.*}}nonaffine-non-affine-induction.cu:[[@LINE+3]]:3: 0 <= k <= 11
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+3]]:10: load global 4 B of in (read) 'in[k]'
  // CHECK-NEXT: non-affine (non-affine-induction): the variable of the loop at line [[@LINE+1]] ('k') does not change by a constant step [{{.*}}nonaffine-non-affine-induction.cu:[[@LINE+2]]:10]
  for (int k = 1; k < 4096; k *= 2)
    s += in[k];
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = s;
}
