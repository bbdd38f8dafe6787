// A kernel gpurd could not analyse is an error on stderr (exit status 1)
// and, in the SARIF log, a result of level note that gives the reason: the
// log is never silent about it.
//
// (--no-assume: without it, idx would hold assumed random indices.)
// RUN: %expect-exit 1 gpurd-advise %s --format=sarif --no-assume -- > %t.sarif 2> %t.err
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %check-sarif %t.sarif | FileCheck --check-prefix=VALID %s
// RUN: FileCheck %s < %t.sarif

__global__ void scatter(float *a, const int *idx) { a[idx[threadIdx.x]] = 1; }
void host(float *a, const int *idx) { scatter<<<1, 32>>>(a, idx); }

// ERR: error: kernel 'scatter' is emulated, and the addresses of S1 (line [[@LINE-3]]) 'a[idx[threadIdx.x]]' depend on the contents of 'idx'
// VALID: valid SARIF: 1 results
// CHECK: "level": "note",
// CHECK: "startColumn": 17,
// CHECK-NEXT: "startLine": 11
// CHECK: "text": "not analysed: kernel 'scatter' is emulated, and the addresses of S1 (line 11) 'a[idx[threadIdx.x]]' depend on the contents of 'idx'; 'idx' has no buffer, and zeros would decide those addresses: give it real contents with --buffer idx=int32:COUNT:INIT"
// CHECK: "ruleId": "gpurd-analysis"
