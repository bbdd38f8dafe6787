// Advice without --cache-report analyses a large launch on a quick sample:
// the SMs sampled in space at 1/32 of the budgets (driver::quickOptions).
//
// Each warp reads one 128-byte line per iteration (32 consecutive floats)
// and writes one: 8 warps x (64 + 1) = 520 L1 line requests a block, so
// 1024 blocks make 532480 requests, over the quick budget of
// 8000000 / 32 = 250000 but within the default 8000000. The quick sample
// models as many SMs as keep their blocks' requests within 250000 (at most
// 250000 / 520 = 480 blocks), so the L2 sees only some SMs' lines: the
// summary leaves its hit rate and the DRAM reads out.
//
// RUN: gpurd-advise %s -- | FileCheck %s --check-prefix=QUICK
// QUICK: predicted: L1 sector hit rate 0.0% ({{4[0-7][0-9]|480}} of 1024 blocks modelled, on {{[0-9]+}} of 108 SMs: the L2 and DRAM figures need every SM; --cache-report models them)
//
// RUN: gpurd-advise %s --format=json -- | FileCheck %s --check-prefix=JSON
// JSON:      "estimated_requests": 532480,
// JSON:      "instruction_budget": 7812500,
// JSON:      "l2_sees_every_sm": false,
// JSON:      "method": "space",
// JSON:      "request_budget": 250000,
// JSON:      "requests_of_first_block": 520,
//
// --cache-report, and an option about the sample, model the launch as the
// budget allows: every block, and the L2 figures are the launch's. Nothing
// is read twice, so every sector misses in both levels: DRAM reads
// 64 rows x 262144 floats x 4 bytes / 32 = 2097152 sectors.
// RUN: gpurd-advise %s --cache-report -- | FileCheck %s --check-prefix=REPORT
// REPORT: 108 of 108 SMs ({{.*}}), 1024 of 1024 blocks
// REPORT: DRAM reads 524288 (2097152 sectors)
// RUN: gpurd-advise %s --request-budget=8000000 -- | FileCheck %s --check-prefix=BUDGET
// RUN: gpurd-advise %s --sampling=space -- | FileCheck %s --check-prefix=BUDGET
// BUDGET: predicted: L1 sector hit rate 0.0%, L2 0.0%; DRAM reads 2097152 sectors (1024 of 1024 blocks modelled)

__global__ void columnSums(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 64; ++k)
    s += a[k * n + i];
  out[i] = s;
}

void launch(const float *a, float *out) {
  int n = 262144;
  columnSums<<<n / 256, 256>>>(a, out, n);
}
