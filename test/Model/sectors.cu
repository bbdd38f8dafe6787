// Sectored caches (the A100's L1 and L2: 128-byte lines of four 32-byte
// sectors) count, fetch and validate sectors. One warp of a 16 x 2 block,
// like a row pair of a tiled matmul's A tile: lane (tx, ty) reads
// a[64 ty + tx], then a[64 ty + 16 + tx].
//  - The first load: row 0 is bytes [0, 64), sectors 0 and 1 of line 0; row
//    1 bytes [256, 320), sectors 0 and 1 of line 2. Two compulsory line
//    misses fetching 2 + 2 sectors.
//  - The second load: bytes [64, 128) and [320, 384), sectors 2 and 3 of
//    the same lines, which are in the cache without them: two sector misses
//    (an unsectored model calls both hits), fetching 2 + 2 sectors.
// So the L1 sees 4 line requests of 8 sectors, all missing; the L2 the same
// 4 requests (DRAM reads 4, 8 sectors). The store of out[16 ty + tx] is one
// line, 4 sectors.
//
// RUN: gpurd-advise --cache-report %s --arch ampere-a100 -- | FileCheck %s
// RUN: gpurd-advise --cache-report %s --arch ampere-a100 --format=json -- | FileCheck %s --check-prefix=JSON

__global__ void tileRows(const float *a, float *out) {
  int tx = threadIdx.x, ty = threadIdx.y;
  out[16 * ty + tx] = a[64 * ty + tx] + a[64 * ty + 16 + tx];
}
void run(const float *a, float *out) { tileRows<<<1, dim3(16, 2)>>>(a, out); }

// CHECK:      L1: 4 read requests, hit rate 0.0%; misses compulsory 2, capacity 0, associativity 0, latency 0, invalidation 0, sector 2; 1 write;
// CHECK-NEXT:   L1 sectors: 8 read, hits 0 (0.0%), pending hits 0 (0.0% with the hits), misses 8; 4 written
// CHECK-NEXT: L2: 4 read requests, hit rate 0.0%; misses compulsory 2, capacity 0, associativity 0, latency 0, invalidation 0, sector 2; 1 write;
// CHECK-NEXT:   L2 sectors: 8 read, hits 0 (0.0%), pending hits 0 (0.0% with the hits), misses 8; 4 written
// CHECK-NEXT: transactions: L1 reads 4, L1 writes 1, L2 reads 4, L2 writes 1, DRAM reads 4 (8 sectors), DRAM writes 0

// JSON:      "l1_geometry": {
// JSON-NEXT:   "bytes":
// JSON-NEXT:   "sector_bytes": 32,
// JSON:      "dram_read_sectors": 8,
