// RUN: gpurd-advise --list-kernels --format=json %s -- -DSIZE=2048 | FileCheck %s
// Flags after -- reach the compiler (-DSIZE here).

// CHECK: "arch": "ampere-a100",
// CHECK-NEXT: "files": [
// CHECK: "file": "{{.*}}list-kernels-json.cu"
// CHECK: "kernels": [
// CHECK: "location": {
// CHECK-NEXT: "column": 17,
// CHECK-NEXT: "file": "{{.*}}list-kernels-json.cu",
// CHECK-NEXT: "line": [[@LINE+1]]
__global__ void copy(const float *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
// CHECK: "mangled_name": "_Z4copyPKfPfi",
// CHECK: "name": "copy",
// CHECK: "params": [
// CHECK: "const_pointee": true,
// CHECK-NEXT: "kind": "pointer",
// CHECK-NEXT: "name": "in",
// CHECK-NEXT: "pointee_size": 4,
// CHECK-NEXT: "pointee_type": "const float",
// CHECK-NEXT: "restrict": true,
// CHECK: "kind": "integer",
// CHECK-NEXT: "name": "n",

// CHECK: "launches": [
// CHECK: "args": [
// CHECK: "param": "n",
// CHECK-NEXT: "text": "SIZE",
// CHECK-NEXT: "value": 2048
// CHECK: "block": {
// CHECK-NEXT: "text": "128",
// CHECK-NEXT: "values": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK: "grid": {
// CHECK-NEXT: "text": "count / 128",
// CHECK-NEXT: "unknown_reason": "'count' is a parameter of 'host', which is not called in this file",
// CHECK-NEXT: "values": [
// CHECK-NEXT: null,
void host(float *a, float *b, int count) { copy<<<count / 128, 128>>>(a, b, SIZE); }
// CHECK: "gpurd_version": "{{[0-9.]+}}",
// CHECK-NEXT: "schema_version": 1
