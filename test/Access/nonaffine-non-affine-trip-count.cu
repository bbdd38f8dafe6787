// Reason non-affine-trip-count: a loop that runs while k * k < n. Its body
// is affine in k, but the domain (how many k) is not, so every operation in
// the loop inherits the loop's reason; the store after it is affine.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s

// CHECK: kernel sqrt_prefix: 2 memory operations, 1 affine; parameters: n
__global__ void sqrt_prefix(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  // CHECK-NEXT: loop k at {{.*}}nonaffine-non-affine-trip-count.cu:[[@LINE+3]]:3: non-affine (non-affine-trip-count): the trip count of the loop at line [[@LINE+3]] ('k') is not affine
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+3]]:10: load global 4 B of in (read) 'in[k]'
  // CHECK-NEXT: non-affine (non-affine-trip-count): the trip count of the loop at line [[@LINE+1]] ('k') is not affine [{{.*}}nonaffine-non-affine-trip-count.cu:[[@LINE+1]]:3]
  for (int k = 0; k * k < n; ++k)
    s += in[k];
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   [n] -> { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   [n] -> { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = s;
}
