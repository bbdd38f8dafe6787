// CSR sparse matrix-vector product, one thread per row: the row bounds are
// loaded from row_ptr, so the inner loop's trip count and every address in
// it depend on loaded data; gpurd reports them as such, and keeps the
// affine accesses around them (row_ptr[row], row_ptr[row + 1], y[row]).
// RUN: gpurd-advise %s --dump-accesses --grid 64 --block 256 --arg num_rows=16384 -- | FileCheck %s
// RUN: gpurd-advise %s --dump-accesses --format=json --grid 64 --block 256 --arg num_rows=16384 -- | FileCheck %s --check-prefix=JSON
//
// row = 256bx + tx (0..16383); the guard row < num_rows = 16384 holds.
//   row_ptr[row] -> 1024bx + 4tx, row_ptr[row + 1] -> 4 + 1024bx + 4tx,
//   y[row] -> 1024bx + 4tx

// CHECK: kernel spmv_csr: 6 memory operations, 3 affine; parameters: none
__global__ void spmv_csr(int num_rows, const int *row_ptr, const int *col_idx,
                         const float *values, const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0.0f;
    // CHECK-NEXT: loop jj at {{.*}}spmv-csr.cu:[[@LINE+19]]:5: non-affine (non-affine-trip-count): the trip count of the loop at line [[@LINE+19]] ('jj') is not affine: {{.*}}loaded from memory
    // CHECK-NEXT: S0 {{.*}}:[[@LINE+4]]:21: load global 4 B of row_ptr (read) 'row_ptr[row]'
    // CHECK-NEXT: domain:   { S0[bx, tx] : [[BOX:0 <= bx <= 63 and 0 <= tx <= 255]] }
    // CHECK-NEXT: access:   { S0[bx, tx] -> row_ptr[1024bx + 4tx] : [[BOX]] }
    // CHECK-NEXT: schedule: { S0[bx, tx] -> [0] }
    int row_start = row_ptr[row];
    // CHECK-NEXT: S1 {{.*}}:[[@LINE+4]]:19: load global 4 B of row_ptr (read) 'row_ptr[row + 1]'
    // CHECK-NEXT: domain:   { S1[bx, tx] : [[BOX]] }
    // CHECK-NEXT: access:   { S1[bx, tx] -> row_ptr[4 + 1024bx + 4tx] : [[BOX]] }
    // CHECK-NEXT: schedule: { S1[bx, tx] -> [1] }
    int row_end = row_ptr[row + 1];
    // jj starts at row_ptr[row]: values[jj] and col_idx[jj] depend on that
    // load, x[col_idx[jj]] on the load of col_idx.
    // CHECK-NEXT: S2 {{.*}}:[[@LINE+7]]:14: load global 4 B of values (read) 'values[jj]'
    // CHECK-NEXT: non-affine (data-dependent-address): the address depends on a value loaded from memory [{{.*}}spmv-csr.cu:[[@LINE-9]]:21]
    // CHECK-NEXT: S3 {{.*}}:[[@LINE+5]]:29: load global 4 B of col_idx (read) 'col_idx[jj]'
    // CHECK-NEXT: non-affine (data-dependent-address): the address depends on a value loaded from memory [{{.*}}spmv-csr.cu:[[@LINE-11]]:21]
    // CHECK-NEXT: S4 {{.*}}:[[@LINE+3]]:27: load global 4 B of x (read) 'x[col_idx[jj]]'
    // CHECK-NEXT: non-affine (data-dependent-address): the address depends on a value loaded from memory [{{.*}}spmv-csr.cu:[[@LINE+2]]:29]
    for (int jj = row_start; jj < row_end; jj++)
      dot += values[jj] * x[col_idx[jj]];
    // The store after the loop is affine again (position 3: the loop is 2).
    // CHECK-NEXT: S5 {{.*}}:[[@LINE+5]]:12: store global 4 B to y (write) 'y[row]'
    // CHECK-NEXT: domain:   { S5[bx, tx] : [[BOX]] }
    // CHECK-NEXT: access:   { S5[bx, tx] -> y[1024bx + 4tx] : [[BOX]] }
    // CHECK-NEXT: schedule: { S5[bx, tx] -> [3] }
    // CHECK-NOT: S6
    y[row] = dot;
  }
}

// In JSON the non-affine sites carry the reason kind and the place of the
// load it comes from.
// JSON: "id": 4,
// JSON: "non_affine": {
// JSON-NEXT: "kind": "data-dependent-address",
// JSON-NEXT: "location": {
// JSON-NEXT: "column": 29,
// JSON-NEXT: "file": "{{.*}}spmv-csr.cu",
// JSON-NEXT: "line": [[@LINE-19]]
// JSON-NEXT: },
// JSON-NEXT: "message": "the address depends on a value loaded from memory"
// JSON-NEXT: },
// JSON-NEXT: "operation": "load",
