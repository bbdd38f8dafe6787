// --cache-model runs the cache model of seeds 000/001 on the kernel's request
// stream and reports per kernel, access site and array; all numbers are
// predictions. Here: a naive matmul on the Fermi preset, one sampled SM.
// RUN: gpurd-advise %s --cache-model --arch fermi-gtx470 --sms 1 --reuse-profile -- | FileCheck %s
// RUN: gpurd-advise %s --cache-model --arch fermi-gtx470 --sms 1 --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 gpurd-advise %s %s --cache-model --kernel nope -- 2>&1 | FileCheck %s --check-prefix=NOKERNEL

#define N 256
__global__ void mm(const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < N; ++k)
    sum += A[row * N + k] * B[k * N + col];
  C[row * N + col] = sum;
}
void run(const float *a, const float *b, float *c) {
  mm<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(a, b, c);
}

// CHECK: kernel mm on fermi-gtx470 (predicted by the cache model; warp-queue): 1 of 14 SMs (0), {{[0-9]+}} of 256 blocks
// CHECK-NEXT: L1: {{[0-9]+}} read requests, hit rate {{[0-9.]+}}%; misses compulsory {{[0-9]+}}, capacity {{[0-9]+}}, associativity {{[0-9]+}}, latency {{[0-9]+}}, invalidation 0; {{[0-9]+}} writes; MSHR merge rate {{[0-9.]+}}%, reservation failures {{[0-9]+}}
// CHECK-NEXT: transactions: L1 reads {{[0-9]+}}, L1 writes {{[0-9]+}}, L2 reads {{[0-9]+}}, L2 writes {{[0-9]+}}, DRAM reads {{[0-9]+}}, DRAM writes {{[0-9]+}}
// CHECK-NEXT: S0 {{.*}}cache-model-cli.cu:14:12 'A[row * N + k]': L1 {{[0-9]+}} reads, hit rate {{[0-9.]+}}%, 0 writes
// CHECK-NEXT: S1 {{.*}}cache-model-cli.cu:14:29 'B[k * N + col]': L1 {{[0-9]+}} reads
// CHECK-NEXT: S2 {{.*}}cache-model-cli.cu:15:20 'C[row * N + col]': L1 0 reads, hit rate 0.0%, {{[1-9][0-9]*}} writes
// CHECK-NEXT: array A: L1
// CHECK-NEXT: array B: L1
// CHECK-NEXT: array C: L1 0 reads
// CHECK-NEXT: L1 reuse-distance profile (per-set stack distances, {{[0-9]+}} requests; distance: count):
// CHECK: note: the L2 is not modelled: arch 'fermi-gtx470' has no l2.size

// JSON: "cache_model": {
// JSON: "arch": "fermi-gtx470",
// JSON: "predicted": true,
// JSON: "sites": [

// NOKERNEL: gpurd-advise: error: no kernel named 'nope'
