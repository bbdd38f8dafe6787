// Reason non-constant-division: an index divided (or taken modulo) by an
// unknown. With the value given it is a quasi-affine floor division.
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 --arg n=4 -- | FileCheck %s --check-prefix=KNOWN

// CHECK: kernel downsample: 2 memory operations, 1 affine; parameters: none
// KNOWN: kernel downsample: 2 memory operations, 2 affine; parameters: none
__global__ void downsample(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+10]]:12: load global 4 B of in (read) 'in[i / n]'
  // CHECK-NEXT: non-affine (non-constant-division): the index divides by a value that is not a constant [{{.*}}nonaffine-non-constant-division.cu:[[@LINE+9]]:17]
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+8]]:10: store global 4 B to out (write) 'out[i]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // CHECK-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // in[i / 4] -> o0 = 4 floor(i / 4) with i = 256bx + tx: isl writes the
  // floor as "o0 is a multiple of 4 and i - 3 <= o0 <= i".
  // KNOWN-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[i / n]'
  // KNOWN-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // KNOWN-NEXT: access:   { S0[bx, tx] -> in[o0] : (o0) mod 4 = 0 and 0 <= bx <= 63 and 0 <= tx <= 255 and -3 + 256bx + tx <= o0 <= 256bx + tx }
  out[i] = in[i / n];
}
