// gpurd-uncoalesced-access on a 16 x 16 block, whose warps span two rows:
// d[row * n + row], the diagonal of a 32 x 32 matrix, is one float a row,
// 33 floats apart: two sectors a request where the 8 bytes fit in one
// (4 blocks x 8 warps = 32 requests, 64 sectors, 32 excessive: 50%). The
// what-if run with warps of one row each (block (32, 8, 1), grid (1, 4, 1):
// the same 32 x 32 threads) predicts one sector a request, and the kernel's
// L2 read sectors, by hand (4 blocks, each on its own SM, each sector
// fetched once into each SM's L1):
//   16 x 16: a: each block 16 rows x 64 B = 32 sectors, x 4 = 128;
//            d: each block 16 diagonal floats, 16 sectors, x 4 = 64;  192
//   32 x 8:  a: each block 8 rows x 128 B = 32 sectors, x 4 = 128;
//            d: each block 8 sectors, x 4 = 32;                      160
// DRAM reads each distinct sector once, 128 + 32 = 160, either way.
// The time model predicts the reshape to save about 2% of the kernel's time
// (the L2 serves the 32 sectors it saves in parallel): below the default
// MinGain of 5%, so by default the access is no advice (one excessive
// sector a request is also below MinExcessivePerRequest's 2: a warp over
// two rows needs two); asked for any gain in any kernel the what-if's
// figures show.
//
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access -- 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinGain=0.001 --check-option=gpurd-uncoalesced-access.MinExcessivePerRequest=1 --check-option=gpurd-uncoalesced-access.MinCycles=0 -- 2>&1 | FileCheck %s
// A change to a kernel under MinCycles (5000) must save MinGain of 5000
// cycles, the launch's overhead the program pays with it: at a MinGain of
// 1%, 50 cycles, where the reshape saves about 2% of about 600, about 12.
// RUN: gpurd-advise %s --checks=-*,gpurd-uncoalesced-access --check-option=gpurd-uncoalesced-access.MinGain=0.01 --check-option=gpurd-uncoalesced-access.MinExcessivePerRequest=1 -- 2>&1 | FileCheck --check-prefix=SILENT %s
// SILENT-NOT: warning:

__global__ void scaleByDiagonal(const float *a, const float *d, float *out,
                                int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  out[row * n + col] = a[row * n + col] / d[row * n + row];
  // CHECK: block-reshape.cu:[[@LINE-1]]:43: warning: uncoalesced global load of 'd': each warp request touches 2 sectors where 1 would do (1 excessive sector, 50% of 64); launching with block (32, 8, 1) and grid (1, 4, 1) is predicted to cut the kernel's time by {{[0-4]\.[0-9]}}% ({{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-uncoalesced-access]
  // CHECK: note: launching with block (32, 8, 1) and grid (1, 4, 1) is predicted to cut the kernel's time by {{.*}}: with the same threads in warps of one row each, this access would touch 1 sector a request, the kernel's L2 read sectors would go from 192 to 160 and its DRAM read sectors from 160 to 160 (a what-if run of the models; the variant accesses the same bytes of every global array)
}
// CHECK-NOT: warning:

void host(const float *a, const float *d, float *out) {
  scaleByDiagonal<<<dim3(2, 2), dim3(16, 16)>>>(a, d, out, 32);
}
