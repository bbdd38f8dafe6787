// clang-tidy's NOLINT comments silence findings (Suppressions.h): on the
// line, with check globs or none; on the line before (NOLINTNEXTLINE); in a
// NOLINTBEGIN/NOLINTEND block. A NOLINT that names another check silences
// nothing. The text leaves the silenced findings out; the SARIF log keeps
// them, each with an in-source suppression (SARIF 2.1.0 §3.35), and stays
// valid against the schema.
//
// Four column reads of four 32 x 32 tiles, each a 32-way bank conflict (as
// in shared-bank-conflict.cu); one block, so MinGain=0 as in sarif.cu.
// RUN: gpurd-advise %s --checks=-*,gpurd-shared-bank-conflict --check-option=gpurd-shared-bank-conflict.MinGain=0 -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --checks=-*,gpurd-shared-bank-conflict --check-option=gpurd-shared-bank-conflict.MinGain=0 --format=sarif -- > %t.sarif
// RUN: %check-sarif %t.sarif | FileCheck --check-prefix=VALID %s
// RUN: FileCheck --check-prefix=LOG %s < %t.sarif

#define TILE 32

__global__ void columns(const float *in, float *out) {
  __shared__ float ta[TILE][TILE], tb[TILE][TILE], tc[TILE][TILE],
      td[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  ta[y][x] = tb[y][x] = tc[y][x] = td[y][x] = in[y * TILE + x];
  __syncthreads();
  float a = ta[x][y]; // NOLINT(gpurd-shared-bank-conflict)
  // NOLINTNEXTLINE(gpurd-*)
  float b = tb[x][y];
  // NOLINTBEGIN(gpurd-shared-bank-conflict)
  float c = tc[x][y];
  // NOLINTEND(gpurd-shared-bank-conflict)
  float d = td[x][y]; // NOLINT(gpurd-uncoalesced-access)
  out[y * TILE + x] = a + b + c + d;
}

void host(const float *in, float *out) {
  columns<<<1, dim3(32, 8)>>>(in, out);
}

// Only d's read is printed.
// CHECK-NOT: nolint.cu:23:{{.*}}warning
// CHECK-NOT: nolint.cu:25:{{.*}}warning
// CHECK-NOT: nolint.cu:27:{{.*}}warning
// CHECK: nolint.cu:29:13: warning: 32-way bank conflict in shared load
// CHECK-NOT: warning:

// VALID: valid SARIF: 4 results
// LOG: "startLine": 23
// LOG: "ruleId": "gpurd-shared-bank-conflict",
// LOG: "suppressions": [
// LOG-NEXT: {
// LOG-NEXT: "justification": "silenced by 'NOLINT(gpurd-shared-bank-conflict)'",
// LOG-NEXT: "kind": "inSource"
// LOG: "startLine": 25
// LOG: "justification": "silenced by 'NOLINTNEXTLINE(gpurd-*)'",
// LOG: "startLine": 27
// LOG: "justification": "silenced by 'NOLINTBEGIN(gpurd-shared-bank-conflict)'",
// LOG: "startLine": 29
// LOG-NOT: "suppressions"
