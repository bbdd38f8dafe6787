// --sample-profile: the placement ranking starts from measured events of the
// placement as written (seed 002's sample placement) and moves every other
// placement by the difference gpurd's models predict. The kernel is
// placement-matvec.cu's (its hand counts hold here: 8 blocks of 4 warps, one
// block per SM on the A100; 'x' to constant memory saves 1024 addressing
// instructions a warp and costs 16 replays, to shared memory saves 1024).
//
// The profile (Inputs/profiles/mv-events.csv) says 300000 instructions
// issued over 32 warps: 9375 a warp. With 4 warps an SM, ITILP = 4 and
// avg_inst_lat = 4 (Eqs. 13-14: one instruction a cycle), Eq. 2 gives
// Tcomp = 9375 * 32 warps / 8 SMs * 1 = 37500 cycles as written;
// 'x' in constant memory: (9375 - 1024 + 16) * 4 = 33468; in shared memory:
// (9375 - 1024) * 4 = 33404. Its hit rates split the off-chip instructions
// (all of them as written: no constant or shared memory): the L1 serves
// 40%, and DRAM 80% of the other 60%: l1_ratio 0.4, miss_ratio 0.48.
// Nsight Compute's CSV of the same figures (its time in ms, a separator in
// the count, a metric the model does not read, a second launch) gives the
// same ranking.
//
// RUN: gpurd-advise --placements --sample-profile=%inputs/profiles/mv-events.csv %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --sample-profile=%inputs/profiles/mv-ncu.csv %s -- 2>&1 | FileCheck %s
// RUN: gpurd-advise --placements --format=json --sample-profile=%inputs/profiles/mv-events.csv %s -- | FileCheck --check-prefix=JSON %s
// RUN: gpurd-advise --placements --format=json --sample-profile=%inputs/profiles/mv-events.csv %s -- | %python %inputs/check-placements.py | FileCheck --check-prefix=ARITH %s
// RUN: gpurd-advise --placements --sample-profile=%inputs/profiles/other-kernel.csv %s -- 2>&1 | FileCheck --check-prefix=NOKERNEL %s
// RUN: not gpurd-advise --placements --sample-profile=%inputs/profiles/mv-other-launch.csv %s -- 2>&1 | FileCheck --check-prefix=LAUNCH %s
// RUN: not gpurd-advise --placements --sample-profile=%inputs/profiles/mv-bad-rate.csv %s -- 2>&1 | FileCheck --check-prefix=RATE %s
// RUN: not gpurd-advise --placements --sample-profile=%inputs/profiles/mv-typo.csv %s -- 2>&1 | FileCheck --check-prefix=TYPO %s
// RUN: not gpurd-advise --placements --sample-profile=%t.missing %s -- 2>&1 | FileCheck --check-prefix=MISSING %s

// CHECK: placements of kernel 'mv' (3 of 3)
// CHECK-NEXT: rank placement T vs written Tcomp Tmem
// CHECK-NEXT: 1 'x' in constant memory {{[0-9]+}} -{{[0-9.]+}}% 33468 {{.*}} addressing instructions
// CHECK-NEXT: 2 'x' in shared memory {{[0-9]+}} -{{[0-9.]+}}% 33404 {{.*}} addressing instructions
// CHECK-NEXT: 3 as written* {{[0-9]+}} 0% 37500 {{.*}} - -
// CHECK: measured as written: 510.50 us ({{.*}}); predicted as written: {{[0-9.]+}} us at 1410 MHz
// CHECK-NEXT: assumes: the placement as written has the events measured in {{.*}} (issued instructions, L1 hit rate, L2 hit rate; the rest from gpurd's models), and every other placement those events moved by the difference gpurd's models predict

// JSON: "description": "as written",
// JSON: "instructions_per_warp": 9375.0,
// JSON: "l1_ratio": 0.4,
// JSON: "miss_ratio": 0.48
// JSON: "sample_profile": {
// JSON-NEXT: "inst_issued": 300000.0,
// JSON-NEXT: "kernel": "mv",
// JSON-NEXT: "l1_hit_rate": 0.4,
// JSON-NEXT: "l2_hit_rate": 0.2,
// JSON-NEXT: "predicted_time_us":
// JSON-NEXT: "source": "{{.*}}mv-events.csv",
// JSON-NEXT: "time_us": 510.5,
// JSON-NEXT: "warps_launched": 32.0
// ARITH: placements: 3 candidates checked

// NOKERNEL: assumes: the events of every placement come from gpurd's models
// NOKERNEL-NEXT: assumes: {{.*}}other-kernel.csv has no events of kernel 'mv' (it has 'saxpy'), so its placement as written is modelled too
// LAUNCH: error: {{.*}}mv-other-launch.csv: kernel 'mv': the profile's launch has 64 warps, the launch analysed 32: profile the launch gpurd analyses (its grid and block), or give gpurd that one
// RATE: error: {{.*}}mv-bad-rate.csv: kernel 'mv': the L2 hit rate is 150.0%, not a share of 0 to 100%
// TYPO: error: {{.*}}mv-typo.csv:2: unknown event 'inst_isued': expected inst_issued, warps_launched, l1_hit_rate, l2_hit_rate or time_us
// MISSING: error: {{.*}}.missing: cannot read the sample profile:

#include "../Inputs/matvec.cuh"
