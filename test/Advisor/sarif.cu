// --format=sarif: the findings as a SARIF 2.1.0 log, valid against the OASIS
// schema (test/Inputs/sarif/), with the checks as rules, the notes as
// related locations and the padding fix-it as a fix. Other commands refuse
// the format.
//
// One block: the padding saves under the default MinGain of the kernel's
// predicted time (shared-bank-conflict.cu), so the test asks for any gain.
// RUN: gpurd-advise %s --format=sarif --check-option=gpurd-shared-bank-conflict.MinGain=0 -- > %t.sarif
// RUN: %check-sarif %t.sarif | FileCheck --check-prefix=VALID %s
// RUN: FileCheck %s < %t.sarif
// RUN: not gpurd-advise %s --format=sarif --list-kernels -- 2>&1 | FileCheck --check-prefix=REFUSED %s

#define TILE 32

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}

void host(const float *in, float *out) {
  transpose<<<1, dim3(32, 8)>>>(in, out);
}

// VALID: valid SARIF: 1 results

// CHECK: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
// CHECK: "deletedRegion": {
// CHECK-NEXT: "endColumn": 35,
// CHECK-NEXT: "endLine": 16,
// CHECK-NEXT: "startColumn": 31,
// CHECK-NEXT: "startLine": 16
// CHECK: "text": "TILE + 1"
// CHECK: "level": "warning",
// CHECK: "startColumn": 23,
// CHECK-NEXT: "startLine": 20
// CHECK: "text": "32-way bank conflict in shared load: each warp request takes 32 wavefronts where 1 would do (31 excessive wavefronts, 97% of 256)"
// CHECK: "ruleId": "gpurd-shared-bank-conflict",
// CHECK-NEXT: "ruleIndex": 7
// CHECK: "name": "gpurd-advise",
// CHECK-NEXT: "rules": [
// CHECK: "id": "gpurd-cache-capacity",
// CHECK: "id": "gpurd-constant-divergence",
// CHECK: "id": "gpurd-global-accumulator",
// CHECK: "id": "gpurd-memory-divergence",
// CHECK: "id": "gpurd-placement",
// CHECK: "id": "gpurd-readonly-path",
// CHECK: "id": "gpurd-shared-bank-conflict",
// CHECK: "id": "gpurd-uncoalesced-access",
// CHECK: "version": "2.1.0"

// REFUSED: error: --format=sarif writes the findings of the default action
