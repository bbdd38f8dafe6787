// A shared-memory tree reduction: the stride s halves every iteration
// (s >>= 1), so the addresses sdata[tid + s] and the condition tid < s are
// not affine in the iteration number; gpurd says so, with the reason.
// RUN: gpurd-advise %s --dump-accesses --grid 1024 --block 256 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses -- | FileCheck %s --check-prefix=UNKNOWN
//
// With block 256 the loop runs for s = 128, 64, ..., 1: 8 iterations, and
// its trip count is known (0 <= s <= 7 counts iterations); what is in it
// depends on s = 128 >> iteration. The rest is affine:
//   in[i] -> 4(256bx + tx) = 1024bx + 4tx,  sdata[tid] -> 4tx,
//   out[blockIdx.x] -> 4bx,  sdata[0] -> 0, the last two only for tx = 0.

// CHECK: kernel reduce: 7 memory operations, 4 affine; parameters: none
// UNKNOWN: kernel reduce: 7 memory operations, 3 affine; parameters: blockDim_x, gridDim_x
__global__ void reduce(const float *in, float *out) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: loop s at {{.*}}reduction-tree.cu:[[@LINE+23]]:3: 0 <= s <= 7
  // CHECK-NEXT: S0 {{.*}}:[[@LINE+17]]:16: load global 4 B of in (read) 'in[i]'
  // CHECK-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 1023 and 0 <= tx <= 255]] }
  // CHECK-NEXT: access:   { S0[bx, tx] -> in[1024bx + 4tx] : [[BOX]] }
  // CHECK-NEXT: schedule: { S0[bx, tx] -> [0] }
  // CHECK-NEXT: S1 {{.*}}:[[@LINE+13]]:14: store shared 4 B to sdata (write) 'sdata[tid]'
  // CHECK-NEXT: domain:   { S1[bx, tx] : [[BOX]] }
  // CHECK-NEXT: access:   { S1[bx, tx] -> sdata[4tx] : [[BOX]] }
  // CHECK-NEXT: schedule: { S1[bx, tx] -> [1] }
  //
  // Without the block size, blockIdx.x * blockDim.x is a product of two
  // unknowns, and the loop's start (blockDim.x / 2) is unknown too.
  // UNKNOWN-NEXT: loop s at {{.*}}reduction-tree.cu:[[@LINE+11]]:3: non-affine (non-affine-trip-count): the trip count of the loop at line [[@LINE+11]] ('s') is not affine: its variable does not change by a constant step
  // UNKNOWN-NEXT: S0 {{.*}}: load global 4 B of in (read) 'in[i]'
  // UNKNOWN-NEXT: non-affine (non-affine-product): the index multiplies two values that are not constants; give their values (--arg, --grid, --block) to make it affine
  // UNKNOWN-NEXT: S1 {{.*}}: store shared 4 B to sdata (write) 'sdata[tid]'
  // UNKNOWN-NEXT: domain:   [blockDim_x, gridDim_x] -> { S1[bx, tx] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x and 0 <= tx < blockDim_x }
  // UNKNOWN-NEXT: access:   [blockDim_x, gridDim_x] -> { S1[bx, tx] -> sdata[4tx] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x and 0 <= tx < blockDim_x }
  sdata[tid] = in[i];
  // CHECK-NEXT: S2 {{.*}}:[[@LINE+3]]:3: barrier
  // CHECK-NEXT: domain:   { S2[bx, tx] : [[BOX]] }
  // CHECK-NEXT: schedule: { S2[bx, tx] -> [2] }
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    // CHECK-NEXT: S3 {{.*}}:[[@LINE+7]]:21: load shared 4 B of sdata (read) 'sdata[tid + s]'
    // CHECK-NEXT: non-affine (non-affine-induction): the variable of the loop at line [[@LINE-2]] ('s') does not change by a constant step [{{.*}}reduction-tree.cu:[[@LINE+6]]:21]
    // CHECK-NEXT: S4 {{.*}}:[[@LINE+5]]:18: load shared 4 B of sdata (read) 'sdata[tid]'
    // CHECK-NEXT: non-affine (non-affine-condition): it runs under a condition that is not affine: the variable of the loop at line [[@LINE-4]] ('s') does not change by a constant step [{{.*}}reduction-tree.cu:[[@LINE+3]]:13]
    // CHECK-NEXT: S5 {{.*}}:[[@LINE+3]]:18: store shared 4 B to sdata (write) 'sdata[tid]'
    // CHECK-NEXT: non-affine (non-affine-condition): it runs under a condition that is not affine: the variable of the loop at line [[@LINE-6]] ('s') does not change by a constant step [{{.*}}reduction-tree.cu:[[@LINE+1]]:13]
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    // The barrier runs in every iteration, for every thread: affine.
    // CHECK-NEXT: S6 {{.*}}:[[@LINE+3]]:5: barrier
    // CHECK-NEXT: domain:   { S6[bx, tx, s] : 0 <= bx <= 1023 and 0 <= tx <= 255 and 0 <= s <= 7 }
    // CHECK-NEXT: schedule: { S6[bx, tx, s] -> [3, s, 3] }
    __syncthreads();
  }
  // CHECK-NEXT: S7 {{.*}}:[[@LINE+18]]:23: load shared 4 B of sdata (read) 'sdata[0]'
  // CHECK-NEXT: domain:   { S7[bx, tx = 0] : 0 <= bx <= 1023 }
  // CHECK-NEXT: access:   { S7[bx, tx = 0] -> sdata[0] : 0 <= bx <= 1023 }
  // CHECK-NEXT: schedule: { S7[bx, tx] -> [4] }
  // CHECK-NEXT: S8 {{.*}}:[[@LINE+14]]:21: store global 4 B to out (write) 'out[blockIdx.x]'
  // CHECK-NEXT: domain:   { S8[bx, tx = 0] : 0 <= bx <= 1023 }
  // CHECK-NEXT: access:   { S8[bx, tx = 0] -> out[4bx] : 0 <= bx <= 1023 }
  // CHECK-NEXT: schedule: { S8[bx, tx] -> [5] }
  // CHECK-NOT: S9
  //
  // The accesses of thread 0 after the loop stay affine without the launch:
  // tx = 0 and 0 <= tx < blockDim_x give blockDim_x > 0.
  // UNKNOWN: S7 {{.*}}: load shared 4 B of sdata (read) 'sdata[0]'
  // UNKNOWN-NEXT: domain:   [blockDim_x, gridDim_x] -> { S7[bx, tx = 0] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x }
  // UNKNOWN: S8 {{.*}}: store global 4 B to out (write) 'out[blockIdx.x]'
  // UNKNOWN-NEXT: domain:   [blockDim_x, gridDim_x] -> { S8[bx, tx = 0] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x }
  // UNKNOWN-NEXT: access:   [blockDim_x, gridDim_x] -> { S8[bx, tx = 0] -> out[4bx] : 0 < blockDim_x <= 1024 and gridDim_x <= 2147483647 and 0 <= bx < gridDim_x }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
