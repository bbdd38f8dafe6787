// Names that are not isl identifiers reach isl text safely. Parboil cutcp
// (`__shared__ int3 myBinIndex`, which the optimiser splits into
// myBinIndex.0/.1/.2, demangled "myBinIndex (.0)") and SHOC sort
// (`uni (.0)`) stopped with "isl rejected the access ... syntax error",
// and so did any kernel with a parameter named like an isl keyword (`max`,
// `mod`). The isl forms now use identifiers (`bin_0`, `max_`); the model
// keeps the program's names (`bin.0`, and --arg max=... as written).
// RUN: gpurd-advise %s --dump-accesses --grid 2 --block 64 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses --grid 2 --block 64 --arg max=3 -- | FileCheck %s --check-prefix=KNOWN
// RUN: gpurd-advise %s --dump-accesses --format=json --grid 2 --block 64 -- | FileCheck %s --check-prefix=JSON

// Thread 0 of block bx writes the three 4-byte pieces of bin (each its own
// variable after the split: byte 0 of bin.0, bin.1, bin.2); after the
// barrier every thread reads them.
// CHECK-LABEL: kernel split_shared: 7 memory operations, 7 affine; parameters: none
// CHECK-NEXT: S0 {{.*}}isl-names.cu:[[@LINE+12]]:11: store shared 4 B to bin.0 (write)
// CHECK-NEXT: domain:   { S0[bx, tx = 0] : 0 <= bx <= 1 }
// CHECK-NEXT: access:   { S0[bx, tx = 0] -> bin_0[0] : 0 <= bx <= 1 }
// CHECK: S1 {{.*}}: store shared 4 B to bin.1 (write)
// CHECK-NEXT: domain:   { S1[bx, tx = 0] : 0 <= bx <= 1 }
// CHECK-NEXT: access:   { S1[bx, tx = 0] -> bin_1[0] : 0 <= bx <= 1 }
// CHECK: S5 {{.*}}: load shared 4 B of bin.1 (read)
// CHECK-NEXT: domain:   { S5[bx, tx] : 0 <= bx <= 1 and 0 <= tx <= 63 }
// CHECK-NEXT: access:   { S5[bx, tx] -> bin_1[0] : 0 <= bx <= 1 and 0 <= tx <= 63 }
__global__ void split_shared(int *out) {
  __shared__ int3 bin;
  if (threadIdx.x == 0) {
    bin.x = blockIdx.x;
    bin.y = blockIdx.x + 1;
    bin.z = blockIdx.x + 2;
  }
  __syncthreads();
  out[threadIdx.x] = bin.x + bin.y + bin.z;
}

// Parameters named `max` and `mod` (isl keywords): out[tx + max] is byte
// 4 * (tx + max) = 4max + 4tx; with max = 3 it is 12 + 4tx.
// CHECK-LABEL: kernel keyword_param: 1 memory operation, 1 affine; parameters: max
// CHECK-NEXT: S0 {{.*}}: store global 4 B to out (write) 'out[threadIdx.x + max]'
// CHECK-NEXT: domain:   [max_] -> { S0[bx, tx] : 0 <= bx <= 1 and 0 <= tx <= 63 }
// CHECK-NEXT: access:   [max_] -> { S0[bx, tx] -> out[4max_ + 4tx] : 0 <= bx <= 1 and 0 <= tx <= 63 }
// KNOWN-LABEL: kernel keyword_param: 1 memory operation, 1 affine; parameters: none
// KNOWN-NEXT: S0 {{.*}}: store global 4 B to out (write) 'out[threadIdx.x + max]'
// KNOWN-NEXT: domain:   { S0[bx, tx] : 0 <= bx <= 1 and 0 <= tx <= 63 }
// KNOWN-NEXT: access:   { S0[bx, tx] -> out[12 + 4tx] : 0 <= bx <= 1 and 0 <= tx <= 63 }
__global__ void keyword_param(float *out, int max, int mod) {
  out[threadIdx.x + max] = mod;
}

// JSON gives the isl identifier beside a name that differs from it.
// JSON: "isl_name": "bin_0",
// JSON-NEXT: "name": "bin.0",
// JSON: "isl_name": "max_",
// JSON-NEXT: "kind": "parameter",
// JSON-NEXT: "name": "max"
