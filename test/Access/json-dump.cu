// --format=json --dump-accesses: the access model as data. Checks the field
// names (keys are sorted) and values derived from the kernel: arrays with
// their space and origin, loops with their last iteration, affine sites with
// dimensions, domain, access relation and schedule, a barrier without an
// access, and a non-affine site with its reason.
// RUN: gpurd-advise %s --dump-accesses --format=json --grid 16 --block 256 -- | FileCheck %s
//
// i = 256bx + tx: in[i], idx[i], out[i] -> 1024bx + 4tx; row[threadIdx.x] -> 4tx;
// row[(threadIdx.x + k) / 2] -> o0 = 4 floor((tx + k) / 2), which isl writes
// as "o0 is a multiple of 4 and 2(tx + k) - 2 <= o0 <= 2(tx + k)".

// CHECK: "files": [
// CHECK-NEXT: {
// CHECK-NEXT: "file": "{{.*}}json-dump.cu",
// CHECK-NEXT: "kernels": [
// CHECK-NEXT: {
// CHECK-NEXT: "accesses": {
// CHECK-NEXT: "arrays": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "in",
// CHECK-NEXT: "origin": "parameter",
// CHECK-NEXT: "param_index": 0,
// CHECK-NEXT: "space": "global"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "row",
// CHECK-NEXT: "origin": "variable",
// CHECK-NEXT: "size_bytes": 1024,
// CHECK-NEXT: "space": "shared"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "idx",
// CHECK-NEXT: "origin": "parameter",
// CHECK-NEXT: "param_index": 1,
// CHECK-NEXT: "space": "global"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "out",
// CHECK-NEXT: "origin": "parameter",
// CHECK-NEXT: "param_index": 2,
// CHECK-NEXT: "space": "global"
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "kernel": "blur_rows",
// CHECK-NEXT: "loops": [
// CHECK-NEXT: {
// CHECK-NEXT: "last_iteration": "3",
// CHECK-NEXT: "location": {
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "file": "{{.*}}json-dump.cu",
// CHECK-NEXT: "line": [[@LINE+93]]
// CHECK-NEXT: },
// CHECK-NEXT: "parent": -1,
// CHECK-NEXT: "variable": "k"
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "sites": [
__global__ void blur_rows(const float *in, const int *idx, float *out) {
  __shared__ float row[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  // CHECK-NEXT: {
  // CHECK-NEXT: "access": "{ S0[bx, tx] -> in[1024bx + 4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // CHECK-NEXT: "affine": true,
  // CHECK-NEXT: "array": "in",
  // CHECK-NEXT: "dimensions": [
  // CHECK-NEXT: "bx",
  // CHECK-NEXT: "tx"
  // CHECK-NEXT: ],
  // CHECK-NEXT: "domain": "{ S0[bx, tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // CHECK-NEXT: "id": 0,
  // CHECK-NEXT: "kind": "read",
  // CHECK-NEXT: "location": {
  // CHECK-NEXT: "column": 22,
  // CHECK-NEXT: "file": "{{.*}}json-dump.cu",
  // CHECK-NEXT: "line": [[@LINE+19]]
  // CHECK-NEXT: },
  // CHECK-NEXT: "loops": [],
  // CHECK-NEXT: "never_executed": false,
  // CHECK-NEXT: "operation": "load",
  // CHECK-NEXT: "schedule": "{ S0[bx, tx] -> [0] }",
  // CHECK-NEXT: "schedule_positions": [
  // CHECK-NEXT: 0
  // CHECK-NEXT: ],
  // CHECK-NEXT: "size_bytes": 4,
  // CHECK-NEXT: "source": "in[i]",
  // CHECK-NEXT: "space": "global"
  // CHECK-NEXT: },
  // CHECK-NEXT: {
  // CHECK-NEXT: "access": "{ S1[bx, tx] -> row[4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // CHECK: "kind": "write",
  // CHECK: "source": "row[threadIdx.x]",
  // CHECK-NEXT: "space": "shared"
  // CHECK-NEXT: },
  row[threadIdx.x] = in[i];
  // A barrier: no access, array, space, size or source.
  // CHECK-NEXT: {
  // CHECK-NEXT: "affine": true,
  // CHECK-NEXT: "dimensions": [
  // CHECK-NEXT: "bx",
  // CHECK-NEXT: "tx"
  // CHECK-NEXT: ],
  // CHECK-NEXT: "domain": "{ S2[bx, tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // CHECK-NEXT: "id": 2,
  // CHECK-NEXT: "kind": "barrier",
  // CHECK-NEXT: "location": {
  // CHECK-NEXT: "column": 3,
  // CHECK-NEXT: "file": "{{.*}}json-dump.cu",
  // CHECK-NEXT: "line": [[@LINE+10]]
  // CHECK-NEXT: },
  // CHECK-NEXT: "loops": [],
  // CHECK-NEXT: "never_executed": false,
  // CHECK-NEXT: "operation": "barrier",
  // CHECK-NEXT: "schedule": "{ S2[bx, tx] -> [2] }",
  // CHECK-NEXT: "schedule_positions": [
  // CHECK-NEXT: 2
  // CHECK-NEXT: ]
  // CHECK-NEXT: },
  __syncthreads();
  float s = 0;
  // In the loop: "loops" lists loop 0, the schedule positions are [3, 0]
  // (the loop is item 3 of the thread, the load item 0 of the loop).
  // CHECK-NEXT: {
  // CHECK-NEXT: "access": "{ S3[bx, tx, k] -> row[o0] : (o0) mod 4 = 0 and 0 <= bx <= 15 and 0 <= tx <= 255 and 0 <= k <= 3 and -2 + 2tx + 2k <= o0 <= 2tx + 2k }",
  // CHECK-NEXT: "affine": true,
  // CHECK-NEXT: "array": "row",
  // CHECK-NEXT: "dimensions": [
  // CHECK-NEXT: "bx",
  // CHECK-NEXT: "tx",
  // CHECK-NEXT: "k"
  // CHECK-NEXT: ],
  // CHECK-NEXT: "domain": "{ S3[bx, tx, k] : 0 <= bx <= 15 and 0 <= tx <= 255 and 0 <= k <= 3 }",
  // CHECK-NEXT: "id": 3,
  // CHECK: "loops": [
  // CHECK-NEXT: 0
  // CHECK-NEXT: ],
  // CHECK: "schedule": "{ S3[bx, tx, k] -> [3, k, 0] }",
  // CHECK-NEXT: "schedule_positions": [
  // CHECK-NEXT: 3,
  // CHECK-NEXT: 0
  // CHECK-NEXT: ],
  // CHECK-NEXT: "size_bytes": 4,
  // CHECK-NEXT: "source": "row[(threadIdx.x + k) / 2]",
  // CHECK-NEXT: "space": "shared"
  for (int k = 0; k < 4; ++k)
    s += row[(threadIdx.x + k) / 2];
  // CHECK: "access": "{ S4[bx, tx] -> idx[1024bx + 4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // A non-affine site: no dimensions, domain, access or schedule, but the
  // reason with its kind, message and the place of the load it comes from.
  // CHECK: "affine": false,
  // CHECK-NEXT: "array": "in",
  // CHECK-NEXT: "id": 5,
  // CHECK-NEXT: "kind": "read",
  // CHECK-NEXT: "location": {
  // CHECK-NEXT: "column": 16,
  // CHECK-NEXT: "file": "{{.*}}json-dump.cu",
  // CHECK-NEXT: "line": [[@LINE+25]]
  // CHECK-NEXT: },
  // CHECK-NEXT: "loops": [],
  // CHECK-NEXT: "non_affine": {
  // CHECK-NEXT: "kind": "data-dependent-address",
  // CHECK-NEXT: "location": {
  // CHECK-NEXT: "column": 19,
  // CHECK-NEXT: "file": "{{.*}}json-dump.cu",
  // CHECK-NEXT: "line": [[@LINE+17]]
  // CHECK-NEXT: },
  // CHECK-NEXT: "message": "the address depends on a value loaded from memory"
  // CHECK-NEXT: },
  // CHECK-NEXT: "operation": "load",
  // CHECK-NEXT: "schedule_positions": [
  // CHECK-NEXT: 5
  // CHECK-NEXT: ],
  // CHECK-NEXT: "size_bytes": 4,
  // CHECK-NEXT: "source": "in[idx[i]]",
  // CHECK-NEXT: "space": "global"
  // CHECK-NEXT: },
  // CHECK-NEXT: {
  // CHECK-NEXT: "access": "{ S6[bx, tx] -> out[1024bx + 4tx] : 0 <= bx <= 15 and 0 <= tx <= 255 }",
  // CHECK: "id": 6,
  // CHECK-NEXT: "kind": "write",
  // CHECK: "operation": "store",
  out[i] = s + in[idx[i]];
}
// Variables: the six block and thread indices, then the loop.
// CHECK: "variables": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-index",
// CHECK-NEXT: "name": "bx"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-index",
// CHECK-NEXT: "name": "by"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-index",
// CHECK-NEXT: "name": "bz"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "thread-index",
// CHECK-NEXT: "name": "tx"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "thread-index",
// CHECK-NEXT: "name": "ty"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "thread-index",
// CHECK-NEXT: "name": "tz"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "loop",
// CHECK-NEXT: "name": "k"
// CHECK-NEXT: }
// CHECK-NEXT: ]
// CHECK-NEXT: },
// CHECK-NEXT: "kernel": "blur_rows"
// CHECK: "schema_version": 1
