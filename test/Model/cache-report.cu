// The default action: each kernel's launch configuration and the cache
// model's predictions (seed 000's warp-queue L1 and the shared L2 of seed
// 001) on fermi-gtx470. Every number below is derived by hand from the
// kernels: fermi-gtx470 has 16 KB 4-way L1s with 128-byte lines and a
// half-normal miss latency of at least 100 time stamps; one warp request
// issues per time stamp; warps of 32 threads read and write 32 floats = one
// line each.
//
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --sms all -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --cache-model --arch fermi-gtx470 --sms all -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --kernel twice --format=json -- | FileCheck %s --check-prefix=JSON
// RUN: gpurd-advise --cache-report %s --arch fermi-gtx470 --kernel twice --reuse-profile-interval 8 --format=json -- | FileCheck %s --check-prefix=INTERVALS

__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void shared_rows(const float *in, float *out) {
  out[blockIdx.x * 256 + threadIdx.x] = in[threadIdx.x];
}
__global__ void twice(const float *in, float *out) {
  float a = in[threadIdx.x];
  __syncthreads();
  float b = in[threadIdx.x];
  out[threadIdx.y * 32 + threadIdx.x] = a + b;
}
void run(const float *in, float *out) {
  copy<<<4, 256>>>(in, out);
  shared_rows<<<4, 256>>>(in, out);
  twice<<<1, dim3(32, 8)>>>(in, out);
}

// copy: 4 blocks on SMs 0-3, 8 warps each; every warp reads one line of `in`
// and writes one of `out`, all different: 32 compulsory misses in the L1s and
// in the L2 (DRAM reads), 32 writes passing the L1 (write-evict, no L1 copy)
// to the write-back L2, whose 640 KB keep all 32 dirty lines to the end.
// CHECK-LABEL: cache-report.cu:14:17: kernel copy: grid (4, 1, 1), block (256, 1, 1) = 4 blocks of 256 threads
// CHECK-NEXT:      from: the launch at {{.*}}cache-report.cu:28:3
// CHECK-NEXT:  kernel copy on fermi-gtx470 (predicted by the cache model; warp-queue): 4 of 14 SMs (0, 1, 2, 3), 4 of 4 blocks
// CHECK-NEXT:    L1: 32 read requests, hit rate 0.0%; misses compulsory 32, capacity 0, associativity 0, latency 0, invalidation 0; 32 writes; MSHR merge rate 0.0%, reservation failures 0
// CHECK-NEXT:    L2: 32 read requests, hit rate 0.0%; misses compulsory 32, capacity 0, associativity 0, latency 0, invalidation 0; 32 writes; MSHR merge rate 0.0%, reservation failures 0
// CHECK-NEXT:    transactions: L1 reads 32, L1 writes 32, L2 reads 32, L2 writes 32, DRAM reads 32, DRAM writes 0 (and 32 dirty L2 lines to write back after the launch)
// CHECK-NEXT:    S0 {{.*}}cache-report.cu:16:12 'in[i]': L1 32 reads (hit rate 0.0%); L2 32 reads (hit rate 0.0%)
// CHECK-NEXT:    S1 {{.*}}cache-report.cu:16:10 'out[i]': L1 32 writes; L2 32 writes
// CHECK-NEXT:    array in: L1 32 reads (hit rate 0.0%); L2 32 reads (hit rate 0.0%)
// CHECK-NEXT:    array out: L1 32 writes; L2 32 writes

// shared_rows: every block reads the same 8 lines of `in`, each SM its own
// copy in its L1 (32 compulsory L1 misses). The four SMs run in lock step:
// at time stamp w each one's warp w misses on line w, so the L2 sees four
// requests for the line in one step: the first misses (8 DRAM reads), the
// other three merge into its MSHR entry (24 latency misses, merge rate 75%).
// CHECK-LABEL: kernel shared_rows on fermi-gtx470 (predicted by the cache model; warp-queue): 4 of 14 SMs (0, 1, 2, 3), 4 of 4 blocks
// CHECK-NEXT:    L1: 32 read requests, hit rate 0.0%; misses compulsory 32, capacity 0, associativity 0, latency 0, invalidation 0; 32 writes; MSHR merge rate 0.0%, reservation failures 0
// CHECK-NEXT:    L2: 32 read requests, hit rate 0.0%; misses compulsory 8, capacity 0, associativity 0, latency 24, invalidation 0; 32 writes; MSHR merge rate 75.0%, reservation failures 0
// CHECK-NEXT:    transactions: L1 reads 32, L1 writes 32, L2 reads 32, L2 writes 32, DRAM reads 8, DRAM writes 0 (and 32 dirty L2 lines to write back after the launch)

// twice: one block of 8 warps, all reading the same line of `in` twice. Warp
// 0 misses at time 0 (compulsory, one MSHR entry); warps 1-7 ask at times 1-7
// while the fill is pending (>= 100 stamps): 7 latency misses merged into
// the entry. Each warp comes back after its latency, when the line is in: 8
// hits on the second load. The L2 sees the one fill request and 8 writes.
// CHECK-LABEL: kernel twice on fermi-gtx470 (predicted by the cache model; warp-queue): 1 of 14 SMs (0), 1 of 1 blocks
// CHECK-NEXT:    L1: 16 read requests, hit rate 50.0%; misses compulsory 1, capacity 0, associativity 0, latency 7, invalidation 0; 8 writes; MSHR merge rate 87.5%, reservation failures 0
// CHECK-NEXT:    L2: 1 read request, hit rate 0.0%; misses compulsory 1, capacity 0, associativity 0, latency 0, invalidation 0; 8 writes; MSHR merge rate 0.0%, reservation failures 0
// CHECK-NEXT:    transactions: L1 reads 16, L1 writes 8, L2 reads 1, L2 writes 8, DRAM reads 1, DRAM writes 0 (and 8 dirty L2 lines to write back after the launch)
// CHECK-NEXT:    S0 {{.*}}cache-report.cu:22:13 'in[threadIdx.x]': L1 8 reads (hit rate 0.0%); L2 1 read (hit rate 0.0%)
// CHECK-NEXT:    S2 {{.*}}cache-report.cu:24:13 'in[threadIdx.x]': L1 8 reads (hit rate 100.0%); L2 no requests
// CHECK-NEXT:    S3 {{.*}}cache-report.cu:25:39 'out[threadIdx.y * 32 + threadIdx.x]': L1 8 writes; L2 8 writes
// CHECK-NEXT:    array in: L1 16 reads (hit rate 50.0%); L2 1 read (hit rate 0.0%)
// CHECK-NEXT:    array out: L1 8 writes; L2 8 writes
// CHECK-NEXT:    note: arch 'fermi-gtx470' gives no l2.ports;
// The Fermi preset keeps seed 000's time (no published L1 throughput).
// CHECK-NEXT:    note: the model's time counts L1 requests, as seed 000 §4.2 defines it, not cycles: arch 'fermi-gtx470' has no l1.requestsPerCycle
// CHECK-NEXT:    note: arch 'fermi-gtx470' gives no l2.latencyModel;

// In JSON the launch configuration object carries the report.
// JSON:          "cache_model": {
// JSON-NEXT:       "arch": "fermi-gtx470",
// JSON-NEXT:       "arrays": [
// JSON:            "engine": "warp-queue",
// JSON-NEXT:       "kernel": "twice",
// JSON-NEXT:       "l1": {
// JSON-NEXT:         "bypassed": 0,
// JSON-NEXT:         "mshr_allocations": 1,
// JSON-NEXT:         "mshr_merge_rate": 0.875,
// JSON-NEXT:         "mshr_merges": 7,
// JSON-NEXT:         "pending_hits": 7,
// JSON-NEXT:         "read_hit_rate": 0.5,
// JSON-NEXT:         "read_hits": 8,
// JSON-NEXT:         "read_misses": {
// JSON-NEXT:           "associativity": 0,
// JSON-NEXT:           "capacity": 0,
// JSON-NEXT:           "compulsory": 1,
// JSON-NEXT:           "invalidation": 0,
// JSON-NEXT:           "latency": 7,
// JSON-NEXT:           "sector": 0
// JSON-NEXT:         },
// JSON-NEXT:         "read_requests": 16,
// JSON-NEXT:         "reservation_failures": 0,
// The unsectored Fermi L1 has one sector per line: 16 read (8 hits, 7
// pending: the merged latency misses, 1 miss), hit rate with the pending
// ones (8 + 7) / 16 = 0.9375; 8 written.
// JSON-NEXT:         "sectors": {
// JSON-NEXT:           "hit_rate": 0.5,
// JSON-NEXT:           "hit_rate_with_pending": 0.9375,
// JSON-NEXT:           "hits": 8,
// JSON-NEXT:           "misses": 1,
// JSON-NEXT:           "pending_hits": 7,
// JSON-NEXT:           "read": 16,
// JSON-NEXT:           "written": 8
// JSON-NEXT:         },
// JSON-NEXT:         "write_hits": 0,
// JSON-NEXT:         "writes": 8
// JSON-NEXT:       },
// The first loads see no line in the stack (infinite distance: the first
// one's fill is pending for the others), the second loads distance 0.
// JSON:            "l1_reuse_profile": {
// JSON-NEXT:         "bins": [
// JSON-NEXT:           {
// JSON-NEXT:             "count": 8,
// JSON-NEXT:             "high": 0,
// JSON-NEXT:             "low": 0
// JSON-NEXT:           }
// JSON-NEXT:         ],
// JSON-NEXT:         "infinite": 8,
// JSON-NEXT:         "total": 16
// JSON-NEXT:       },
// JSON:            "l2_reuse_profile": {
// JSON-NEXT:         "bins": [],
// JSON-NEXT:         "infinite": 1,
// JSON-NEXT:         "total": 1
// JSON-NEXT:       },
// JSON:            "sampling": {
// JSON-NEXT:         "active_sms": 1,
// JSON-NEXT:         "description": "1 of 14 SMs (0), 1 of 1 blocks",
// JSON-NEXT:         "estimated_requests": 24,
// JSON-NEXT:         "l2_mshr_entries": 32,
// JSON-NEXT:         "l2_mshr_entries_full": 32,
// JSON-NEXT:         "l2_sees_every_sm": true,
// JSON-NEXT:         "l2_sets_per_bank": 64,
// JSON-NEXT:         "l2_sets_per_bank_full": 64,
// JSON-NEXT:         "method": "none",
// JSON-NEXT:         "modelled_blocks": 1,
// JSON-NEXT:         "modelled_sms": [
// JSON-NEXT:           0
// JSON-NEXT:         ],
// JSON-NEXT:         "request_budget": 8000000,
// JSON-NEXT:         "requests_of_first_block": 24,
// JSON-NEXT:         "scale": 1.0,
// JSON-NEXT:         "total_blocks": 1,
// JSON-NEXT:         "total_sms": 14
// JSON-NEXT:       },
// JSON:          "kernel": "twice",

// Intervals of 8 requests (seed 003 §IV-B): the L1 sees the 8 first loads
// (all infinite) and then the 8 second loads (all distance 0); the L2 one
// request.
// INTERVALS:          "l1_reuse_profile_intervals": {
// INTERVALS-NEXT:       "length": 8,
// INTERVALS-NEXT:       "profiles": [
// INTERVALS-NEXT:         {
// INTERVALS-NEXT:           "bins": [],
// INTERVALS-NEXT:           "infinite": 8,
// INTERVALS-NEXT:           "total": 8
// INTERVALS-NEXT:         },
// INTERVALS-NEXT:         {
// INTERVALS-NEXT:           "bins": [
// INTERVALS-NEXT:             {
// INTERVALS-NEXT:               "count": 8,
// INTERVALS-NEXT:               "high": 0,
// INTERVALS-NEXT:               "low": 0
// INTERVALS-NEXT:             }
// INTERVALS-NEXT:           ],
// INTERVALS-NEXT:           "infinite": 0,
// INTERVALS-NEXT:           "total": 8
// INTERVALS-NEXT:         }
// INTERVALS-NEXT:       ]
// INTERVALS-NEXT:     },
// INTERVALS:          "l2_reuse_profile_intervals": {
// INTERVALS-NEXT:       "length": 8,
// INTERVALS-NEXT:       "profiles": [
// INTERVALS-NEXT:         {
// INTERVALS-NEXT:           "bins": [],
// INTERVALS-NEXT:           "infinite": 1,
// INTERVALS-NEXT:           "total": 1
// INTERVALS-NEXT:         }
// INTERVALS-NEXT:       ]
// INTERVALS-NEXT:     },
