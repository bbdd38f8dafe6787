// A CSR SpMV is data-dependent: it is emulated with real buffers, here the
// arrays of a Matrix Market file. x[colIdx[j]] follows the matrix:
// rowptr 0 2 3 5 6, colidx 0 3 1 0 2 2 (test/Inputs/matrices/general-4x4.mtx).
// Buffers are laid out 256-byte aligned in parameter order from
// 0x7f0000000000: rowPtr +0x0, colIdx +0x100, values +0x200, x +0x300,
// y +0x400.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gpurd-advise %s --emit-trace=%t/t.txt --buffer rowPtr=int32:rows+1:csr-rowptr:%inputs/matrices/general-4x4.mtx --buffer colIdx=int32:6:csr-colidx:%inputs/matrices/general-4x4.mtx --buffer values=float32:6:csr-values:%inputs/matrices/general-4x4.mtx --buffer x=float32:rows:iota --buffer y=float32:rows:zero -- | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/t.txt
// RUN: %expect-exit 1 gpurd-advise %s --emit-trace=%t/u.txt --trace-source=affine -- 2>&1 | FileCheck %s --check-prefix=AFFINE
// RUN: %expect-exit 1 gpurd-advise %s --emit-trace=%t/u.txt -- 2>&1 | FileCheck %s --check-prefix=NOBUFFER

__global__ void spmv(const int *rowPtr, const int *colIdx, const float *values,
                     const float *x, float *y, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows) {
    float sum = 0;
    for (int j = rowPtr[row]; j < rowPtr[row + 1]; ++j)
      sum += values[j] * x[colIdx[j]];
    y[row] = sum;
  }
}

void run(const int *rp, const int *ci, const float *v, const float *x, float *y) {
  spmv<<<1, 4>>>(rp, ci, v, x, y, 4);
}

// 4 rows x (2 row pointers + store) + 6 nonzeros x 3 loads.
// SUMMARY: kernel spmv: wrote 30 thread accesses (9 warp instructions, 1 block) from the emulate trace source

// Row 0: nonzeros 0 and 1, columns 0 and 3.
// CHECK: 0 0 0 r global 0x7f0000000000 4
// CHECK-NEXT: 0 0 1 r global 0x7f0000000004 4
// CHECK-NEXT: 0 0 2 r global 0x7f0000000200 4
// CHECK-NEXT: 0 0 3 r global 0x7f0000000100 4
// CHECK-NEXT: 0 0 4 r global 0x7f0000000300 4
// CHECK-NEXT: 0 0 2 r global 0x7f0000000204 4
// CHECK-NEXT: 0 0 3 r global 0x7f0000000104 4
// CHECK-NEXT: 0 0 4 r global 0x7f000000030c 4
// CHECK-NEXT: 0 0 5 w global 0x7f0000000400 4
// Row 2: nonzeros 3 and 4, columns 0 and 2.
// CHECK: 0 2 4 r global 0x7f0000000300 4
// CHECK: 0 2 4 r global 0x7f0000000308 4
// CHECK-NEXT: 0 2 5 w global 0x7f0000000408 4
// Row 3: nonzero 5, column 2.
// CHECK: 0 3 3 r global 0x7f0000000114 4
// CHECK-NEXT: 0 3 4 r global 0x7f0000000308 4
// CHECK-NEXT: 0 3 5 w global 0x7f000000040c 4

// AFFINE: gpurd-advise: error: kernel 'spmv' cannot be enumerated affinely: S2 (line 19) is not affine: the address depends on a value loaded from memory; use --trace-source=emulate
// Without buffers, zeros would decide where values, colIdx and x are read:
// the message names the arrays whose contents decide those addresses.
// NOBUFFER: gpurd-advise: error: kernel 'spmv' is emulated, and the addresses of S2 (line 19) 'values[j]' and S3 (line 19) 'colIdx[j]' depend on the contents of 'rowPtr'; the addresses of S4 (line 19) 'x[colIdx[j]]' depend on the contents of 'rowPtr' and 'colIdx'; 'rowPtr' and 'colIdx' have no buffer, and zeros would decide those addresses: give each real contents with --buffer rowPtr=int32:COUNT:INIT and --buffer colIdx=int32:COUNT:INIT
// ROWPTR: gpurd-advise: error: kernel 'spmv' is emulated, and the addresses of S2 (line 19) 'values[j]', S3 (line 19) 'colIdx[j]' and S4 (line 19) 'x[colIdx[j]]' depend on the contents of 'rowPtr'; 'rowPtr' has no buffer, and zeros would decide those addresses: give it real contents with --buffer rowPtr=int32:COUNT:INIT

// (These RUN lines come last to keep the kernel's line numbers.)
// RUN: gpurd-advise %s --emit-trace=%t/p.txt --buffer rowPtr=int32:rows+1:csr-rowptr:%inputs/matrices/general-4x4.mtx --buffer colIdx=int32:6:csr-colidx:%inputs/matrices/general-4x4.mtx -- | FileCheck %s --check-prefix=PARTIAL
// RUN: %expect-exit 1 gpurd-advise %s --emit-trace=%t/u.txt --buffer colIdx=int32:6:csr-colidx:%inputs/matrices/general-4x4.mtx -- 2>&1 | FileCheck %s --check-prefix=ROWPTR
// With rowPtr and colIdx only, the other arrays get default buffers: the
// same 30 accesses; y[row] for 4 rows is 16 bytes (affine), values[j] for
// j = 0..5 reaches 24 bytes, x[colIdx[j]] columns up to 3: 16 bytes.
// PARTIAL: kernel spmv: wrote 30 thread accesses (9 warp instructions, 1 block) from the emulate trace source
// PARTIAL-NEXT: note: the emulator made the buffers no --buffer NAME=TYPE:COUNT:INIT described, filled with zeros (an assumption: loaded values are zeros): 'y' 16 bytes (the bytes the access model's accesses reach); 'values' 24 bytes, 'x' 16 bytes (the bytes the emulated accesses reached: not all of them are affine)
