// gpurd-tile-size: TILE sizes the shared tiles of a tiled matrix multiply
// (N = 64 floats a side), so the check runs the tile search at half and
// double the value written. The L2 read sectors are 65536 / T for T >= 8
// (hand count in tile-search.cu): T = 8 as written, 8192; T = 16, 4096
// (-50%); T = 4, 24576. DRAM read sectors tie (1024 for every T), so the
// L2 read sectors decide: the check fires with the fix-it TILE -> 16.
// Applied, the search of 8, 16 and 32 finds 32 (2048, -50% again); applied
// once more, 32 is best of 16, 32 and 64 (a block of 4096 threads,
// illegal): silent.
// A MinGain above the gain (50%) silences it too.
//
// RUN: gpurd-advise %s -- -I %S/../Inputs 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --fix-its=parseable -- -I %S/../Inputs 2>&1 | %apply-fixits %s > %t16.cu
// RUN: FileCheck --check-prefix=EDITED16 %s < %t16.cu
// RUN: gpurd-advise %t16.cu --fix-its=parseable -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=AT16 %s
// RUN: gpurd-advise %t16.cu --fix-its=parseable -- -I %S/../Inputs 2>&1 | %apply-fixits %t16.cu > %t32.cu
// RUN: gpurd-advise %t32.cu -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %s --check-option=gpurd-tile-size.MinGain=0.6 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=SILENT %s

#define N 64
#define TILE 8
// CHECK: tile-size.cu:[[@LINE-1]]:14: warning: 'TILE' = 16 instead of 8 is predicted to cut the L2 read sectors of kernel 'tiled' by 50% (8192 to 4096) [gpurd-tile-size]
// CHECK-NEXT: #define TILE 8
// CHECK-NEXT: {{^ *}}| {{ *}}^{{$}}
// CHECK-NEXT: {{^ *}}| {{ *}}16{{$}}
// CHECK-NEXT: note: predicted with 'TILE' = 16: 4096 L2 read sectors, 1024 DRAM read sectors, 8 blocks per SM (occupancy 100%)
// CHECK-NEXT: note: predicted with 'TILE' = 8 (as written): 8192 L2 read sectors, 1024 DRAM read sectors, 32 blocks per SM (occupancy 100%)
// CHECK-NEXT: note: predicted with 'TILE' = 4: 24576 L2 read sectors, 1024 DRAM read sectors, 32 blocks per SM (occupancy 50%)
// CHECK-NEXT: note: ranked by predicted DRAM read sectors; those within 5% of the best tie and are ranked by predicted L2 read sectors
// CHECK-NEXT: note: occupancy counts threads, blocks and shared memory per SM, not registers
// CHECK-NEXT: note: the value changes every use of 'TILE' in the file
// EDITED16: {{^}}#define TILE 16{{$}}
// AT16: warning: 'TILE' = 32 instead of 16 is predicted to cut the L2 read sectors of kernel 'tiled' by 50% (4096 to 2048) [gpurd-tile-size]
// AT16: fix-it:"{{.*}}":{21:14-21:16}:"32"
// SILENT-NOT: gpurd-tile-size

#include "tiled-matmul.cuh"

void run(const float *a, const float *b, float *c) {
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, N / TILE);
  tiled<<<grid, block>>>(a, b, c, N);
}
