// An early return (if (i >= n) return;) is a constraint of the domain of
// everything after it: i < n, i.e. 256bx + tx < n, or <= n - 1 with n known.
// When the launch covers exactly n threads the compiler removes the test and
// the domain is the launch box.
// RUN: gpurd-advise %s --dump-accesses --grid 40 --block 256 -- | FileCheck %s --check-prefix=PARAM
// RUN: gpurd-advise %s --dump-accesses --grid 40 --block 256 --arg n=10000 -- | FileCheck %s --check-prefix=KNOWN
// RUN: gpurd-advise %s --dump-accesses --grid 40 --block 256 --arg n=10240 -- | FileCheck %s --check-prefix=EXACT
//
// x[i], y[i] -> 1024bx + 4tx with i = 256bx + tx, 0 <= bx <= 39, 0 <= tx <= 255.

// PARAM: kernel saxpy_guarded: 3 memory operations, 3 affine; parameters: n
// KNOWN: kernel saxpy_guarded: 3 memory operations, 3 affine; parameters: none
// EXACT: kernel saxpy_guarded: 3 memory operations, 3 affine; parameters: none
__global__ void saxpy_guarded(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // PARAM-NEXT: S0 {{.*}}:[[@LINE+31]]:14: load global 4 B of x (read) 'x[i]'
  // PARAM-NEXT: domain:   [n] -> { S0[bx, tx] : [[GUARD:0 <= bx <= 39 and 0 <= tx <= 255 and tx < n - 256bx]] }
  // PARAM-NEXT: access:   [n] -> { S0[bx, tx] -> x[1024bx + 4tx] : [[GUARD]] }
  // PARAM-NEXT: schedule: [n] -> { S0[bx, tx] -> [0] }
  // PARAM-NEXT: S1 {{.*}}:[[@LINE+27]]:21: load global 4 B of y (read) 'y[i]'
  // PARAM-NEXT: domain:   [n] -> { S1[bx, tx] : [[GUARD]] }
  // PARAM-NEXT: access:   [n] -> { S1[bx, tx] -> y[1024bx + 4tx] : [[GUARD]] }
  // PARAM-NEXT: schedule: [n] -> { S1[bx, tx] -> [1] }
  // PARAM-NEXT: S2 {{.*}}:[[@LINE+23]]:8: store global 4 B to y (write) 'y[i]'
  // PARAM-NEXT: domain:   [n] -> { S2[bx, tx] : [[GUARD]] }
  // PARAM-NEXT: access:   [n] -> { S2[bx, tx] -> y[1024bx + 4tx] : [[GUARD]] }
  // PARAM-NEXT: schedule: [n] -> { S2[bx, tx] -> [2] }
  //
  // n = 10000 < 40 * 256: 256bx + tx <= 9999.
  // KNOWN-NEXT: S0 {{.*}}: load global 4 B of x (read) 'x[i]'
  // KNOWN-NEXT: domain:   { S0[bx, tx] : [[GUARD:0 <= bx <= 39 and tx >= 0 and -256bx <= tx <= 9999 - 256bx and tx <= 255]] }
  // KNOWN-NEXT: access:   { S0[bx, tx] -> x[1024bx + 4tx] : [[GUARD]] }
  // KNOWN-NEXT: schedule: { S0[bx, tx] -> [0] }
  // KNOWN-NEXT: S1 {{.*}}: load global 4 B of y (read) 'y[i]'
  // KNOWN-NEXT: domain:   { S1[bx, tx] : [[GUARD]] }
  // KNOWN-NEXT: access:   { S1[bx, tx] -> y[1024bx + 4tx] : [[GUARD]] }
  // KNOWN-NEXT: schedule: { S1[bx, tx] -> [1] }
  // KNOWN-NEXT: S2 {{.*}}: store global 4 B to y (write) 'y[i]'
  // KNOWN-NEXT: domain:   { S2[bx, tx] : [[GUARD]] }
  // KNOWN-NEXT: access:   { S2[bx, tx] -> y[1024bx + 4tx] : [[GUARD]] }
  //
  // n = 10240 = 40 * 256: the guard never fires.
  // EXACT-NEXT: S0 {{.*}}: load global 4 B of x (read) 'x[i]'
  // EXACT-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 39 and 0 <= tx <= 255 }
  // EXACT: S2 {{.*}}: store global 4 B to y (write) 'y[i]'
  // EXACT-NEXT: domain:   { S2[bx, tx] : 0 <= bx <= 39 and 0 <= tx <= 255 }
  y[i] = a * x[i] + y[i];
}
