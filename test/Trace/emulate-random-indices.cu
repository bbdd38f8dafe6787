// Index arrays without --buffer whose values only index an array of known
// extent hold uniformly random indices within it, an assumption stated with
// the kernel's launch (docs/assumptions.md); anything else is refused as
// before (CSR row pointers decide loop bounds).
//
// The uncoalesced-access check stays silent on addresses that follow assumed
// contents unless asked (AssumedContents=1), which shows their sectors.
// The table is 4 KB, which the L1 holds: coalescing the gather would save
// under the default MinGain of the kernel's time (the histogram's 1 KB of
// bins too), so those runs ask for any gain (MinGain=0).
// RUN: gpurd-advise %s --kernel gatherDevice --check-option=gpurd-uncoalesced-access.AssumedContents=1 --check-option=gpurd-uncoalesced-access.MinCycles=0 --check-option=gpurd-uncoalesced-access.MinGain=0 -- 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: gpurd-advise %s --kernel gatherDevice -- 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET: note: assumed the contents of 'idx'
// QUIET-NOT: warning: uncoalesced
// RUN: gpurd-advise %s --kernel gatherDevice --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 gpurd-advise %s --kernel gatherDevice --no-assume -- 2>&1 | FileCheck %s --check-prefix=NOASSUME
// RUN: gpurd-advise %s --kernel gatherDevice --buffer idx=int32:16384:zero -- 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: gpurd-advise %s --kernel gatherRows --buffer x=float32:4096:zero -- 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: gpurd-advise %s --kernel gatherRows -- 2>&1 | FileCheck %s --check-prefix=ROWS-UNKNOWN
// RUN: gpurd-advise %s --kernel histogram --cache-report --check-option=gpurd-uncoalesced-access.AssumedContents=1 --check-option=gpurd-uncoalesced-access.MinCycles=0 --check-option=gpurd-uncoalesced-access.MinGain=0 -- 2>&1 | FileCheck %s --check-prefix=HIST
// RUN: %expect-exit 1 gpurd-advise %s --kernel spmv -- 2>&1 | FileCheck %s --check-prefix=CSR
// RUN: %expect-exit 1 gpurd-advise %s --kernel spmv --buffer rowPtr=int32:4097:iota -- 2>&1 | FileCheck %s --check-prefix=CSR-ROWPTR
// RUN: %expect-exit 1 gpurd-advise %s --kernel squaredIndex -- 2>&1 | FileCheck %s --check-prefix=SQUARED
// RUN: %expect-exit 1 gpurd-advise %s --kernel countedGather -- 2>&1 | FileCheck %s --check-prefix=COUNTED
// RUN: %expect-exit 1 gpurd-advise %s --kernel wideHistogram -- 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: gpurd-advise %s --kernel wideHistogram --buffer bins=uint32:4096:zero -- 2>&1 | FileCheck %s --check-prefix=WIDE-BINS

#define N 16384

__device__ float table[1024];

// 1024 floats are 128 sectors of 32 bytes; a warp's 32 lanes draw 32 of
// them at random: 128 * (1 - (127/128)^32) = 28.41 distinct sectors a
// request on average (512 warps here, so the mean is within about 0.1).
__global__ void gatherDevice(const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[idx[i]];
}
// DEVICE: note: assumed the contents of 'idx' as uniformly random integers in [0, 1024) (they index 'table' in steps of 4 bytes, within its 4096 bytes (a __device__ array); seed 0); 'idx' has no buffer: give it real contents with --buffer idx=int32:COUNT:INIT
// DEVICE: warning: uncoalesced global load of 'table': each warp request touches 28.{{[2-6]}} sectors where 4 would do
// DEVICE: note: the figures rest on assumed values, stated with the kernel's launch: the contents of 'idx' as uniformly random integers in [0, 1024)

// JSON: "basis": "they index 'table' in steps of 4 bytes, within its 4096 bytes (a __device__ array); seed 0",
// JSON-NEXT: "part": "the contents of 'idx'",
// JSON-NEXT: "unknown_because": "'idx' has no buffer: give it real contents with --buffer idx=int32:COUNT:INIT",
// JSON-NEXT: "value": "as uniformly random integers in [0, 1024)"

// NOASSUME: error: kernel 'gatherDevice' is emulated, and the addresses of S1 (line {{[0-9]+}}) 'table[idx[i]]' depend on the contents of 'idx'; 'idx' has no buffer, and zeros would decide those addresses: give it real contents with --buffer idx=int32:COUNT:INIT

// A --buffer wins: zeros send every lane to table[0].
// GIVEN-NOT: assumed the contents
// GIVEN-NOT: uncoalesced global load of 'table'

// Rows of 16 floats (64 bytes) of 'x', whose extent --buffer gives: 16384 /
// 64 = 256 rows. Without it, the rows' own count (16384 / 16 = 1024 entries)
// bounds the values, and the note says so.
__global__ void gatherRows(const float *x, const int *rows, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[rows[i >> 4] * 16 + (i & 15)];
}
// ROWS: note: assumed the contents of 'rows' as uniformly random integers in [0, 256) (they index 'x' in steps of 64 bytes, within its 16384 bytes (its --buffer); seed 1)
// ROWS-UNKNOWN: note: assumed the contents of 'rows' as uniformly random integers in [0, 1024) (they index 'x' in steps of 64 bytes, whose extent is unknown: as many steps as 'rows' has elements (1024); seed 1)

// Bytes index 256 bins of 4 bytes (32 sectors) whatever their extent:
// 32 * (1 - (31/32)^32) = 20.40 distinct sectors a request on average.
__global__ void histogram(const unsigned char *data, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[data[i]], 1u);
}
// HIST: note: assumed the contents of 'data' as uniformly random integers in [0, 256) (they index 'bins' in steps of 4 bytes, over every value of their 8-bit type (the extent of 'bins' is unknown); seed 0); 'data' has no buffer: give it real contents with --buffer data=uint8:COUNT:INIT
// HIST: note: the emulator made the buffers {{.*}}'data' 16384 bytes, holding random indices in [0, 256) as the kernel's launch states,
// HIST: uncoalesced global atomic of 'bins': each warp request touches 20.{{[2-6]}} sectors

// 32-bit values into bins of unknown number: a histogram's bins are usually
// far fewer than its inputs, so the inputs' count bounds nothing (refused);
// with the bins given, values are drawn below their count.
__global__ void wideHistogram(const unsigned *data, unsigned *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[data[i]], 1u);
}
// WIDE: error: kernel 'wideHistogram' is emulated, and the addresses of {{.*}} depend on the contents of 'data'; 'data' has no buffer, and zeros would decide those addresses
// WIDE-BINS: note: assumed the contents of 'data' as uniformly random integers in [0, 4096) (they index 'bins' in steps of 4 bytes, within its 16384 bytes (its --buffer); seed 0)

// A CSR row pointer decides the loop's bounds: random values would invent
// the matrix, so it stays refused; given row pointers, the column indices
// are read at addresses they decide, which is no simple index either.
__global__ void spmv(const int *rowPtr, const int *colIdx, const float *values,
                     const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int j = rowPtr[row]; j < rowPtr[row + 1]; ++j)
    sum += values[j] * x[colIdx[j]];
  y[row] = sum;
}
// CSR: error: kernel 'spmv' is emulated, and the addresses of {{.*}} depend on the contents of 'rowPtr'{{.*}}zeros would decide those addresses: give each real contents with --buffer rowPtr=int32:COUNT:INIT and --buffer colIdx=int32:COUNT:INIT
// CSR-ROWPTR: error: kernel 'spmv' is emulated, and the addresses of S4 (line {{[0-9]+}}) 'x[colIdx[j]]' depend on the contents of 'colIdx'; 'colIdx' has no buffer, and zeros would decide those addresses

// An index squared is no simple index.
__global__ void squaredIndex(const float *x, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[idx[i] * idx[i]];
}
// SQUARED: error: kernel 'squaredIndex' is emulated, and the addresses of S1 (line {{[0-9]+}}) 'x[idx[i] * idx[i]]' depend on the contents of 'idx'

// Values that bound a loop as well as index (a frontier's flags, a row's
// length) decide branches: refused, though the index itself is simple.
__global__ void countedGather(const float *x, const int *len, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < len[i]; ++k)
    s += x[len[i] + k];
  out[i] = s;
}
// COUNTED: error: kernel 'countedGather' is emulated, and the addresses of {{.*}} depend on the contents of 'len'; 'len' has no buffer, and zeros would decide those addresses

int main() {
  float *x, *out, *values, *y;
  int *idx, *rows, *rowPtr, *colIdx;
  unsigned char *data;
  unsigned *bins;
  gatherDevice<<<N / 256, 256>>>(idx, out);
  gatherRows<<<N / 256, 256>>>(x, rows, out);
  histogram<<<N / 256, 256>>>(data, bins);
  spmv<<<N / 256, 256>>>(rowPtr, colIdx, values, x, y);
  squaredIndex<<<N / 256, 256>>>(x, idx, out);
  countedGather<<<N / 256, 256>>>(x, idx, out);
  wideHistogram<<<N / 256, 256>>>((unsigned *)idx, bins);
  return 0;
}
