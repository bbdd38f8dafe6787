// gpurd-tile-size: TILE sizes the shared tiles of a tiled matrix multiply
// (N = 64 floats a side), so the check runs the tile search at half and
// double the value written. The L2 read sectors are 65536 / T for T >= 8
// (hand count in tile-search.cu): T = 8 as written, 8192; T = 16, 4096
// (-50%); T = 4, 24576. DRAM read sectors tie (1024 for every T), so the
// L2 read sectors decide: the check fires with the fix-it TILE -> 16.
// Applied, the search of 8, 16 and 32 finds 32 has the least traffic (2048,
// -50% again), but the check is silent: seed 002's time model predicts
// TILE = 32 slower. Its grid is (2, 2): 4 blocks of 32 warps on 4 of the
// A100's 108 SMs, where TILE = 16 puts 16 blocks of 8 warps on 16 SMs; the
// warps issue about as many instructions either way (the same 64 FMAs a
// thread), so each busy SM issues about four times as many (Eq. 2's
// #total_warps / #active_SMs). --tune-metric=time ranks 16 first.
// Seed 002's time model agrees with the traffic at each step (the kernel is
// predicted faster), and each note quotes its time: the model's figures,
// checked by sign here and by hand in unittests/Model/KernelTimeTest.cpp.
// The check ranks by that time (T = 16 first, then 8 as written, then 4:
// T = 4 puts 256 blocks of one half-empty warp on the 108 SMs, two or three
// warps an SM, fewer than its 4 schedulers, and a warp alone on its
// scheduler overlaps none of its memory waits with another's instructions)
// and needs the traffic to fall with it: the L2 read and write sectors
// (the 64 x 64 floats of C written once, 512 sectors, for T >= 8; T = 4
// writes rows of 16 bytes, half a sector each: 1024) fall from 8704 to
// 4608. A MinGain above the gain in time (60%) silences it.
//
// RUN: gpurd-advise %s -- -I %S/../Inputs 2>&1 | FileCheck %s
// RUN: gpurd-advise %s --fix-its=parseable -- -I %S/../Inputs 2>&1 | %apply-fixits %s > %t16.cu
// RUN: FileCheck --check-prefix=EDITED16 %s < %t16.cu
// RUN: gpurd-advise %t16.cu -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=SILENT %s
// RUN: gpurd-advise %t16.cu --tune TILE=16,32 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=TRAFFIC %s
// RUN: gpurd-advise %t16.cu --tune TILE=16,32 --tune-metric=time -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=TIME %s
// RUN: gpurd-advise %s --check-option=gpurd-tile-size.MinGain=0.7 -- -I %S/../Inputs 2>&1 | FileCheck --check-prefix=SILENT %s

#define N 64
#define TILE 8
// CHECK: tile-size.cu:[[@LINE-1]]:14: warning: 'TILE' = 16 instead of 8 is predicted to cut the kernel's time by {{[0-9.]+}}% ({{[0-9]+}} to {{[0-9]+}} cycles, seed 002's time model and throughput bound, Toverlap uncalibrated) for kernel 'tiled'; its L2 read sectors would go from 8192 to 4096 and its L2 write sectors from 512 to 512 [gpurd-tile-size]
// CHECK-NEXT: #define TILE 8
// CHECK-NEXT: {{^ *}}| {{ *}}^{{$}}
// CHECK-NEXT: {{^ *}}| {{ *}}16{{$}}
// CHECK-NEXT: note: predicted with 'TILE' = 16: 4096 L2 read sectors, 512 L2 write sectors, 1024 DRAM read sectors, 8 blocks per SM (occupancy 100%), {{[0-9]+}} cycles
// CHECK-NEXT: note: predicted with 'TILE' = 8 (as written): 8192 L2 read sectors, 512 L2 write sectors, 1024 DRAM read sectors, 32 blocks per SM (occupancy 100%), {{[0-9]+}} cycles
// CHECK-NEXT: note: predicted with 'TILE' = 4: 24576 L2 read sectors, 1024 L2 write sectors, 1024 DRAM read sectors, 32 blocks per SM (occupancy 50%), {{[0-9]+}} cycles
// CHECK-NEXT: note: ranked by predicted kernel time (seed 002's time model and throughput bound, Toverlap uncalibrated); the traffic columns are what it rests on
// CHECK-NEXT: note: occupancy counts threads, blocks and shared memory per SM, not registers
// CHECK-NEXT: note: the value changes every use of 'TILE' in the file
// EDITED16: {{^}}#define TILE 16{{$}}
// TRAFFIC: ranked by predicted DRAM read sectors; {{.*}}; the time column is seed 002's time model and throughput bound, Toverlap uncalibrated (--tune-metric=time ranks by it):
// TRAFFIC-NEXT: rank TILE grid {{.*}} time (cycles) vs written
// TRAFFIC-NEXT: 1 32 (2, 2, 1) {{.*}} 2048 1024 {{[0-9]+}} +{{[0-9.]+}}%
// TRAFFIC-NEXT: 2 16* (4, 4, 1) {{.*}} 4096 1024 {{[0-9]+}} 0%
// TIME: ranked by predicted kernel time (seed 002's time model and throughput bound, Toverlap uncalibrated); the traffic columns are what it rests on:
// TIME-NEXT: rank TILE
// TIME-NEXT: 1 16* (4, 4, 1)
// TIME-NEXT: 2 32 (2, 2, 1)
// SILENT-NOT: gpurd-tile-size

#include "tiled-matmul.cuh"

void run(const float *a, const float *b, float *c) {
  dim3 block(TILE, TILE);
  dim3 grid(N / TILE, N / TILE);
  tiled<<<grid, block>>>(a, b, c, N);
}
