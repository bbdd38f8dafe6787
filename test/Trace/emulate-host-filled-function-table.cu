// A table of function pointers that the host fills (cudaMemcpyFromSymbol of
// device pointers, then cudaMemcpyToSymbol into the table: the CUDA
// samples' FunctionPointers) holds zeros in gpurd's default contents. A call
// through such a null pointer runs the first device function of the call's
// type whose address the code takes, and a note says so; before, the run
// stopped ("the pointer 0x0 is no device function's address"). A function
// pointer parameter is a function's address, not a buffer: it is null
// unless given, so a guard `if (f)` skips the call.
// RUN: gpurd-advise --cache-report %s --kernel=viaTable --grid 1 --block 32 -- 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: gpurd-advise --cache-report %s --kernel=viaParameter --grid 1 --block 32 -- 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: not gpurd-advise --cache-report %s --kernel=noneOfItsType --grid 1 --block 32 -- 2>&1 | FileCheck %s --check-prefix=NONE
//
// A data pointer the host sets in device memory (a __constant__ struct it
// copies in: Rodinia heartwall) is null too; an access through it is an
// error that says so (before: "the closest buffer is ...", bytes away).
// RUN: not gpurd-advise --cache-report %s --kernel=viaConstantStruct --grid 1 --block 32 -- 2>&1 | FileCheck %s --check-prefix=DATA

typedef void (*store_t)(float *, int);

// Not reached from any kernel but through the table: storePair's address is
// taken in pStorePair's initialiser, storeOne's in pStoreOne's.
__device__ void storePair(float *p, int i) {
  p[i] = 1;
  p[i + 1] = 2;
}
__device__ void storeOne(float *p, int i) { p[i] = 3; }
__device__ store_t pStorePair = storePair;
__device__ store_t pStoreOne = storeOne;
__device__ store_t table[2];

__device__ int add(int a, int b) { return a + b; }
__device__ int (*combine)(int, int);

__global__ void viaTable(float *out, int op) {
  table[op](out, 2 * threadIdx.x);
}

__global__ void viaParameter(float *out, store_t f) {
  out[threadIdx.x] = 0;
  if (f)
    f(out, threadIdx.x);
}

// No int(int, int) function's address is taken (add is only called): the
// null pointer stays an error.
__global__ void noneOfItsType(int *out) {
  out[threadIdx.x] = combine(threadIdx.x, 1) + add(1, 2);
}

struct Params {
  int n;
  float *data;
};
__constant__ Params params;

__global__ void viaConstantStruct(float *out) {
  out[threadIdx.x] = params.data[threadIdx.x];
}

void setup() {
  store_t host[2];
  cudaMemcpyFromSymbol(&host[0], pStorePair, sizeof(store_t));
  cudaMemcpyFromSymbol(&host[1], pStoreOne, sizeof(store_t));
  cudaMemcpyToSymbol(table, host, sizeof(host));
}

// One warp; table[op] is assumed op = 0 and loaded once (1 read request).
// storePair (first in the module) stores p[2t] and p[2t + 1] for t < 32:
// floats 0..63, 256 bytes = 2 lines per store, 2 + 2 = 4 write requests.
// storePair's stores are sites of their own (not modelled: the emulator
// runs them); before, the emulator ran them but recorded none, and the
// affine trace, which leaves the call out, counted 0 writes.
// TABLE: note: assumed op = 0 (it indexes 'table', a device array of 2 elements
// TABLE: L1: 1 read request,
// TABLE-SAME: 4 writes
// TABLE: S0 {{.*}}emulate-host-filled-function-table.cu:[[#CALL:]]:3 'table[op]'
// TABLE: S1 {{.*}}emulate-host-filled-function-table.cu:[[#STORE1:]]:8 'p[i]': L1 2 writes
// TABLE: S2 {{.*}}emulate-host-filled-function-table.cu:[[#STORE1+1]]:12 'p[i + 1]': L1 2 writes
// TABLE: no single array: L1 4 writes
// TABLE: note: calls through a null function pointer (memory gpurd filled with zeros, or an argument the host sets) ran the first device function of the call's type whose address the code takes, as a table the host fills with such addresses would (an assumption): 'storePair' at {{.*}}emulate-host-filled-function-table.cu:[[#CALL]]:3

// f is null: out[t] = 0 only, one line (1 write request), and no buffer is
// made for f.
// PARAM: L1: 0 read requests
// PARAM-SAME: 1 write;
// PARAM-NOT: 'f'
// PARAM-NOT: null function pointer

// NONE: error: {{.*}}calls through a function pointer at {{.*}}: the pointer 0x0 is no device function's address

// DATA: error: {{.*}}'params.data[threadIdx.x]'{{.*}} at global address 0x0, through a null pointer (a pointer the host sets in device memory, such as a __constant__ or __device__ variable it copies in, holds zeros in gpurd's default contents)
