// --list-checks names each check with its summary, then its options as
// --check-option spells them, with their defaults and meanings (one place
// declares them: Check::options, which CheckContext::number falls back on).
// RUN: gpurd-advise --list-checks --checks=-*,gpurd-shared-tiling,gpurd-redundant-threads | FileCheck %s
// RUN: not gpurd-advise %s --check-option=gpurd-shared-tiling.MinGian=0.1 -- 2>&1 | FileCheck --check-prefix=TYPO %s

// CHECK: gpurd-redundant-threads: block dimensions the kernel never reads
// CHECK-NEXT: gpurd-shared-tiling: global loads the warps of a block read again
// CHECK-NEXT: gpurd-shared-tiling.MinCycles = 5000: the least predicted time of the kernel, in cycles
// CHECK-NEXT: gpurd-shared-tiling.MinGain = 0.05: the least share of the kernel's predicted time the staging must save
// CHECK-NEXT: gpurd-shared-tiling.MinReuse = 2: the least sectors requested per distinct sector, per block, for an array to be staged{{$}}
// CHECK-NOT: {{.}}

// TYPO: error: --checks/--check-option: check gpurd-shared-tiling has no option 'MinGian'; its options: MinCycles, MinGain, MinReuse

__global__ void empty() {}
