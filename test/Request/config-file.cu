// A project's .gpurd file (ConfigFile.h) is found from the input file's
// directory upwards, as clang-tidy finds .clang-tidy; the command line goes
// over it: --checks extends its Checks (clang-tidy's rule), --check-option
// replaces one of its CheckOptions. WarningsAsErrors makes the check's
// warnings errors, which fail the run (exit 2) without --fail-on; SARIF
// gives them level "error".
//
// RUN: rm -rf %t && mkdir -p %t/project/src && cp %s %t/project/src/k.cu
// RUN: cp %S/Inputs/bank-conflict.gpurd %t/project/.gpurd
// RUN: cd %t/project/src && not gpurd-advise k.cu -- 2>&1 | FileCheck --check-prefix=FOUND %s
// RUN: cd %t/project/src && %expect-exit 2 gpurd-advise k.cu -- > /dev/null 2>&1
// RUN: cd %t/project/src && not gpurd-advise k.cu --format=sarif -- | FileCheck --check-prefix=SARIF %s
//
// The command line over the file: another check joins, the gain bar rises
// above what the padding is predicted to save (2.4% of the kernel), so
// nothing is reported and the run passes.
// RUN: cd %t/project/src && gpurd-advise k.cu --checks=gpurd-small-grid --check-option=gpurd-shared-bank-conflict.MinGain=0.99 --dump-config -- | FileCheck --check-prefix=OVER %s
// RUN: cd %t/project/src && gpurd-advise k.cu --check-option=gpurd-shared-bank-conflict.MinGain=0.99 -- 2>&1 | FileCheck --check-prefix=SILENT %s
//
// --config-file names another file; a directory without one has none.
// RUN: cp %S/Inputs/bank-conflict.gpurd %t/other.gpurd
// RUN: mkdir -p %t/elsewhere && cp %s %t/elsewhere/k.cu
// RUN: cd %t/elsewhere && not gpurd-advise k.cu --config-file=%t/other.gpurd -- 2>&1 | FileCheck --check-prefix=FOUND %s
// RUN: cd %t/elsewhere && gpurd-advise --dump-config | FileCheck --check-prefix=NONE %s

__global__ void columns(const float *in, float *out) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}

void host(const float *in, float *out) {
  columns<<<1, dim3(32, 8)>>>(in, out);
}

// FOUND: k.cu:31:21: error: 32-way bank conflict in shared load: {{.*}} [gpurd-shared-bank-conflict]
// FOUND-NOT: warning:

// SARIF: "level": "error"
// SARIF: "ruleId": "gpurd-shared-bank-conflict"

// OVER: Checks: '-*,gpurd-shared-bank-conflict,gpurd-small-grid'
// OVER-NEXT: WarningsAsErrors: 'gpurd-shared-bank-conflict'
// OVER: gpurd-shared-bank-conflict.MinGain: 0.99
// OVER: gpurd-small-grid.MinCycles: 20000

// SILENT-NOT: error:
// SILENT-NOT: warning:

// Without a file, --checks extends the default '*' as clang-tidy's extends
// its defaults: '-gpurd-tile-size' runs every other check, not none.
// RUN: cd %t/elsewhere && gpurd-advise --checks=-gpurd-tile-size --dump-config | FileCheck --check-prefix=MINUS %s
// RUN: cd %t/elsewhere && gpurd-advise --checks=-gpurd-tile-size --list-checks | FileCheck --check-prefix=MINUS-LIST %s
// So does a file's Checks: '-gpurd-tile-size' in a .gpurd runs every other
// check; a list that starts with '-*' stands alone.
// RUN: mkdir -p %t/minus && printf "Checks: '-gpurd-tile-size'\n" > %t/minus/.gpurd && cp %s %t/minus/k.cu
// RUN: cd %t/minus && gpurd-advise k.cu --dump-config -- | FileCheck --check-prefix=MINUS %s
// RUN: cd %t/minus && gpurd-advise k.cu --checks=-*,gpurd-small-grid --dump-config -- | FileCheck --check-prefix=ALONE %s
// ALONE: Checks: '-*,gpurd-small-grid'
// MINUS: Checks: '*,-gpurd-tile-size'
// MINUS-LIST: gpurd-cache-capacity:
// MINUS-LIST: gpurd-small-grid:
// MINUS-LIST-NOT: gpurd-tile-size

// NONE: Checks: '*'
// NONE-NEXT: WarningsAsErrors: ''
// NONE-NEXT: FailOn: none
// NONE-NEXT: Arch: ampere-a100
