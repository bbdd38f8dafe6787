// PolyBench/GPU FDTD-2D: the three field updates of one time step, one
// thread per cell, block (32, 8), grid (NY/32, NX/8). NX = 1024 rows,
// NY = 2048 columns; ex has NY + 1 columns. t is a kernel argument the host
// loop passes: without --arg it is a parameter.
// RUN: gpurd-advise %s --kernel fdtd_step1_kernel --dump-accesses --grid 64,128 --block 32,8 -- | FileCheck %s --check-prefix=STEP1
// RUN: gpurd-advise %s --kernel fdtd_step2_kernel --dump-accesses --grid 64,128 --block 32,8 -- | FileCheck %s --check-prefix=STEP2
// RUN: gpurd-advise %s --kernel fdtd_step3_kernel --dump-accesses --grid 64,128 --block 32,8 -- | FileCheck %s --check-prefix=STEP3
//
// j = 32bx + tx (0..2047), i = 8by + ty (0..1023); the guards i < NX and
// j < NY hold for the whole launch.
//   ey[i*NY + j], hz[i*NY + j] -> 4(2048(8by + ty) + 32bx + tx) = 65536by + 8192ty + 128bx + 4tx
//   ex[i*(NY+1) + j]           -> 4(2049(8by + ty) + 32bx + tx) = 65568by + 8196ty + 128bx + 4tx
// and a neighbour adds 4 (j + 1), -4 (j - 1), 8192 (i + 1 in ey/hz) or
// -8192 (i - 1 in ey/hz).

#define NX 1024
#define NY 2048

// Two exclusive branches on i == 0, i.e. 8by + ty = 0 (by = 0 and ty = 0),
// and i != 0 (8by + ty > 0). The compiled code puts the else branch first.
// STEP1: kernel fdtd_step1_kernel: 6 memory operations, 6 affine; parameters: t
__global__ void fdtd_step1_kernel(float *_fict_, float *ex, float *ey, float *hz, int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < NX) && (j < NY)) {
    // STEP1-NEXT: S0 {{.*}}:[[@LINE+28]]:24: load global 4 B of ey (read) 'ey[i * NY + j]'
    // STEP1-NEXT: domain:   [t] -> { S0[bx, by, tx, ty] : [[ELSE:0 <= bx <= 63 and 0 <= by <= 127 and 0 <= tx <= 31 and ty >= 0 and -8by < ty <= 7]] }
    // STEP1-NEXT: access:   [t] -> { S0[bx, by, tx, ty] -> ey[128bx + 65536by + 4tx + 8192ty] : [[ELSE]] }
    // STEP1-NEXT: schedule: [t] -> { S0[bx, by, tx, ty] -> [0] }
    // STEP1-NEXT: S1 {{.*}}:[[@LINE+24]]:49: load global 4 B of hz (read) 'hz[i * NY + j]'
    // STEP1-NEXT: domain:   [t] -> { S1[bx, by, tx, ty] : [[ELSE]] }
    // STEP1-NEXT: access:   [t] -> { S1[bx, by, tx, ty] -> hz[128bx + 65536by + 4tx + 8192ty] : [[ELSE]] }
    // STEP1-NEXT: schedule: [t] -> { S1[bx, by, tx, ty] -> [1] }
    // STEP1-NEXT: S2 {{.*}}:[[@LINE+20]]:66: load global 4 B of hz (read) 'hz[(i - 1) * NY + j]'
    // STEP1-NEXT: domain:   [t] -> { S2[bx, by, tx, ty] : [[ELSE]] }
    // STEP1-NEXT: access:   [t] -> { S2[bx, by, tx, ty] -> hz[-8192 + 128bx + 65536by + 4tx + 8192ty] : [[ELSE]] }
    // STEP1-NEXT: schedule: [t] -> { S2[bx, by, tx, ty] -> [2] }
    // STEP1-NEXT: S3 {{.*}}:[[@LINE+16]]:22: store global 4 B to ey (write) 'ey[i * NY + j]'
    // STEP1-NEXT: domain:   [t] -> { S3[bx, by, tx, ty] : [[ELSE]] }
    // STEP1-NEXT: access:   [t] -> { S3[bx, by, tx, ty] -> ey[128bx + 65536by + 4tx + 8192ty] : [[ELSE]] }
    // STEP1-NEXT: schedule: [t] -> { S3[bx, by, tx, ty] -> [3] }
    // STEP1-NEXT: S4 {{.*}}:[[@LINE+10]]:24: load global 4 B of _fict_ (read) '_fict_[t]'
    // STEP1-NEXT: domain:   [t] -> { S4[bx, by = 0, tx, ty = 0] : [[THEN:0 <= bx <= 63 and 0 <= tx <= 31]] }
    // STEP1-NEXT: access:   [t] -> { S4[bx, by = 0, tx, ty = 0] -> _fict_[4t] : [[THEN]] }
    // STEP1-NEXT: schedule: [t] -> { S4[bx, by, tx, ty] -> [4] }
    // STEP1-NEXT: S5 {{.*}}:[[@LINE+6]]:22: store global 4 B to ey (write) 'ey[i * NY + j]'
    // STEP1-NEXT: domain:   [t] -> { S5[bx, by = 0, tx, ty = 0] : [[THEN]] }
    // STEP1-NEXT: access:   [t] -> { S5[bx, by = 0, tx, ty = 0] -> ey[128bx + 4tx] : [[THEN]] }
    // STEP1-NEXT: schedule: [t] -> { S5[bx, by, tx, ty] -> [5] }
    // STEP1-NOT: S6
    if (i == 0)
      ey[i * NY + j] = _fict_[t];
    else
      ey[i * NY + j] = ey[i * NY + j] - 0.5f * (hz[i * NY + j] - hz[(i - 1) * NY + j]);
  }
}

// Guard j > 0 (i < NX and j < NY hold): 1 <= 32bx + tx. The compiled test is
// (unsigned)(j - 1) < 2047, and gpurd keeps only j - 1 < 2047
// (tx <= 2047 - 32bx), not j - 1 >= 0 (a known gpurd bug): the domains are
// checked for their other constraints, the access relations in full.
// STEP2: kernel fdtd_step2_kernel: 4 memory operations, 4 affine; parameters: none
__global__ void fdtd_step2_kernel(float *ex, float *ey, float *hz, int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  // STEP2-NEXT: S0 {{.*}}:[[@LINE+18]]:28: load global 4 B of ex (read) 'ex[i * (NY + 1) + j]'
  // STEP2-NEXT: domain:   { S0[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 127 and {{.*}}tx <= 31 and 0 <= ty <= 7 }
  // STEP2-NEXT: access:   { S0[bx, by, tx, ty] -> ex[128bx + 65568by + 4tx + 8196ty] : {{.*}} }
  // STEP2-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
  // STEP2-NEXT: S1 {{.*}}:[[@LINE+14]]:59: load global 4 B of hz (read) 'hz[i * NY + j]'
  // STEP2-NEXT: domain:   { S1[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 127 and {{.*}}tx <= 31 and 0 <= ty <= 7 }
  // STEP2-NEXT: access:   { S1[bx, by, tx, ty] -> hz[128bx + 65536by + 4tx + 8192ty] : {{.*}} }
  // STEP2-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
  // STEP2-NEXT: S2 {{.*}}:[[@LINE+10]]:76: load global 4 B of hz (read) 'hz[i * NY + (j - 1)]'
  // STEP2-NEXT: domain:   { S2[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 127 and {{.*}}tx <= 31 and 0 <= ty <= 7 }
  // STEP2-NEXT: access:   { S2[bx, by, tx, ty] -> hz[-4 + 128bx + 65536by + 4tx + 8192ty] : {{.*}} }
  // STEP2-NEXT: schedule: { S2[bx, by, tx, ty] -> [2] }
  // STEP2-NEXT: S3 {{.*}}:[[@LINE+6]]:26: store global 4 B to ex (write) 'ex[i * (NY + 1) + j]'
  // STEP2-NEXT: domain:   { S3[bx, by, tx, ty] : 0 <= bx <= 63 and 0 <= by <= 127 and {{.*}}tx <= 31 and 0 <= ty <= 7 }
  // STEP2-NEXT: access:   { S3[bx, by, tx, ty] -> ex[128bx + 65568by + 4tx + 8196ty] : {{.*}} }
  // STEP2-NEXT: schedule: { S3[bx, by, tx, ty] -> [3] }
  // STEP2-NOT: S4
  if ((i < NX) && (j < NY) && (j > 0))
    ex[i * (NY + 1) + j] = ex[i * (NY + 1) + j] - 0.5f * (hz[i * NY + j] - hz[i * NY + (j - 1)]);
}

// No guard left: the whole launch box.
// STEP3: kernel fdtd_step3_kernel: 6 memory operations, 6 affine; parameters: none
__global__ void fdtd_step3_kernel(float *ex, float *ey, float *hz, int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  // STEP3-NEXT: S0 {{.*}}:[[@LINE+26]]:22: load global 4 B of hz (read) 'hz[i * NY + j]'
  // STEP3-NEXT: domain:   { S0[bx, by, tx, ty] : [[BOX:0 <= bx <= 63 and 0 <= by <= 127 and 0 <= tx <= 31 and 0 <= ty <= 7]] }
  // STEP3-NEXT: access:   { S0[bx, by, tx, ty] -> hz[128bx + 65536by + 4tx + 8192ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S0[bx, by, tx, ty] -> [0] }
  // STEP3-NEXT: S1 {{.*}}:[[@LINE+22]]:47: load global 4 B of ex (read) 'ex[i * (NY + 1) + (j + 1)]'
  // STEP3-NEXT: domain:   { S1[bx, by, tx, ty] : [[BOX]] }
  // STEP3-NEXT: access:   { S1[bx, by, tx, ty] -> ex[4 + 128bx + 65568by + 4tx + 8196ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S1[bx, by, tx, ty] -> [1] }
  // STEP3-NEXT: S2 {{.*}}:[[@LINE+18]]:76: load global 4 B of ex (read) 'ex[i * (NY + 1) + j]'
  // STEP3-NEXT: domain:   { S2[bx, by, tx, ty] : [[BOX]] }
  // STEP3-NEXT: access:   { S2[bx, by, tx, ty] -> ex[128bx + 65568by + 4tx + 8196ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S2[bx, by, tx, ty] -> [2] }
  // STEP3-NEXT: S3 {{.*}}:[[@LINE+14]]:99: load global 4 B of ey (read) 'ey[(i + 1) * NY + j]'
  // STEP3-NEXT: domain:   { S3[bx, by, tx, ty] : [[BOX]] }
  // STEP3-NEXT: access:   { S3[bx, by, tx, ty] -> ey[8192 + 128bx + 65536by + 4tx + 8192ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S3[bx, by, tx, ty] -> [3] }
  // STEP3-NEXT: S4 {{.*}}:[[@LINE+10]]:122: load global 4 B of ey (read) 'ey[i * NY + j]'
  // STEP3-NEXT: domain:   { S4[bx, by, tx, ty] : [[BOX]] }
  // STEP3-NEXT: access:   { S4[bx, by, tx, ty] -> ey[128bx + 65536by + 4tx + 8192ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S4[bx, by, tx, ty] -> [4] }
  // STEP3-NEXT: S5 {{.*}}:[[@LINE+6]]:20: store global 4 B to hz (write) 'hz[i * NY + j]'
  // STEP3-NEXT: domain:   { S5[bx, by, tx, ty] : [[BOX]] }
  // STEP3-NEXT: access:   { S5[bx, by, tx, ty] -> hz[128bx + 65536by + 4tx + 8192ty] : [[BOX]] }
  // STEP3-NEXT: schedule: { S5[bx, by, tx, ty] -> [5] }
  // STEP3-NOT: S6
  if ((i < NX) && (j < NY))
    hz[i * NY + j] = hz[i * NY + j] - 0.7f * (ex[i * (NY + 1) + (j + 1)] - ex[i * (NY + 1) + j] + ey[(i + 1) * NY + j] - ey[i * NY + j]);
}
