// gpurd-uncoalesced-access fires on one row per thread and is silent on the
// transposed (coalesced) access; --checks globs and check options.
//
// rows: each lane reads a[t * 64 + j], 64 floats = 256 bytes after its
// neighbour: 32 sectors a warp request; the 32 x 4 = 128 bytes fit in 4
// sectors: 28 excessive, 28 / 32 = 87.5% -> 88%. The launch has 4 blocks of
// one warp and 64 iterations: 4 x 64 = 256 requests x 32 = 8192 sectors.
// columns: a[j * 64 + t] is 128 contiguous bytes, 4 sectors: silent.
// The what-if of 'a' stored transposed (a[t * 64 + j] moved to
// a[j * 128 + t]: 4 blocks x 32 threads = 128 rows of 64 floats) makes each
// request 4 sectors, but not less traffic: each lane's row is 256 bytes =
// 8 sectors, a block's 32 rows (8 KB) stay in its SM's L1, so every sector
// is read from the L2 once either way: 128 x 8 = 1024 L2 read sectors, and
// 1024 from DRAM (each for the first time).
//
// The launches are 4 blocks (gpurd-small-grid's finding; its own test).
// RUN: gpurd-advise %s --checks='*,-gpurd-small-grid' -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --checks='-*' -- 2>&1 | FileCheck --check-prefix=NONE %s
// RUN: gpurd-advise %s --checks='-*,gpurd-uncoalesced-access' -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --checks='-*,gpurd-uncoalesced-access' --check-option=gpurd-uncoalesced-access.MinExcessiveShare=0.9 -- 2>&1 | FileCheck --check-prefix=NONE %s
// One verdict: the only change (the transposed layout) saves 7936 of
// T0 cycles, the 31 replays of each of a warp's 64 loads (Tcomp); the
// memory waits tie: unrolled by 8, the loads of a row walk wait once a group
// for the sectors the group's first load misses, as the transposed loads
// wait once a group for their 8 distinct lines. T0 = 12544: 63%; asked to
// save 70% of the time, it is no advice, and the access makes no warning
// (a change was timed and judged).
// RUN: gpurd-advise %s --checks='-*,gpurd-uncoalesced-access' --check-option=gpurd-uncoalesced-access.MinGain=0.7 -- 2>&1 | FileCheck --check-prefix=NONE %s
// RUN: not gpurd-advise %s --checks='gpurd-no-such-*' -- 2>&1 | FileCheck --check-prefix=BADGLOB %s
// RUN: not gpurd-advise %s --check-option=gpurd-nothing.X=1 -- 2>&1 | FileCheck --check-prefix=BADOPTION %s
// RUN: not gpurd-advise %s --check-option=gpurd-uncoalesced-access.MinExessiveShare=0.5 -- 2>&1 | FileCheck --check-prefix=TYPO %s
// RUN: not gpurd-advise %s --check-option=gpurd-uncoalesced-access.MinExcessiveShare=half -- 2>&1 | FileCheck --check-prefix=NOTNUMBER %s
// RUN: gpurd-advise %s --checks='*,-gpurd-small-grid' --format=json -- | FileCheck --check-prefix=JSON %s

#define N 64

__global__ void rows(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[t * N + j];
  // CHECK: uncoalesced-access.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 8192); storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ([[#T0:]] to
  // CHECK-SAME: {{^}} [[#T0-7936]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) [gpurd-uncoalesced-access]
  // CHECK-NEXT: [[@LINE-3]] | s += a[t * N + j];
  // CHECK-NEXT: | ^
  // CHECK-NEXT: note: neighbouring threads of a warp access 'a' 256 bytes apart; with a step of 4 bytes (the access size) each request would touch 4 sectors
  // CHECK-NEXT: note: sectors counted on the 256 warp requests of the 4 blocks modelled of 4; predicted L1 sector hit rate
  // CHECK-NEXT: note: storing 'a' transposed is predicted to cut the kernel's time by {{[0-9.]+}}% ([[#T0]] to [[#T0-7936]] cycles, seed 002's time model and throughput bound, Toverlap uncalibrated): with 'a' stored its 128 rows of 64 elements as 64 rows of 128 (a[r * 64 + c] moved to a[c * 128 + r]), this access would touch 4 sectors a request, the kernel's L2 read sectors would go from 1024 to 1024 and its DRAM read sectors from 1024 to 1024 (a what-if run of the models with every access of 'a' in the kernel moved so; every other use of 'a', in the host code and other kernels, must follow that layout)
  // CHECK-NEXT: note: the sectors per request are exact: the access is affine and its addresses rest on no assumed value
  // The traffic stays, the time falls: each of a warp's 64 loads touches 32
  // lines as written (31 replays of kind 1, seed 002 Eq. 3) and one line
  // transposed, so a warp issues 64 * 31 = 1984 fewer instructions. With one
  // warp on each of 4 SMs (ITILP 1, Eq. 14; Toverlap 0: nothing to overlap
  // with) each costs the A100's 4-cycle instruction latency (Eq. 13), and
  // Tcomp (Eq. 2) falls by 1984 * 4 = 7936 cycles; Tmem does not move.
  out[t] = s;
}

__global__ void columns(const float *a, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int j = 0; j < N; ++j)
    s += a[j * N + t];
  out[t] = s;
}
// CHECK-NOT: warning:
// NONE-NOT: warning:

// The two kernels get different buffers: a kernel that reads rows' buffer
// along its rows would rule the transposed layout out
// (uncoalesced-layout-kernels.cu).
void host(const float *a, const float *b, float *out) {
  rows<<<4, 32>>>(a, out);
  columns<<<4, 32>>>(b, out);
}

// BADGLOB: error: --checks/--check-option: check glob 'gpurd-no-such-*' matches no check; the checks are gpurd-cache-capacity, gpurd-constant-divergence, gpurd-global-accumulator, gpurd-memory-divergence, gpurd-placement, gpurd-readonly-path, gpurd-redundant-threads, gpurd-shared-bank-conflict, gpurd-shared-tiling, gpurd-small-grid, gpurd-tile-size, gpurd-uncoalesced-access
// BADOPTION: error: --checks/--check-option: check option 'gpurd-nothing.X' names no check
// TYPO: error: --checks/--check-option: check gpurd-uncoalesced-access has no option 'MinExessiveShare'; its options: AssumedContents, MinCycles, MinExcessivePerRequest, MinExcessiveShare, MinGain, MinKernelShare
// TYPO-NOT: error:
// NOTNUMBER: error: --checks/--check-option: check option gpurd-uncoalesced-access.MinExcessiveShare: 'half' is not a number
// NOTNUMBER-NOT: error:

// JSON: "findings": [
// JSON-NEXT: {
// JSON-NEXT: "check": "gpurd-uncoalesced-access",
// JSON-NEXT: "exact": true,
// JSON-NEXT: "fix_its": [],
// JSON-NEXT: "kernel": "rows",
// JSON-NEXT: "location": {
// JSON: "message": "uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 8192); storing 'a' transposed is predicted to cut the kernel's time by {{.*}}",
// JSON: "severity": "warning"
// JSON: "findings": []
