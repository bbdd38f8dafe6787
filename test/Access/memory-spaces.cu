// Memory spaces, from the IR's address spaces and the declarations: global,
// global-readonly (a __restrict__ pointer the kernel only reads, or __ldg),
// shared, constant (__constant__ arrays) and local (a per-thread array the
// compiler keeps in memory because it is indexed dynamically).
// RUN: gpurd-advise %s --kernel space_global --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=GLOBAL
// RUN: gpurd-advise %s --kernel space_restrict --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=RESTRICT
// RUN: gpurd-advise %s --kernel space_ldg --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=LDG
// RUN: gpurd-advise %s --kernel space_shared --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=SHARED
// RUN: gpurd-advise %s --kernel space_constant --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=CONSTANT
// RUN: gpurd-advise %s --kernel space_local --dump-accesses --grid 64 --block 256 -- | FileCheck %s --check-prefix=LOCAL
// RUN: gpurd-advise %s --kernel space_constant --dump-accesses --format=json --grid 64 --block 256 -- | FileCheck %s --check-prefix=CONSTANT-JSON
//
// Everywhere i = 256bx + tx, and x[i] (float) -> 1024bx + 4tx.

__constant__ float coeffs[16];

// const without __restrict__ is not enough: b may alias a, which is written.
// GLOBAL: kernel space_global: 3 memory operations, 3 affine; parameters: none
__global__ void space_global(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // GLOBAL-NEXT: S0 {{.*}}:[[@LINE+12]]:10: load global 4 B of a (read) 'a[i]'
  // GLOBAL-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: access:   { S0[bx, tx] -> a[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: schedule: { S0[bx, tx] -> [0] }
  // GLOBAL-NEXT: S1 {{.*}}:[[@LINE+8]]:17: load global 4 B of b (read) 'b[i]'
  // GLOBAL-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: access:   { S1[bx, tx] -> b[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: schedule: { S1[bx, tx] -> [1] }
  // GLOBAL-NEXT: S2 {{.*}}:[[@LINE+4]]:8: store global 4 B to a (write) 'a[i]'
  // GLOBAL-NEXT: domain:   { S2[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: access:   { S2[bx, tx] -> a[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // GLOBAL-NEXT: schedule: { S2[bx, tx] -> [2] }
  a[i] = a[i] + b[i];
}

// A __restrict__ pointer the kernel only reads goes through the read-only
// path; a __restrict__ pointer it writes stays global.
// RESTRICT: kernel space_restrict: 2 memory operations, 2 affine; parameters: none
__global__ void space_restrict(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // RESTRICT-NEXT: S0 {{.*}}:[[@LINE+7]]:19: load global-readonly 4 B of in (read) 'in[i]'
  // RESTRICT-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // RESTRICT-NEXT: access:   { S0[bx, tx] -> in[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // RESTRICT-NEXT: schedule: { S0[bx, tx] -> [0] }
  // RESTRICT-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // RESTRICT-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // RESTRICT-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = 2.0f * in[i];
}

// __ldg on a plain pointer: the operation is the ldg intrinsic, read-only.
// in[i + 1] -> 4 + 1024bx + 4tx. It is reported at the call, with the text
// of what it reads.
// LDG: kernel space_ldg: 2 memory operations, 2 affine; parameters: none
__global__ void space_ldg(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // LDG-NEXT: S0 {{.*}}memory-spaces.cu:[[@LINE+7]]:12: ldg global-readonly 4 B of in (read) 'in[i + 1]'
  // LDG-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // LDG-NEXT: access:   { S0[bx, tx] -> in[4 + 1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // LDG-NEXT: schedule: { S0[bx, tx] -> [0] }
  // LDG-NEXT: S1 {{.*}}:[[@LINE+3]]:10: store global 4 B to out (write) 'out[i]'
  // LDG-NEXT: domain:   { S1[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // LDG-NEXT: access:   { S1[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  out[i] = __ldg(&in[i + 1]);
}

// A __shared__ array: offsets from the start of the array, per block.
//   buf[threadIdx.x] -> 4tx, buf[threadIdx.x + 1] -> 4 + 4tx
// SHARED: kernel space_shared: 4 memory operations, 4 affine; parameters: none
__global__ void space_shared(const float *in, float *out) {
  __shared__ float buf[257];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // SHARED-NEXT: S0 {{.*}}:[[@LINE+8]]:22: load global 4 B of in (read) 'in[i]'
  // SHARED-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 63 and 0 <= tx <= 255]] }
  // SHARED-NEXT: access:   { S0[bx, tx] -> in[1024bx + 4tx] : [[BOX]] }
  // SHARED-NEXT: schedule: { S0[bx, tx] -> [0] }
  // SHARED-NEXT: S1 {{.*}}:[[@LINE+4]]:20: store shared 4 B to buf (write) 'buf[threadIdx.x]'
  // SHARED-NEXT: domain:   { S1[bx, tx] : [[BOX]] }
  // SHARED-NEXT: access:   { S1[bx, tx] -> buf[4tx] : [[BOX]] }
  // SHARED-NEXT: schedule: { S1[bx, tx] -> [1] }
  buf[threadIdx.x] = in[i];
  // SHARED-NEXT: S2 {{.*}}:[[@LINE+1]]:3: barrier
  __syncthreads();
  // SHARED: S3 {{.*}}:[[@LINE+3]]:12: load shared 4 B of buf (read) 'buf[threadIdx.x + 1]'
  // SHARED-NEXT: domain:   { S3[bx, tx] : [[BOX]] }
  // SHARED-NEXT: access:   { S3[bx, tx] -> buf[4 + 4tx] : [[BOX]] }
  out[i] = buf[threadIdx.x + 1];
}

// A __constant__ array read in a loop: coeffs[k] -> 4k, in[i + k] -> 1024bx + 4tx + 4k.
// CONSTANT: kernel space_constant: 3 memory operations, 3 affine; parameters: none
__global__ void space_constant(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  // CONSTANT-NEXT: loop k at {{.*}}memory-spaces.cu:[[@LINE+9]]:3: 0 <= k <= 15
  // CONSTANT-NEXT: S0 {{.*}}:[[@LINE+9]]:10: load constant 4 B of coeffs (read) 'coeffs[k]'
  // CONSTANT-NEXT: domain:   { S0[bx, tx, k] : [[DOMK:0 <= bx <= 63 and 0 <= tx <= 255 and 0 <= k <= 15]] }
  // CONSTANT-NEXT: access:   { S0[bx, tx, k] -> coeffs[4k] : [[DOMK]] }
  // CONSTANT-NEXT: schedule: { S0[bx, tx, k] -> [0, k, 0] }
  // CONSTANT-NEXT: S1 {{.*}}:[[@LINE+5]]:22: load global 4 B of in (read) 'in[i + k]'
  // CONSTANT-NEXT: domain:   { S1[bx, tx, k] : [[DOMK]] }
  // CONSTANT-NEXT: access:   { S1[bx, tx, k] -> in[1024bx + 4tx + 4k] : [[DOMK]] }
  // CONSTANT-NEXT: schedule: { S1[bx, tx, k] -> [0, k, 1] }
  for (int k = 0; k < 16; ++k)
    s += coeffs[k] * in[i + k];
  out[i] = s;
}
// The JSON names the array as a variable in space constant, 16 floats.
// CONSTANT-JSON: "arrays": [
// CONSTANT-JSON-NEXT: {
// CONSTANT-JSON-NEXT: "name": "coeffs",
// CONSTANT-JSON-NEXT: "origin": "variable",
// CONSTANT-JSON-NEXT: "size_bytes": 64,
// CONSTANT-JSON-NEXT: "space": "constant"
// CONSTANT-JSON-NEXT: },

// A per-thread array indexed by a value unknown at compile time stays in
// local memory: priv[k] -> 4k, priv[sel] -> 4sel (per thread, so no block or
// thread index in the offset); g[i * 8 + k] -> 8192bx + 32tx + 4k.
// LOCAL: kernel space_local: 4 memory operations, 4 affine; parameters: sel
__global__ void space_local(const float *g, float *out, int sel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float priv[8];
  // LOCAL-NEXT: loop k at {{.*}}memory-spaces.cu:[[@LINE+9]]:3: 0 <= k <= 7
  // LOCAL-NEXT: S0 {{.*}}:[[@LINE+9]]:15: load global 4 B of g (read) 'g[i * 8 + k]'
  // LOCAL-NEXT: domain:   [sel] -> { S0[bx, tx, k] : [[DOMK:0 <= bx <= 63 and 0 <= tx <= 255 and 0 <= k <= 7]] }
  // LOCAL-NEXT: access:   [sel] -> { S0[bx, tx, k] -> g[8192bx + 32tx + 4k] : [[DOMK]] }
  // LOCAL-NEXT: schedule: [sel] -> { S0[bx, tx, k] -> [0, k, 0] }
  // LOCAL-NEXT: S1 {{.*}}:[[@LINE+5]]:13: store local 4 B to [[PRIV:local[0-9]*]] (write) 'priv[k]'
  // LOCAL-NEXT: domain:   [sel] -> { S1[bx, tx, k] : [[DOMK]] }
  // LOCAL-NEXT: access:   [sel] -> { S1[bx, tx, k] -> [[PRIV]][4k] : [[DOMK]] }
  // LOCAL-NEXT: schedule: [sel] -> { S1[bx, tx, k] -> [0, k, 1] }
  for (int k = 0; k < 8; ++k)
    priv[k] = g[i * 8 + k];
  // LOCAL-NEXT: S2 {{.*}}:[[@LINE+5]]:12: load local 4 B of [[PRIV]] (read) 'priv[sel]'
  // LOCAL-NEXT: domain:   [sel] -> { S2[bx, tx] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // LOCAL-NEXT: access:   [sel] -> { S2[bx, tx] -> [[PRIV]][4sel] : 0 <= bx <= 63 and 0 <= tx <= 255 }
  // LOCAL-NEXT: schedule: [sel] -> { S2[bx, tx] -> [1] }
  // LOCAL-NEXT: S3 {{.*}}:[[@LINE+1]]:10: store global 4 B to out (write) 'out[i]'
  out[i] = priv[sel];
}
