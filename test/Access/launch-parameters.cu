// What the launch does not fix is a parameter of the isl sets: scalar
// arguments by their names, blockDim/gridDim as blockDim_x/gridDim_x.
// Giving the values (--arg, --block, --grid) folds them into constants.
// RUN: gpurd-advise %s --kernel shift_copy --dump-accesses -- | FileCheck %s --check-prefix=UNKNOWN
// RUN: gpurd-advise %s --kernel shift_copy --dump-accesses --grid 64 --block 256 --arg n=16000 --arg offset=8 -- | FileCheck %s --check-prefix=KNOWN
// RUN: gpurd-advise %s --kernel scale --dump-accesses -- | FileCheck %s --check-prefix=LAUNCH-SITE
// RUN: gpurd-advise %s --kernel scale --dump-accesses --arg n=20000 -- | FileCheck %s --check-prefix=OVERRIDE
//
// i = 256bx + tx (CHUNK is a constant, so this is affine without the launch);
//   in[offset + i]     -> 4offset + 1024bx + 4tx         (offset = 8: 32 + ...)
//   in[offset + i + n] -> 4offset + 4n + 1024bx + 4tx    (64032 + ...)
//   buf[tx], buf[tx + blockDim.x] -> 4tx, 4blockDim_x + 4tx  (1024 + 4tx)
//   out[i]             -> 1024bx + 4tx
// Unknown: 0 <= bx < gridDim_x, 0 <= tx < blockDim_x; the guard i < n is
// tx < n - 256bx. Known: 0 <= bx <= 63, 0 <= tx <= 255, and the guard
// 256bx + tx <= 15999.

#define CHUNK 256

// UNKNOWN: kernel shift_copy: 7 memory operations, 7 affine; parameters: offset, n, blockDim_x, gridDim_x
// KNOWN: kernel shift_copy: 7 memory operations, 7 affine; parameters: none
__global__ void shift_copy(const float *in, float *out, int n, int offset) {
  __shared__ float buf[1024];
  int i = blockIdx.x * CHUNK + threadIdx.x;
  // UNKNOWN-NEXT: S0 {{.*}}:[[@LINE+14]]:22: load global 4 B of in (read) 'in[offset + i]'
  // UNKNOWN-NEXT: domain:   [offset, n, blockDim_x, gridDim_x] -> { S0[bx, tx] : [[BOX:0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x and 0 <= tx < blockDim_x]] }
  // UNKNOWN-NEXT: access:   [offset, n, blockDim_x, gridDim_x] -> { S0[bx, tx] -> in[4offset + 1024bx + 4tx] : [[BOX]] }
  // UNKNOWN-NEXT: schedule: [offset, n, blockDim_x, gridDim_x] -> { S0[bx, tx] -> [0] }
  // UNKNOWN-NEXT: S1 {{.*}}:[[@LINE+10]]:20: store shared 4 B to buf (write) 'buf[threadIdx.x]'
  // UNKNOWN-NEXT: domain:   [offset, n, blockDim_x, gridDim_x] -> { S1[bx, tx] : [[BOX]] }
  // UNKNOWN-NEXT: access:   [offset, n, blockDim_x, gridDim_x] -> { S1[bx, tx] -> buf[4tx] : [[BOX]] }
  // KNOWN-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[offset + i]'
  // KNOWN-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 63 and 0 <= tx <= 255]] }
  // KNOWN-NEXT: access:   { S0[bx, tx] -> in[32 + 1024bx + 4tx] : [[BOX]] }
  // KNOWN-NEXT: schedule: { S0[bx, tx] -> [0] }
  // KNOWN-NEXT: S1 {{.*}}: store shared 4 B to buf (write) 'buf[threadIdx.x]'
  // KNOWN-NEXT: domain:   { S1[bx, tx] : [[BOX]] }
  // KNOWN-NEXT: access:   { S1[bx, tx] -> buf[4tx] : [[BOX]] }
  buf[threadIdx.x] = in[offset + i];
  // UNKNOWN: S2 {{.*}}:[[@LINE+13]]:35: load global 4 B of in (read) 'in[offset + i + n]'
  // UNKNOWN-NEXT: domain:   [offset, n, blockDim_x, gridDim_x] -> { S2[bx, tx] : [[BOX]] }
  // UNKNOWN-NEXT: access:   [offset, n, blockDim_x, gridDim_x] -> { S2[bx, tx] -> in[4offset + 4n + 1024bx + 4tx] : [[BOX]] }
  // UNKNOWN: S3 {{.*}}:[[@LINE+10]]:33: store shared 4 B to buf (write) 'buf[threadIdx.x + blockDim.x]'
  // UNKNOWN-NEXT: domain:   [offset, n, blockDim_x, gridDim_x] -> { S3[bx, tx] : [[BOX]] }
  // UNKNOWN-NEXT: access:   [offset, n, blockDim_x, gridDim_x] -> { S3[bx, tx] -> buf[4blockDim_x + 4tx] : [[BOX]] }
  // 4 * (8 + 16000) = 64032
  // KNOWN: S2 {{.*}}: load global 4 B of in (read) 'in[offset + i + n]'
  // KNOWN-NEXT: domain:   { S2[bx, tx] : [[BOX]] }
  // KNOWN-NEXT: access:   { S2[bx, tx] -> in[64032 + 1024bx + 4tx] : [[BOX]] }
  // KNOWN: S3 {{.*}}: store shared 4 B to buf (write) 'buf[threadIdx.x + blockDim.x]'
  // KNOWN-NEXT: domain:   { S3[bx, tx] : [[BOX]] }
  // KNOWN-NEXT: access:   { S3[bx, tx] -> buf[1024 + 4tx] : [[BOX]] }
  buf[threadIdx.x + blockDim.x] = in[offset + i + n];
  __syncthreads();
  // UNKNOWN: S7 {{.*}}:[[@LINE+7]]:12: store global 4 B to out (write) 'out[i]'
  // UNKNOWN-NEXT: domain:   [offset, n, blockDim_x, gridDim_x] -> { S7[bx, tx] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x and 0 <= tx < blockDim_x and tx < n - 256bx }
  // UNKNOWN-NEXT: access:   [offset, n, blockDim_x, gridDim_x] -> { S7[bx, tx] -> out[1024bx + 4tx] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x and 0 <= tx < blockDim_x and tx < n - 256bx }
  // KNOWN: S7 {{.*}}: store global 4 B to out (write) 'out[i]'
  // KNOWN-NEXT: domain:   { S7[bx, tx] : 0 <= bx <= 63 and tx >= 0 and -256bx <= tx <= 15999 - 256bx and tx <= 255 }
  // KNOWN-NEXT: access:   { S7[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and tx >= 0 and -256bx <= tx <= 15999 - 256bx and tx <= 255 }
  if (i < n)
    out[i] = buf[threadIdx.x] + buf[threadIdx.x + blockDim.x];
}

// Values the Frontend finds at a launch site specialise the kernel the same
// way; the command line overrides them.
//   x[i] -> 1024bx + 4tx; guard i < 16000 (launch) or i < 20000 (--arg),
//   with 64 blocks of 256 threads (16384 threads).
// LAUNCH-SITE: kernel scale: 2 memory operations, 2 affine; parameters: none
// LAUNCH-SITE-NEXT: S0 {{.*}}:[[@LINE+10]]:10: load global 4 B of x (read) 'x[i]'
// LAUNCH-SITE-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and tx >= 0 and -256bx <= tx <= 15999 - 256bx and tx <= 255 }
// LAUNCH-SITE-NEXT: access:   { S0[bx, tx] -> x[1024bx + 4tx] : 0 <= bx <= 63 and tx >= 0 and -256bx <= tx <= 15999 - 256bx and tx <= 255 }
// OVERRIDE: kernel scale: 2 memory operations, 2 affine; parameters: none
// The guard holds for all 16384 threads: the compiler drops it.
// OVERRIDE-NEXT: S0 {{.*}}: load global 4 B of x (read) 'x[i]'
// OVERRIDE-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
void run(float *x) { scale<<<64, 256>>>(x, 16000); }
