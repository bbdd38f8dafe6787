// The model's clock. The A100 preset gives the measured latencies and the
// L1's requests per cycle, so time is in cycles by default and a note gives
// the figures; --clock=requests keeps seed 000's one stamp per request. The
// Fermi preset has no published L1 throughput: it keeps requests, and
// --clock=cycles is an error that names the field to set.
//
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s --check-prefix=CYCLES
// RUN: gpurd-advise --cache-report %s --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: gpurd-advise --cache-report %s --clock=requests -- | FileCheck %s --check-prefix=REQUESTS
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 -- | FileCheck %s --check-prefix=FERMI
// RUN: %expect-exit 1 gpurd-advise --cache-report %s --arch fermi-gtx470 --clock=cycles -- 2>&1 | FileCheck %s --check-prefix=NOCYCLES
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --clock=cycles --set l1.requestsPerCycle=1 -- | FileCheck %s --check-prefix=FERMICYCLES

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
void run(const float *in, float *out) { copy<<<1, 32>>>(in, out); }

// CYCLES: note: time is in core cycles: L1 hits take 33, L2 hits 200, loads DRAM serves 290 (l1.hitLatency, l2.hitLatency, dram.minLatency; an L1 miss waits for the L2's share at its hit latency so far and DRAM's for the rest); the L1 handles 4 line requests a cycle; each of the 4 warp schedulers issues 1 instruction a cycle
// JSON: "clock": "cycles",
// REQUESTS-NOT: note: time is in core cycles
// FERMI: note: the model's time counts L1 requests, as seed 000 §4.2 defines it, not cycles: arch 'fermi-gtx470' has no l1.requestsPerCycle
// NOCYCLES: error: kernel 'copy': arch 'fermi-gtx470' has no l1.requestsPerCycle; the cache model needs it (set it with --set l1.requestsPerCycle=N)
// FERMICYCLES: note: time is in core cycles: L1 hits take 96, L2 hits 351, loads DRAM serves 635
