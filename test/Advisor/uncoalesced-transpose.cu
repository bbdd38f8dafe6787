// gpurd-uncoalesced-access's what-if of an array stored transposed: every
// access of the array in the kernel moved from a[r * M + c] to
// a[c * R + r], run through the same models, against the kernel written
// so by hand.
//
// One warp sums the rows of a 32 x 1024 float array (M = 1024), one row a
// thread. On the GTX 470 (unsectored 128-byte lines, counted as one sector
// each; one SM, the plain modulo index of its 32 sets) each warp request
// touches 32 lines 4096 bytes apart, all in one 4-way set of the L1: the
// lines the warp reuses over the next 31 iterations are evicted, and the
// L2 serves most of the 1024 x 32 = 32768 line requests (how many exactly
// depends on the fills in flight, which the set's 4 ways cannot all
// hold: the model's figure, not a hand count; at most 32768).
//
// The check counts 32-byte sectors as Nsight Compute does, whatever the
// cache's sectoring: 32 lanes 4096 bytes apart touch 32, where 128 bytes
// need 4 (28 excessive, 88%).
//
// Stored transposed (its 32 rows of 1024 elements as 1024 rows of 32), each
// request reads 32 consecutive floats, 128 bytes: 4 sectors, one line;
// and the 32 x 1024 x 4 bytes = 128 KB of 'a' are 1024 lines read once
// each: 1024 L2 read lines (the GTX 470's L2 is unsectored: the finding
// counts lines, not 32-byte sectors), and 1024 from DRAM, as before (every
// line of 'a' is brought from DRAM once either way).
//
// The kernel written transposed by hand (rowSumsTransposed) is silent and
// makes the same 1024 L2 reads.
//
// DEFINE: %{args} = --arch fermi-gtx470 --set sm.count=1 --set 'l1.index={"kind":"mod"}' --checks=-*,gpurd-uncoalesced-access
// RUN: gpurd-advise %s %{args} -- 2>&1 | FileCheck %s
// RUN: gpurd-advise %s %{args} --kernel rowSumsTransposed --cache-report -- 2>&1 | FileCheck %s --check-prefix=BYHAND

#define M 1024
#define R 32

__global__ void rowSums(const float *a, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int c = 0; c < M; ++c)
    s += a[r * M + c];
  // CHECK: uncoalesced-transpose.cu:[[@LINE-1]]:10: warning: uncoalesced global load of 'a': each warp request touches 32 sectors where 4 would do (28 excessive sectors, 88% of 32768); what coalescing it would save is not timed: the placement model (seed 002) needs sm.instructionLatency, sm.sharedMemoryLatency, which arch 'fermi-gtx470' does not give
  // The GTX 470 preset lacks figures seed 002's time model reads: neither
  // the layout change nor the bound of coalescing the access is timed (the
  // message and a note say so), and the warning stands on the access's
  // share of the kernel's traffic (all of it).
  // CHECK: note: storing 'a' transposed is not timed: the placement model (seed 002) needs sm.instructionLatency, sm.sharedMemoryLatency, which arch 'fermi-gtx470' does not give; give them with --set or in an --arch-file (docs/arch-format.md): with 'a' stored its 32 rows of 1024 elements as 1024 rows of 32 (a[r * 1024 + c] moved to a[c * 32 + r]), this access would touch 4 sectors a request, the kernel's L2 read lines would go from {{[0-9]+}} to 1024 and its DRAM read lines from 1024 to 1024 (a what-if run of the models with every access of 'a' in the kernel moved so; every other use of 'a', in the host code and other kernels, must follow that layout)
  out[r] = s;
}

__global__ void rowSumsTransposed(const float *a, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int c = 0; c < M; ++c)
    s += a[c * R + r];
  out[r] = s;
}
// CHECK-NOT: warning:
// BYHAND-NOT: warning:
// BYHAND: L2: 1024 read requests
// BYHAND: transactions: {{.*}} DRAM reads 1024

// rowSumsTransposed reads the data stored transposed: another buffer (with
// one buffer for both, rowSumsTransposed's coalesced reads would rule the
// transposed layout out: uncoalesced-layout-kernels.cu).
void host(const float *a, const float *aTransposed, float *out) {
  rowSums<<<1, R>>>(a, out);
  rowSumsTransposed<<<1, R>>>(aTransposed, out);
}
