// Launches through a pointer and a launch function in the JSON output: the
// launch-site fields api, pointer and kernel_unknown_reason, and the launch
// configuration's launch_site_api and launch_site_pointer.
// RUN: gpurd-advise --list-kernels --format=json %s -- | FileCheck %s
// RUN: gpurd-advise --kernel second --format=json --print-launches %s -- | FileCheck %s --check-prefix=CONFIG

#include <cuda_runtime.h>

__global__ void first(float *x, int n) { x[threadIdx.x] = n; }
__global__ void second(float *x, int n) { x[threadIdx.x] = 2 * n; }

void host(float *x, bool c, void (*given)(float *, int)) {
  void (*k)(float *, int) = c ? first : second;
  k<<<2, 64>>>(x, 8);
  given<<<1, 32>>>(x, 4);
  int n = 16;
  void *args[] = {&x, &n};
  cudaLaunchKernel((const void *)first, 1, 32, args, 0, 0);
}

// CHECK: "launches": [
// The two sites of `k<<<2, 64>>>(x, 8)` (line 14).
// CHECK-NEXT: {
// CHECK-NEXT: "api": "",
// CHECK-NEXT: "args": [
// CHECK-NEXT: {
// CHECK-NEXT: "param": "x",
// CHECK-NEXT: "text": "x",
// CHECK-NEXT: "unknown_reason": "not a scalar",
// CHECK-NEXT: "value": null
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "param": "n",
// CHECK-NEXT: "text": "8",
// CHECK-NEXT: "value": 8
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK: "function": "host",
// CHECK: "kernel": "first",
// CHECK-NEXT: "location": {
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "file": "{{.*}}launch-indirect-json.cu",
// CHECK-NEXT: "line": 14
// CHECK-NEXT: },
// CHECK-NEXT: "pointer": {
// CHECK-NEXT: "candidates": [
// CHECK-NEXT: "first",
// CHECK-NEXT: "second"
// CHECK-NEXT: ],
// CHECK-NEXT: "text": "k"
// CHECK-NEXT: },
// CHECK-NEXT: "stream": "",
// CHECK-NEXT: "variant": {
// CHECK-NEXT: "assumptions": [],
// CHECK-NEXT: "count": 1,
// CHECK-NEXT: "index": 1
// CHECK-NEXT: }
// CHECK-NEXT: },
// CHECK: "kernel": "second",
// CHECK: "line": 14
// CHECK: "text": "k"

// `given<<<1, 32>>>(x, 4)` (line 15): a parameter, so no kernel and no
// parameter names.
// CHECK: "api": "",
// CHECK-NEXT: "args": [
// CHECK-NEXT: {
// CHECK-NEXT: "param": "",
// CHECK-NEXT: "text": "x",
// CHECK-NEXT: "unknown_reason": "not a scalar",
// CHECK-NEXT: "value": null
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "param": "",
// CHECK-NEXT: "text": "4",
// CHECK-NEXT: "value": 4
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK: "kernel": null,
// CHECK-NEXT: "kernel_unknown_reason": "'given' is a parameter of 'host'",
// CHECK-NEXT: "location": {
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "file": "{{.*}}launch-indirect-json.cu",
// CHECK-NEXT: "line": 15
// CHECK-NEXT: },
// CHECK-NEXT: "pointer": {
// CHECK-NEXT: "candidates": [],
// CHECK-NEXT: "text": "given"
// CHECK-NEXT: },

// cudaLaunchKernel (line 18): n comes from the argument array.
// CHECK: "api": "cudaLaunchKernel",
// CHECK: "param": "n",
// CHECK-NEXT: "text": "n",
// CHECK-NEXT: "value": 16
// CHECK: "dynamic_shared_bytes": {
// CHECK-NEXT: "text": "0",
// CHECK-NEXT: "value": 0
// CHECK-NEXT: },
// CHECK: "kernel": "first",
// CHECK: "line": 18
// CHECK-NEXT: },
// CHECK-NEXT: "pointer": null,
// CHECK-NEXT: "stream": ""

// CONFIG: "kernel": "second",
// CONFIG-NEXT: "launch_count": 1,
// CONFIG-NEXT: "launch_number": 1,
// CONFIG-NEXT: "launch_site": {
// CONFIG-NEXT: "column": 3,
// CONFIG-NEXT: "file": "{{.*}}launch-indirect-json.cu",
// CONFIG-NEXT: "line": 14
// CONFIG-NEXT: },
// CONFIG-NEXT: "launch_site_api": "",
// CONFIG-NEXT: "launch_site_pointer": {
// CONFIG-NEXT: "candidates": [
// CONFIG-NEXT: "first",
// CONFIG-NEXT: "second"
// CONFIG-NEXT: ],
// CONFIG-NEXT: "text": "k"
// CONFIG-NEXT: },
