// Reason complexity: isl's operation limit (--isl-max-operations) reached.
// With a limit of 1 every isl computation of the kernel stops, and every
// site is reported with this reason instead of the tool hanging or failing;
// the loop bounds, printed without isl, stay.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 --isl-max-operations=1 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=DEFAULT

// CHECK: kernel row_sums: 2 memory operations, 0 affine; parameters: none
// DEFAULT: kernel row_sums: 2 memory operations, 2 affine; parameters: none
__global__ void row_sums(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  // CHECK-NEXT: loop k at {{.*}}nonaffine-complexity.cu:[[@LINE+8]]:3: 0 <= k <= 63
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+8]]:10: load global 4 B of in (read) 'in[i * 64 + k]'
  // CHECK-NEXT: non-affine (complexity): isl's operation limit was reached (--isl-max-operations) [{{.*}}nonaffine-complexity.cu:[[@LINE+7]]:10]
  // in[i * 64 + k] -> 4(64(256bx + tx) + k) = 65536bx + 256tx + 4k
  // DEFAULT-NEXT: loop k at {{.*}}: 0 <= k <= 63
  // DEFAULT-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[i * 64 + k]'
  // DEFAULT-NEXT: domain:   { S0[bx, tx, k] : 0 <= bx <= 63 and 0 <= tx <= 255 and 0 <= k <= 63 }
  // DEFAULT-NEXT: access:   { S0[bx, tx, k] -> in[65536bx + 256tx + 4k] : 0 <= bx <= 63 and 0 <= tx <= 255 and 0 <= k <= 63 }
  for (int k = 0; k < 64; ++k)
    s += in[i * 64 + k];
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+2]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: non-affine (complexity): isl's operation limit was reached (--isl-max-operations) [{{.*}}nonaffine-complexity.cu:[[@LINE+1]]:10]
  out[i] = s;
}
